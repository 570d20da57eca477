/**
 * Rate limiters (rate-limiter-flexible) over the bot's storage: Redis when the store is Redis, so every
 * instance counts against the same budget; in memory with the embedded store, which serves one process.
 * One factory, so the chat budget and the 2FA attempt counter behave alike in both modes.
 */
import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/** Where limiters keep their counts: Redis (with the bot's global key prefix) or this process. */
export type LimiterStore = { kind: "redis"; redis: Redis; prefix: string } | { kind: "memory" };

export interface LimiterOptions {
  /** Short, distinct per limiter: keys are `<global prefix><name>:<key>`. */
  name: string;
  points: number;
  durationSec: number;
}

export function createLimiter(store: LimiterStore, options: LimiterOptions): RateLimiterAbstract {
  const common = { points: options.points, duration: options.durationSec };
  return store.kind === "redis"
    ? new RateLimiterRedis({
        ...common,
        storeClient: store.redis,
        keyPrefix: store.prefix + options.name,
      })
    : new RateLimiterMemory({ ...common, keyPrefix: options.name });
}

/** ms until the limiter admits `key` again; 0 when it has points left. Store errors propagate. */
export async function consumeOrWait(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return Math.max(1, (rejection as { msBeforeNext: number }).msBeforeNext);
  }
}
