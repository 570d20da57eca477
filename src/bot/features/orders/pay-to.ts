/**
 * Where to pay, one tap away, the same on every order card that carries it (the created order's, the
 * /orders and /order card, the one told after a restart): the order's payment instructions
 * (normalize/order.ts `payment`, shown in full on the card) as copy buttons (Bot API `copy_text`),
 * and the crypto address among them as a QR code. Which value is which is read from the field's name
 * first (an address, a memo, a payment id, an amount), then from the value's shape; a date is not copied.
 *
 * A QR code is a photo, and a photo with a caption cannot be edited into a text message nor back: the
 * card stays a text message (edited in place, paged, Back to the list like every screen) and the QR
 * code comes as its own photo right under it, without buttons, its caption naming the order and the
 * address — so it still says what it is once the card above has become the list again. It is sent
 * when a card is opened (not on its Refresh) and only while the order can be paid.
 */
import { type Api, type InlineKeyboard, InputFile } from "grammy";
import { type Order, isCardNumber, isPayableStatus } from "../../../exchanger/index.js";
import type { Translator } from "../../context.js";
import { clip, escapeHtml } from "../../ui/html.js";
import { qrCodePng } from "../../ui/qr-code.js";

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

/** The crypto address the order says to pay to, when it says one and can still be paid (for its QR code). */
export function addressToPay(order: Order): string | undefined {
  if (!isPayableStatus(order.status)) return undefined;
  return payToValues(order).find((item) => item.kind === "address")?.value;
}

/** A copy button per value to pay with (address, card, memo, payment id, amount), one row each, while payable. */
export function addPayToButtons(ctx: Translator, order: Order, keyboard: InlineKeyboard): void {
  if (!isPayableStatus(order.status)) return;
  const values = payToValues(order).filter((item) => item.value.length <= MAX_COPY);
  for (const { kind, value } of values.slice(0, MAX_BUTTONS))
    keyboard.copyText(ctx.t(`orders-btn-copy-${kind}`), value).row();
}

/** The QR code of the address to pay to, as a photo under the card just shown; false when there is none. */
export async function sendPayToQr(
  api: Api,
  chatId: number,
  ctx: Translator,
  order: Order,
): Promise<boolean> {
  const address = addressToPay(order);
  if (address === undefined) return false;
  const png = await qrCodePng(address);
  await api.sendPhoto(chatId, new InputFile(png, "address.png"), {
    caption: ctx.t("orders-qr-caption", {
      id: escapeHtml(clip(order.id || "?", 40)),
      address: escapeHtml(address),
    }),
  });
  return true;
}
