/**
 * Cross-instance per-chat serialization for webhook deployments with several replicas.
 *
 * `sequentialize` orders a chat's updates inside one process. Behind a load balancer, two updates of
 * one chat can reach two instances at once, and both would replay the same conversation state. A
 * short Redis lock (SET NX PX) per chat makes the second instance wait its turn. The TTL bounds the
 * damage of a crashed holder; a waiter that gives up still handles the update rather than drop it.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction } from "grammy";
import type { KV } from "../../storage/kv.js";
import type { FlowContext } from "../context.js";

export interface ChatLockOptions {
  ttlMs?: number;
  waitMs?: number;
  pollMs?: number;
}

export function chatLock(kv: KV, options: ChatLockOptions = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const waitMs = options.waitMs ?? 30_000;
  const pollMs = options.pollMs ?? 25;
  return async (ctx: FlowContext, next: NextFunction): Promise<void> => {
    if (ctx.chatId === undefined) return next();
    const key = `lock:chat:${ctx.chatId}`;
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    let held = await kv.setIfAbsent(key, token, ttlMs);
    while (!held && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      held = await kv.setIfAbsent(key, token, ttlMs);
    }
    try {
      await next();
    } finally {
      // Release only our own lock: after a TTL expiry another instance may hold it now.
      if (held && (await kv.get(key)) === token) await kv.del(key);
    }
  };
}
