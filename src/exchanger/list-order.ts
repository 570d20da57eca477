/**
 * Which end of a list the exchanger starts with. Servers list orders newest first or oldest first
 * (docs/exchanger-api.md), and say nothing about it, so the order is read off what they
 * return: ids grow with creation; when ids are not numbers, creation dates decide. One instance per
 * process (app.ts, reached through deps), never module state: a restarted bot learns it again.
 *
 * Only a decisive page teaches anything (at least two items, first and last differing); until then
 * the bot assumes newest first, the documented examples' order. Each list (own orders, referral
 * orders) is remembered on its own: nothing says a script sorts both alike.
 */
import type { Order } from "./types.js";

export type ListDirection = "newest-first" | "oldest-first";

/** The lists whose order is learned: get-orders and get-referral-orders (the screens and the watcher share them). */
export type OrderList = "own" | "referral";

/** A number that grows with creation: the numeric id, else the creation time; undefined when neither. */
function age(order: Order): number | undefined {
  if (/^\d{1,15}$/.test(order.id)) return Number(order.id);
  return order.createdAt?.getTime();
}

/** What one page says about the server's order, or undefined when it cannot tell. */
export function directionOf(items: readonly Order[]): ListDirection | undefined {
  if (items.length < 2) return undefined;
  const first = age(items[0]!);
  const last = age(items[items.length - 1]!);
  if (first === undefined || last === undefined || first === last) return undefined;
  return first > last ? "newest-first" : "oldest-first";
}

export class ListOrder {
  readonly #known = new Map<OrderList, ListDirection>();

  /** What this process learned for the list `name`; undefined before a decisive page. */
  known(name: OrderList): ListDirection | undefined {
    return this.#known.get(name);
  }

  /** Learns from a page of the list `name`; returns what is known afterwards. */
  observe(name: OrderList, items: readonly Order[]): ListDirection | undefined {
    const seen = directionOf(items);
    if (seen !== undefined) this.#known.set(name, seen);
    return this.#known.get(name);
  }
}
