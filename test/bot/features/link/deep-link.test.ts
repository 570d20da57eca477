/**
 * Deep links to an order: t.me/<bot>?start=order_<id> opens that order's card (read with the
 * chat's own key), asks to link first in a chat without a key, and never carries or shows a key.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

const LANGS = ["en", "ru", "uk"] as const;
const plain = (html: string) => html.replace(/<[^>]+>/g, "");

let h: Harness;
beforeEach(async () => {
  h = await Harness.start();
});
afterEach(async () => {
  await h.close();
});

describe.each(LANGS)("start=order_<id> (%s)", (lang) => {
  const t = (key: string, args?: Record<string, string>) => plain(h.app.i18n.t(lang, key, args));

  it("opens the order's card in a linked chat, with its buttons", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const order = h.sandbox.state.accounts.main!.orders[0]!;
    await user.send(`/start order_${order.id}`);
    expect(user.lastText()).toContain(t("orders-card-title", { id: String(order.id) }));
    const labels = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.text);
    expect(labels).toContain(t("btn-back"));
  });

  it("a long order number (the length of a short key) still opens the card and the link stays in the chat", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const order = h.sandbox.state.accounts.main!.orders[0]!;
    order.id = "123456789012";
    await user.send(`/start order_${order.id}`);
    expect(user.lastText()).toContain(t("orders-card-title", { id: String(order.id) }));
    expect(
      user.visible().some((m) => m.from === "user" && m.text === `/start order_${order.id}`),
    ).toBe(true);
  });

  it("an order of another account, or one that does not exist, is not found (never someone else's card)", async () => {
    const user = await h.linkedUser("main", { languageCode: lang });
    const foreign = h.sandbox.state.accounts.twofa!.orders[0]!;
    const own = h.sandbox.state.accounts.main!.orders.map((o) => String(o.id));
    expect(own).not.toContain(String(foreign.id));
    await user.send(`/start order_${foreign.id}`);
    expect(user.lastText()).toContain(
      t("orders-not-found", { query: t("orders-number", { id: String(foreign.id) }) }),
    );
  });

  it("in a chat without a key: says to link first, then greets; after linking the same link opens the card", async () => {
    const user = h.user({ languageCode: lang });
    const order = h.sandbox.state.accounts.main!.orders[0]!;
    await user.send(`/start order_${order.id}`);
    const texts = user
      .visible()
      .filter((m) => m.from === "bot")
      .map((m) => m.text);
    expect(texts.at(-2)).toBe(t("link-order-first", { id: String(order.id) }));
    expect(texts.at(-1)).toContain(
      plain(h.app.i18n.t(lang, "link-intro", { exchanger: "" }))
        .split("\n")
        .at(-1)!,
    );
    expect(h.sandbox.requests.filter((r) => r.path.includes("get-orders")).length).toBe(0);

    await user.send(h.sandbox.accounts.main.apiKey);
    await user.send(`/start order_${order.id}`);
    expect(user.lastText()).toContain(t("orders-card-title", { id: String(order.id) }));
  });

  it("malformed or unknown payloads get the normal welcome or menu", async () => {
    const guest = h.user({ languageCode: lang });
    await guest.send("/start");
    const welcome = guest.lastText();
    for (const payload of [
      "order_",
      "order_12a",
      "order_-5",
      "orders_1041",
      "hello",
      "order_1041_2",
    ]) {
      await guest.send(`/start ${payload}`);
      expect(guest.lastText()).toBe(welcome);
    }
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/start order_abc");
    expect(user.lastText()).toBe(t("menu-title"));
  });
});

describe("no key in a link", () => {
  it("a key-shaped /start payload is deleted, never used, and no screen or button carries the key", async () => {
    const user = h.user();
    const key = h.sandbox.accounts.main.apiKey;
    await user.send(`/start ${key}`);
    expect(h.fake.messages.find((m) => m.from === "user" && m.raw.includes(key))!.deleted).toBe(
      true,
    );
    expect(await h.storage.vault.has(user.chatId)).toBe(false);
    // Dressed as an order link, a key is deleted as well and opens nothing.
    await user.send(`/start order_${key}`);
    expect(
      h.fake.messages
        .filter((m) => m.from === "user" && m.raw.includes(key))
        .every((m) => m.deleted),
    ).toBe(true);
    expect(h.sandbox.requests.filter((r) => r.path.includes("get-orders")).length).toBe(0);

    const linked = await h.linkedUser();
    const order = h.sandbox.state.accounts.main!.orders[0]!;
    await linked.send(`/start order_${order.id}`);
    const buttons = (linked.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
    for (const b of buttons) expect(JSON.stringify(b)).not.toContain(key);
    expect(linked.transcript()).not.toContain(key);
    expect(user.transcript()).not.toContain(key);
  });
});
