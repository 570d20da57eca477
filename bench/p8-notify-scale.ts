/**
 * P8 — notification scale: the real watcher (src/notify) on the real store (Redis, as production)
 * with a simulated exchanger, on a simulated clock (the watcher's `now` and `sleep`): 20,000 chats
 * with notifications on, 1 % of them with an order in motion, NOTIFY_MAX_RPS 5, one simulated hour in
 * which orders in motion change status and new orders arrive in quiet chats at random. The busy 1 %
 * stay busy (an order's two steps, created → paid → completed, take 10 minutes each on average, and
 * the customer's next order is there as one completes); a new order in a quiet chat moves on once
 * announced. "Active" delays are those of the busy chats' changes and of quiet chats' orders after
 * their arrival was announced.
 *
 * Reported: the p95 delay from a change to its message, for status changes of orders in motion and
 * for new orders in quiet chats (the run goes on after the hour, the busy chats as busy but no new
 * order in a quiet chat, until every change of the hour is announced); the share of the request budget used while chats were overdue,
 * and the busiest clock second's share (never above 100 %). The quiet chats' delay is set beside the
 * best any schedule could do with the requests left over by the chats in motion: each quiet chat
 * polled once per (quiet chats ÷ spare requests per second), or per NOTIFY_IDLE_INTERVAL_MS when the
 * budget allows, a change waiting at most that long.
 *
 * The watcher runs one poll at a time (concurrency 1), so waiting for a permit is what moves the
 * clock: the simulated exchanger answers at once. Production polls several chats at once, which
 * only hides an exchanger's latency behind the same permits.
 */
import { readOrders } from "../src/exchanger/inspect.js";
import type { Api } from "grammy";
import type {
  Caller,
  ExchangerClient,
  ListParams,
  Order,
  OrderFilters,
  Page,
} from "../src/exchanger/index.js";
import { Notifier } from "../src/notify/watcher.js";
import { reschedule } from "../src/notify/schedule.js";
import { dayOf, seenRecord } from "../src/notify/seen.js";
import { statusKey } from "../src/exchanger/index.js";
import { line, note, round } from "./lib/measure.js";
import { startOurBot } from "./lib/our-bot.js";

const CHATS = Number(process.env.BENCH_P8_CHATS ?? 20_000);
const MOVING_SHARE = 0.01;
const MAX_RPS = 5;
const INTERVAL_MS = 60_000;
const IDLE_MS = 900_000;
const HOUR = 3_600_000;
/** An order in motion takes its next step (created → paid → completed) after this long on average. */
const STEP_MEAN_MS = 10 * 60_000;
/** New orders per hour across the quiet chats (0.5 % of them in the hour). */
const NEW_PER_HOUR = Math.round(CHATS * 0.005);
/** The drain after the hour stops here, whatever is still unannounced (counted at this delay). */
const DRAIN_CAP_MS = 12 * HOUR;
const BATCH = 100;
const TICK_MS = 1_000;
const T0 = Date.UTC(2026, 10, 2, 12);
const CREATED = 0;
const PAID = 1;
const COMPLETED = 4;

export interface P8Result {
  /** p95 delay of a status change of an order in motion, as a multiple of NOTIFY_INTERVAL_MS (goal ≤ 2). */
  activeP95Intervals: number;
  /** p95 delay of a new order in a quiet chat ÷ the best a schedule could do with the spare budget (goal ≤ 1.1). */
  quietVsBest: number;
  /** Requests made ÷ the budget, while chats were overdue (goal ≥ 0.95). */
  budgetUse: number;
  /** The busiest clock second's requests ÷ NOTIFY_MAX_RPS (never above 1). */
  peakSecond: number;
}

/** A seeded random source, so two runs simulate the same hour. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface SimChat {
  chatId: number;
  /** One of the 1 % whose customers keep an order in motion all hour. */
  busy: boolean;
  /** Newest first. */
  orders: { id: number; status: number }[];
}

interface Change {
  orderId: number;
  at: number;
  kind: "status" | "quiet-new" | "busy-new";
  deliveredAt?: number;
}

type SimEvent =
  | { at: number; kind: "new"; chat: SimChat }
  | { at: number; kind: "step"; chat: SimChat; orderId: number };

