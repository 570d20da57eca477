/** The /stats text: every figure labelled, "unknown" rather than a misleading zero. */
import type { Translator } from "../../context.js";
import type { OperatorStats } from "../../../operator/stats.js";

export function renderStats(ctx: Translator, stats: OperatorStats): string {
  const unknown = ctx.t("stats-unknown");
  const count = (n: number | undefined) => (n === undefined ? unknown : String(n));
  const ms = (n: number | undefined) => (n === undefined ? unknown : ctx.t("stats-ms", { ms: n }));
  const availability =
    stats.exchangerAvailability === undefined
      ? unknown
      : `${(Math.floor(stats.exchangerAvailability * 1000) / 10).toString()}%`;
  const state =
    stats.exchangerFailingSince === undefined
      ? ctx.t("stats-exchanger-up")
      : ctx.t("stats-exchanger-down", {
          since: new Date(stats.exchangerFailingSince).toISOString().slice(0, 16).replace("T", " "),
        });
  return [
    ctx.t("stats-title"),
    "",
    ctx.t("stats-linked", { count: count(stats.linkedChats) }),
    ctx.t("stats-subscribers", { count: count(stats.subscribers) }),
    "",
    ctx.t("stats-last-hour"),
    ctx.t("stats-updates", { count: stats.updates }),
    ctx.t("stats-errors", { count: stats.errors }),
    ctx.t("stats-latency", { p50: ms(stats.exchangerP50Ms), p95: ms(stats.exchangerP95Ms) }),
    ctx.t("stats-availability", {
      value: availability,
      answered: stats.exchangerAnswered,
      failed: stats.exchangerUnavailable,
    }),
    "",
    state,
  ].join("\n");
}
