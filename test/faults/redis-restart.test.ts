/**
 * Redis restarted in the middle of a conversation (a private redis-server with append-only
 * persistence, see own-redis.ts): the linked key survives, the flow resumes where it was, and an
 * update that arrives while Redis is down gets a clear answer rather than silence.
 */
import { describe, expect, it } from "vitest";
import { onOwnRedis } from "./helpers.js";

describe("Redis restarted mid-conversation", () => {
  const world = onOwnRedis();

  it("keeps the key and resumes the add-detail flow at its prompt", async () => {
    const [h, redis] = [world.harness(), world.redis()];
    const user = await h.linkedUser();
    await user.send("/details");
    await user.press("dt:add");
    await user.press(/^adp:c:0$/);
    expect(user.lastText()).toMatch(/Send the .* detail/);

    await redis.crash();
    await redis.up();
    await world.botReconnected();

    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    await user.send("bc1-restart-survivor-0001");
    const created = h.exchangerCalls("/user-api-create-details").at(-1);
    expect(created?.fields.value).toBe("bc1-restart-survivor-0001");
    expect(user.transcript()).toContain("Saved");
  });

  it("an update that arrives while Redis is down gets a clear answer; the flow goes on after", async () => {
    const [h, redis] = [world.harness(), world.redis()];
    const user = await h.linkedUser();
    await user.send("/details");
    await user.press("dt:add");
    await user.press(/^adp:c:0$/);
    const before = user.visible().length;

    await redis.crash();
    await user.send("typed-while-redis-was-down").catch(() => undefined);
    const during = user
      .visible()
      .slice(before)
      .filter((m) => m.from === "bot")
      .map((m) => m.text)
      .join("\n");
    await redis.up();
    await world.botReconnected();

    // Not silence: the user is asked to try again.
    expect(during).toMatch(/try again/i);
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    await user.send("bc1-after-the-outage-0002");
    expect(h.exchangerCalls("/user-api-create-details").at(-1)?.fields.value).toBe(
      "bc1-after-the-outage-0002",
    );
  });
});
