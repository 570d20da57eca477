/**
 * A webhook body holds every customer's orders and, in a user event, the whole user object with its
 * secrets (the API token, the password hash, the reset tokens: the vendor's documented layout). None
 * of it may reach the logs (at trace level, the most the bot writes) or the store.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { subscribedUser } from "../notify/helpers.js";
import { positionalUser } from "../../src/sandbox/positional.js";
import { getAccount } from "../../src/sandbox/state.js";
import { formBody, postBatch, SECRET, startWebhookBot, type WebhookBot } from "./helpers.js";

describe("webhook bodies are never logged nor stored", () => {
  let bot: WebhookBot;
  beforeEach(async () => {
    bot = await startWebhookBot({ dialect: "positional", logLevel: "trace" });
  });
  afterEach(() => bot.close());

  it("neither the batches, their orders' tokens, nor the user object's secrets appear in logs or Redis", async () => {
    const user = await subscribedUser(bot.h, "main");
    await bot.watcher.runOnce();
    const { sandbox } = bot.h;
    sandbox.startWebhooks({ url: bot.url, secret: SECRET, intervalMs: 3_600_000 });
    const main = getAccount(sandbox.state, "main");
    const order = main.orders.find((o) => Number(o.status) === 0)!;

    sandbox.setOrderStatus("main", order.id, 1);
    sandbox.setAccountActive("main", 0);
    sandbox.setVerificationStatus("main", "rejected", "canary-comment-7f3a");
    // Each event of the real batch as the body carries it.
    const real = sandbox.state.webhookOutbox!.map((e) => JSON.stringify(e.object));
    expect(real).toHaveLength(3);
    expect(await sandbox.webhooks!.flush()).toBe(200);
    // Events nobody's chat concerns, and a refused body, each with a marker of its own.
    const stranger = ["9", "canary-token-0a1b2c3d4e5f6a7b", "10.00", 1, "canary-wallet-9z8y"];
    expect(await postBatch(bot.url, formBody({ "1": [stranger], "6": [["canary-review"]] }))).toBe(
      200,
    );
    expect(await postBatch(bot.url, "web_hooks=%7B%22canary-malformed%22")).toBe(400);
    await bot.events.ingest.idle();
    expect(bot.h.fake.callsOf("sendMessage", user.chatId).length).toBeGreaterThan(2); // it all worked

    const user0 = positionalUser(main);
    const secrets = [
      order.token,
      String(user0[7]), // confirmation token
      String(user0[8]), // password reset token
      main.apiKey, // the API token (position 18)
      String(user0[29]), // the password hash
      "canary-token-0a1b2c3d4e5f6a7b",
      "canary-wallet-9z8y",
      "canary-review",
      "canary-malformed",
      ...real,
    ];
    const logs = bot.h.logs.join("\n");
    const stored = (await bot.h.rawRedisValues()).join("\n");
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(logs.includes(secret), `log holds ${secret.slice(0, 40)}`).toBe(false);
      expect(stored.includes(secret), `Redis holds ${secret.slice(0, 40)}`).toBe(false);
    }
  });
});
