/**
 * Generated server variants (shape-generator.ts): for each, the rendered screens — orders list,
 * order card (own and referral), pay card, account, /verify, /inputs, direction card — carry the same
 * facts as the canonical shape's, a payable order stays payable, and no card number leaks.
 *
 * A few hundred variants per run, seeded: SHAPES_SEED=<n> replays a run; a failure names the seed,
 * the variant's index and the variant itself.
 */
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.js";
import { renderOrderCard, renderOrderLine } from "../../../src/bot/features/orders/render.js";
import { payCardOf } from "../../../src/bot/features/pay/pay-order.js";
import { renderPayCard } from "../../../src/bot/features/pay/render.js";
import { renderAccountCard } from "../../../src/bot/features/account/render.js";
import { renderVerificationRequest } from "../../../src/bot/features/verification/render.js";
import { renderInputs } from "../../../src/bot/features/inputs/index.js";
import { directionCard } from "../../../src/bot/features/info/render.js";
import { isPayableOrder, readOrder, readOrders } from "../../../src/exchanger/normalize/order.js";
import { parsedOnce, toObjectList, unwrapList } from "../../../src/exchanger/envelope.js";
import { listPage, orderPage } from "../../../src/exchanger/list-page.js";
import { ServerProfile } from "../../../src/exchanger/server/profile.js";
import { learnLayout } from "../../../src/exchanger/layouts/learn.js";
import { readVerification } from "../../../src/exchanger/normalize/verification.js";
import { readSavedFields } from "../../../src/exchanger/normalize/saved-fields.js";
import { readDirection } from "../../../src/exchanger/normalize/direction.js";
import { readAccount } from "../../../src/exchanger/normalize/account.js";
import { isPayableStatus } from "../../../src/exchanger/vocabulary.js";
import type { Order } from "../../../src/exchanger/types.js";
import type { FlowContext } from "../../../src/bot/context.js";
import {
  CARD,
  CARD_SPACED,
  CURRENCY_NAMES,
  DIRECTION_FIXTURE,
  directionVariant,
  INPUT_NAMES,
  INPUTS_FIXTURE,
  inputsVariant,
  listVariant,
  ORDER_FIXTURES,
  orderVariant,
  positionalFilters,
  positionalOrders,
  USER_FIXTURE,
  userVariant,
  VERIFICATION_FIXTURE,
  verificationVariant,
  variantRandom,
} from "./shape-generator.js";

const i18n = createI18n("en");
// The renderers take Pick<FlowContext, "t">: the real English translations, through the i18n's own type.
const en = {
  t: ((key: string, vars?: Record<string, string | number>) =>
    i18n.t("en", key, vars)) as FlowContext["t"],
};
const SEED = Number(process.env.SHAPES_SEED ?? 20251124);
const VARIANTS = 300;

/** The facts of a screen: its lines as a set (a reordered record may list its extra fields in another order). */
const facts = (text: string): string[] =>
  [...new Set(text.split("\n").filter((line) => line.trim() !== ""))].sort();

function orderScreens(order: Order): Record<string, string> {
  const payCard = payCardOf(order, CURRENCY_NAMES);
  const pay = renderPayCard(en, {
    ...payCard,
    ...(payCard.payable && { confirmId: "AAAAAAAAAAAAAAAA" }),
  });
  return {
    line: renderOrderLine(en, order, CURRENCY_NAMES),
    card: facts(renderOrderCard(en, order, CURRENCY_NAMES)).join("\n"),
    referral: facts(renderOrderCard(en, order, CURRENCY_NAMES, { referral: true })).join("\n"),
    pay: pay.text,
    payButtons: JSON.stringify((pay.keyboard?.inline_keyboard ?? []).flat().map((b) => b.text)),
  };
}

const directionScreen = (raw: unknown) =>
  facts(
    directionCard(
      en,
      readDirection(raw)!,
      { id: 1, name: "Bitcoin", code: "BTC" },
      { id: 3, name: "Tether TRC20", code: "USDTTRC20" },
      { send: "#1", receive: "#3" },
    ),
  ).join("\n");

