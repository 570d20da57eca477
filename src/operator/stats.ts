/**
 * What the operator's /stats command shows (the command itself belongs to the bot's features):
 * the store's shared counts plus this instance's last hour. Telegram-free; rendering is the caller's.
 */
import type { ExchangerHealth } from "./exchanger-health.js";
import type { LastHour, RecentActivity } from "./recent.js";
import type { StoreCounts } from "./store-counts.js";

export interface OperatorStats extends LastHour {
  /** Chats with a linked key, across instances; undefined when the store could not be counted. */
  linkedChats: number | undefined;
  /** Chats with order notifications on, across instances; undefined likewise. */
  subscribers: number | undefined;
  /** Whether this instance's latest exchanger calls were answered. */
  exchangerAnswering: boolean;
  /** Since when it has not been answering (epoch ms), when it is not. */
  exchangerFailingSince: number | undefined;
}

export interface StatsSources {
  recent: RecentActivity;
  storeCounts: StoreCounts;
  exchangerHealth: ExchangerHealth;
}

export async function operatorStats(sources: StatsSources): Promise<OperatorStats> {
  const [counts, lastHour] = await Promise.all([
    sources.storeCounts.get(),
    sources.recent.lastHour(),
  ]);
  const failingSince = sources.exchangerHealth.failingSince();
  return {
    ...lastHour,
    linkedChats: counts?.linkedChats,
    subscribers: counts?.subscribers,
    exchangerAnswering: failingSince === undefined,
    exchangerFailingSince: failingSince,
  };
}
