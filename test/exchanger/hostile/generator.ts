/**
 * Seeded hostile positional servers (src/sandbox/hostile.ts): an order layout of their own with
 * made-up columns (constants, hashes, secrets), filters applied exactly, ignored, loosely or refused,
 * rows of two lengths, a column inserted or removed after some answers, a first reader with varied
 * orders, one order, uniform orders or mostly unpaid ones, and a user object of 28–35 values, shifted,
 * with secrets at other positions. `hostileCase(seed)` is the whole case; a failing test prints it and
 * it replays from the seed alone.
 */
import { DIALECTS, type Dialect } from "../../../src/sandbox/dialect.js";
import type { FilterRule, HostileColumn, HostileServer } from "../../../src/sandbox/hostile.js";
import { ORDER_FILTER_NAMES } from "../../../src/sandbox/hostile.js";
import { seededRandom, type Random } from "../../../src/sandbox/random.js";
import type { Sandbox } from "../../../src/sandbox/server.js";

/** Who reads first: their orders are all a fresh server's profile has to learn from. */
export type FirstReader = "varied" | "single" | "uniform" | "unpaid";

export interface HostileCase {
  seed: number;
  server: HostileServer;
  firstReader: FirstReader;
  /** When set, get-info answers not the documented user object but this reshaping of it (hostileUser). */
  userObject?: { length: number; seed: number };
}

/** Secrets a reshaped user object carries at other positions than the documented ones. */
export const USER_SECRETS = [
  "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  `$2y$10$${"x".repeat(53)}`,
  "f".repeat(64),
] as const;

/** Values a made-up secret column or a user object may carry: never to be seen on a screen, a log line or in Redis. */
export const SECRET_SHAPES = /^\$2y\$10\$|^[a-f0-9]{64}$|^[A-Z2-7]{32}$/;

const FIELDS = [
  "token",
  "status",
  "id",
  "exchange_id",
  "send_currency_id",
  "receive_currency_id",
  "send_amount",
  "receive_amount",
  "rate",
] as const;
const OPTIONAL_FIELDS = ["created_at", "updated_at", "receive_wallet", "email", "comment"] as const;

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

function shuffled<T>(rand: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function madeUpColumns(rand: Random): HostileColumn[] {
  const kinds: HostileColumn[] = [
    { constant: 0 },
    { constant: 1 },
    { constant: "" },
    { hash: true },
    { secret: "bcrypt" },
    { secret: "base32" },
    { secret: "hex" },
  ];
  return Array.from({ length: Math.floor(rand() * 4) }, () => pick(rand, kinds));
}

function filterRules(
  rand: Random,
): Partial<Record<(typeof ORDER_FILTER_NAMES)[number], FilterRule>> {
  const rule = (): FilterRule => {
    const r = rand();
    return r < 0.6
      ? "exact"
      : r < 0.7
        ? "ignored"
        : r < 0.8
          ? "at-least"
          : r < 0.9
            ? "contains"
            : "refused";
  };
  return Object.fromEntries(ORDER_FILTER_NAMES.map((name) => [name, rule()]));
}

function upgradeOf(rand: Random, columns: number): HostileServer["upgrade"] {
  if (rand() >= 0.3) return undefined;
  const afterAnswers = 25 + Math.floor(rand() * 25);
  return rand() < 0.5
    ? { afterAnswers, insert: { at: Math.floor(rand() * (columns + 1)), column: { hash: true } } }
    : { afterAnswers, remove: Math.floor(rand() * columns) };
}

/**
 * The documented user object reshaped: 28–35 values (some dropped, or secrets inserted), the documented
 * length with every value shifted by one, and the secrets put at other positions.
 */
export function hostileUser(
  plan: { length: number; seed: number },
  documented: readonly unknown[],
): unknown[] {
  const rand = seededRandom(plan.seed);
  const values: unknown[] = [...documented];
  while (values.length > plan.length) values.splice(Math.floor(rand() * values.length), 1);
  while (values.length < plan.length)
    values.splice(Math.floor(rand() * values.length), 0, pick(rand, USER_SECRETS));
  if (plan.length === documented.length) values.unshift(values.pop());
  for (const secret of USER_SECRETS) values[Math.floor(rand() * values.length)] = secret;
  return values;
}

/**
 * The case of a seed. `honest`: the filters honoured exactly and a first reader with varied orders —
 * everything else as hostile as any case — so that a run also reaches the end where Pay is offered.
 */
export function hostileCase(seed: number, honest = false): HostileCase {
  const rand = seededRandom(seed);
  const fields = [...FIELDS, ...OPTIONAL_FIELDS.filter(() => rand() < 0.6)];
  const orderColumns = shuffled(rand, [
    ...fields.map((field): HostileColumn => ({ field })),
    ...madeUpColumns(rand),
  ]);
  const server: HostileServer = {
    seed,
    orderColumns,
    filters: honest ? {} : filterRules(rand),
    ...(rand() < 0.15 && { mixedLengths: true }),
  };
  const upgrade = upgradeOf(rand, orderColumns.length);
  if (upgrade !== undefined) server.upgrade = upgrade;
  const firstReader = honest
    ? "varied"
    : pick(rand, ["varied", "single", "uniform", "unpaid"] as const);
  const user =
    rand() < 0.5 ? { length: 28 + Math.floor(rand() * 8), seed: seed * 7 + 1 } : undefined;
  return { seed, server, firstReader, ...(user && { userObject: user }) };
}

/** The sandbox dialect of a case. */
export const hostileDialect = (c: HostileCase): Dialect => ({
  ...DIALECTS.positional,
  hostile: c.server,
});

/** The account the first reader links: `main` as seeded, or `empty` given the case's orders. */
export function seedFirstReader(sandbox: Sandbox, c: HostileCase): "main" | "empty" {
  const add = (partial: Record<string, unknown>) => sandbox.addOrder("empty", partial);
  switch (c.firstReader) {
    case "varied":
      return "main";
    case "single":
      add({ status: 0, exchange_id: 5, send_amount: "150.00" });
      return "empty";
    case "uniform":
      for (let i = 0; i < 4; i++)
        add({ status: i % 2 === 0 ? 0 : 4, exchange_id: 2, send_amount: "500.00" });
      return "empty";
    case "unpaid":
      for (let i = 0; i < 5; i++)
        add({ status: 0, exchange_id: 2 + (i % 3), send_amount: `${100 + i * 37}.00` });
      add({ status: 4, exchange_id: 2, send_amount: "250.00" });
      return "empty";
  }
}

/** The case in one line, for a failing test's message. */
export const describeCase = (c: HostileCase): string => JSON.stringify(c);
