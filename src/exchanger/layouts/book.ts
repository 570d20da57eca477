/**
 * The layouts the bot reads positional lists by, one per object kind, for the one server it talks to.
 * A layout comes from, in this order: the operator's file (EXCHANGER_LAYOUT, written by
 * `npm run doctor -- --write-layout`), what this process learned, what another instance learned (the
 * store: Redis or the embedded file), else it is learned now (learn.ts) — once per server, never per
 * chat, and again only when the server's answers stop fitting it.
 */
import {
  fitsLayout,
  isCertain,
  nameRecord,
  unplacedPositions,
  type Layout,
  type LayoutObject,
} from "../normalize/layout.js";
import type { RawRecord } from "../normalize/values.js";
import { learnLayout, type Ask, type Learned, type Row } from "./learn.js";
import { parseLayouts } from "./file.js";

/** The part of the bot's store (storage/kv.ts) a layout is kept in. */
export interface LayoutStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export const LAYOUT_KEY = "exchanger-layout:v1:";
/** A layout that stopped fitting is learned again at most this often (a server mid-upgrade must not cost a learning per screen). */
const RELEARN_AFTER_MS = 10 * 60_000;
/** An unsure layout (token or status not confirmed) is tried again this often. */
const UNSURE_RELEARN_MS = 60 * 60_000;

/**
 * What must be certain per object: an own order is paid by its token when its status allows; a detail
 * is deleted by its id. A layout without them is used (the records are shown) and learned again later.
 */
const MUST_BE_CERTAIN: Readonly<Record<LayoutObject, readonly string[]>> = {
  user: [],
  order: ["token", "status"],
  "referral order": ["status"],
  detail: ["id"],
  "saved field": ["id"],
  verification: ["status"],
  currency: ["id"],
  direction: ["send_currency_id", "receive_currency_id"],
  "direction field": [],
};
/** Objects whose layout is also taught outside a read (teach), maybe by another instance. */
const TAUGHT: ReadonlySet<LayoutObject> = new Set(["verification"]);

const sure = (layout: Layout) => MUST_BE_CERTAIN[layout.object].every((n) => isCertain(layout, n));

export interface NamedRows {
  records: RawRecord[];
  layout: Layout;
  /** Whether what the bot acts on (MUST_BE_CERTAIN) sits where a filter, the vendor or the operator put it. */
  certain: boolean;
}

export interface LayoutBookOptions {
  store?: LayoutStore;
  /** Layouts pinned by the operator: used as they are, never learned over. */
  pinned?: readonly Layout[];
  /** Sees every learning: its object and how many filtered reads it cost (metrics, tests). */
  onLearned?: (object: LayoutObject, calls: number) => void;
  now?: () => number;
}

export class LayoutBook {
  readonly #options: LayoutBookOptions;
  readonly #known = new Map<LayoutObject, Layout>();
  readonly #learning = new Map<LayoutObject, Promise<Layout>>();
  readonly #learnedAt = new Map<LayoutObject, number>();

  constructor(options: LayoutBookOptions = {}) {
    this.#options = options;
    for (const layout of options.pinned ?? []) this.#known.set(layout.object, layout);
  }

  /** What the bot holds now for an object (the doctor prints it). */
  layoutOf(object: LayoutObject): Layout | undefined {
    return this.#known.get(object);
  }

  /** The rows as named records, by the layout held, found or learned now with `ask` (the list's filters). */
  name(object: LayoutObject, rows: Row[], ask: Ask): Promise<NamedRows | undefined> {
    return this.nameBy(object, rows, () => learnLayout(object, rows, ask));
  }

  /** The rows as named records, by the layout held, found or learned now by `learn` (objects.ts). */
  async nameBy(
    object: LayoutObject,
    rows: Row[],
    learn: () => Promise<Learned>,
  ): Promise<NamedRows | undefined> {
    if (rows.length === 0) return undefined;
    const layout = await this.#layoutFor(object, rows, learn);
    const records = rows.map((row) => nameRecord(row, layout));
    return { records, layout, certain: sure(layout) };
  }

  /**
   * A layout learned outside a read (a verification request's from the values the bot submitted):
   * kept, and shared through the store, when it places more than the one held.
   */
  async teach(layout: Layout): Promise<void> {
    const held = this.#known.get(layout.object);
    if (held?.source === "file") return;
    if (
      held !== undefined &&
      held.size === layout.size &&
      held.fields.length >= layout.fields.length
    )
      return;
    this.#known.set(layout.object, layout);
    this.#learnedAt.set(layout.object, this.#options.now?.() ?? Date.now());
    this.#options.onLearned?.(layout.object, 0);
    await this.#options.store
      ?.set(LAYOUT_KEY + layout.object, JSON.stringify(layout))
      .catch(() => undefined);
  }

  async #layoutFor(
    object: LayoutObject,
    rows: Row[],
    learn: () => Promise<Learned>,
  ): Promise<Layout> {
    const fits = (l: Layout | undefined) => l !== undefined && rows.every((r) => fitsLayout(r, l));
    const now = this.#options.now?.() ?? Date.now();
    const since = now - (this.#learnedAt.get(object) ?? now);
    const held = this.#known.get(object);
    if (held?.source === "file") return held;
    // A layout another instance may have been taught since (teach: a submission's answer) is looked
    // for in the store while this one leaves positions unplaced: one store read, no server call.
    if (TAUGHT.has(object) && fits(held) && unplacedPositions(held!).length > 0) {
      const stored = await this.#stored(object);
      if (fits(stored) && stored!.fields.length > held!.fields.length) {
        this.#known.set(object, stored!);
        return stored!;
      }
    }
    // An unsure layout is learned again now and then: a new account's few orders may all share one
    // status, which no status filter can confirm; more orders later can.
    if (fits(held) && (sure(held!) || since < UNSURE_RELEARN_MS)) return held!;
    const stored = held === undefined ? await this.#stored(object) : undefined;
    if (fits(stored)) {
      this.#known.set(object, stored!);
      this.#learnedAt.set(object, now);
      return stored!;
    }
    if (held !== undefined && since < RELEARN_AFTER_MS) return held;
    return this.#learn(object, learn, now);
  }

  #learn(object: LayoutObject, learn: () => Promise<Learned>, now: number): Promise<Layout> {
    let running = this.#learning.get(object);
    if (running === undefined) {
      this.#learnedAt.set(object, now);
      running = learn()
        .then(async ({ layout, calls }) => {
          this.#known.set(object, layout);
          this.#options.onLearned?.(object, calls);
          // A store that is away costs the other instances a learning of their own, never this read.
          await this.#options.store
            ?.set(LAYOUT_KEY + object, JSON.stringify(layout))
            .catch(() => undefined);
          return layout;
        })
        .finally(() => this.#learning.delete(object));
      this.#learning.set(object, running);
    }
    return running;
  }

  async #stored(object: LayoutObject): Promise<Layout | undefined> {
    const text = await this.#options.store?.get(LAYOUT_KEY + object).catch(() => undefined);
    if (text === undefined) return undefined;
    try {
      return parseLayouts(`[${text}]`)[0];
    } catch {
      return undefined;
    }
  }
}
