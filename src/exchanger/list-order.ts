/**
 * Which end of a list the exchanger starts with. Servers list orders newest first or oldest first
 * (docs/exchanger-api.md), and say nothing about it, so the order is read off what they
 * return: ids grow with creation; when ids are not numbers, creation dates decide. A page keyed by id
 * lost its order on the way (types.ts Page.unordered): nothing on it is in the server's order, so the
 * client orders it by what its records say — creation dates, ids as the last resort (newerFirst) — and
 * newest-first.ts compares two such pages instead. One instance per
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

/**
 * What one page in the server's own order says about it, or undefined when it cannot tell. Ids
 * first: on a page whose order the server kept, auto-increment ids are the surer sign (a date may
 * have been edited).
 */
export function directionOf(items: readonly Order[]): ListDirection | undefined {
  if (items.length < 2) return undefined;
  const first = age(items[0]!);
  const last = age(items[items.length - 1]!);
  if (first === undefined || last === undefined || first === last) return undefined;
  return first > last ? "newest-first" : "oldest-first";
}

const DIGITS = /^\d+$/;

/**
 * Which of two orders of an unordered page was created later: negative when `a` is newer (a sort
 * puts it first). Creation dates first, ids as the last resort (digits compared exactly, however
 * long); 0 when nothing tells.
 */
export function newerFirst(a: Order, b: Order): number {
  const [x, y] = [a.createdAt?.getTime(), b.createdAt?.getTime()];
  if (x !== undefined && y !== undefined && x !== y) return y - x;
  if (DIGITS.test(a.id) && DIGITS.test(b.id)) {
    const [i, j] = [BigInt(a.id), BigInt(b.id)];
    return i === j ? 0 : i > j ? -1 : 1;
  }
  return 0;
}

/**
 * A page whose order the server's JSON could not keep (Page.unordered) put newest first by what its
 * records say; any other page as it came.
 */
export function orderedByAge<P extends { items: Order[]; unordered?: true }>(page: P): P {
  return page.unordered ? { ...page, items: [...page.items].sort(newerFirst) } : page;
}

export class ListOrder {
  readonly #known = new Map<OrderList, ListDirection>();

  /** What this process learned for the list `name`; undefined before a decisive page. */
  known(name: OrderList): ListDirection | undefined {
    return this.#known.get(name);
  }

  /** Learns what another reading told (two unordered pages compared: newest-first.ts). */
  learn(name: OrderList, direction: ListDirection): ListDirection {
    this.#known.set(name, direction);
    return direction;
  }

  /** What was learned, as plain JSON for the server profile's store record. */
  snapshot(): Partial<Record<OrderList, ListDirection>> {
    return Object.fromEntries(this.#known);
  }

  /** Takes back what another instance (or an earlier run) learned, where this one knows nothing yet. */
  restore(saved: Record<string, unknown>): void {
    for (const list of ["own", "referral"] as const) {
      const direction = saved[list];
      if ((direction === "newest-first" || direction === "oldest-first") && !this.#known.has(list))
        this.#known.set(list, direction);
    }
  }

  /** Learns from a page of the list `name`; returns what is known afterwards. */
  observe(name: OrderList, items: readonly Order[]): ListDirection | undefined {
    const seen = directionOf(items);
    if (seen !== undefined) this.#known.set(name, seen);
    return this.#known.get(name);
  }
}
