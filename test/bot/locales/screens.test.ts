/**
 * Every screen in Russian and Ukrainian, through the real bot against the sandbox: the main menu and
 * "More", every item they open (in place), the commands, an order card, a direction, the calculator's
 * estimate. A screen fails when it shows an English label ("Preferred currency: USD", "Message: …")
 * or an English button or line where the language has its own words; the calculator's amounts are
 * written the language's way; the harness fails any Bot API error on the way (test/harness/setup.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n, LOCALES_DIR } from "../../../src/bot/i18n.js";
import { Harness } from "../../harness/harness.js";
import type { SimUser } from "../../harness/user.js";
import type { StoredMessage } from "../../harness/telegram-fake.js";

let h: Harness;
beforeAll(async () => {
  // A walk through every screen is brisker than a person: the per-chat budget must not interrupt it.
  h = await Harness.start({ env: { CHAT_UPDATES_PER_MINUTE: "1000" } });
});
afterAll(async () => h?.close());

/** Latin words a ru/uk label may hold: abbreviations and names every language writes so. */
const INTERNATIONAL = new Set(["e-mail", "2fa", "api", "ip", "utc", "id", "telegram", "qr"]);
const CYRILLIC = /[\u0400-\u04ff]/;

/** "Preferred currency: USD" → the label lines of a screen that carry no word of the language. */
function englishLabels(text: string): string[] {
  return text.split("\n").filter((line) => {
    const label = /^[^\p{L}\d]*([\p{L}\d][^:]{0,60}):\s/u.exec(line.replace(/<[^>]+>/g, ""))?.[1];
    if (label === undefined || CYRILLIC.test(label) || /^https?$/i.test(label)) return false;
    const words = (label.match(/[A-Za-z][A-Za-z-]{2,}/g) ?? []).filter(
      (w) => !INTERNATIONAL.has(w.toLowerCase()),
    );
    return words.length > 0;
  });
}

/** English texts of messages with no variables that the other language words differently. */
function englishOnly(lang: "ru" | "uk"): Set<string> {
  const i18n = createI18n("en");
  const ids = readdirSync(join(LOCALES_DIR, "en"))
    .filter((f) => f.endsWith(".ftl"))
    .flatMap((f) =>
      [...readFileSync(join(LOCALES_DIR, "en", f), "utf8").matchAll(/^([a-z][\w-]*) =/gm)].map(
        (m) => m[1]!,
      ),
    );
  const text = (language: string, id: string): string | undefined => {
    try {
      return i18n.t(language, id);
    } catch {
      return undefined; // a message with variables: not a fixed label
    }
  };
  return new Set(
    ids
      .map((id) => [text("en", id), text(lang, id)] as const)
      .filter(([en, other]) => en !== undefined && !en.includes("{") && en !== other)
      .map(([en]) => en!),
  );
}

/** Menu items that start a flow (its prompt is a new message): the password change, paying by token. */
const FLOWS = new Set(["pwd:start", "pay:menu", "dt:add"]);

const buttonsOf = (m: StoredMessage) => (m.replyMarkup?.inline_keyboard ?? []).flat();

describe.each(["ru", "uk"] as const)("every screen in %s", (lang) => {
  const english = englishOnly(lang);
  const seen: Array<{ where: string; message: StoredMessage }> = [];
  let user: SimUser;

  const look = (where: string) => seen.push({ where, message: user.lastBotMessage() });

  beforeAll(async () => {
    user = await h.linkedUser("main", { languageCode: lang });
  });

  /**
   * Presses `label` on the newest menu message; a screen must take that message's place. A flow's
   * first question (the password change, pasting a pay token) comes below, as every prompt does.
   */
  async function openInPlace(label: string, data: string | undefined, menuTitle: string) {
    const menu = user.lastBotMessage();
    await user.press(label, menu.messageId);
    look(label);
    if (data !== undefined && FLOWS.has(data)) return;
    const there = user.visible().find((m) => m.messageId === menu.messageId);
    // Edited in place, or (a protected screen) sent and the menu deleted: never left behind it.
    expect(there === undefined || !there.text.startsWith(menuTitle), label).toBe(true);
  }

  it("the menu, More and every item they open, each in place of the menu", async () => {
    await user.send("/menu");
    look("menu");
    const title = user.lastText();
    const items = buttonsOf(user.lastBotMessage()).filter(
      (b) => b.callback_data !== undefined && b.callback_data !== "menu:more",
    );
    for (const item of items) {
      await user.send("/menu");
      await openInPlace(item.text, item.callback_data, title);
      await user.send("/cancel");
    }
    await user.send("/menu");
    await user.press(/⋯/);
    look("more");
    const moreTitle = user.lastText();
    const more = buttonsOf(user.lastBotMessage()).filter((b) => b.callback_data !== "menu");
    expect(more.length).toBeGreaterThan(6);
    for (const item of more) {
      await user.send("/menu");
      await user.press(/⋯/);
      await openInPlace(item.text, item.callback_data, moreTitle);
      await user.send("/cancel");
    }
  });

  it("an order card, a direction card and the calculator's estimate", async () => {
    await user.send("/orders");
    await user.press(/№1039/);
    look("order card");
    await user.send("/directions");
    await user.press(/^Tether TRC20$/);
    await user.press(/Visa\/Mastercard UAH/);
    look("direction");
    await user.press(/💱/);
    look("amount prompt");
    await user.send("1500,5");
    look("estimate");
    // Numbers in the language: the decimal comma, thousands apart, no calculator padding.
    expect(user.lastText()).toMatch(/1\u202f500,50 Tether TRC20/);
    expect(user.lastText()).toMatch(/≈ 61\u202f295,42 Visa\/Mastercard UAH/);
    await user.send("/cancel");
    for (const command of ["/help", "/status", "/referral", "/currencies", "/account"]) {
      await user.send(command);
      look(command);
    }
  });

  it("no screen shows an English label, button or line", () => {
    expect(seen.length).toBeGreaterThan(20);
    const problems = seen.flatMap(({ where, message }) => [
      ...englishLabels(message.text).map((line) => `${where}: label "${line}"`),
      ...buttonsOf(message)
        .filter((b) => english.has(b.text))
        .map((b) => `${where}: button "${b.text}"`),
      ...message.text
        .split("\n")
        .filter((line) => english.has(line))
        .map((line) => `${where}: line "${line}"`),
    ]);
    expect(problems).toEqual([]);
  });
});
