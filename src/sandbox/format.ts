/** Small formatting helpers shared by the seed data and the methods. */

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD HH:MM:SS" in UTC, the way Exchanger CMS prints MySQL DATETIME columns. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** Money as PHP sends it: a decimal string with a fixed number of places. */
export function formatAmount(value: number, decimals = 2): string {
  return value.toFixed(decimals);
}

/** Parses an amount string ("1 500,50" is not expected; a plain decimal is). NaN when unusable. */
export function parseAmount(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return Number.NaN;
  return Number(value);
}
