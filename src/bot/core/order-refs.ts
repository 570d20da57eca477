/**
 * How an order id travels in a button: the one definition for every button carrying an order (its
 * card, Pay, "Check order status", the notifications' buttons).
 *
 * Ids are opaque strings of any length (exchangers send 40-digit ids, letters, dashes). Callback data
 * holds 64 bytes, shared with the button's prefix and other fields, so:
 * - an id of up to DIRECT_MAX safe characters travels as is (every button that carried ids before
 *   still does, and costs no storage);
 * - any other id travels as a short reference, "~" + 11 characters of its SHA-256, remembered per
 *   chat in the KV store for REF_TTL_MS (under the chat's prefix, so /logout wipes it) and resolved
 *   back when pressed. The hash is of the id alone, so remembering it again (each screen showing
 *   the order) only renews the same key; a reference from another chat, or one whose time ran out,
 *   resolves to nothing and the button answers "this button has expired".
 *
 * The type makes the order of things hard to get wrong: a button's data takes an `OrderRef`, and the
 * only ways to get one are `rememberOrderRefs` (which stores what it must before returning) and
 * `storedOrderRef` for an order whose reference this chat stored moments ago.
 */
import { createHash } from "node:crypto";
import type { KV } from "../../storage/kv.js";
import { chatKeyPrefix } from "../../storage/settings.js";
import type { Field } from "../ui/callback-data.js";
import type { BotContext } from "../context.js";

/** What a button carries for an order: the id itself or "~" + hash. Never shown, never sent to the exchanger. */
export type OrderRef = string & { readonly __orderRef: unique symbol };

/** Longest id carried as is: the order card's data ("rord:c:" + id + ":@" + 16 + ":" + page) stays ≤ 64 bytes. */
export const DIRECT_MAX = 32;
const DIRECT = new RegExp(`^[A-Za-z0-9_-]{1,${DIRECT_MAX}}$`);
const REF_MARK = "~";
const HASH_CHARS = 11;

/** How long a reference resolves after its order was last shown: a notification may be tapped days later. */
export const REF_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The field of callback data holding an order. Up to 40 characters as is: Pay buttons sent before
 * references existed carried ids that long and still work.
 */
export const orderRefField: Field<OrderRef> = {
  pattern: `[A-Za-z0-9_-]{1,40}|${REF_MARK}[A-Za-z0-9_-]{${HASH_CHARS}}`,
  decode: (part) => part as OrderRef,
  encode: (ref) => ref,
};

const isReference = (ref: string): boolean => ref.startsWith(REF_MARK);
const refKey = (chatId: number | string, ref: string) => `${chatKeyPrefix(chatId)}oref:${ref}`;

/** The reference of an id, whether or not it was stored (see the header for who may call this). */
function refOf(id: string): OrderRef {
  if (DIRECT.test(id)) return id as OrderRef;
  const hash = createHash("sha256").update(id).digest("base64url").slice(0, HASH_CHARS);
  return `${REF_MARK}${hash}` as OrderRef;
}

/**
 * The references of orders about to be put on buttons in this chat, each stored (or renewed) before
 * this returns. Direct ids cost nothing; the others one write each, in parallel.
 */
export async function rememberOrderRefs(
  kv: KV,
  chatId: number | string,
  ids: readonly string[],
): Promise<Map<string, OrderRef>> {
  const refs = new Map<string, OrderRef>();
  const writes: Promise<unknown>[] = [];
  for (const id of ids) {
    if (refs.has(id)) continue;
    const ref = refOf(id);
    refs.set(id, ref);
    if (isReference(ref)) writes.push(kv.set(refKey(chatId, ref), id, REF_TTL_MS));
  }
  // Nothing to wait for on the usual page of short ids.
  if (writes.length > 0) await Promise.all(writes);
  return refs;
}

/** One order's reference, stored: see rememberOrderRefs. */
export async function rememberOrderRef(
  kv: KV,
  chatId: number | string,
  id: string,
): Promise<OrderRef> {
  return (await rememberOrderRefs(kv, chatId, [id])).get(id)!;
}

/**
 * The reference of an order this chat remembered moments ago (a pay outcome follows the pay card,
 * whose loading stored it; the confirmation lives minutes, the reference days).
 */
export const storedOrderRef = (id: string): OrderRef => refOf(id);

/** The order id a pressed button meant; undefined for an unknown or expired reference. */
export async function resolveOrderRef(
  kv: KV,
  chatId: number | string,
  ref: OrderRef,
): Promise<string | undefined> {
  return isReference(ref) ? kv.get(refKey(chatId, ref)) : ref;
}

/** What the helpers below need of a context: the chat and the store (outside conversations). */
type RefContext = Pick<BotContext, "deps" | "chatId">;

/** rememberOrderRefs for orders about to be shown in this update's chat (id → reference). */
export function rememberShownOrders(
  ctx: RefContext,
  orders: readonly { id: string }[],
): Promise<Map<string, OrderRef>> {
  return rememberOrderRefs(
    ctx.deps.kv,
    ctx.chatId!,
    orders.map((order) => order.id),
  );
}

/** The order a pressed button of this chat meant; undefined → the caller hands on to "expired". */
export function pressedOrder(ctx: RefContext, ref: OrderRef): Promise<string | undefined> {
  return resolveOrderRef(ctx.deps.kv, ctx.chatId!, ref);
}
