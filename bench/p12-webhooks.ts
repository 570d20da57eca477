/**
 * P12 — the exchanger's webhooks against polling only, in one run: the real watcher (src/notify) and
 * the real ingest (src/events: batch parsing, the token index, event routing, checks) on the real
 * store (Redis), a simulated exchanger and a simulated clock, as P8 runs the watcher.
 *
 * The world: CHATS linked chats with notifications on; BUSY of them (1 %) each with an order in
 * motion whose customer keeps the exchanger busy (created → paid → completed, then the next order is
 * created), CHANGES_PER_MINUTE changes a minute in all; the others quiet. The exchanger's scheduler
 * sends one batch of every change each INTERVAL_MS, in the vendor's form (`web_hooks` JSON of
 * positional rows: id, token, amount, status, owner's user id); the owner's id is read where the
 * order layout would place it with certainty (the `ownerOf` the layout's evidence provides), so a
 * new order nobody has seen yet still reaches its chats.
 *
 * Each mode starts in its steady state (every chat due at a random moment of its interval: the
 * usual one when polling only, the reconciliation pace while batches arrive), then SIM_MINUTES of
 * changes run; the run drains until each change of those minutes is announced. Reported per mode:
 * the exchanger calls a minute (split, with webhooks, into the checks the events asked for and the
 * reconciliation polls), and the delay from a change to its message, p50 and p95.
 */
import type { Api } from "grammy";
import { readOrders } from "../src/exchanger/inspect.js";
import type { Caller, ListParams, Order, OrderFilters, Page } from "../src/exchanger/index.js";
import { Notifier } from "../src/notify/watcher.js";
import { reschedule } from "../src/notify/schedule.js";
import { NORMAL_DUE_KEY } from "../src/notify/reconcile.js";
import { dayOf, seenRecord } from "../src/notify/seen.js";
import { SeenTokens } from "../src/notify/seen-tokens.js";
import { statusKey } from "../src/exchanger/index.js";
import { parseBatch } from "../src/events/batch.js";
import { EventIngest } from "../src/events/ingest.js";
import { createEventMetrics, WebhookPace } from "../src/events/index.js";
import { Registry } from "prom-client";
import { line, note, round } from "./lib/measure.js";
import { nullLogger, startOurBot, type OurBotWithFake } from "./lib/our-bot.js";

const CHATS = Number(process.env.BENCH_P12_CHATS ?? 100_000);
const BUSY = Math.round(CHATS / 100);
const CHANGES_PER_MINUTE = 100;
/** An order in motion moves on after this long on average: BUSY orders make CHANGES_PER_MINUTE status changes. */
const STEP_MEAN_MS = (BUSY / CHANGES_PER_MINUTE) * 60_000;
/** The exchanger's scheduler. */
const INTERVAL_MS = 60_000;
/** Both modes' budget: what 100,000 chats need to be served at all by polling (README's table). */
const MAX_RPS = Number(process.env.BENCH_P12_RPS ?? 50);
const USUAL = { intervalMs: 60_000, idleIntervalMs: 900_000 };
const RECONCILE_MS = 3_600_000;
const SIM_MINUTES = Number(process.env.BENCH_P12_MINUTES ?? 10);
const DRAIN_CAP_MS = 2 * 3_600_000;
/** Due chats per tick: small, so a batch of the scheduler waits at most a fifth of a second for the loop (production polls concurrently). */
const BATCH = 10;
const TICK_MS = 1_000;
const T0 = Date.UTC(2026, 10, 2, 12);
/** The scheduler's batches come at a phase of their own, not on the simulation's round minutes. */
const BATCH_PHASE_MS = 17_000;
const [CREATED, PAID, COMPLETED] = [0, 1, 4];

export interface ModeResult {
  callsPerMinute: number;
  p50Ms: number;
  p95Ms: number;
}
export interface P12Result {
  polling: ModeResult;
  webhooks: ModeResult & { checkCallsPerChange: number; reconcileCallsPerMinute: number };
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface SimOrder {
  id: number;
  token: string;
  status: number;
}
interface SimChat {
  chatId: number;
  accountId: string;
  /** Newest first. */
  orders: SimOrder[];
}
interface Change {
  orderId: number;
  at: number;
  /** A status change of an order in motion, or the customer's next order appearing. */
  kind: "status" | "new";
  deliveredAt?: number;
}

/** The exchanger and Telegram as the watcher sees them, and every change with when it reached the chat. */
class World {
  t = T0;
  readonly chats: SimChat[] = [];
  readonly byKey = new Map<string, SimChat>();
  readonly changes: Change[] = [];
  readonly pending = new Map<number, Change[]>();
  /** Rows of the next webhook batch. */
  readonly outbox: unknown[][] = [];
  calls = 0;
  /** Calls made while a batch's checks ran. */
  checkCalls = 0;
  inBatch = false;
  #steps: { at: number; chat: SimChat }[] = [];
  #nextId = 10_000_000;
  readonly #rnd: () => number;

