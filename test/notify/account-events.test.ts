/**
 * The security feed's core on both stores: the account's record keeps its last 20 events for 90 days
 * (the value expiring 90 days after its newest event), a notice a chat's Telegram could not take is
 * told again when the event is published again, and a told one never twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountNotice, NoticeOutcome } from "../../src/bot/context.js";
import { createAccountEvents, KEEP_MS } from "../../src/notify/account-events/index.js";
import { AccountChats } from "../../src/storage/account-chats.js";
import type { KV } from "../../src/storage/kv.js";
import { SettingsStore } from "../../src/storage/settings.js";
import { kvBackends, silentLogger } from "../storage/helpers.js";

const DAY = 24 * 60 * 60 * 1000;

describe.each(kvBackends("account-events"))("$name", (backend) => {
  let kv: KV;
  const clock = Date.UTC(2026, 0, 1);
  const told: AccountNotice[] = [];
  let answer: NoticeOutcome = "sent";
  let feed: ReturnType<typeof createAccountEvents>;
  beforeAll(async () => {
    kv = await backend.setup();
    const accountChats = new AccountChats(kv);
    await accountChats.bind(1, "acc", "uk");
    await accountChats.bind(2, "acc");
    await accountChats.bind(3, "other");
    feed = createAccountEvents({
      kv,
      accountChats,
      settings: new SettingsStore(kv),
      logger: silentLogger(),
      defaultLanguage: "ru",
      now: () => clock,
      deliver: async (notice) => {
        told.push(notice);
        return answer;
      },
    });
  });
  afterAll(() => backend.teardown());

  it("tells each other chat of the account in the language it linked in (else the default), never another account's", async () => {
    await feed.publish("acc", { kind: "password-changed", at: clock, fromChatId: "2" });
    expect(told.map((n) => [n.chatId, n.language, n.from])).toEqual([["1", "uk", "another-chat"]]);
    await feed.publish("acc", { kind: "account-blocked", at: clock });
    expect(told.map((n) => [n.chatId, n.language, n.from]).slice(1)).toEqual([
      ["1", "uk", "exchanger"],
      ["2", "ru", "exchanger"],
    ]);
  });

  it("a notice Telegram did not take is told on the next publish of the event; a told one is not", async () => {
    told.length = 0;
    answer = "failed";
    const event = { kind: "detail-added" as const, at: clock + 1, fromChatId: "1" };
    await feed.publish("acc", event);
    expect(told.map((n) => n.chatId)).toEqual(["2"]);
    answer = "sent";
    await feed.publish("acc", event);
    expect(told.map((n) => n.chatId)).toEqual(["2", "2"]);
    await feed.publish("acc", event);
    expect(told).toHaveLength(2);
    // Recorded once, however often it was published.
    const kinds = (await feed.recent("acc", "1")).map((e) => e.kind);
    expect(kinds.filter((k) => k === "detail-added")).toHaveLength(1);
  });

  it("keeps the newest 20 events, forgets those older than 90 days, and the record expires with its newest event", async () => {
    for (let i = 0; i < 25; i++)
      await feed.publish("old", { kind: "account-blocked", at: clock - 100 * DAY + i });
    expect(await feed.recent("old", "1")).toEqual([]);
    for (let i = 0; i < 25; i++)
      await feed.publish("acc", { kind: "account-blocked", at: clock + 10 + i });
    const recent = await feed.recent("acc", "1");
    expect(recent).toHaveLength(20);
    expect(recent[0]!.at).toBe(clock + 34);
    expect(recent.every((e, i) => i === 0 || e.at <= recent[i - 1]!.at)).toBe(true);
    const ms = await backend.msLeft("account:acc:events");
    expect(ms).toBeGreaterThan(KEEP_MS - DAY);
    expect(ms).toBeLessThanOrEqual(KEEP_MS + 100);
  });
});
