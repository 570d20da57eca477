/**
 * Hostile positional servers (test/exchanger/hostile/generator.ts) end to end through the real bot,
 * in English, Russian and Ukrainian by turns: a customer of each links the account, opens /orders and
 * the pay card of some of their orders, and presses ✅ Pay wherever it is offered. Over every case:
 * - a pay card shows an amount or a status only as the server's truth has it;
 * - spend-balance is sent only for an order that awaited payment, with that order's own token;
 * - where the bot cannot tell, the card says so in the customer's language and links to the website;
 * - no secret of any column or of the user object reaches a screen, a log line or Redis.
 * Every third case honours its filters (hostileCase's `honest`), so that Pay is offered and pressed too.
 * HOSTILE_E2E_SEED=<n> replays one case; HOSTILE_E2E_CASES sets how many (default 36).
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../src/languages.js";
import { createI18n } from "../../src/bot/i18n.js";
import type { FlowContext } from "../../src/bot/context.js";
import { readStatus, statusLabel, UNREADABLE_STATUS } from "../../src/exchanger/vocabulary.js";
import { PAYABLE_STATUS_IDS } from "../../src/sandbox/order-status.js";
import { positionalUser } from "../../src/sandbox/positional.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import {
  describeCase,
  hostileCase,
  hostileDialect,
  hostileUser,
  SECRET_SHAPES,
  seedFirstReader,
  USER_SECRETS,
  type HostileCase,
} from "../exchanger/hostile/generator.js";

const FIRST = Number(process.env.HOSTILE_E2E_SEED ?? 9100);
const CASES = process.env.HOSTILE_E2E_SEED ? 1 : Number(process.env.HOSTILE_E2E_CASES ?? 36);
const SPEND = "/user-api-spend-balance";

const i18n = createI18n("en");
const translator = (lang: Language) => ({
  t: ((key: string, vars?: Record<string, string | number>) =>
    i18n.t(lang, key, vars)) as FlowContext["t"],
});

const WORDS: Record<Language, { amount: string; status: string; pay: RegExp; website: string }> = {
  en: { amount: "Amount:", status: "Status:", pay: /^✅ Pay/, website: "🌐 Open the website" },
  ru: { amount: "Сумма:", status: "Статус:", pay: /^✅ Оплатить/, website: "🌐 Открыть сайт" },
  uk: { amount: "Сума:", status: "Статус:", pay: /^✅ Оплатити/, website: "🌐 Відкрити сайт" },
};
/** The pay card withheld for want of proof, and an order the bot cannot read at all: both send to the website. */
const UNSURE: Record<Language, readonly string[]> = {
  en: [
    "I cannot read this exchanger's orders with certainty",
    "I cannot read this order with certainty",
  ],
  ru: [
    "Я не могу с уверенностью прочитать заявки этого обменника",
    "Я не могу с уверенностью прочитать эту заявку",
  ],
  uk: [
    "Я не можу напевно прочитати заявки цього обмінника",
    "Я не можу напевно прочитати цю заявку",
  ],
};

const UNPROVEN: Record<Language, string> = {
  en: "The exchanger did not confirm just now that order",
  ru: "Обменник только что не подтвердил, что заявку",
  uk: "Обмінник щойно не підтвердив, що заявку",
};

const plain = (html: string) => html.replace(/<[^>]+>/g, "");
/** "1 234,50" / "1,234.50" / "0.15" → 0.15: the first number of a line as the customer reads it. */
function numberIn(line: string): number {
  const m = /-?\d[\d\s\u202f\u00a0.,]*/.exec(line)!;
  const text = m[0]
    .replace(/[\s\u202f\u00a0]/g, "")
    .replace(/,(?=\d{1,8}$)/, ".")
    .replace(/,/g, "");
  return Number(text.replace(/\.$/, ""));
}
const buttons = (user: SimUser) =>
  (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);

