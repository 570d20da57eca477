/**
 * Where to pay, one tap away: the order's payment instructions (normalize/order.ts `payment`, shown in
 * full) as copy buttons (Bot API `copy_text`) on every order card that carries them, and the crypto
 * address among them, for a QR code. Which value is which is read from the field's name first (an
 * address, a memo, a payment id, an amount), then from the value's shape; a date is not copied.
 */
import type { InlineKeyboard } from "grammy";
import { type Order, isCardNumber } from "../../../exchanger/index.js";
import type { BotContext } from "../../context.js";

/** A crypto address: letters, digits and (TON) - or _, as long as addresses are (no card, no sentence). */
const CRYPTO_ADDRESS = /^(?:[a-z]+:)?(?=[\w-]*[A-Za-z])[\w-]{25,110}$/;
/** Bot API: copy_text holds at most 256 characters. */
const MAX_COPY = 256;
/** Enough for an address, a memo, a payment id and the amount; the card keeps room for its own buttons. */
const MAX_BUTTONS = 4;

type Kind = "address" | "card" | "amount" | "memo" | "payment-id" | "details";

function kindOf(key: string, value: string): Kind | undefined {
  const name = key.split(".").pop()!.toLowerCase();
  if (/(^|_)(date|at|until|till|deadline|expires|expiry|before)$/.test(name)) return undefined;
  if (/amount|sum$|total/.test(name)) return "amount";
  if (/memo|tag|comment|message/.test(name)) return "memo";
  if (/payment_?id|(^|_)id$/.test(name)) return "payment-id";
  if (/card|карт/.test(name) || isCardNumber(value)) return "card";
  if (CRYPTO_ADDRESS.test(value) && !/^\d+$/.test(value)) return "address";
  return "details";
}

function payToValues(order: Order): { kind: Kind; value: string }[] {
  const out: { kind: Kind; value: string }[] = [];
  for (const [key, raw] of Object.entries(order.payment ?? {})) {
    const value = String(raw).trim();
    const kind = value === "" ? undefined : kindOf(key, value);
    if (kind !== undefined) out.push({ kind, value });
  }
  return out;
}

/** The crypto address the order says to pay to, when it says one (for its QR code). */
export function addressToPay(order: Order): string | undefined {
  return payToValues(order).find((item) => item.kind === "address")?.value;
}

/** A copy button per value to pay with (address, card, memo, payment id, amount), one row each. */
export function addPayToButtons(ctx: BotContext, order: Order, keyboard: InlineKeyboard): void {
  const values = payToValues(order).filter((item) => item.value.length <= MAX_COPY);
  for (const { kind, value } of values.slice(0, MAX_BUTTONS))
    keyboard.copyText(ctx.t(`orders-btn-copy-${kind}`), value).row();
}
