/**
 * Where an order's amounts sit, placed only by relations that hold in the data and tell the
 * positions apart — never by which column "varies less" (a customer who always sends 0.5 BTC has a
 * constant send amount and a moving rate):
 *
 * 1. three number columns with a × k ≈ b in every row, within the amounts' own decimals;
 * 2. the rows do not all carry the same amounts (one order, or uniform orders, prove nothing);
 * 3. which of a and k is the rate, and which way it runs, told by the rate each row's direction
 *    quotes now (public-api-get-exchange): k near it (or near its inverse: then b is the send amount),
 *    in at least one row where a is not, and in no row far off. Exactly one reading may survive.
 *
 * Pure: the directions' rates come in per row (undefined where unknown).
 */
import { numericValue } from "./value-types.js";
import type { Row } from "./filter-evidence.js";

export interface AmountPlacement {
  send: number;
  receive: number;
  /** Undefined when the column holds the inverse rate (send per one received): not the order's rate as the bot reads it. */
  rate?: number;
  why: string;
}

/** A rate more than this many times off the direction's is not this direction's rate at all. */
const FAR = 10;
/** Within this many times, a value reads as the direction's rate (rates move between orders). */
const NEAR = 2;

const ratio = (x: number, y: number) => Math.max(Math.abs(x / y), Math.abs(y / x));

/** Half a unit of the last decimal the value was written with (its rounding), at least a ten-thousandth of it. */
function slack(raw: unknown, value: number): number {
  const written = String(raw).replace(",", ".");
  const decimals = /\.(\d+)/.exec(written)?.[1]?.length ?? 0;
  return Math.max(0.5 * 10 ** -decimals, Math.abs(value) * 1e-4);
}

interface Triple {
  a: number;
  k: number;
  b: number;
}

/** Every (a, k, b) with a × k ≈ b in all rows, a < k (the product reads the same both ways). */
function products(rows: readonly Row[], columns: readonly number[]): Triple[] {
  const n = (row: Row, p: number) => numericValue(row[p]) ?? Number.NaN;
  const found: Triple[] = [];
  for (const a of columns)
    for (const k of columns)
      for (const b of columns) {
        if (a >= k || b === a || b === k) continue;
        const holds = rows.every((row) => {
          const [x, y, z] = [n(row, a), n(row, k), n(row, b)];
          return z !== 0 && Math.abs(x * y - z) <= slack(row[b], z) + Math.abs(z) * 1e-9;
        });
        if (holds) found.push({ a, k, b });
      }
  return found;
}

interface Reading {
  send: number;
  rate: number;
  receive: number;
  inverse: boolean;
}

/** The four ways a triple may be read: which factor is the rate, and whether it runs receive per send. */
function readingsOf({ a, k, b }: Triple): Reading[] {
  return [
    { send: a, rate: k, receive: b, inverse: false },
    { send: k, rate: a, receive: b, inverse: false },
    { send: b, rate: k, receive: a, inverse: true },
    { send: b, rate: a, receive: k, inverse: true },
  ];
}

/** Whether the directions' rates support this reading: near in one row where the other factor is not, far in none. */
function supported(
  reading: Reading,
  rows: readonly Row[],
  quoted: readonly (number | undefined)[],
) {
  const other = (r: Reading) => (r.inverse ? r.receive : r.send);
  let support = 0;
  for (let i = 0; i < rows.length; i++) {
    const q = quoted[i];
    const k = numericValue(rows[i]![reading.rate]);
    const x = numericValue(rows[i]![other(reading)]);
    if (q === undefined || q <= 0 || k === undefined || x === undefined || k === 0) continue;
    const expected = reading.inverse ? 1 / q : q;
    if (ratio(k, expected) > FAR) return false;
    if (ratio(k, expected) <= NEAR && ratio(x, expected) > NEAR) support++;
  }
  return support > 0;
}

/**
 * The amounts' positions, or undefined when nothing tells them apart. `quoted`: per row, the rate its
 * direction quotes now (receive per one sent), where known.
 */
export function placeAmounts(
  rows: readonly Row[],
  columns: readonly number[],
  quoted: readonly (number | undefined)[],
): AmountPlacement | undefined {
  const distinct = (t: Triple) =>
    new Set(rows.map((r) => JSON.stringify([r[t.a], r[t.k], r[t.b]]))).size;
  const triples = products(rows, columns).filter((t) => distinct(t) >= 2);
  const readings = triples.flatMap(readingsOf).filter((r) => supported(r, rows, quoted));
  if (readings.length !== 1) return undefined;
  const [reading] = readings as [Reading];
  return {
    send: reading.send,
    receive: reading.receive,
    ...(!reading.inverse && { rate: reading.rate }),
    why: `send × rate = receive in ${rows.length} row(s) with different amounts, the rate near the one each direction quotes`,
  };
}
