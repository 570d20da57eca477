import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { chatLock } from "../../../src/bot/middlewares/chat-lock.js";
import type { FlowContext } from "../../../src/bot/context.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { REDIS_URL } from "../../harness/harness.js";

const redis = new Redis(REDIS_URL);
const prefix = `test:lock:${randomBytes(4).toString("hex")}:`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("cross-instance chat lock", () => {
  it("runs two instances' updates of one chat one after the other, and other chats in parallel", async () => {
    // Two "instances": separate middleware and KV objects over the same Redis prefix.
    const instanceA = chatLock(new RedisKV({ redis, prefix }), { pollMs: 5 });
    const instanceB = chatLock(new RedisKV({ redis, prefix }), { pollMs: 5 });
    const events: string[] = [];
    // Chat 1's handlers end only once chat 2's has started: were chat 2 made to wait for chat 1,
    // nothing would ever end (the test fails on its timeout). No durations involved.
    let chat2Started!: () => void;
    const chat2Running = new Promise<void>((resolve) => (chat2Started = resolve));
    const handler = (name: string) => async () => {
      events.push(`${name}:start`);
      if (name === "b2") chat2Started();
      else await chat2Running;
      events.push(`${name}:end`);
    };
    const ctx = (chatId: number) => ({ chatId }) as FlowContext;
    await Promise.all([
      instanceA(ctx(1), handler("a1")),
      instanceB(ctx(1), handler("b1")),
      instanceB(ctx(2), handler("b2")),
    ]);

    const chat1 = events.filter((e) => !e.startsWith("b2"));
    // Chat 1: one handler finished before the other started.
    expect([chat1[0]!.split(":")[0], chat1[1]!.split(":")[0]]).toEqual([
      chat1[0]!.split(":")[0],
      chat1[0]!.split(":")[0],
    ]);
    // Chat 2 did not wait for chat 1.
    expect(events.indexOf("b2:start")).toBeLessThan(events.indexOf(chat1[1]!));
    // The lock is released.
    expect(await redis.keys(`${prefix}lock:*`)).toEqual([]);
  });
});
