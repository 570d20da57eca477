/**
 * Button labels fit a phone: Telegram cuts an inline button's label with "…" at roughly 20 characters
 * on a narrow screen when two buttons share a row. Every label message is checked in every language,
 * its placeables filled with typical values (an amount belongs in the message, never in the button).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../src/languages.js";
import { createI18n } from "../../../src/bot/i18n.js";

const SRC = resolve(import.meta.dirname, "../../../src");
const MAX_LABEL = 20;
/**
 * Buttons that sit on a row of their own span the chat's width, where even the narrowest phones show
 * about 24 characters: Submit verification, Delete selected (n), the offer to turn notifications on.
 */
const OWN_ROW = new Set([
  "verification-btn-start",
  "details-btn-delete-selected",
  "notify-offer-btn",
  "exchange-btn-start",
]);
const MAX_OWN_ROW = 24;
/** A chip for a status the bot has no word for shows the server's own word, whatever its length. */
const SERVER_WORDS = new Set(["orders-status-other"]);

/** Typical values of the placeables button labels take (a selection count, an order number, a status the bot has no word for). */
const TYPICAL = { count: 12, id: "10415", n: 3, status: "hold" };

/**
 * Labels reached through a variable rather than a literal key next to the keyboard call: the
 * /account notification switch, the orders' filter chips (shown with "• " when active), the
 * document types of the verification form, the notification's buttons.
 */
const THROUGH_VARIABLES = [
  /^notify-account-(on|off)$/,
  /^orders-filter-all$/,
  /^orders-status-/,
  /^orders-btn-copy-/,
  /^verification-idtype-/,
  /^notify-btn-/,
  /^exchange-btn-by-/,
];
/** Chips show "• " before the active one. */
const CHIP = /^orders-(status|filter)-/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const i18n = createI18n("en");
const english = [...readdirSync(join(SRC, "bot/locales/en"))]
  .filter((f) => f.endsWith(".ftl"))
  .flatMap((f) =>
    [...readFileSync(join(SRC, "bot/locales/en", f), "utf8").matchAll(/^([a-z][\w-]*) =/gm)].map(
      (m) => m[1]!,
    ),
  );

/**
 * The argument text of the call that opens at `open` (the index of its "("), up to the matching ")":
 * a call wrapped over several lines by the formatter is read whole.
 */
function callArguments(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** Message keys used as button labels: found in keyboard calls and menu items, or listed above. */
function buttonKeys(): string[] {
  const keys = new Set<string>();
  for (const file of [...sourceFiles(join(SRC, "bot")), ...sourceFiles(join(SRC, "notify"))]) {
    const source = readFileSync(file, "utf8");
    const calls = [...source.matchAll(/\.(?:text|url|copyText)\(/g)].map((m) =>
      callArguments(source, m.index + m[0].length - 1),
    );
    const menuItems = [...source.matchAll(/labelKey: (.*)/g)].map((m) => m[1]!);
    for (const args of [...calls, ...menuItems]) {
      for (const [, key] of args.matchAll(/"([a-z][\w-]*)"/g))
        if (english.includes(key!)) keys.add(key!);
      // `verification-btn-kind-${kind}`: every message of that family.
      for (const [, prefix] of args.matchAll(/`([a-z][\w-]*-)\$\{/g))
        english.filter((k) => k.startsWith(prefix!)).forEach((k) => keys.add(k));
    }
  }
  english.filter((k) => THROUGH_VARIABLES.some((re) => re.test(k))).forEach((k) => keys.add(k));
  return [...keys].filter((k) => !SERVER_WORDS.has(k)).sort();
}

const graphemes = (text: string): number => [...new Intl.Segmenter().segment(text)].length;

describe("button labels", () => {
  const keys = buttonKeys();

  it("are found in the code (the scan sees the menu, the keyboards and the cancel button)", () => {
    for (const key of [
      "btn-cancel",
      "orders-menu",
      "pay-btn-confirm",
      "twofa-btn-enable",
      "verification-btn-kind-card",
      "notify-btn-pay",
    ])
      expect(keys).toContain(key);
  });

  for (const lang of LANGUAGES) {
    it(`are at most ${MAX_LABEL} characters in ${lang} (${MAX_OWN_ROW} alone on a row), placeables filled`, () => {
      const long = keys
        .map((key) => ({
          key,
          label: `${CHIP.test(key) ? "• " : ""}${i18n.t(lang, key, TYPICAL)}`,
        }))
        .filter(({ key, label }) => graphemes(label) > (OWN_ROW.has(key) ? MAX_OWN_ROW : MAX_LABEL))
        .map(({ key, label }) => `${key}: "${label}" (${graphemes(label)})`);
      expect(long).toEqual([]);
    });
  }
});
