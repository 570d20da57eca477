/**
 * The cost per update stays one store round trip: update dedupe, the chat budget and the chat
 * snapshot go to Redis as two scripts on one connection, both sent before either answer comes back —
 * never a chain of awaits.
 * - through a loopback TCP proxy in front of Redis, what the client sends and what Redis answers is
 *   logged in the order the proxy sees it;
 * - through the whole bot (all its Redis connections behind the same proxy), a redelivered update
 *   costs those two scripts and nothing else.
 */
import { createConnection, createServer, type Server } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpdateGate } from "../../../src/bot/core/update-gate.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { Harness, REDIS_URL } from "../../harness/harness.js";
import { deleteByPrefix, uniquePrefix } from "../../storage/helpers.js";

/** Commands named in a chunk of RESP sent by a client (`*<n>\r\n$<len>\r\n<NAME>\r\n`). */
const commandsIn = (chunk: string) =>
  [...chunk.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)].map((m) => m[1]!.toLowerCase());

describe("one store round trip per update", () => {
  const redisUrl = new URL(REDIS_URL);
  let proxy: Server;
  /** What passed the proxy, in order: the commands of a chunk the client sent, or an answer. */
  let events: (string[] | "answer")[] = [];
  const sent = () => events.flatMap((e) => (e === "answer" ? [] : e));

  beforeAll(async () => {
    // Forwards bytes both ways and logs the commands of each chunk the client wrote, and each answer.
    proxy = createServer((client) => {
      const upstream = createConnection(Number(redisUrl.port || 6379), redisUrl.hostname);
      client.on("data", (chunk) => {
        events.push(commandsIn(chunk.toString("latin1")));
        upstream.write(chunk);
      });
      upstream.on("data", (chunk) => {
        events.push("answer");
        client.write(chunk);
      });
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
  });

  it("dedupe, budget and snapshot are all sent before any answer comes back", async () => {
    const port = (proxy.address() as { port: number }).port;
    const prefix = uniquePrefix("round-trip");
    const redis = new Redis(port, "127.0.0.1");
    const gate = createUpdateGate({ kind: "redis", redis, prefix }, new RedisKV({ redis, prefix }));
    try {
      await gate.pass(1, 42, ["a", "b", "c"]); // connects and loads both scripts
      events = [];
      const pass = await gate.pass(2, 42, ["a", "b", "c"]);
      expect(pass).toEqual({
        repeated: false,
        waitMs: 0,
        values: [undefined, undefined, undefined],
      });
      const firstAnswer = events.indexOf("answer");
      expect(firstAnswer).toBeGreaterThan(0);
      expect(events.slice(0, firstAnswer).flat()).toEqual(["evalsha", "evalsha"]);
      expect(sent()).toEqual(["evalsha", "evalsha"]);
      events = [];
      expect((await gate.pass(2, 42, ["a"])).repeated).toBe(true);
      expect(sent()).toEqual(["evalsha", "evalsha"]);
    } finally {
      await gate.close();
      await deleteByPrefix(redis, prefix);
      redis.disconnect();
    }
  });

  it("a redelivered update costs Redis exactly those two scripts, nothing else", async () => {
    // The whole bot talks to Redis through the proxy, so every command of every connection it opens is
    // seen, and nothing from other test files (MONITOR would see the other workers' traffic too).
    const port = (proxy.address() as { port: number }).port;
    const h = await Harness.start({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      const user = await h.linkedUser("main");
      const update = user.textUpdate("/account");
      // Each delivery's store writes are done when it resolves (the bot awaits them all), so the
      // second one's count starts clean and is complete without waiting.
      await h.deliver(update);
      events = [];
      await h.deliver(update);
      expect(sent()).toEqual(["evalsha", "evalsha"]);
    } finally {
      await h.close();
    }
  });
});
