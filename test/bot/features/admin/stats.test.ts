import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

const ADMIN_GROUP = -1001234567890;
const ADMIN_USER = 4242;

describe("/stats for the operator", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start({ env: { ADMIN_CHAT_IDS: `${ADMIN_USER},${ADMIN_GROUP}` } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("answers in an admin group with linked chats, subscribers, the last hour and the exchanger's health", async () => {
    await h.linkedUser(); // one linked chat, some exchanger calls
    const admin = h.user({ chat: { id: ADMIN_GROUP, type: "supergroup" } });
    await admin.send("/stats");
    const text = admin.lastText();
    expect(text).toContain("Bot statistics");
    expect(text).toContain("Linked chats: 1");
    expect(text).toContain("Notification subscribers: 0");
    expect(text).toMatch(/Updates: [1-9]/);
    expect(text).toMatch(/Errors: 0/);
    expect(text).toMatch(/Exchanger latency: p50 \d+ ms, p95 \d+ ms/);
    expect(text).toMatch(/Exchanger availability: 100%/);
    expect(text).toContain("The exchanger is answering");
  });

  it("answers an admin's private chat in their language", async () => {
    const admin = h.user({ id: ADMIN_USER, languageCode: "uk" });
    await admin.send("/stats");
    expect(admin.lastText()).toContain("Статистика бота");
  });

  it("is an unknown command to everyone else, in private and in groups", async () => {
    const customer = h.user();
    await customer.send("/nonsense");
    const unknown = customer.lastText();
    await customer.send("/stats");
    expect(customer.lastText()).toBe(unknown);
    expect(customer.transcript()).not.toContain("statistics");

    const group = h.user({ chat: { id: -100999, type: "group" } });
    await group.send("/stats");
    expect(group.transcript()).not.toContain("statistics");
  });

  it("lists /stats only in the admin chats' command menus", async () => {
    await h.app.registerCommands();
    const calls = h.fake.calls.filter((c) => c.method === "setMyCommands");
    const listed = (c: (typeof calls)[number]) =>
      (c.payload.commands as Array<{ command: string }>).map((x) => x.command);
    const scoped = calls.filter(
      (c) => (c.payload.scope as { type?: string } | undefined)?.type === "chat",
    );
    expect(scoped.map((c) => (c.payload.scope as { chat_id: number }).chat_id).sort()).toEqual(
      [ADMIN_GROUP, ADMIN_USER].sort(),
    );
    for (const c of scoped) expect(listed(c)).toContain("stats");
    for (const c of calls.filter((c) => !scoped.includes(c)))
      expect(listed(c)).not.toContain("stats");
  });
});
