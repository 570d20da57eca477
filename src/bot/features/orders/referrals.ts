/**
 * /referrals — orders of the user's referrals: the same list, filters and cards as /orders
 * (order-screens.ts) over get-referral-orders. The server leaves out what a partner may not see;
 * the card simply shows what arrives. Referral orders cannot be paid by us, so no pay button.
 * It stays in orders/ (a feature of its own, in the same folder): it is the orders' screens over
 * another scope, and a folder of its own would have to reach them through orders' public.ts.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { listData } from "./codec.js";
import { firstPage, listScreen, orderBrowser, REFERRAL_ORDERS } from "./order-screens.js";
import { showScreen } from "../../ui/screen.js";

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createReferralsFeature(): Feature {
  // The list and card buttons first: they are most of the presses (order-screens.ts).
  const composer = new Composer<BotContext>(orderBrowser(REFERRAL_ORDERS));

  composer.command("referrals", async (ctx) => {
    await showScreen(ctx, await listScreen(ctx, REFERRAL_ORDERS, firstPage(REFERRAL_ORDERS.scope)));
  });

  return {
    name: "referrals",
    callbacks: ["rord"],
    composer,
    menu: [
      { labelKey: "orders-ref-menu", data: listData(firstPage(REFERRAL_ORDERS.scope)), order: 30 },
    ],
    commands: [{ command: "referrals", descriptionKey: "orders-cmd-referrals" }],
  };
}
