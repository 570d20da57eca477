/**
 * Counting Bot API traffic without ever looking at what it carries:
 *  - `wrapFetch` sees every HTTP request (retries and conversations' own Api included). Only the
 *    method — the last path segment — is read from the URL; the token in the path is never kept.
 *    It also remembers how the latest getUpdates went, which /healthz uses in polling mode.
 *  - `transformer`, installed on bot.api AFTER auto-retry (so it wraps it), marks each logical call
 *    with an AsyncLocalStorage counter that the fetch below increments: attempts beyond the first
 *    are auto-retry's retries.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ApiClientOptions, Transformer } from "grammy";
import type { AppMetrics, TelegramOutcome } from "./metrics.js";

type Fetch = NonNullable<ApiClientOptions["fetch"]>;

/** How the latest getUpdates request went (polling mode's "are updates arriving?"). */
export interface PollingProbe {
  /** When the latest getUpdates request was sent; undefined before the first. */
  startedAt: number | undefined;
  /** When it ended and whether Telegram answered it; undefined while it is still waiting (long poll). */
  finishedAt: number | undefined;
  ok: boolean | undefined;
}

export interface TelegramInstruments {
  wrapFetch(fetch: Fetch): Fetch;
  transformer: Transformer;
  polling(): PollingProbe;
}

export function telegramInstruments(metrics: AppMetrics, now: () => number = Date.now): TelegramInstruments {
  const attempts = new AsyncLocalStorage<{ count: number }>();
  const polling: PollingProbe = { startedAt: undefined, finishedAt: undefined, ok: undefined };

  const wrapFetch = (fetch: Fetch): Fetch =>
    (async (url: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
      const method = methodOf(url);
      const counter = attempts.getStore();
      if (counter) counter.count++;
      const isPoll = method === "getUpdates";
      if (isPoll) Object.assign(polling, { startedAt: now(), finishedAt: undefined, ok: undefined });
      try {
        const response = await fetch(url, init);
        metrics.telegramRequest(method, outcomeOf(response.status));
        if (isPoll) Object.assign(polling, { finishedAt: now(), ok: response.ok });
        return response;
      } catch (error) {
        metrics.telegramRequest(method, "network");
        if (isPoll) Object.assign(polling, { finishedAt: now(), ok: false });
        throw error;
      }
    }) as Fetch;

  const transformer: Transformer = async (prev, method, payload, signal) => {
    const counter = { count: 0 };
    try {
      return await attempts.run(counter, () => prev(method, payload, signal));
    } finally {
      metrics.telegramRetries(method, counter.count - 1);
    }
  };

  return { wrapFetch, transformer, polling: () => ({ ...polling }) };
}

/** ".../bot<token>/sendMessage" → "sendMessage". */
function methodOf(url: unknown): string {
  const text = typeof url === "string" ? url : url instanceof URL ? url.pathname : String((url as { url?: unknown }).url ?? "");
  const path = text.split("?")[0] ?? "";
  return path.slice(path.lastIndexOf("/") + 1);
}

function outcomeOf(status: number): TelegramOutcome {
  if (status < 400) return "ok";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "refused";
}