  constructor(seed: number) {
    this.#rnd = random(seed);
  }

  readonly now = (): number => this.t;
  readonly sleep = async (ms: number): Promise<void> => {
    this.t += Math.max(0, ms);
  };
  uniform = (): number => this.#rnd();
  exp = (mean: number): number => -Math.log(1 - this.#rnd()) * mean;

  newOrder(status = CREATED): SimOrder {
    const id = this.#nextId++;
    return { id, token: `tok${id.toString(16).padStart(29, "0")}`, status };
  }

  /** The busy chat's next step, some time from now. */
  plan(chat: SimChat, from = this.t): void {
    const at = from + this.exp(STEP_MEAN_MS);
    let i = this.#steps.length;
    while (i > 0 && this.#steps[i - 1]!.at > at) i--;
    this.#steps.splice(i, 0, { at, chat });
  }

  /**
   * Every step up to now happens (only within the measured minutes): created → paid, or paid →
   * completed with the customer's next order created at once (P8's busy chats: always one in motion).
   */
  advance(): void {
    const end = T0 + SIM_MINUTES * 60_000;
    while (this.#steps.length > 0 && this.#steps[0]!.at <= Math.min(this.t, end)) {
      const { at, chat } = this.#steps.shift()!;
      const order = chat.orders[0]!;
      order.status = order.status === CREATED ? PAID : COMPLETED;
      this.#record(chat, order, at, "status");
      if (order.status === COMPLETED) {
        chat.orders.unshift(this.newOrder());
        chat.orders.length = Math.min(chat.orders.length, 6);
        this.#record(chat, chat.orders[0]!, at, "new");
      }
      this.plan(chat, at);
    }
  }

  #record(chat: SimChat, order: SimOrder, at: number, kind: Change["kind"]): void {
    const change: Change = { orderId: order.id, at, kind };
    this.changes.push(change);
    this.pending.set(order.id, [...(this.pending.get(order.id) ?? []), change]);
    this.outbox.push([String(order.id), order.token, "100.00", order.status, chat.accountId]);
  }

  readonly exchanger = {
    getOrders: async (
      caller: Caller,
      params: OrderFilters & ListParams = {},
    ): Promise<Page<Order>> => {
      this.advance();
      this.calls++;
      if (this.inBatch) this.checkCalls++;
      const chat = this.byKey.get(caller.apiKey)!;
      const orders = readOrders(
        chat.orders.map((o) => ({
          id: o.id,
          token: o.token,
          status: o.status,
          send_currency_id: 1,
          receive_currency_id: 2,
        })),
      );
      if (params.id !== undefined)
        return { items: orders.filter((o) => o.id === String(params.id)) };
      const limit = params.limit ?? 20;
      const start = ((params.page ?? 1) - 1) * limit;
      return {
        items: orders.slice(start, start + limit),
        pagination: { total: orders.length, position: start },
      };
    },
    getCurrencies: async () => [],
  };

  /** Telegram: a message names its orders (#id); each pending change of those is delivered now. */
  readonly api = {
    sendMessage: async (_chatId: number | string, text: string) => {
      for (const match of new Set([...text.matchAll(/#(\d{8})/g)].map((m) => Number(m[1])))) {
        for (const change of this.pending.get(match) ?? []) change.deliveredAt ??= this.t;
        this.pending.delete(match);
      }
      return { message_id: 1 };
    },
  } as unknown as Api;
}

type Mode = "polling" | "webhooks";

/** What one mode's run measured. */
interface Outcome {
  calls: number;
  checkCalls: number;
  statusChanges: number;
  newOrders: number;
  delays: number[];
  undelivered: number;
}

/** The webhooks' parts on the simulated clock (app.ts builds the same on the real one). */
interface Hooks {
  tokens: SeenTokens;
  pace: WebhookPace;
  ingest: EventIngest;
}

const p = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
};

export async function measureP12(): Promise<P12Result> {
  const started = Date.now();
  const polling = await runMode("polling");
  const webhooks = await runMode("webhooks");
  return report(polling, webhooks, Date.now() - started);
}

async function runMode(mode: Mode): Promise<Outcome> {
  // createApp needs an exchanger's address; the simulated exchanger answers instead, nothing calls it.
  const bot = await startOurBot({ exchangerBaseUrl: "http://127.0.0.1:9" });
  const world = new World(12);
  try {
    populate(world);
    const { kv } = bot.app.deps;
    const shared =
      mode === "webhooks"
        ? {
            tokens: new SeenTokens(kv),
            pace: new WebhookPace(kv, {
              intervalMs: INTERVAL_MS,
              reconcileMs: RECONCILE_MS,
              now: world.now,
            }),
          }
        : undefined;
    const notifier = watcher(bot, world, shared);
    const hooks = shared && { ...shared, ingest: ingestFor(bot, world, shared.tokens, notifier) };
    const started = Date.now();
    await seed(world, bot, hooks);
    const seeded = Date.now();
    const outcome = await run(world, notifier, hooks);
    note(
      `${mode}: ${outcome.calls} calls in ${SIM_MINUTES} simulated minutes; seeded in ${round((seeded - started) / 1000, 0)} s, ran in ${round((Date.now() - seeded) / 1000, 0)} s`,
    );
    return outcome;
  } finally {
    await bot.close();
  }
}

/** The chats and their orders, as after a long time: every busy chat with one order in motion. */
function populate(world: World): void {
  for (let i = 0; i < CHATS; i++) {
    const chat: SimChat = {
      chatId: 8_000_000_000 + i,
      accountId: String(500_000 + i),
      orders: [world.newOrder(COMPLETED), world.newOrder(COMPLETED)],
    };
    if (i < BUSY) chat.orders.push(world.newOrder(i % 2 === 0 ? CREATED : PAID));
    chat.orders.sort((a, b) => b.id - a.id);
    world.chats.push(chat);
    world.byKey.set(`sim-key-${chat.chatId}`, chat);
    if (i < BUSY) world.plan(chat);
  }
}

function watcher(
  bot: OurBotWithFake,
  world: World,
  shared: Pick<Hooks, "tokens" | "pace"> | undefined,
): Notifier {
  return new Notifier(
    {
      ...bot.app.deps,
      api: world.api,
      exchanger: world.exchanger,
      i18n: bot.app.i18n,
      defaultLanguage: "en",
      notify: { ...USUAL, maxRps: MAX_RPS },
      // The simulated exchanger is read through order pages of the watcher's own, not the app's.
      orders: undefined,
      ...shared,
    },
    // One poll at a time on the simulated clock, no pause between a chat's messages (as P8).
    {
      now: world.now,
      sleep: world.sleep,
      concurrency: 1,
      batchSize: BATCH,
      tickMs: TICK_MS,
      perChatGapMs: 0,
    },
  );
}

function ingestFor(
  bot: OurBotWithFake,
  world: World,
  tokens: SeenTokens,
  notifier: Notifier,
): EventIngest {
  return new EventIngest({
    kv: bot.app.deps.kv,
    logger: nullLogger(),
    metrics: createEventMetrics(new Registry()),
    tokens,
    accountChats: bot.app.deps.accountChats,
    // The owner's user id, where the order layout places it with certainty (here: the last value).
    ownerOf: (row) => (typeof row[4] === "string" ? row[4] : undefined),
    checkChat: (chatId) => notifier.checkNow(chatId),
    verification: { check: async () => "miss" },
    accountStates: { change: async () => false },
    accountStatusChanged: async () => undefined,
    now: world.now,
  });
}

/**
 * The store as after a long time in the mode: a baseline per chat, each due at a random moment of
 * its interval (with webhooks: the reconciliation pace); with webhooks, the busy chats' accounts and
 * their orders' tokens indexed, and batches arriving.
 */
async function seed(world: World, bot: OurBotWithFake, hooks: Hooks | undefined): Promise<void> {
  const { deps } = bot.app;
  const schedule = random(99);
  const CHUNK = 200;
  for (let i = 0; i < world.chats.length; i += CHUNK) {
    await Promise.all(
      world.chats.slice(i, i + CHUNK).map(async (chat, j) => {
        const busy = i + j < BUSY;
        const usual = busy ? USUAL.intervalMs : USUAL.idleIntervalMs;
        const interval = hooks ? Math.max(usual, RECONCILE_MS) : usual;
        const statuses = new Map(chat.orders.map((o) => [String(o.id), statusKey(o.status)]));
        const seen = seenRecord({
          lang: "en",
          maxId: chat.orders[0]!.id,
          activeDay: dayOf(T0),
          statuses,
        });
        await deps.vault.link(chat.chatId, `sim-key-${chat.chatId}`);
        await deps.settings.update(chat.chatId, { notify: true, seen });
        const due = T0 + Math.floor(schedule() * interval);
        await reschedule(deps.kv, String(chat.chatId), due, busy);
        if (!hooks || !busy) return;
        await deps.kv.zadd(NORMAL_DUE_KEY, String(chat.chatId), due - interval + usual);
        await deps.accountChats.bind(chat.chatId, chat.accountId);
        await hooks.tokens.record(chat.chatId, [chat.orders[0]!.token]);
      }),
    );
  }
  await hooks?.pace.recordBatch({ order: 0 });
}

/** Ticks as the watcher's loop does; with webhooks, the scheduler's batch at each of its times. */
async function run(world: World, notifier: Notifier, hooks: Hooks | undefined): Promise<Outcome> {
  const end = T0 + SIM_MINUTES * 60_000;
  let nextBatch = T0 + BATCH_PHASE_MS;
  let atEnd: { calls: number; checkCalls: number } | undefined;
  const drained = () => world.changes.every((c) => c.deliveredAt !== undefined);
  while (world.t < T0 + DRAIN_CAP_MS && (world.t < end || !drained())) {
    if (hooks && world.t >= nextBatch) {
      await deliverBatch(world, hooks);
      nextBatch += INTERVAL_MS;
    }
    const { due } = await notifier.runOnce();
    if (due < BATCH) world.t += TICK_MS;
    if (atEnd === undefined && world.t >= end)
      atEnd = { calls: world.calls, checkCalls: world.checkCalls };
  }
  const delays = world.changes.map((c) => (c.deliveredAt ?? T0 + DRAIN_CAP_MS) - c.at);
  return {
    calls: atEnd?.calls ?? world.calls,
    checkCalls: atEnd?.checkCalls ?? world.checkCalls,
    statusChanges: world.changes.filter((c) => c.kind === "status").length,
    newOrders: world.changes.filter((c) => c.kind === "new").length,
    delays,
    undelivered: world.changes.filter((c) => c.deliveredAt === undefined).length,
  };
}

/** One request of the exchanger's scheduler, in the vendor's form, read and worked through as the endpoint does. */
async function deliverBatch(world: World, hooks: Hooks): Promise<void> {
  world.advance();
  const rows = world.outbox.splice(0);
  if (rows.length === 0) return;
  const batch = parseBatch(
    new URLSearchParams({ web_hooks: JSON.stringify({ "1": rows }) }).toString(),
  );
  if ("problem" in batch) throw new Error(`the simulated batch was refused: ${batch.problem}`);
  await hooks.pace.recordBatch({ order: rows.length });
  world.inBatch = true;
  try {
    await hooks.ingest.process(batch);
  } finally {
    world.inBatch = false;
  }
}

function report(polling: Outcome, webhooks: Outcome, realMs: number): P12Result {
  const mode = (o: Outcome): ModeResult => ({
    callsPerMinute: Math.round(o.calls / SIM_MINUTES),
    p50Ms: Math.round(p(o.delays, 0.5)),
    p95Ms: Math.round(p(o.delays, 0.95)),
  });
  const result: P12Result = {
    polling: mode(polling),
    webhooks: {
      ...mode(webhooks),
      checkCallsPerChange: round(webhooks.checkCalls / Math.max(1, webhooks.statusChanges), 2),
      reconcileCallsPerMinute: Math.round((webhooks.calls - webhooks.checkCalls) / SIM_MINUTES),
    },
  };
  const s = (ms: number) => `${round(ms / 1000, 1)} s`;
  const { polling: a, webhooks: b } = result;
  line(
    "P12",
    `webhooks ${b.callsPerMinute} calls/min, p95 ${s(b.p95Ms)}`,
    `polling ${a.callsPerMinute} calls/min, p95 ${s(a.p95Ms)}`,
    `≤ 2 calls/change + reconciliation; p95 ≤ ${s(INTERVAL_MS + 2_000)}`,
  );
  note(
    `${CHATS} chats, ${BUSY} orders in motion, ${CHANGES_PER_MINUTE} status changes a minute (and the customers' next orders), scheduler every ${INTERVAL_MS / 1000} s, NOTIFY_MAX_RPS ${MAX_RPS}, reconciliation every ${RECONCILE_MS / 60_000} min; ${SIM_MINUTES} simulated minutes per mode`,
  );
  note(
    `webhooks: ${b.checkCallsPerChange} calls per status change for the events' checks (${webhooks.checkCalls} calls, ${webhooks.statusChanges} status changes, ${webhooks.newOrders} new orders) + ${b.reconcileCallsPerMinute} reconciliation calls/min; delay p50 ${s(b.p50Ms)}, p95 ${s(b.p95Ms)}${webhooks.undelivered ? `, ${webhooks.undelivered} unannounced` : ""}`,
  );
  note(
    `polling only: ${a.callsPerMinute} calls/min; delay p50 ${s(a.p50Ms)}, p95 ${s(a.p95Ms)}${polling.undelivered ? `, ${polling.undelivered} unannounced` : ""}; ${round(realMs / 1000, 0)} s of real time`,
  );
  return result;
}
