/**
 * P13 — rate-alert reads per interval: the real rate-alert watcher (src/notify/rate-alerts) in two
 * bot instances on one store (Redis, as production), 10,000 alerts of 1,000 chats (ten each, the
 * most a chat may keep) on 50 exchange directions, on a simulated clock: every simulated second both
 * instances tick, as their loops do, and the directions' rates take a random step each interval
 * (±0.6 % on average), so alerts keep crossing, firing, re-arming and re-anchoring all along.
 *
 * Reported: the exchanger reads (public get-exchange) in each interval, the most and the fewest over
 * the run (goal: 50 every interval, one per watched direction, whatever the number of subscribers and
 * instances); how many alerts were told, and how the work split between the instances.
 */
import type { Api } from "grammy";
import type { Direction, ExchangerClient, Language } from "../src/exchanger/index.js";
import { RateAlertWatcher } from "../src/notify/rate-alerts/watcher.js";
import { sendRateAlert } from "../src/notify/rate-alerts/telegram.js";
import { RateAlertStore, type RateAlert } from "../src/storage/rate-alerts.js";
import { line, note, round } from "./lib/measure.js";
import { startOurBot, type OurBotWithFake } from "./lib/our-bot.js";

const DIRECTIONS = 50;
const CHATS = 1_000;
const ALERTS_PER_CHAT = 10;
const INTERVAL_MS = 60_000;
const TICK_MS = 1_000;
const INTERVALS = 10;
/** The simulated clock's start: an hour ago, so the store's own wall clock is never behind it. */
const T0 = Date.now() - 3_600_000;

export interface P13Result {
  /** The most reads in one interval (goal: 50, one per direction). */
  maxReadsPerInterval: number;
  /** The fewest (also 50: no direction skipped). */
  minReadsPerInterval: number;
  /** Alerts told over the run. */
  told: number;
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

/** The exchanger and Telegram the watchers meet: rates that move each interval, reads and messages counted. */
class World {
  t = T0;
  readonly rnd = random(13);
  readonly rates = new Map<string, number>();
  readonly readsAt: number[] = [];
  sent = 0;
  readonly now = (): number => this.t;

  constructor() {
    for (let d = 0; d < DIRECTIONS; d++) this.rates.set(slugOf(d), 100 + d * 37);
  }

  /** Every rate takes one random step (an interval has passed). */
  step(): void {
    for (const [slug, rate] of this.rates)
      this.rates.set(slug, rate * (1 + (this.rnd() - 0.5) * 0.024));
  }

  readonly exchanger: Pick<ExchangerClient, "getExchange"> = {
    getExchange: async (_language: Language, slug: string): Promise<Direction> => {
      this.readsAt.push(this.t);
      const rate = this.rates.get(slug)!;
      return {
        slug,
        send: {},
        receive: {},
        rate: { send: "1", receive: rate.toFixed(6) },
        fields: [],
        listsFields: true,
        extras: {},
      };
    },
  };