const verifyScreen = (raw: unknown) =>
  facts(renderVerificationRequest(en, readVerification(raw)!)).join("\n");
const inputsScreen = (raw: unknown) =>
  facts(renderInputs(en, readSavedFields(raw)!, new Map(INPUT_NAMES)).text).join("\n");
const accountScreen = (raw: Record<string, unknown>) =>
  facts(renderAccountCard(en, readAccount(raw), "Sandbox")).join("\n");

function noCard(text: string, where: string): void {
  expect(text, where).not.toContain(CARD);
  expect(text, where).not.toContain(CARD_SPACED);
}

describe(`generated server shapes (seed ${SEED}, ${VARIANTS} variants of each record)`, () => {
  const canonicalOrders = ORDER_FIXTURES.map((raw) => orderScreens(readOrder(raw)!));

  it("the canonical screens themselves carry the facts", () => {
    const first = canonicalOrders[0]!;
    expect(first.line).toContain("0.03 Bitcoin → 1837.50 Tether TRC20");
    expect(first.card).toContain("<b>Rate:</b> 1 Bitcoin = 61250 Tether TRC20");
    expect(first.card).toContain("<b>Comment:</b> Visa &amp; MasterCard &lt;fast&gt;");
    // A date_time entity: each reader's own time zone, the UTC text for clients that do not know it.
    expect(first.card).toContain(
      '<b>Created:</b> <tg-time unix="1736164800" format="dt">Jan 6, 2025, 12:00 UTC</tg-time>',
    );
    expect(first.card).toContain("<b>Extra · Fee:</b> 1.5");
    expect(first.referral).toContain("<b>Referral:</b> ivan");
    expect(first.card).not.toContain("Referral");
    expect(first.payButtons).toContain("Pay");
    expect(canonicalOrders[3]!.payButtons).not.toContain("✅ Pay");
    expect(verifyScreen(VERIFICATION_FIXTURE)).toContain("<b>Card number:</b> 411111******1111");
    expect(inputsScreen(INPUTS_FIXTURE)).toContain("<b>E-mail:</b> ivan@example.com");
    expect(directionScreen(DIRECTION_FIXTURE)).toContain("Minimum");
    expect(accountScreen(USER_FIXTURE)).toContain("1500.50 USD");
    for (const screen of [
      ...canonicalOrders.flatMap(Object.values),
      verifyScreen(VERIFICATION_FIXTURE),
      accountScreen(USER_FIXTURE),
    ])
      noCard(screen, "canonical");
  });

  it("orders: list line, own and referral card, pay card and its buttons are the same in every variant", () => {
    for (let i = 0; i < VARIANTS; i++) {
      const rand = variantRandom(SEED, i);
      const which = Math.floor(rand() * ORDER_FIXTURES.length);
      const variant = orderVariant(rand, ORDER_FIXTURES[which]!);
      const where = `seed ${SEED} variant ${i}: ${JSON.stringify(variant)}`;
      const order = readOrder(variant);
      expect(order, where).toBeDefined();
      expect(isPayableStatus(order!.status), where).toBe(
        isPayableStatus(readOrder(ORDER_FIXTURES[which]!)!.status),
      );
      const screens = orderScreens(order!);
      expect(screens, where).toEqual(canonicalOrders[which]);
      for (const screen of Object.values(screens)) noCard(screen, where);
    }
  });

  it("account, /verify, /inputs and the direction card are the same in every variant", () => {
    const canonical = {
      account: accountScreen(USER_FIXTURE),
      verify: verifyScreen(VERIFICATION_FIXTURE),
      inputs: inputsScreen(INPUTS_FIXTURE),
      direction: directionScreen(DIRECTION_FIXTURE),
    };
    for (let i = 0; i < VARIANTS; i++) {
      const rand = variantRandom(SEED + 1, i);
      const raw = {
        account: userVariant(rand),
        verify: verificationVariant(rand),
        inputs: inputsVariant(rand),
        direction: directionVariant(rand),
      };
      const where = `seed ${SEED + 1} variant ${i}: ${JSON.stringify(raw)}`;
      const screens = {
        account: accountScreen(raw.account),
        verify: verifyScreen(raw.verify),
        inputs: inputsScreen(raw.inputs),
        direction: directionScreen(raw.direction),
      };
      expect(screens, where).toEqual(canonical);
      for (const screen of Object.values(screens)) noCard(screen, where);
    }
  });

  it("lists: a paginator object, a map keyed by id or JSON text is the same orders plus the list's totals", () => {
    const canonical = ORDER_FIXTURES.map((raw) => orderScreens(readOrder(raw)!));
    const at = { total: 34, page: 2, perPage: ORDER_FIXTURES.length };
    for (let index = 0; index < VARIANTS; index++) {
      const rand = variantRandom(SEED + 2, index);
      const { result, form } = listVariant(rand, ORDER_FIXTURES, at);
      const where = `seed ${SEED + 2}, variant ${index} (${form}): ${JSON.stringify(result)}`;
      // As the client reads a list answer (list-page.ts): JSON text once, the wrapper, the records.
      const { list, totals } = unwrapList(parsedOnce(result));
      const page = orderPage(listPage(parsedOnce(result), undefined)!);
      const orders = page.items;
      expect(orders, where).toHaveLength(ORDER_FIXTURES.length);
      // A keyed map's JSON order is not the server's (JavaScript puts integer-like keys ascending):
      // the page says so and comes newest first by its records (same dates here: the ids decide).
      expect(page.unordered === true, where).toBe(form === "keyed");
      if (form === "keyed")
        expect(
          orders.map((o) => o.id),
          where,
        ).toEqual(ORDER_FIXTURES.map((o) => String(o.id)).sort((a, b) => Number(b) - Number(a)));
      else
        expect(
          orders.map((o) => o.id),
          where,
        ).toEqual(ORDER_FIXTURES.map((o) => String(o.id)));
      expect(toObjectList(list), where).toHaveLength(ORDER_FIXTURES.length);
      const screens = new Map(orders.map((order) => [order.id, orderScreens(order)]));
      ORDER_FIXTURES.forEach((raw, i) => {
        const screen = screens.get(String(raw.id));
        expect(screen, where).toEqual(canonical[i]);
        expect(
          payCardOf(
            orders.find((o) => o.id === raw.id)!,
            CURRENCY_NAMES,
          ).payable,
        ).toBe(isPayableStatus(readOrder(raw)!.status));
      });
      if (form === "laravel" || form === "yii")
        expect(totals, where).toEqual({ total: 34, position: ORDER_FIXTURES.length });
      const shown = [...screens.values()].map((screen) => JSON.stringify(screen)).join("\n");
      expect(shown.replace(/\s/g, ""), where).not.toContain(CARD);
    }
  });

  it("positional orders: a random layout per variant; token and status proved by the filters, amounts of one direction never guessed", async () => {
    for (let i = 0; i < VARIANTS / 10; i++) {
      const rand = variantRandom(SEED + 2, i);
      const { rows, positions } = positionalOrders(rand);
      const where = `seed ${SEED + 2} variant ${i}: ${JSON.stringify(positions)}`;
      const sources = { ask: positionalFilters(rows, positions), quote: async () => 61250 };
      const named = await new ServerProfile().read("order", rows, (r) =>
        learnLayout("order", r, sources),
      );
      const orders = readOrders(named.records.map((r) => r.record));
      expect(orders, where).toHaveLength(ORDER_FIXTURES.length);
      orders.forEach((order, which) => {
        const canonical = readOrder(ORDER_FIXTURES[which]!)!;
        expect(order.token, where).toBe(canonical.token);
        expect(order.status.key, where).toBe(canonical.status.key);
        // One direction in every row: nothing tells the currencies' positions apart, so no amount is read.
        expect(order.unproven, where).toEqual(["send", "receive"]);
        expect(order.send, where).toBeUndefined();
        expect(isPayableOrder(order), where).toBe(false);
        for (const screen of Object.values(orderScreens(order))) noCard(screen, where);
      });
    }
  });
});
