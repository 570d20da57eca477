/**
 * The HTTP client grammY uses for the Bot API: undici (already the exchanger's client) instead of
 * grammY's default node-fetch over node:http. grammY only needs `fetch(url, init)` whose answer has
 * `json()`; undici's request() gives that with less work per call (measured: docs/performance.md).
 *
 * JSON bodies arrive as strings, file uploads as a multipart Readable stream; both are passed as they
 * are. grammY's timeout reaches undici through the AbortSignal.
 */
import { Agent, request } from "undici";
import type { ApiClientOptions } from "grammy";

export interface TelegramFetch {
  fetch: NonNullable<ApiClientOptions["fetch"]>;
  close(): Promise<void>;
}

type Init = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | NodeJS.ReadableStream;
  signal?: AbortSignal;
};

export function createTelegramFetch(): TelegramFetch {
  // Long polling holds a request up to ~30 s; uploads may be slow: leave undici's 300 s limits.
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const fetch = async (url: string, init: Init = {}) => {
    const response = await request(url, {
      dispatcher: agent,
      method: (init.method ?? "GET") as "GET",
      headers: init.headers,
      body: init.body as never,
      signal: init.signal,
    });
    return {
      ok: response.statusCode < 400,
      status: response.statusCode,
      json: () => response.body.json(),
    };
  };
  return { fetch: fetch as unknown as TelegramFetch["fetch"], close: () => agent.close() };
}