  readonly api = {
    sendMessage: async () => {
      this.sent++;
      return { message_id: 1 };
    },
  } as unknown as Api;
}

const slugOf = (d: number) => `dir-${d}`;
const pairOf = (d: number) => ({ sendId: String(1 + d), receiveId: String(1001 + d) });

/** Chat i's ten alerts: above, below and ±% around the rate now, on ten directions of the fifty. */
function alertsOf(world: World, chat: number): { alert: RateAlert; slug: string }[] {
  return Array.from({ length: ALERTS_PER_CHAT }, (_, k) => {
    const d = (chat * 7 + k * 5) % DIRECTIONS;
    const rate = world.rates.get(slugOf(d))!;
    const away = 0.002 + world.rnd() * 0.03;
    const base = { id: `alrt0${k}`, ...pairOf(d), armed: true };
    const kind = k % 3;
    const alert: RateAlert =
      kind === 0
        ? { ...base, kind: "above", target: (rate * (1 + away)).toFixed(4) }
        : kind === 1
          ? { ...base, kind: "below", target: (rate * (1 - away)).toFixed(4) }
          : { ...base, kind: "move", percent: "1", way: "both", anchor: rate.toFixed(6) };
    return { alert, slug: slugOf(d) };
  });
}

async function seed(world: World, store: RateAlertStore): Promise<void> {
  const CHUNK = 100;
  for (let c = 0; c < CHATS; c += CHUNK)
    await Promise.all(
      Array.from({ length: CHUNK }, async (_, i) => {
        const chat = 9_000_000_000 + c + i;
        for (const { alert, slug } of alertsOf(world, c + i))
          await store.add(chat, alert, "en", slug);
      }),
    );
}

function watcherOf(bot: OurBotWithFake, world: World, store: RateAlertStore): RateAlertWatcher {
  return new RateAlertWatcher(
    {
      store,
      kv: bot.app.deps.kv,
      exchanger: world.exchanger,
      logger: bot.app.deps.logger,
      language: "en",
      tell: sendRateAlert({
        api: world.api,
        i18n: bot.app.i18n,
        kv: bot.app.deps.kv,
        currencies: { labels: async () => new Map() },
        // The Telegram limit is not what is measured: it would hold a simulated run in real seconds.
        telegramPerSecond: 1_000_000,
      }),
    },
    { now: world.now, batchSize: DIRECTIONS * 2 },
  );
}

export async function measureP13(exchangerBaseUrl: string): Promise<P13Result> {
  const first = await startOurBot({ exchangerBaseUrl });
  const second = await startOurBot({ exchangerBaseUrl, prefix: first.prefix });
  const world = new World();
  try {
    const stores = [first, second].map(
      (bot) => new RateAlertStore(bot.app.deps.kv, INTERVAL_MS, world.now),
    );
    const started = Date.now();
    await seed(world, stores[0]!);
    const seededMs = Date.now() - started;
    const watchers = [watcherOf(first, world, stores[0]!), watcherOf(second, world, stores[1]!)];
    const reads = [0, 0];
    let told = 0;
    for (let tick = 0; tick < (INTERVALS * INTERVAL_MS) / TICK_MS; tick++) {
      world.t += TICK_MS;
      if (tick % (INTERVAL_MS / TICK_MS) === 0) world.step();
      const reports = await Promise.all(watchers.map((w) => w.runOnce()));
      reports.forEach((r, i) => (reads[i]! += r.outcomes.read ?? 0));
      told += reports.reduce((sum, r) => sum + r.told, 0);
    }
    return report(world, { reads, told, seededMs, runMs: Date.now() - started - seededMs });
  } finally {
    await second.close();
    await first.close();
  }
}

function report(
  world: World,
  run: { reads: number[]; told: number; seededMs: number; runMs: number },
): P13Result {
  // Whole intervals only: the first starts when the seeded alerts first fall due.
  const start = world.readsAt[0] ?? T0;
  const perInterval: number[] = [];
  for (let i = 0; start + (i + 1) * INTERVAL_MS <= world.t; i++)
    perInterval.push(
      world.readsAt.filter((t) => t >= start + i * INTERVAL_MS && t < start + (i + 1) * INTERVAL_MS)
        .length,
    );
  const result: P13Result = {
    maxReadsPerInterval: Math.max(...perInterval),
    minReadsPerInterval: Math.min(...perInterval),
    told: run.told,
  };
  line(
    "P13",
    `${result.maxReadsPerInterval} reads/interval (min ${result.minReadsPerInterval})`,
    `${DIRECTIONS} watched directions`,
    `${DIRECTIONS}`,
  );
  note(
    `${CHATS * ALERTS_PER_CHAT} alerts of ${CHATS} chats on ${DIRECTIONS} directions, 2 instances, RATE_ALERT_INTERVAL_MS ${INTERVAL_MS / 1000} s, ${perInterval.length} whole intervals: reads per interval ${perInterval.join(" ")}; instance split ${run.reads.join(" / ")}; ${result.told} alerts told (${world.sent} messages); seeding ${round(run.seededMs / 1000, 1)} s, run ${round(run.runMs / 1000, 1)} s of real time`,
  );
  return result;
}
