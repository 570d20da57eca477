/**
 * The operator's instruments of one app, built together by app.ts: metrics on the app's own
 * Registry, the exchanger's health, Telegram traffic counting, and the store's counts.
 */
import type { Registry } from "prom-client";
import type { KV } from "../storage/kv.js";
import { ExchangerHealth } from "./exchanger-health.js";
import { createMetrics, type AppMetrics } from "./metrics.js";
import { operatorStats, type OperatorStats } from "./stats.js";
import { StoreCounts } from "./store-counts.js";
import { telegramInstruments, type TelegramInstruments } from "./telegram-metrics.js";

export interface Operator {
  metrics: AppMetrics;
  exchangerHealth: ExchangerHealth;
  telegram: TelegramInstruments;
  storeCounts: StoreCounts;
  /** Everything /stats shows (stats.ts). */
  stats(): Promise<OperatorStats>;
}

/** `scheduleKey`: the order watcher's sorted set of subscribed chats (counted, never written). */
export function createOperator(kv: KV, registry: Registry, scheduleKey: string): Operator {
  const metrics = createMetrics(registry);
  const exchangerHealth = new ExchangerHealth();
  const storeCounts = new StoreCounts(kv, scheduleKey);
  metrics.addGauge(
    "linked_chats",
    "Chats with a linked API key (all instances; counted at most once a minute)",
    async () => (await storeCounts.get())?.linkedChats,
  );
  metrics.addGauge(
    "notification_subscribers",
    "Chats with order notifications on (all instances; counted at most once a minute)",
    async () => (await storeCounts.get())?.subscribers,
  );
  metrics.addGauge(
    "exchanger_up",
    "1 while this instance's latest exchanger calls are answered, 0 while they fail",
    () => (exchangerHealth.failingSince() === undefined ? 1 : 0),
  );
  return {
    metrics,
    exchangerHealth,
    telegram: telegramInstruments(metrics),
    storeCounts,
    stats: () => operatorStats({ recent: metrics.recent, storeCounts, exchangerHealth }),
  };
}
