/**
 * Counting Bot API traffic without ever looking at what it carries:
 *  - `wrapFetch` sees every HTTP request (retries and conversations' own Api included). Only the
 *    method — the last path segment — is read from the URL; the token in the path is never kept.
 *    It also remembers how the latest getUpdates went, which /healthz uses in polling mode.
 *  - `retryCounter`, installed on bot.api BELOW auto-retry (createBot's `belowRetry`), sees every
 *    attempt of a call: auto-retry sends the same payload object again, so a payload seen before is a
 *    retry. The payload carries the mark itself, under a symbol (JSON leaves symbol keys out, so it never
 *    reaches Telegram), so it ends with the call.
 */
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
  retryCounter: Transformer;
  polling(): PollingProbe;
}

/** Set on a call's payload once auto-retry has sent it (an object grammY builds per call). */
const ATTEMPTED = Symbol("attempted");

export function telegramInstruments(
  metrics: AppMetrics,
  now: () => number = Date.now,
): TelegramInstruments {
  const polling: PollingProbe = { startedAt: undefined, finishedAt: undefined, ok: undefined };

  const wrapFetch = (fetch: Fetch): Fetch =>
    (async (url: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
      const method = methodOf(url);
      const isPoll = method === "getUpdates";
      if (isPoll)
        Object.assign(polling, { startedAt: now(), finishedAt: undefined, ok: undefined });
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

  const retryCounter: Transformer = (prev, method, payload, signal) => {
    if (typeof payload === "object" && payload !== null) {
      const marked = payload as { [ATTEMPTED]?: true };
      if (marked[ATTEMPTED]) metrics.telegramRetries(method, 1);
      else marked[ATTEMPTED] = true;
    }
    return prev(method, payload, signal);
  };

  return { wrapFetch, retryCounter, polling: () => ({ ...polling }) };
}

/** ".../bot<token>/sendMessage" → "sendMessage". */
function methodOf(url: unknown): string {
  const text =
    typeof url === "string"
      ? url
      : url instanceof URL
        ? url.pathname
        : String((url as { url?: unknown }).url ?? "");
  const query = text.indexOf("?");
  const end = query === -1 ? text.length : query;
  return text.slice(text.lastIndexOf("/", end - 1) + 1, end);
}

function outcomeOf(status: number): TelegramOutcome {
  if (status < 400) return "ok";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server_error";
  return "refused";
}
