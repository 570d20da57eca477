/**
 * What the bot knows about the one exchanger it talks to, in one place: the layouts its positional
 * records are read by (with the evidence of each position), how it writes and filters statuses, which
 * end of a list it starts with, and the page size it honours. One owner (the exchanger client), one
 * store record (`exchanger-profile:v2`, shared by every instance), one re-learning policy:
 *
 * - Every answer is checked: each row against the layout held for its object and size (its signature,
 *   normalize/layout.ts fitsLayout). A row that does not fit is never read by it. A learned layout
 *   that a row of its size stops fitting is dropped at once and learned again from that answer and a
 *   fresh sample — no waiting period — after one look at the store (another instance may have learned
 *   the new shape already). Rows that fit nothing even then are counted as unread, never guessed.
 * - A pinned layout (EXCHANGER_LAYOUT) is the operator's word while it fits; when it stops fitting,
 *   the operator is alerted once (`onPinnedMisfit`) and the shape is learned like any other: nothing
 *   money depends on is read by a layout that no longer fits.
 * - A learned layout that leaves a money fact unproven (a first reader with one order, or uniform
 *   orders, cannot tell the positions apart) is learned again with each new reader's data, and what
 *   the learnings prove is merged (server/layout-set.ts): evidence accumulates across accounts, and
 *   answers that contradict each other place nothing.
 * No screen and no watcher feeds this back; the readers of lists (exchanger/orders/) consult it.
 */
import { createHash } from "node:crypto";
import type { Logger } from "../../logger.js";
import { ListOrder } from "../list-order.js";
import type { Learned, Row } from "../layouts/learn.js";
import { parseLayouts } from "../layouts/file.js";
import {
  fitsLayout,
  MAX_POSITIONS,
  nameRecord,
  unplacedPositions,
  unprovenNames,
  type Layout,
  type LayoutObject,
} from "../normalize/layout.js";
import type { RawRecord } from "../normalize/values.js";
import { ServedPageSize } from "../served-page-size.js";
import { ServerStatuses } from "../server-statuses.js";
import { LayoutSet, MAX_READERS, mergeLayouts, type Held } from "./layout-set.js";

/** The part of the bot's store (storage/kv.ts) the profile is kept in. */
export interface ProfileStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export const PROFILE_KEY = "exchanger-profile:v2";

/** Objects whose layout is also taught outside a read (a verification request's, from a submission). */
const TAUGHT: ReadonlySet<LayoutObject> = new Set(["verification"]);

export interface ProfileOptions {
  store?: ProfileStore;
  /** Layouts pinned by the operator (EXCHANGER_LAYOUT): used while they fit. */
  pinned?: readonly Layout[];
  /** Sees every learning: its object and how many filtered reads it cost (metrics, tests). */
  onLearned?: (object: LayoutObject, calls: number) => void;
  /** A pinned layout stopped fitting the server's answers (the operator is alerted once per layout). */
  onPinnedMisfit?: (object: LayoutObject, size: number) => void;
  logger?: Logger;
  now?: () => number;
}

/** A record as read: named by the layout it fitted, which says what it proves. */
export interface ReadRecord {
  record: RawRecord;
  layout: Layout;
}

export interface ReadRows {
  /** The rows that fitted a layout, in the answer's order. */
  records: ReadRecord[];
  /** Rows no layout fitted, even after learning: not read at all. */
  unread: number;
}

/** How a layout is learned for rows of one size (learn.ts for lists, objects.ts for the others). */
export type Learn = (rows: readonly Row[]) => Promise<Learned>;

/** A reader's key as the profile remembers it: a short hash, never the key. */
export const readerOf = (apiKey: string): string =>
  createHash("sha256").update(apiKey).digest("base64url").slice(0, 16);

export class ServerProfile {
  readonly statuses = new ServerStatuses();
  readonly listOrder = new ListOrder();
  readonly pageSize = new ServedPageSize();
  readonly #options: ProfileOptions;
  readonly #layouts = new LayoutSet();
  readonly #learning = new Map<string, Promise<Layout>>();
  readonly #misfitPinned = new Set<string>();
  #currencyIds: ReadonlySet<string> | undefined;
  #loaded: Promise<void> | undefined;