/** The world the watcher polls: chats' orders changing over simulated time, and what reached the chats. */
class World {
  t = T0;
  readonly chats: SimChat[] = [];
  readonly byKey = new Map<string, SimChat>();
  readonly changes: Change[] = [];
  readonly pending = new Map<number, Change[]>();
  readonly ownerOf = new Map<number, SimChat>();
  readonly callsPerSecond = new Map<number, number>();
  calls = 0;
  quietCalls = 0;
  #events: SimEvent[] = [];
  #nextId = 10_000_000;
  readonly #rnd: () => number;

  constructor(seed: number) {
    this.#rnd = random(seed);
  }

  readonly now = (): number => this.t;
  readonly sleep = async (ms: number): Promise<void> => {
    this.t += Math.max(0, ms);
  };

  uniform(): number {
    return this.#rnd();
  }

  exp(mean: number): number {
    return -Math.log(1 - this.#rnd()) * mean;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#rnd() * items.length)]!;
  }

  newId(): number {
    return this.#nextId++;
  }

  schedule(event: SimEvent): void {
    let i = this.#events.length;
    while (i > 0 && this.#events[i - 1]!.at > event.at) i--;
    this.#events.splice(i, 0, event);
  }

  moving(chat: SimChat): boolean {
    return chat.orders.some((order) => order.status === CREATED || order.status === PAID);
  }

  #record(orderId: number, kind: Change["kind"]): void {
    const change: Change = { orderId, at: this.t, kind };
    this.changes.push(change);
    this.pending.set(orderId, [...(this.pending.get(orderId) ?? []), change]);
  }

  /** Every event up to now happens. */
  #advance(): void {
    while (this.#events.length > 0 && this.#events[0]!.at <= this.t) {
      const event = this.#events.shift()!;
      if (event.kind === "new") {
        const id = this.newId();
        event.chat.orders.unshift({ id, status: CREATED });
        this.ownerOf.set(id, event.chat);
        this.#record(id, event.chat.busy ? "busy-new" : "quiet-new");
        // A busy chat's order moves on by itself; a quiet chat's once its customer saw it announced.
        if (event.chat.busy)
          this.schedule({
            at: this.t + this.exp(STEP_MEAN_MS),
            kind: "step",
            chat: event.chat,
            orderId: id,
          });
      } else {
        const order = event.chat.orders.find((o) => o.id === event.orderId)!;
        order.status = order.status === CREATED ? PAID : COMPLETED;
        this.#record(order.id, "status");
        if (order.status === PAID)
          this.schedule({
            at: this.t + this.exp(STEP_MEAN_MS),
            kind: "step",
            chat: event.chat,
            orderId: order.id,
          });
        // A busy chat stays busy: its customer's next order is there as the last one completes.
        else if (event.chat.busy) this.schedule({ at: this.t, kind: "new", chat: event.chat });
      }
    }
  }

  readonly exchanger: Pick<ExchangerClient, "getOrders" | "getCurrencies"> = {
    getOrders: async (
      caller: Caller,
      params: OrderFilters & ListParams = {},
    ): Promise<Page<Order>> => {
      this.#advance();
      const second = Math.floor(this.t / 1000);
      this.callsPerSecond.set(second, (this.callsPerSecond.get(second) ?? 0) + 1);
      this.calls++;
      const chat = this.byKey.get(caller.apiKey)!;
      if (!this.moving(chat)) this.quietCalls++;
      // Read like the client reads a server's records (normalize/order.ts).
      const orders = readOrders(
        chat.orders.map((o) => ({
          id: o.id,
          status: o.status,
          send_currency_id: 1,
          receive_currency_id: 2,
        })),
      );
      if (params.id !== undefined)
        return { items: orders.filter((o) => String(o.id) === String(params.id)) };
      const limit = params.limit ?? 20;
      const start = ((params.page ?? 1) - 1) * limit;
      return {
        items: orders.slice(start, start + limit),
        pagination: { total: orders.length, position: start },
      };
    },
    getCurrencies: async () => [],
  };

