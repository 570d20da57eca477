/**
 * Rate alerts in the store: each chat's alerts (one value, `chat:<id>:alerts`, wiped with the chat),
 * and, shared by every instance, what the watcher needs to read each direction once per interval
 * whatever the number of subscribers:
 *   ratealerts:due              sorted set: pair → when it is next read
 *   ratealerts:up:<pair>        sorted set: "<chat>:<alert>" → the rate at which it acts going up
 *   ratealerts:down:<pair>      sorted set: "<chat>:<alert>" → minus the rate at which it acts going down
 *   ratealerts:pair:<pair>      the pair's slug and its last read rate, shared with the screens
 *   ratealerts:lease:<pair>     held by the instance reading the pair right now
 * A read then costs two range queries for the alerts it crossed, not one per subscriber. The scores
 * only pick candidates (floats); the decision is made on the record's decimal text
 * (rate-alert-rules.ts). An index entry whose alert is gone (deleted, the chat wiped) is dropped when met.
 */
import type { Language } from "../languages.js";
import { compareAndSet, type KV } from "./kv.js";
import { chatKeyPrefix } from "./settings.js";
import { MAX_ALERTS, pairKey, waitPoints, type RateAlert } from "./rate-alert-rules.js";
import type { PairRead } from "./rate-alert-rules.js";

export * from "./rate-alert-rules.js";

/** A chat's alerts, with the language it speaks (the watcher has no update to take it from). */
export interface ChatAlerts {
  lang?: Language;
  alerts: RateAlert[];
}

export const DUE_KEY = "ratealerts:due";
const alertsKey = (chatId: number | string) => `${chatKeyPrefix(chatId)}alerts`;
const upKey = (pair: string) => `ratealerts:up:${pair}`;
const downKey = (pair: string) => `ratealerts:down:${pair}`;
const readKey = (pair: string) => `ratealerts:pair:${pair}`;
export const leaseKey = (pair: string) => `ratealerts:lease:${pair}`;
const member = (chatId: number | string, alertId: string) => `${chatId}:${alertId}`;
/** More than any rate; the store's sorted-set reads take an upper bound only. */
const EVERYTHING = Number.POSITIVE_INFINITY;
/** Compare-and-set rounds before a write gives up (the watcher and the chat may meet). */
const MAX_ATTEMPTS = 5;

function parse(raw: string | undefined): ChatAlerts {
  if (raw === undefined) return { alerts: [] };
  try {
    const value = JSON.parse(raw) as ChatAlerts;
    return Array.isArray(value?.alerts) ? value : { alerts: [] };
  } catch {
    return { alerts: [] };
  }
}

export class RateAlertStore {
  constructor(
    private readonly kv: KV,
    /** RATE_ALERT_INTERVAL_MS: how often each watched direction is read. */
    readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async list(chatId: number | string): Promise<ChatAlerts> {
    return parse(await this.kv.get(alertsKey(chatId)));
  }

  /** Adds an alert (and watches its pair); "full" when the chat has MAX_ALERTS already. */
  async add(
    chatId: number | string,
    alert: RateAlert,
    lang: Language,
    slug: string,
  ): Promise<"added" | "full"> {
    let full = false;
    await this.change(chatId, (current) => {
      full = current.alerts.length >= MAX_ALERTS;
      return full ? undefined : { lang, alerts: [...current.alerts, alert] };
    });
    if (full) return "full";
    await this.#watch(chatId, alert, slug);
    return "added";
  }

  /** Puts a changed alert in place of the one with its id; false when that one is gone. */
  async replace(chatId: number | string, alert: RateAlert, lang: Language): Promise<boolean> {
    let old: RateAlert | undefined;
    await this.change(chatId, (current) => {
      old = current.alerts.find((a) => a.id === alert.id);
      if (old === undefined) return undefined;
      return { lang, alerts: current.alerts.map((a) => (a.id === alert.id ? alert : a)) };
    });
    if (old === undefined) return false;
    await this.place(chatId, alert);
    return true;
  }

  /** Deletes one alert; returns it, or undefined when it was gone already. */
  async remove(chatId: number | string, alertId: string): Promise<RateAlert | undefined> {
    let gone: RateAlert | undefined;
    await this.change(chatId, (current) => {
      gone = current.alerts.find((a) => a.id === alertId);
      if (gone === undefined) return undefined;
      return { ...current, alerts: current.alerts.filter((a) => a.id !== alertId) };
    });
    if (gone !== undefined) await this.unplace(chatId, gone);
    return gone;
  }

  /** Every alert of the chat gone (/logout, a chat that blocked the bot): out of the indexes too. */
  async dropChat(chatId: number | string): Promise<number> {
    const { alerts } = await this.list(chatId);
    await this.kv.del(alertsKey(chatId));
    for (const alert of alerts) await this.unplace(chatId, alert);
    return alerts.length;
  }

  /**
   * Applies `change` to the chat's alerts as one compare-and-set (the chat's own screens and the
   * watcher, from any instance, both write them). undefined from `change` writes nothing.
   */
  async change(
    chatId: number | string,
    change: (current: ChatAlerts) => ChatAlerts | undefined,
  ): Promise<ChatAlerts> {
    const key = alertsKey(chatId);
    for (let attempt = 1; ; attempt++) {
      const raw = await this.kv.get(key);
      const current = parse(raw);
      const next = change(current);
      if (next === undefined) return current;
      if (await this.#replace(key, raw, next)) return next;
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(
          `rate alerts of chat ${chatId} changed ${MAX_ATTEMPTS} times during one write`,
        );
    }
  }

  /** Only the chat's own (serialized) updates create the value: nothing races a first write. */
  #replace(key: string, raw: string | undefined, next: ChatAlerts): Promise<boolean> {
    const value = next.alerts.length === 0 ? undefined : JSON.stringify(next);
    return compareAndSet(this.kv, key, raw, value);
  }

  /** Puts the alert where it waits in its pair's indexes (rate-alert-rules.ts waitPoints). */
  async place(chatId: number | string, alert: RateAlert): Promise<void> {
    const pair = pairKey(alert);
    const who = member(chatId, alert.id);
    const { up, down } = waitPoints(alert);
    await Promise.all([
      up === undefined
        ? this.kv.zrem(upKey(pair), who)
        : this.kv.zadd(upKey(pair), who, Number(up)),
      down === undefined
        ? this.kv.zrem(downKey(pair), who)
        : this.kv.zadd(downKey(pair), who, -Number(down)),
    ]);
  }

  /** Takes the alert out of its pair's indexes; a pair nobody waits on is no longer read. */
  async unplace(chatId: number | string, alert: RateAlert): Promise<void> {
    const pair = pairKey(alert);
    const who = member(chatId, alert.id);
    await Promise.all([this.kv.zrem(upKey(pair), who), this.kv.zrem(downKey(pair), who)]);
    await this.unwatchIfIdle(pair);
  }

  /** A new alert waits in the indexes, and its pair is read from the next interval on (unless sooner). */
  async #watch(chatId: number | string, alert: RateAlert, slug: string): Promise<void> {
    const pair = pairKey(alert);
    await this.place(chatId, alert);
    const read = await this.pairRead(pair);
    if (read?.slug !== slug) await this.kv.set(readKey(pair), JSON.stringify({ ...read, slug }));
    if ((await this.kv.zscore(DUE_KEY, pair)) === undefined)
      await this.kv.zadd(DUE_KEY, pair, this.now() + this.intervalMs);
  }

