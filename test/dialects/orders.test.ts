/**
 * Orders against every sandbox dialect (src/sandbox/dialect.ts), as a user would meet them: every
 * status on the list labelled in en/ru/uk, every filter chip accepted by the server, paying an order
 * that awaits payment, and the watcher's active schedule for orders still moving.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { SCHEDULE_KEY } from "../../src/notify/schedule.js";
import { DIALECT_NAMES, type DialectName } from "../../src/sandbox/dialect.js";
import { writeStatus } from "../../src/sandbox/order-status.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { notifierFor, subscribedUser, TestClock } from "../notify/helpers.js";

const GET_ORDERS = "/user-api-get-orders";
const SPEND = "/user-api-spend-balance";
const REFUSED = {
  en: "does not support filtering",
  ru: "не поддерживает отбор",
  uk: "не підтримує відбір",
} as const;

/** Buttons of the newest bot message: text → callback data. */
function buttons(user: SimUser): { text: string; data: string }[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => ({ text: b.text, data: b.callback_data ?? "" }));
}

const ALL = new Set(["All", "Все", "Усі"]);
/** The status chips on screen ("All" left out; the active chip is marked "• " and carries "ord:f"). */
const statusChips = (user: SimUser) =>
  buttons(user).filter(
    (b) => /^ord:(l:(?!a:)[^:]+:1|f)$/.test(b.data) && !ALL.has(b.text.replace(/^• /, "")),
  );

