/**
 * What the user types as an alert's target, read into one: a number (above or below the rate now,
 * whichever side it is on, or the side a button chose), or a move in percent ("5 %" either way,
 * "+5 %" up, "-5 %" down). Numbers are read as the calculator reads amounts ("65 000", "61250,5");
 * "65,000" — fifteen hundred or one and a half? — is read the way that is nearer the rate now.
 */
import { amountReadings, parseAmount } from "../../../exchanger/index.js";
import { alreadyPast, type AlertKind, type MoveWay } from "../../../storage/rate-alert-rules.js";
import type { Translator } from "../../context.js";
import { accept, refuse, type Verdict } from "../../core/ask.js";
import { formatNumber } from "../../ui/money.js";

export interface Target {
  kind: AlertKind;
  target?: string;
  percent?: string;
  way?: MoveWay;
}

/** Digits a rate number may carry (more than any exchanger shows). */
const RATE_DECIMALS = 18;
const PERCENT = /^([+\-−±]?)\s*([\d.,]+)\s*(%?)$/;
const WAYS: Record<string, MoveWay> = {
  "+": "up",
  "-": "down",
  "−": "down",
  "±": "both",
  "": "both",
};

/** The reading of a number nearer the rate now (by ratio), when it reads two ways. */
function nearer(now: string, readings: readonly string[]): string {
  const distance = (value: string) => Math.abs(Math.log(Number(value) / Number(now)));
  return [...readings].sort((a, b) => distance(a) - distance(b))[0]!;
}

/** "65000.000" → "65000". */
const plain = (amount: string) => (amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount);

function readNumber(text: string, now: string): string | undefined {
  const readings = amountReadings(text, RATE_DECIMALS);
  if (readings !== undefined)
    return plain(nearer(now, [readings.group, ...(readings.decimal ? [readings.decimal] : [])]));
  const parsed = parseAmount(text, RATE_DECIMALS);
  return parsed.ok ? plain(parsed.amount) : undefined;
}

function readMove(tr: Translator, sign: string, digits: string): Verdict<Target> {
  const parsed = parseAmount(digits, 2);
  if (!parsed.ok || Number(parsed.amount) >= 100)
    return refuse(tr.t("alerts-target-percent-range"));
  return accept({ kind: "move", percent: plain(parsed.amount), way: WAYS[sign]! });
}

/** A number on the side the user chose (or the side it is on): never one the rate has passed already. */
function sideOf(
  tr: Translator,
  value: string,
  now: string,
  kind?: "above" | "below",
): Verdict<Target> {
  const shown = { target: formatNumber(tr, value), now: formatNumber(tr, now) };
  const side = kind ?? (Number(value) > Number(now) ? "above" : "below");
  if (value === now || Number(value) === Number(now))
    return refuse(tr.t("alerts-target-is-now", shown));
  if (alreadyPast(side, value, now)) return refuse(tr.t(`alerts-target-past-${side}`, shown));
  return accept({ kind: side, target: value });
}

/** The typed target for `kind` (a button's choice), or, without one, whatever the text says. */
export function readTarget(
  tr: Translator,
  text: string,
  now: string,
  kind?: AlertKind,
): Verdict<Target> {
  const compact = text.trim().replace(/\s+/g, " ");
  const percent = PERCENT.exec(compact.replace(/ (?=%)/, ""));
  // "5 %", or a signed number ("+5", "-5": a rate is never written with a sign) is a move.
  const isMove = percent && (percent[3] === "%" || percent[1] !== "");
  if (percent && (kind === "move" || (kind === undefined && isMove)))
    return readMove(tr, percent[1]!, percent[2]!);
  if (kind === "move") return refuse(tr.t("alerts-target-percent-range"));
  const value = /%/.test(compact) ? undefined : readNumber(compact, now);
  if (value === undefined || Number(value) <= 0)
    return refuse(tr.t("alerts-target-not-number", { now: formatNumber(tr, now) }));
  return sideOf(tr, value, now, kind);
}
