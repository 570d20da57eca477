/** Small HTTP helpers for the sandbox tests: form-encoded POSTs and public GETs via global fetch. */
import type { Dialect } from "../../src/sandbox/dialect.js";
import { ORDER_POSITIONS } from "../../src/sandbox/positional.js";
import type { Sandbox } from "../../src/sandbox/server.js";

export type Fields = Record<string, string | number | Array<string | number>>;

export interface Answer {
  status: number;
  // A JSON answer of whatever shape the method has; the tests read the fields they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export function form(fields: Fields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, String(v));
  }
  return body;
}

/** POST a user method; `key` undefined sends no X-Authorization header. */
export async function post(
  sb: Sandbox,
  path: string,
  key: string | undefined,
  fields: Fields = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers["X-Authorization"] = key;
  const res = await fetch(`${sb.baseUrl}${path}`, { method: "POST", headers, body: form(fields) });
  return { status: res.status, body: await res.json() };
}

export async function get(sb: Sandbox, pathAndQuery: string): Promise<Answer> {
  const res = await fetch(`${sb.baseUrl}${pathAndQuery}`);
  return { status: res.status, body: await res.json() };
}

export function expectError(answer: Answer): string {
  if (
    answer.body.success !== false ||
    answer.body.result !== false ||
    typeof answer.body.message !== "string"
  ) {
    throw new Error(
      `expected the error envelope, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body.message as string;
}

/**
 * A list answer's orders as named records: the `positional` dialect's arrays read by the sandbox's
 * own order layout (positional.ts: dates as unix seconds, statuses as numbers), a paginator object's
 * list taken out of it (dialect.lists: Laravel's `data`, Yii's `items`), the others as they are.
 */
export function namedOrders<T = Record<string, unknown>>(dialect: Dialect, result: unknown): T[] {
  const wrapped = result as { data?: unknown[]; items?: unknown[] };
  const rows = (
    dialect.lists === undefined ? result : (wrapped.data ?? wrapped.items ?? result)
  ) as unknown[];
  if (!dialect.positional) return rows as T[];
  return rows.map(
    (row) =>
      Object.fromEntries(
        ORDER_POSITIONS.map((name, p) => [name, (row as unknown[])[p]]).filter(
          ([, value]) => value !== null,
        ),
      ) as T,
  );
}
