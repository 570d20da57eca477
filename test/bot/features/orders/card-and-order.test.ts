/**
 * Issue 14, items 1, 2 and "no edit when nothing changed" for the order screens, in en, ru and uk:
 * the card's token (in <code>, with a copy button), the direction by currency names, dates in the
 * reader's language with the time zone stated; newest first on a server that lists oldest first,
 * with ⏮/⏭ reaching the ends; no editMessageText when the screen would not change.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { findCurrency } from "../../../../src/sandbox/state.js";
import { localize } from "../../../../src/sandbox/i18n.js";

type Lang = "en" | "ru" | "uk";

/** How each language writes "14 Mar 2023, 10:22" in UTC: what a reader of that language expects to see. */
const MONTHS: Record<Lang, string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  ru: [
    "янв.",
    "февр.",
    "мар.",
    "апр.",
    "мая",
    "июн.",
    "июл.",
    "авг.",
    "сент.",
    "окт.",
    "нояб.",
    "дек.",
  ],
  uk: [
    "січ.",
    "лют.",
    "бер.",
    "квіт.",
    "трав.",
    "черв.",
    "лип.",
    "серп.",
    "вер.",
    "жовт.",
    "лист.",
    "груд.",
  ],
};
function expectedDate(lang: Lang, serverDate: string): string {
  const [, y, mo, d, hh, mm] = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)/.exec(serverDate)!;
  const month = MONTHS[lang][Number(mo) - 1]!;
  if (lang === "en") return `${month} ${Number(d)}, ${y}, ${hh}:${mm} UTC`;
  return `${Number(d)} ${month} ${y} ${lang === "ru" ? "г." : "р."}, ${hh}:${mm} UTC`;
}

const LABELS: Record<
  Lang,
  { title: string; token: string; copy: string; direction: string; created: string }
> = {
  en: {
    title: "🧾 Order #1039",
    token: "Token",
    copy: "📋 Copy token",
    direction: "Exchange direction",
    created: "Created",
  },
  ru: {
    title: "🧾 Заявка №1039",
    token: "Токен",
    copy: "📋 Копировать токен",
    direction: "Направление обмена",
    created: "Дата создания",
  },
  uk: {
    title: "🧾 Заявка №1039",
    token: "Токен",
    copy: "📋 Копіювати токен",
    direction: "Напрямок обміну",
    created: "Дата створення",
  },
};

function buttons(user: SimUser) {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
}
function listedIds(text: string): string[] {
  return [...text.matchAll(/#(\d+) · /g)].map((m) => m[1]!);
}

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe.each(["en", "ru", "uk"] as const)("the order card in %s", (lang) => {
  it("shows the token in <code> with a copy button, the direction by currency names, and dates with UTC", async () => {
    h = await Harness.start();
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/order 1039");
    const card = user.lastBotMessage();
    const order = h.sandbox.state.accounts.main!.orders.find((o) => o.id === "1039")!;
    const token = String(order.token);
    const l = LABELS[lang];

    expect(card.text.split("\n")[0]).toBe(l.title);
    expect(card.raw).toContain(`<b>${l.token}:</b> <code>${token}</code>`);
    expect(buttons(user).find((b) => b.copy_text)).toEqual({
      text: l.copy,
      copy_text: { text: token },
    });

    const name = (id: unknown) => {
      const c = findCurrency(h.sandbox.state, id)!;
      return localize(c.name, lang);
    };
    const direction = card.text.split("\n").find((line) => line.startsWith(`${l.direction}: `));
    expect(direction).toBeDefined();
    const [from, to] = direction!.slice(l.direction.length + 2).split(" → ");
    expect(from).toContain(name(order.send_currency_id));
    expect(to).toContain(name(order.receive_currency_id));
    expect(card.text).not.toMatch(/#\d+ →|→ #\d+/);

    expect(card.text).toContain(`${l.created}: ${expectedDate(lang, String(order.created_at))}`);
  });

  it("the list's dates are in the same format", async () => {
    h = await Harness.start();
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/orders");
    const newest = h.sandbox.state.accounts.main!.orders.find((o) => o.id === "1041")!;
    const number = lang === "en" ? "#1041" : "№1041";
    expect(user.lastText()).toContain(`${number} · `);
    expect(
      user
        .lastText()
        .split("\n")
        .find((line) => line.includes(`${number} · `)),
    ).toContain(` · ${expectedDate(lang, String(newest.created_at))}`);
  });
});

describe("a server that lists oldest first (legacy dialect)", () => {
  it("still shows the newest order first, and ⏭/⏮ reach the last and the first page", async () => {
    h = await Harness.start({ dialect: "legacy" });
    const user = await h.linkedUser();
    const all = h.sandbox.state.accounts
      .main!.orders.map((o) => Number(o.id))
      .sort((a, b) => b - a);
    await user.send("/orders");
    const first = listedIds(user.lastText()).map(Number);
    expect(first[0]).toBe(all[0]);
    // Newest first within the page, too.
    expect(first).toEqual([...first].sort((a, b) => b - a));
    const pager = buttons(user).map((b) => b.text);
    expect(pager).toContain("⏭");
    expect(pager).not.toContain("⏮");

    const pages = Math.ceil(all.length / 5);
    await user.press("⏭");
    const last = listedIds(user.lastText()).map(Number);
    expect(last.at(-1)).toBe(all.at(-1)); // the oldest order, at the very end
    expect(buttons(user).find((b) => b.callback_data === "noop")?.text).toBe(`${pages} / ${pages}`);
    expect(buttons(user).map((b) => b.text)).not.toContain("⏭");

    await user.press("⏮");
    expect(listedIds(user.lastText()).map(Number)).toEqual(first);

    // Every order appears exactly once across the pages, newest to oldest.
    const seen = [...first];
    for (let page = 2; page <= pages; page++) {
      await user.press("▶");
      seen.push(...listedIds(user.lastText()).map(Number));
    }
    expect(seen).toEqual(all);
  });
});

describe("no edit when nothing changed", () => {
  it("pressing the active chip and Refresh of an unchanged card send no editMessageText", async () => {
    h = await Harness.start();
    const user = await h.linkedUser();
    await user.send("/orders");
    const list = user.lastText();
    const active = buttons(user).find((b) => b.text.startsWith("• "))!;
    const chipCalls = await user.press(active.text);
    expect(chipCalls.filter((c) => c.method === "editMessageText")).toHaveLength(0);
    expect(chipCalls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastText()).toBe(list);

    // A page's own ◀/▶ screen pressed again with nothing changed: also no edit.
    await user.press("▶");
    const again = await user.pressData("ord:l:a:2", user.lastBotMessage().messageId);
    expect(again.filter((c) => c.method === "editMessageText")).toHaveLength(0);

    await user.send("/order 1039");
    const before = user.lastBotMessage();
    const refresh = await user.press("🔄 Refresh");
    expect(refresh.filter((c) => c.method === "editMessageText")).toHaveLength(0);
    expect(refresh.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastBotMessage().raw).toBe(before.raw);
    expect(user.lastBotMessage().edits).toBe(0);

    // When the order did change, Refresh does edit.
    h.sandbox.state.accounts.main!.orders.find((o) => o.id === "1039")!.comment =
      "changed by the operator";
    const changed = await user.press("🔄 Refresh");
    expect(changed.filter((c) => c.method === "editMessageText")).toHaveLength(1);
    expect(user.lastText()).toContain("changed by the operator");
  });
});
