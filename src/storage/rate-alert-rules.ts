/**
 * What a rate alert is and when it speaks, free of storage and of Telegram: the record a chat keeps,
 * the rate number alerts compare ("receive per one sent", as the exchanger writes a rate), the points
 * where an alert waits, and what a new rate does to it.
 *
 * - above X: tells once when the rate reaches X, then waits for the rate to fall back below X
 *   (re-armed silently) before it can tell again; below X the other way round.
 * - move N %: tells when the rate has moved N % from its anchor (up, down or either way), then
 *   re-anchors at the rate that crossed, so the next message is about the next N %.
 *
 * Decimal text throughout (big.js with its own constructor, strict: no binary float decides a
 * crossing); the store's indexes rank alerts by a float score, and only pick candidates with it.
 */
import BigConstructor, { type Big } from "big.js";
import type { Direction } from "../exchanger/index.js";

const Decimal = BigConstructor();
Decimal.DP = 30;
Decimal.strict = true;

/** Most alerts one chat may keep. */
export const MAX_ALERTS = 10;
/** Digits kept of a rate number: more than any exchanger shows. */
const RATE_DECIMALS = 18;

export type AlertKind = "above" | "below" | "move";
export type MoveWay = "up" | "down" | "both";

export interface RateAlert {
  /** Short and random: it travels in buttons. */
  id: string;
  sendId: string;
  receiveId: string;
  kind: AlertKind;
  /** above / below: the rate number it waits for (plain decimal text). */
  target?: string;
  /** move: how far, in percent (plain decimal text), and which way. */
  percent?: string;
  way?: MoveWay;
  /** move: the rate it measures from; re-anchored each time it tells. */
  anchor?: string;
  /** above / below: false once it told, until the rate is back on the other side. */
  armed: boolean;
  /** When it last told (ms). */
  firedAt?: number;
}

/** The rate number of a direction's rate: how much is received for one unit sent; undefined when unusable. */
export function rateValue(rate: { send: string; receive: string } | undefined): string | undefined {
  if (rate === undefined) return undefined;
  try {
    const send = new Decimal(rate.send);
    const receive = new Decimal(rate.receive);
    if (send.lte("0") || receive.lte("0")) return undefined;
    return plain(receive.div(send).round(RATE_DECIMALS, 0));
  } catch {
    return undefined;
  }
}

/** "61250.000" → "61250": the shortest text of a decimal. */
function plain(value: Big): string {
  const text = value.toFixed();
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

const dec = (text: string) => new Decimal(text);

/** Where an alert waits: it acts when the rate reaches `up` (≥) or falls to `down` (≤). */
export interface WaitPoints {
  up?: string;
  down?: string;
}

/** The percent move's two edges around its anchor. */
function moveEdges(alert: RateAlert): WaitPoints {
  const anchor = dec(alert.anchor ?? "0");
  const share = dec(alert.percent ?? "0").div("100");
  const way = alert.way ?? "both";
  return {
    ...(way !== "down" && { up: plain(anchor.times(dec("1").plus(share))) }),
    ...(way !== "up" && { down: plain(anchor.times(dec("1").minus(share))) }),
  };
}

export function waitPoints(alert: RateAlert): WaitPoints {
  if (alert.kind === "move") return moveEdges(alert);
  const target = alert.target ?? "0";
  const waitsAbove = (alert.kind === "above") === alert.armed;
  return waitsAbove ? { up: target } : { down: target };
}

/** What a new rate does to an alert. */
export type Verdict =
  /** It tells the chat; `next` is the alert as it waits afterwards. */
  | { act: "fire"; next: RateAlert }
  /** The rate went back past its target: armed again, nothing said. */
  | { act: "rearm"; next: RateAlert }
  | { act: "none" };

export function judge(alert: RateAlert, value: string, now: number): Verdict {
  const rate = dec(value);
  if (alert.kind === "move") {
    const { up, down } = moveEdges(alert);
    const crossed = (up !== undefined && rate.gte(up)) || (down !== undefined && rate.lte(down));
    return crossed
      ? { act: "fire", next: { ...alert, anchor: value, firedAt: now } }
      : { act: "none" };
  }
  const target = dec(alert.target ?? "0");
  const reached = alert.kind === "above" ? rate.gte(target) : rate.lte(target);
  if (alert.armed && reached)
    return { act: "fire", next: { ...alert, armed: false, firedAt: now } };
  // Back strictly on the other side: a rate that stays exactly at the target re-arms nothing.
  const back = alert.kind === "above" ? rate.lt(target) : rate.gt(target);
  if (!alert.armed && back) return { act: "rearm", next: { ...alert, armed: true } };
  return { act: "none" };
}

/** Whether the rate now is already past what the user asks for (above a number it is above now…). */
export function alreadyPast(kind: "above" | "below", target: string, now: string): boolean {
  return kind === "above" ? dec(now).gte(target) : dec(now).lte(target);
}

/** The move in percent from `from` to `to`, signed, to two decimals ("+3.25", "-0.5"). */
export function percentMove(from: string, to: string): string {
  const base = dec(from);
  if (base.eq("0")) return "0";
  const move = dec(to).minus(base).div(base).times("100").round(2, 1);
  const text = plain(move);
  return move.gt("0") ? `+${text}` : text;
}

/** A direction as alerts name it: the send and receive currency ids. */
export interface Pair {
  sendId: string;
  receiveId: string;
}

/** A pair's last read, shared by instances and screens. */
export interface PairRead {
  slug: string;
  /** The rate number (rate-alert-rules.ts rateValue); absent when the last read gave none. */
  value?: string;
  /** When it was read (ms); absent before the first read. */
  at?: number;
  /** Why the last read gave no rate: the direction has none now, or its place is not certain. */
  problem?: "no-rate" | "unsure-rate" | "gone";
}

/**
 * What one read of a direction says for alerts: its rate number, or why there is none (no rate, or a
 * positional answer whose values could not all be placed: its rate is not certain).
 */
export function pairReadOf(
  direction: Pick<Direction, "rate" | "unplaced">,
  slug: string,
  at: number,
): PairRead {
  const value = rateValue(direction.rate);
  if (value !== undefined) return { slug, at, value };
  return { slug, at, problem: direction.unplaced === undefined ? "no-rate" : "unsure-rate" };
}

export const pairKey = (pair: Pair) => `${pair.sendId}:${pair.receiveId}`;
export const pairOf = (key: string): Pair => {
  const [sendId = "", receiveId = ""] = key.split(":");
  return { sendId, receiveId };
};