/** The pay card of one order by its token, checked against the truth; its ✅ Pay pressed when offered. */
async function payCardChecks(
  h: Harness,
  user: SimUser,
  lang: Language,
  order: { id: unknown; token: string; status: unknown; send_amount: string },
  where: string,
): Promise<"paid" | "unsure" | "not payable"> {
  const words = WORDS[lang];
  await user.send(`/pay ${order.token}`);
  const card = plain(user.lastText());
  const line = (label: string) => card.split("\n").find((l) => l.startsWith(label));
  const amount = line(words.amount);
  if (amount !== undefined && /\d/.test(amount))
    expect(numberIn(amount), `${where}: amount`).toBe(Number(order.send_amount));
  const status = line(words.status);
  const truthLabel = plain(statusLabel(translator(lang), readStatus(Number(order.status))));
  const unread = plain(statusLabel(translator(lang), UNREADABLE_STATUS));
  if (status !== undefined && !status.includes(unread))
    expect(status, `${where}: status`).toContain(truthLabel);
  if (UNSURE[lang].some((text) => card.includes(text))) {
    expect(buttons(user), `${where}: the website`).toContain(words.website);
    return "unsure";
  }
  if (!buttons(user).some((b) => words.pay.test(b))) return "not payable";
  const before = h.exchangerCalls(SPEND).length;
  const payable = PAYABLE_STATUS_IDS.includes(Number(order.status));
  expect(payable, `${where}: Pay offered on an order that is not payable`).toBe(true);
  await user.press(words.pay);
  const spends = h.exchangerCalls(SPEND).slice(before);
  // The server changed under the press (its layout upgraded): it could not prove the order again.
  if (plain(user.lastText()).includes(UNPROVEN[lang])) {
    expect(spends, `${where}: spend-balance without proof`).toEqual([]);
    expect(buttons(user), `${where}: the website`).toContain(words.website);
    return "unsure";
  }
  expect(
    spends.map((s) => s.fields.token),
    `${where}: spend-balance`,
  ).toEqual([order.token]);
  return "paid";
}

async function runCase(c: HostileCase, lang: Language, outcomes: Record<string, number>) {
  const where = `case ${describeCase(c)} (${lang})`;
  const h = await Harness.start({ dialect: hostileDialect(c) });
  try {
    const documented = positionalUser(h.sandbox.state.accounts.main!);
    if (c.userObject)
      h.sandbox.state.accounts.main!.userObject = hostileUser(c.userObject, documented);
    const account = seedFirstReader(h.sandbox, c);
    const user = await h.linkedUser(account, { languageCode: lang });
    await user.send("/orders");
    await user.send("/account");
    // The newest order, and the newest one that awaits payment and one that does not.
    const newest = [...h.sandbox.state.accounts[account]!.orders].sort(
      (a, b) => Number(b.id) - Number(a.id),
    );
    const payable = (o: (typeof newest)[number]) => PAYABLE_STATUS_IDS.includes(Number(o.status));
    const orders = [
      ...new Set([newest[0]!, newest.find(payable), newest.find((o) => !payable(o))]),
    ].filter((o) => o !== undefined);
    for (const order of orders) {
      const outcome = await payCardChecks(
        h,
        user,
        lang,
        { ...order },
        `${where} #${String(order.id)}`,
      );
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    const secrets = [...USER_SECRETS, ...[7, 8, 18, 28, 29].map((p) => String(documented[p]))];
    const everywhere = [user.transcript(), h.logs.join("\n"), ...(await h.rawRedisValues())];
    for (const text of everywhere) {
      for (const secret of secrets.filter((s) => s.length > 8))
        expect(text.includes(secret), `${where}: a secret left out`).toBe(false);
      const words = text.split(/[\s"'<>(),]+/);
      expect(
        words.filter((w) => SECRET_SHAPES.test(w)),
        where,
      ).toEqual([]);
    }
  } finally {
    await h.close();
  }
}

describe(`hostile positional servers end to end (seeds ${FIRST}…${FIRST + CASES - 1})`, () => {
  it("every pay card tells the truth or says it cannot, every spend pays the chosen payable order", async () => {
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < CASES; i++) {
      const seed = FIRST + i;
      // Every third case honours its filters and has varied orders: Pay must then be offered and sent right.
      await runCase(
        hostileCase(seed, seed % 3 === 0),
        LANGUAGES[seed % LANGUAGES.length]!,
        outcomes,
      );
    }
    if (CASES < 30) return;
    // The cases reached every ending: paid, withheld for want of proof, refused for the status.
    expect(outcomes.paid, JSON.stringify(outcomes)).toBeGreaterThan(2);
    expect(outcomes.unsure, JSON.stringify(outcomes)).toBeGreaterThan(2);
    expect(outcomes["not payable"], JSON.stringify(outcomes)).toBeGreaterThan(2);
  }, 900_000);
});
