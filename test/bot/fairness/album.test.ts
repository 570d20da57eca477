/**
 * An album is one action. A user who browsed quickly (15 taps) and then sends an album of 10
 * verification photos — delivered by the real runner all at once, as Telegram delivers an album —
 * gets all ten accepted and submitted, and is never told to slow down. The flood protection stays:
 * a chat is still stopped by its budget and its backlog for anything that is not one album, and one
 * "album" cannot carry more than Telegram's 10 items for free.
 */
import { run, type RunnerHandle } from "@grammyjs/runner";
import type { Update } from "grammy/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import {
  ALBUM_MAX_ITEMS,
  CHAT_BUDGET,
  createUpdateGate,
  type UpdateGate,
} from "../../../src/bot/core/update-gate.js";
import { FileKV } from "../../../src/storage/kv-file.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { Harness, REDIS_URL } from "../../harness/harness.js";
import type { SimUser } from "../../harness/user.js";
import { until } from "../../faults/own-sentinel.js";
import { deleteByPrefix, tempDir, uniquePrefix } from "../../storage/helpers.js";

const SLOW_DOWN = /faster than I can handle|Too many requests from this chat/;

describe("an album", () => {
  let h: Harness;
  let runner: RunnerHandle | undefined;
  beforeEach(async () => {
    h = await Harness.start({ http: true }); // the Telegram fake serves files: the real downloader runs
    h.sandbox.state.accounts.main!.verification!.status = "rejected"; // may be sent again (an approved one may not)
  });
  afterEach(async () => {
    if (runner?.isRunning()) await runner.stop();
    runner = undefined;
    await h.close();
  });

  /** Delivers through the real runner (concurrent, like production) and waits until `done`. */
  async function viaRunner(updates: Update[], done: () => boolean): Promise<void> {
    for (const update of updates) h.fake.pushUpdate(update);
    runner ??= run(h.app.bot, { runner: { fetch: { timeout: 1 } } });
    await until("the runner to handle the updates", async () => done());
  }

  function album(user: SimUser, count: number, group: string): Update[] {
    return Array.from({ length: count }, (_, i) =>
      user.photoUpdate({ size: 40_000 + i, mediaGroupId: group }),
    );
  }

  const slowDowns = (user: SimUser) =>
    user.visible().filter((m) => m.from === "bot" && SLOW_DOWN.test(m.text));

  it("costs the chat's budget once: after 45 taps, all 10 photos of an album are accepted and submitted, nobody told to slow down", async () => {
    const user = await h.linkedUser("main");
    for (let i = 0; i < 45; i++) await user.send(i % 2 === 0 ? "/menu" : "/help"); // browsing quickly
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press("💳 Bank card");
    await user.send("4111 1111 1111 1111");
    await user.send("Ivan");
    await user.send("Petrenko");
    expect(user.lastText()).toContain("photo of your card");
    // 45 taps + 6 steps of the form = 51 of the 60 updates a minute: an album of 10 is 61 updates.
    expect(51 + 10).toBeGreaterThan(CHAT_BUDGET.points);

    await viaRunner(album(user, 10, "album-of-ten"), () =>
      user.transcript().includes("Photo 10 received"),
    );
    expect(user.transcript()).toContain("Photo 10 received");
    expect(slowDowns(user)).toEqual([]);
    await runner!.stop();

    await user.press("✅ Done (10 photos)");
    await user.press("📤 Submit");
    const submitted = h.exchangerCalls("/user-api-submit-verification").at(-1)!;
    expect(submitted.files).toHaveLength(10);
  }, 60_000);

  it("still stops a flood dressed as an album: 40 items of one media group (Telegram sends at most 10) are told to slow down", async () => {
    const user = await h.linkedUser("main");
    // One "album" of 40 items (Telegram never sends more than 10): the items past 10 are charged.
    const forged = album(user, 40, "forged-album");
    await viaRunner(forged, () => slowDowns(user).length > 0);
    expect(slowDowns(user).length).toBeGreaterThan(0);
  }, 60_000);
});

describe.each(["redis", "embedded"] as const)(
  "the chat budget's gate on the %s store",
  (backend) => {
    const BUDGET = 3;
    let gate: UpdateGate;
    let undo: () => Promise<void>;
    let nextUpdate = 1;
    beforeEach(async () => {
      if (backend === "redis") {
        const redis = new Redis(REDIS_URL);
        const prefix = uniquePrefix("album-gate");
        gate = createUpdateGate(
          { kind: "redis", redis, prefix },
          new RedisKV({ redis, prefix }),
          BUDGET,
        );
        undo = async () => {
          await gate.close();
          await deleteByPrefix(redis, prefix);
          redis.disconnect();
        };
      } else {
        const dir = await tempDir();
        const kv = await FileKV.open(dir.path);
        gate = createUpdateGate({ kind: "memory" }, kv, BUDGET);
        undo = async () => {
          await gate.close();
          await kv.close();
          await dir.remove();
        };
      }
    });
    afterEach(() => undo());

    const waits = async (chatId: number, count: number, album?: string) => {
      const result: number[] = [];
      for (let i = 0; i < count; i++)
        result.push((await gate.pass(nextUpdate++, chatId, [], album)).waitMs);
      return result;
    };

    it("an album of 10 spends one token: two more updates pass, the third is refused", async () => {
      expect(await waits(1, ALBUM_MAX_ITEMS, "a")).toEqual(Array(ALBUM_MAX_ITEMS).fill(0));
      const [second, third, fourth] = await waits(1, 3);
      expect([second, third]).toEqual([0, 0]);
      expect(fourth).toBeGreaterThan(0);
    });

    it("a chat whose budget is spent has its whole album refused, not only the first item", async () => {
      await waits(2, BUDGET);
      const album = await waits(2, ALBUM_MAX_ITEMS, "b");
      expect(album.every((ms) => ms > 0)).toBe(true);
    });

    it("items beyond Telegram's 10 of one media group pay like any update", async () => {
      const forged = await waits(3, ALBUM_MAX_ITEMS + BUDGET, "c");
      expect(forged.slice(0, ALBUM_MAX_ITEMS + BUDGET - 1)).toEqual(
        Array(ALBUM_MAX_ITEMS + BUDGET - 1).fill(0),
      );
      expect(forged.at(-1)).toBeGreaterThan(0); // 1 (the album) + BUDGET - 1 extra items spent it
    });
  },
);
