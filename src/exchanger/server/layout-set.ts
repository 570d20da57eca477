/**
 * The layouts held for one server: at most one per object and record size (a server may answer rows
 * of two lengths in one list, e.g. mid-upgrade), each with the readers it was learned or upgraded
 * with. Pure bookkeeping; the policy is the profile's (profile.ts).
 */
import { isCertain, type Layout, type LayoutObject } from "../normalize/layout.js";
import type { KindFamily } from "../layouts/value-types.js";

export interface Held {
  layout: Layout;
  /** Readers (hashed keys) whose data this layout was learned or upgraded from. */
  readers: Set<string>;
  /** When it was learned (ms), for the store: of two instances' layouts the later wins. */
  at: number;
}

/** Readers remembered per layout; past this, an uncertain layout is not upgraded further. */
export const MAX_READERS = 64;

const slot = (object: LayoutObject, size: number) => `${object}#${size}`;

export class LayoutSet {
  readonly #held = new Map<string, Held>();

  get(object: LayoutObject, size: number): Held | undefined {
    return this.#held.get(slot(object, size));
  }

  /** Any layout held for the object (the doctor, and objects answered as one record of one size). */
  anyOf(object: LayoutObject): Layout | undefined {
    for (const held of this.#held.values()) if (held.layout.object === object) return held.layout;
    return undefined;
  }

  set(held: Held): void {
    this.#held.set(slot(held.layout.object, held.layout.size), held);
  }

  drop(object: LayoutObject, size: number): void {
    this.#held.delete(slot(object, size));
  }

  all(): Held[] {
    return [...this.#held.values()];
  }
}

/**
 * One layout from what two learnings found for the same object and size: every certain position of
 * either, the later one's guesses where nothing certain stands, the union of the families seen.
 * Undefined when they contradict (a name certain at two positions, or a position certain under two
 * names): the server's answers disagree with each other, and neither may be trusted over the other.
 */
export function mergeLayouts(held: Layout, fresh: Layout): Layout | undefined {
  if (held.size !== fresh.size || held.object !== fresh.object) return fresh;
  const certain = (l: Layout) => l.fields.filter((f) => isCertain(l, f.name));
  const byName = new Map(certain(held).map((f) => [f.name, f]));
  const byPosition = new Map(certain(held).map((f) => [f.position, f]));
  for (const f of certain(fresh)) {
    const sameName = byName.get(f.name);
    const samePlace = byPosition.get(f.position);
    if (sameName !== undefined && sameName.position !== f.position) return undefined;
    if (samePlace !== undefined && samePlace.name !== f.name) return undefined;
    byName.set(f.name, sameName ?? f);
    byPosition.set(f.position, sameName ?? f);
  }
  const guesses = fresh.fields.filter(
    (f) => !byName.has(f.name) && !byPosition.has(f.position) && !isCertain(fresh, f.name),
  );
  const fields = [...byName.values(), ...guesses].sort((a, b) => a.position - b.position);
  return { ...fresh, fields, families: unionFamilies(held.families, fresh.families, fresh.size) };
}

function unionFamilies(
  a: KindFamily[][] | undefined,
  b: KindFamily[][] | undefined,
  size: number,
): KindFamily[][] | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return Array.from({ length: size }, (_, p) => [...new Set([...(a[p] ?? []), ...(b[p] ?? [])])]);
}