/** "🆕 #1041 · Created · 2025-…" (№1041 in ru/uk) → id and the status part, for every order line of a list. */
function listedStatuses(text: string): Map<string, { emoji: string; words: string }> {
  const out = new Map<string, { emoji: string; words: string }>();
  for (const m of text.matchAll(/^(\S+) [#№](\w+) · ([^·\n]+?)(?: · |\n|$)/gm))
    out.set(m[2]!, { emoji: m[1]!, words: m[3]! });
  return out;
}

describe.each(DIALECT_NAMES)("orders in the %s dialect", (dialect: DialectName) => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect, env: { ORDERS_PAGE_SIZE: "20" } });
  });
  afterEach(async () => {
    await h.close();
  });

  it.each(LANGUAGES)(
    "labels every status on every page in %s: words, never a raw id or ❔",
    async (lang) => {
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/orders");
      const seen = new Map<string, { emoji: string; words: string }>();
      for (;;) {
        for (const [id, status] of listedStatuses(user.lastText())) seen.set(id, status);
        if (!buttons(user).some((b) => b.text === "▶")) break;
        await user.press("▶");
      }
      const orders = h.sandbox.state.accounts.main!.orders;
      expect(seen.size).toBe(orders.length);
      const labels = new Map<string, string>();
      for (const order of orders) {
        const written = String(writeStatus(h.sandbox.dialect, order.status));
        const shown = seen.get(order.id)!;
        expect(shown.emoji, written).not.toBe("❔");
        expect(shown.words, written).not.toBe(written);
        // Words in the reader's language (an unknown number keeps its digits beside them, for support).
        expect(shown.words, written).toMatch(/\p{L}{3}/u);
        expect(shown.words, written).not.toMatch(/orders-status|_/);
        labels.set(written, shown.words);
      }
      // Different statuses read differently (the unknown old one apart).
      expect(new Set(labels.values()).size).toBe(labels.size);
    },
  );

  it("offers only filter chips the server accepts: each one pressed lists its orders, in the server's form", async () => {
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const pressed = new Set<string>();
    const sent = new Set<string>();
    // Chips grow as the bot sees more of the server's statuses: press until none is new.
    const unpressed = () =>
      statusChips(user)
        .map((c) => c.text.replace(/^• /, ""))
        .find((text) => !pressed.has(text));
    for (let chip = unpressed(); chip !== undefined; chip = unpressed()) {
      pressed.add(chip);
      await user.press(chip);
      const text = user.lastText();
      expect(text, chip).not.toContain(REFUSED.en);
      expect(text).toContain(`Status: ${chip}`);
      sent.add(h.exchangerCalls(GET_ORDERS).at(-1)!.fields.status as string);
      const listed = listedStatuses(text);
      expect(listed.size).toBeGreaterThan(0);
      for (const status of listed.values()) expect(`${status.emoji} ${status.words}`).toBe(chip);
    }
    // Numbers where the server writes numbers, its own @names where it writes names (all but the
    // refund, which only the last page holds).
    // A status object carries both: its name is what the bot filters by (the documented `@name` form).
    const expected =
      dialect === "names"
        ? [
            "awaiting_payment",
            "new",
            "paid",
            "processing",
            "hold",
            "error",
            "success",
            "cancelled",
          ].map((n) => `@${n}`)
        : dialect === "shapes"
          ? ["created", "paid", "suspended", "canceled", "completed"].map((n) => `@${n}`)
          : ["0", "1", "2", "3", "4"];
    expect([...sent].sort()).toEqual(expected.sort());
  });

  it("the chip already showing is answered without editing the message", async () => {
    const user = await h.linkedUser("main");
    await user.send("/orders");
    const chip = statusChips(user)[0]!;
    await user.press(chip.text);
    const calls = await user.press(`• ${chip.text}`);
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(calls.filter((c) => c.method.startsWith("edit"))).toHaveLength(0);
  });

  it("pays an order that awaits payment from its card: one spend-balance call", async () => {
    const user = await h.linkedUser("main");
    const waiting = h.sandbox.state.accounts.main!.orders.filter(
      (o) => ["0", "8"].includes(String(o.status)) && Number(o.send_amount) < 1500,
    );
    // The names dialect's script calls its newest such order "new": pay that one there.
    const order = waiting.sort((a, b) => Number(b.id) - Number(a.id))[0]!;
    if (dialect === "names") expect(writeStatus(h.sandbox.dialect, order.status)).toBe("new");
    await user.send(`/order ${order.id}`);
    await user.press("💳 Pay from balance");
    expect(user.lastText()).toContain(`Pay order #${order.id} from your balance`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    expect(user.lastText()).toContain("💸 Paid");
    expect(h.exchangerCalls(SPEND)).toHaveLength(1);
  });

  const moving = dialect === "names" ? [0, 8, 1, 6, 2, 7] : [0, 1, 2];
  it.each(moving)(
    "the watcher polls a chat with an order in status %s on its active schedule, and rarely once it is done",
    async (status) => {
      h.sandbox.addOrder("empty", { status, exchange_id: 5 });
      // Another customer's orders first: one order alone proves no position (exchanger/layouts/learn.ts).
      await (await h.linkedUser("main")).send("/orders");
      const user = await subscribedUser(h, "empty");
      const clock = new TestClock();
      const watcher = notifierFor(h, { now: clock.now });
      const due = async () =>
        (await h.storage.kv.zscore(SCHEDULE_KEY, String(user.chatId)))! - clock.now();
      await watcher.runOnce();
      expect(await due()).toBeLessThanOrEqual(h.config.notify.intervalMs);

      const order = h.sandbox.state.accounts.empty!.orders[0]!;
      h.sandbox.setOrderStatus("empty", order.id, 4);
      clock.advance(h.config.notify.intervalMs + 1);
      await watcher.runOnce();
      expect(await due()).toBeGreaterThan(h.config.notify.intervalMs);
    },
  );
});

describe("a status filter the server refuses", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start({ dialect: "names" });
  });
  afterEach(async () => {
    await h.close();
  });

  it.each(LANGUAGES)("is explained in %s and not offered again", async (lang) => {
    // A status this script writes but does not let anyone filter on.
    h.sandbox.addOrder("main", { status: "expired" });
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/orders");
    const chip = statusChips(user).find((c) => c.data === "ord:l:@expired:1")!;
    expect(chip).toBeDefined();
    await user.press(chip.text);
    expect(user.lastText()).toContain(REFUSED[lang]);
    expect(user.lastText()).not.toMatch(/Unknown order status|Неизвестный|Невідомий/);
    expect(statusChips(user).some((c) => c.data.includes("@expired"))).toBe(false);
    expect(statusChips(user).length).toBeGreaterThan(0);
    await user.press(statusChips(user)[0]!.text);
    expect(user.lastText()).not.toContain(REFUSED[lang]);
    await user.send("/orders");
    expect(statusChips(user).some((c) => c.data.includes("@expired"))).toBe(false);
  });
});