  /** Stops reading a pair no alert waits on any more. */
  async unwatchIfIdle(pair: string): Promise<void> {
    const [ups, downs] = await Promise.all([
      this.kv.zrangeByScore(upKey(pair), EVERYTHING, 1),
      this.kv.zrangeByScore(downKey(pair), EVERYTHING, 1),
    ]);
    if (ups.length === 0 && downs.length === 0)
      await Promise.all([this.kv.zrem(DUE_KEY, pair), this.kv.del(readKey(pair))]);
  }

  // ---- the watcher's side ------------------------------------------------------------------------

  /** Pairs due for a read now, earliest first. */
  duePairs(now: number, limit: number): Promise<string[]> {
    return this.kv.zrangeByScore(DUE_KEY, now, limit);
  }

  async isDue(pair: string, now: number): Promise<boolean> {
    const at = await this.kv.zscore(DUE_KEY, pair);
    return at !== undefined && at <= now;
  }

  reschedule(pair: string, at: number): Promise<void> {
    return this.kv.zadd(DUE_KEY, pair, at);
  }

  /**
   * The alerts a rate may have crossed, as "<chat>:<alert>": waiting at or below it going up, at or
   * above it going down. A hair wider than the rate (floats): the records decide.
   */
  async candidates(pair: string, value: string): Promise<string[]> {
    const rate = Number(value);
    const slack = Math.abs(rate) * 1e-9;
    const [ups, downs] = await Promise.all([
      this.kv.zrangeByScore(upKey(pair), rate + slack, 100_000),
      this.kv.zrangeByScore(downKey(pair), -rate + slack, 100_000),
    ]);
    return [...new Set([...ups, ...downs])];
  }

  /** Drops an index entry whose alert is gone. */
  async forget(pair: string, who: string): Promise<void> {
    await Promise.all([this.kv.zrem(upKey(pair), who), this.kv.zrem(downKey(pair), who)]);
  }

  // ---- the shared read ----------------------------------------------------------------------------

  async pairRead(pair: string): Promise<PairRead | undefined> {
    const raw = await this.kv.get(readKey(pair));
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as PairRead;
    } catch {
      return undefined;
    }
  }

  /** A read younger than the interval (what every screen may show instead of reading again). */
  async freshRead(pair: string): Promise<PairRead | undefined> {
    const read = await this.pairRead(pair);
    return read?.at !== undefined && this.now() - read.at < this.intervalMs ? read : undefined;
  }

  async saveRead(pair: string, read: PairRead): Promise<void> {
    await this.kv.set(readKey(pair), JSON.stringify(read));
  }
}

/** "<chat>:<alert>" → its parts. */
export function memberParts(who: string): { chatId: string; alertId: string } {
  const at = who.lastIndexOf(":");
  return { chatId: who.slice(0, at), alertId: who.slice(at + 1) };
}