  constructor(options: ProfileOptions = {}) {
    this.#options = options;
    for (const layout of options.pinned ?? [])
      this.#layouts.set({ layout, readers: new Set(), at: 0 });
  }

  /** A layout held for the object (the doctor prints it); the one of `size` when given. */
  layoutOf(object: LayoutObject, size?: number): Layout | undefined {
    return size === undefined
      ? this.#layouts.anyOf(object)
      : this.#layouts.get(object, size)?.layout;
  }

  /** Every layout held (the doctor writes them). */
  layouts(): Layout[] {
    return this.#layouts.all().map((h) => h.layout);
  }

  /** The currency ids the exchanger lists: a placed currency id outside them does not fit. */
  noteCurrencies(ids: Iterable<string>): void {
    const set = new Set(ids);
    if (set.size > 0) this.#currencyIds = set;
  }

  /**
   * The rows read by the layouts that fit them, learning (or learning again) where none does; rows
   * of each size are read by that size's layout. `reader`: whose data this is (readerOf).
   */
  async read(
    object: LayoutObject,
    rows: readonly Row[],
    learn: Learn,
    reader?: string,
  ): Promise<ReadRows> {
    await this.#load();
    const bySize = new Map<number, Row[]>();
    // A record longer than any layout may be (the doctor's file has the same limit) is never learned.
    for (const row of rows)
      if (row.length <= MAX_POSITIONS)
        bySize.set(row.length, [...(bySize.get(row.length) ?? []), row]);
    const layouts = new Map<number, Layout | undefined>();
    for (const [size, group] of bySize)
      layouts.set(size, await this.#layoutFor(object, size, group, learn, reader));
    const records: ReadRecord[] = [];
    let unread = 0;
    for (const row of rows) {
      const layout = layouts.get(row.length);
      if (layout !== undefined && this.#fits(row, layout))
        records.push({ record: nameRecord(row, layout), layout });
      else unread++;
    }
    return { records, unread };
  }

  /**
   * A layout learned outside a read (a verification request's, from the values the bot submitted):
   * kept, and shared through the store, when it places more than the one held.
   */
  async teach(layout: Layout): Promise<void> {
    await this.#load();
    const held = this.#layouts.get(layout.object, layout.size)?.layout;
    if (held?.source === "file") return;
    if (held !== undefined && held.fields.length >= layout.fields.length) return;
    this.#keep(layout, new Set());
    this.#options.onLearned?.(layout.object, 0);
    await this.#save();
  }

  #fits(row: Row, layout: Layout): boolean {
    return fitsLayout(row, layout, { currencyIds: this.#currencyIds });
  }

  async #layoutFor(
    object: LayoutObject,
    size: number,
    rows: readonly Row[],
    learn: Learn,
    reader: string | undefined,
  ): Promise<Layout | undefined> {
    const held = this.#layouts.get(object, size);
    const fits = (l: Layout | undefined) => l !== undefined && rows.every((r) => this.#fits(r, l));
    if (held !== undefined && fits(held.layout)) {
      if (await this.#taughtElsewhere(object, size, held))
        return this.#layouts.get(object, size)!.layout;
      if (!this.#wantsUpgrade(held, reader)) return held.layout;
      return this.#relearn(object, size, rows, learn, reader, held);
    }
    // A pinned layout that no longer fits — this size's, or the object's of another size: its shape changed.
    const pinned = held?.layout.source === "file" || this.#pinnedFor(object, size);
    if (pinned) this.#pinnedMisfit(object, size);
    // Another instance may have learned this shape since: one look at the store before learning.
    const stored = await this.#stored(object, size);
    if (fits(stored?.layout) && stored!.at > (held?.at ?? -1)) {
      this.#layouts.set(stored!);
      return stored!.layout;
    }
    if (held !== undefined) this.#layouts.drop(object, size);
    return this.#relearn(object, size, rows, learn, reader, undefined);
  }

  /** A held learned layout that leaves money facts unproven is learned again with a new reader's data. */
  #wantsUpgrade(held: Held, reader: string | undefined): boolean {
    return (
      held.layout.source === "learned" &&
      reader !== undefined &&
      !held.readers.has(reader) &&
      held.readers.size < MAX_READERS &&
      unprovenNames(held.layout).length > 0
    );
  }

  /** Another instance may have been taught more of a verification layout (a submission's answer). */
  async #taughtElsewhere(object: LayoutObject, size: number, held: Held): Promise<boolean> {
    if (!TAUGHT.has(object) || unplacedPositions(held.layout).length === 0) return false;
    const stored = await this.#stored(object, size);
    if (stored === undefined || stored.layout.fields.length <= held.layout.fields.length)
      return false;
    this.#layouts.set(stored);
    return true;
  }

  #relearn(
    object: LayoutObject,
    size: number,
    rows: readonly Row[],
    learn: Learn,
    reader: string | undefined,
    held: Held | undefined,
  ): Promise<Layout> {
    const slot = `${object}#${size}`;
    let running = this.#learning.get(slot);
    if (running === undefined) {
      running = learn(rows)
        .then(async ({ layout, calls }) => {
          this.#options.onLearned?.(object, calls);
          const merged = held === undefined ? layout : mergeLayouts(held.layout, layout);
          if (merged === undefined)
            this.#options.logger?.warn({ object, size }, "layout evidence contradicts itself");
          const readers = new Set([...(held?.readers ?? []), ...(reader ? [reader] : [])]);
          const kept = this.#keep(merged ?? held?.layout ?? layout, readers);
          await this.#save();
          return kept;
        })
        .finally(() => this.#learning.delete(slot));
      this.#learning.set(slot, running);
    }
    return running;
  }

  #keep(layout: Layout, readers: Set<string>): Layout {
    this.#layouts.set({ layout, readers, at: this.#options.now?.() ?? Date.now() });
    return layout;
  }

  /** Whether the operator pinned a layout of this object for another size only. */
  #pinnedFor(object: LayoutObject, size: number): boolean {
    const pinned = (this.#options.pinned ?? []).filter((l) => l.object === object);
    return pinned.length > 0 && !pinned.some((l) => l.size === size);
  }

  #pinnedMisfit(object: LayoutObject, size: number): void {
    const slot = `${object}#${size}`;
    if (this.#misfitPinned.has(slot)) return;
    this.#misfitPinned.add(slot);
    this.#options.logger?.warn(
      { object, size },
      "the pinned layout (EXCHANGER_LAYOUT) no longer fits the exchanger's answers; learning instead",
    );
    this.#options.onPinnedMisfit?.(object, size);
  }

  // ---- the store record ---------------------------------------------------------------------------

  #load(): Promise<void> {
    this.#loaded ??= this.#readRecord().then((record) => {
      for (const held of record?.layouts ?? [])
        if (this.#layouts.get(held.layout.object, held.layout.size) === undefined)
          this.#layouts.set(held);
    });
    return this.#loaded;
  }

  async #stored(object: LayoutObject, size: number): Promise<Held | undefined> {
    const record = await this.#readRecord();
    return record?.layouts.find((h) => h.layout.object === object && h.layout.size === size);
  }

  async #readRecord(): Promise<{ layouts: Held[] } | undefined> {
    const text = await this.#options.store?.get(PROFILE_KEY).catch(() => undefined);
    if (text === undefined) return undefined;
    try {
      const parsed = JSON.parse(text) as { layouts?: { at?: number; layout: unknown }[] };
      const entries = parsed.layouts ?? [];
      const layouts = parseLayouts(JSON.stringify(entries.map((e) => e.layout)));
      return {
        layouts: layouts.map((layout, i) => ({
          layout,
          readers: new Set<string>(),
          at: Number(entries[i]?.at) || 0,
        })),
      };
    } catch {
      return undefined;
    }
  }

  /** Writes the learned layouts, keeping another instance's later ones: a store that is away costs only a later learning. */
  async #save(): Promise<void> {
    const store = this.#options.store;
    if (store === undefined) return;
    const mine = this.#layouts.all().filter((h) => h.layout.source !== "file");
    const theirs = (await this.#readRecord())?.layouts ?? [];
    const slot = (h: Held) => `${h.layout.object}#${h.layout.size}`;
    const merged = new Map(theirs.map((h) => [slot(h), h]));
    for (const h of mine) if ((merged.get(slot(h))?.at ?? -1) <= h.at) merged.set(slot(h), h);
    const record = { layouts: [...merged.values()].map((h) => ({ at: h.at, layout: h.layout })) };
    await store.set(PROFILE_KEY, JSON.stringify(record)).catch(() => undefined);
  }
}