  /** The Bot API side: a message names its orders (#id); each pending change of those is delivered now. */
  readonly api = {
    sendMessage: async (_chatId: number | string, text: string) => {
      for (const match of new Set([...text.matchAll(/#(\d{8})/g)].map((m) => Number(m[1])))) {
        for (const change of this.pending.get(match) ?? []) {
          change.deliveredAt = this.t;
          // A new order announced: its customer pays some time later.
          if (change.kind === "quiet-new") {
            const chat = this.ownerOf.get(match)!;
            this.schedule({
              at: this.t + this.exp(STEP_MEAN_MS),
              kind: "step",
              chat,
              orderId: match,
            });
          }
        }
        this.pending.delete(match);
      }
      return { message_id: 1 };
    },
  } as unknown as Api;

  undelivered(until: number): number {
    return this.changes.filter((c) => c.at <= until && c.deliveredAt === undefined).length;
  }

  /** For a run that ends with changes unannounced: what they were. */
  describeUndelivered(until: number): string {
    const left = this.changes
      .filter((c) => c.at <= until && c.deliveredAt === undefined)
      .slice(0, 5);
    return left
      .map((c) => {
        const chat = this.ownerOf.get(c.orderId)!;
        return `${c.kind} #${c.orderId} at ${Math.round((c.at - T0) / 1000)} s in chat ${chat.chatId} (${chat.orders.map((o) => `${o.id}:${o.status}`).join(" ")})`;
      })
      .join("; ");
  }
}

const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};

export async function measureP8(exchangerBaseUrl: string): Promise<P8Result> {
  const bot = await startOurBot({ exchangerBaseUrl });
  const world = new World(8);
  try {
    await seed(world, bot.app.deps);
    const notifier = new Notifier(
      {
        ...bot.app.deps,
        api: world.api,
        exchanger: world.exchanger,
        i18n: bot.app.i18n,
        defaultLanguage: "en",
        notify: { intervalMs: INTERVAL_MS, idleIntervalMs: IDLE_MS, maxRps: MAX_RPS },
        orders: undefined,
      },
      // No pause between two messages to one chat (Telegram's per-chat pace): with one poll at a time
      // it would stall the whole simulated watcher, which production's concurrent polls do not.
      {
        now: world.now,
        sleep: world.sleep,
        concurrency: 1,
        batchSize: BATCH,
        tickMs: TICK_MS,
        perChatGapMs: 0,
      },
    );
    // New orders arrive at random (a Poisson process) in quiet chats picked at random.
    const quiet = world.chats.filter((chat) => !chat.busy);
    for (
      let at = T0 + world.exp(HOUR / NEW_PER_HOUR);
      at < T0 + HOUR;
      at += world.exp(HOUR / NEW_PER_HOUR)
    )
      world.schedule({ at, kind: "new", chat: world.pick(quiet) });
    const started = Date.now();
    const hour = await run(world, notifier, T0 + HOUR, () => false);
    const quietChats = world.chats.filter((c) => !world.moving(c)).length;
    await run(world, notifier, T0 + DRAIN_CAP_MS, () => world.undelivered(T0 + HOUR) === 0);
    return report(world, { ...hour, quietChats }, Date.now() - started);
  } finally {
    await bot.close();
  }
}

/** Ticks as the watcher's loop does (a full batch is followed at once, else a tick's pause) until `end` or `done`. */
async function run(
  world: World,
  notifier: Notifier,
  end: number,
  done: () => boolean,
): Promise<Span> {
  const [start, callsBefore, quietBefore] = [world.t, world.calls, world.quietCalls];
  let overdueMs = 0;
  let overdueCalls = 0;
  while (world.t < end && !done()) {
    const [t, calls] = [world.t, world.calls];
    const { due } = await notifier.runOnce();
    if (due >= BATCH) {
      overdueMs += world.t - t;
      overdueCalls += world.calls - calls;
    } else world.t += TICK_MS;
  }
  return {
    overdueMs,
    overdueCalls,
    calls: world.calls - callsBefore,
    quietCalls: world.quietCalls - quietBefore,
    ms: world.t - start,
  };
}

/** What one stretch of simulated time spent: time overdue and the requests made meanwhile; requests for quiet chats. */
interface Span {
  overdueMs: number;
  overdueCalls: number;
  calls: number;
  quietCalls: number;
  ms: number;
}

/** The chats, as after a long time of polling: a baseline each, due at random within their interval. */
async function seed(
  world: World,
  deps: Awaited<ReturnType<typeof startOurBot>>["app"]["deps"],
): Promise<void> {
  const moving = Math.round(CHATS * MOVING_SHARE);
  for (let i = 0; i < CHATS; i++) {
    const chat: SimChat = { chatId: 8_000_000_000 + i, busy: i < moving, orders: [] };
    // Newest first: the order in motion is the newest one.
    chat.orders.push(
      { id: world.newId(), status: COMPLETED },
      { id: world.newId(), status: COMPLETED },
    );
    if (i < moving) chat.orders.push({ id: world.newId(), status: world.pick([CREATED, PAID]) });
    chat.orders.sort((a, b) => b.id - a.id);
    world.chats.push(chat);
    world.byKey.set(`sim-key-${chat.chatId}`, chat);
    for (const order of chat.orders) world.ownerOf.set(order.id, chat);
    if (i < moving)
      world.schedule({
        at: T0 + world.exp(STEP_MEAN_MS),
        kind: "step",
        chat,
        orderId: chat.orders[0]!.id,
      });
  }
  const CHUNK = 200;
  for (let i = 0; i < world.chats.length; i += CHUNK) {
    await Promise.all(
      world.chats.slice(i, i + CHUNK).map(async (chat, j) => {
        const isMoving = i + j < moving;
        const statuses = new Map(chat.orders.map((o) => [String(o.id), statusKey(o.status)]));
        const seen = seenRecord({
          lang: "en",
          maxId: chat.orders[0]!.id,
          activeDay: dayOf(T0),
          statuses,
        });
        await deps.vault.link(chat.chatId, `sim-key-${chat.chatId}`);
        await deps.settings.update(chat.chatId, { notify: true, seen });
        const due = T0 + Math.floor(world.uniform() * (isMoving ? INTERVAL_MS : IDLE_MS));
        await reschedule(deps.kv, String(chat.chatId), due, isMoving);
      }),
    );
  }
}

function report(world: World, hour: Span & { quietChats: number }, realMs: number): P8Result {
  const inHour = world.changes.filter((c) => c.at <= T0 + HOUR);
  const delay = (c: Change) => (c.deliveredAt ?? T0 + DRAIN_CAP_MS) - c.at;
  const active = inHour.filter((c) => c.kind === "status" || c.kind === "busy-new").map(delay);
  const quiet = inHour.filter((c) => c.kind === "quiet-new").map(delay);
  const budgetUse =
    hour.overdueMs === 0 ? 0 : hour.overdueCalls / ((hour.overdueMs / 1000) * MAX_RPS);
  const peakSecond = Math.max(...world.callsPerSecond.values()) / MAX_RPS;
  // The budget the chats in motion left over, and the best wait a quiet chat could have with it.
  const movingRps = ((hour.calls - hour.quietCalls) * 1000) / hour.ms;
  const spareRps = MAX_RPS - movingRps;
  const { quietChats } = hour;
  const bestQuietMs = Math.max(IDLE_MS, (quietChats / spareRps) * 1000);
  const activeP95 = p95(active);
  const quietP95 = p95(quiet);
  const result: P8Result = {
    activeP95Intervals: round(activeP95 / INTERVAL_MS),
    quietVsBest: round(quietP95 / bestQuietMs),
    budgetUse: round(budgetUse, 3),
    peakSecond: round(peakSecond, 2),
  };
  const min = (ms: number) => `${round(ms / 60_000, 1)} min`;
  line(
    "P8",
    `active p95 ${min(activeP95)} (${result.activeP95Intervals}× interval)`,
    `quiet p95 ${min(quietP95)}, best ${min(bestQuietMs)}`,
    "≤ 2×; ≤ 1.1× best",
  );
  note(
    `${CHATS} chats, ${Math.round(CHATS * MOVING_SHARE)} with an order in motion, NOTIFY_MAX_RPS ${MAX_RPS}, intervals ${INTERVAL_MS / 1000} s / ${IDLE_MS / 60_000} min; one simulated hour: ${active.length} status changes, ${quiet.length} new orders in quiet chats; drained until ${min(world.t - T0)} (${world.undelivered(T0 + HOUR)} left unannounced)`,
  );
  note(
    `budget used while overdue ${round(budgetUse * 100, 1)} % (goal ≥ 95 %), busiest second ${round(peakSecond * 100, 0)} % (≤ 100 %); quiet ${quietChats} chats ÷ ${round(spareRps, 2)} req/s left by the chats in motion; quiet p95 ÷ best ${result.quietVsBest} (goal ≤ 1.1); ${round(realMs / 1000, 0)} s of real time`,
  );
  if (world.undelivered(T0 + HOUR) > 0)
    note(`unannounced, e.g.: ${world.describeUndelivered(T0 + HOUR)}`);
  return result;
}
