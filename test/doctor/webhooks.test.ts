/** `npm run doctor`'s webhook lines: configured or not, the URL to set, and the running bot's state. */
import { afterEach, describe, expect, it } from "vitest";
import { parseDoctorConfig } from "../../src/doctor/config.js";
import { webhookLines, type DoctorWebhook } from "../../src/doctor/webhooks.js";
import { freePort } from "../harness/ports.js";
import {
  formBody,
  PATH,
  postBatch,
  SECRET,
  startWebhookBot,
  type WebhookBot,
} from "../events/helpers.js";

describe("doctor: the exchanger's webhooks", () => {
  let bot: WebhookBot | undefined;
  afterEach(async () => {
    await bot?.close();
    bot = undefined;
  });

  const options = (port: number, secret: string | undefined = SECRET): DoctorWebhook => ({
    secret,
    path: PATH,
    localPort: port,
    publicBase: "https://bot.example.com/telegram/hook",
    timeoutMs: 2_000,
  });

  it("reads the bot's own variables: the URL follows WEBHOOK_URL in webhook mode, the port EXCHANGER_WEBHOOK_PORT when polling", () => {
    const base = {
      EXCHANGER_BASE_URL: "https://exchanger.example",
      EXCHANGER_WEBHOOK_SECRET: SECRET,
    };
    expect(parseDoctorConfig(base).webhook).toMatchObject({
      localPort: 8081,
      publicBase: undefined,
    });
    expect(
      parseDoctorConfig({
        ...base,
        BOT_MODE: "webhook",
        WEBHOOK_URL: "https://bot.example.com/tg",
        PORT: "8443",
      }).webhook,
    ).toMatchObject({
      localPort: 8443,
      publicBase: "https://bot.example.com/tg",
      path: "/exchanger/webhook",
    });
  });

  it("not configured: says how to turn them on", async () => {
    expect(await webhookLines({ ...options(1), secret: undefined })).toEqual([
      expect.stringContaining("not configured. Set EXCHANGER_WEBHOOK_SECRET"),
    ]);
  });

  it("configured: the URL to set, then no batch yet, then the latest batch's age and events", async () => {
    bot = await startWebhookBot();
    const before = await webhookLines(options(bot.port));
    expect(before).toEqual([
      "Webhooks: configured. Set this URL under Application Settings → Webhooks: https://bot.example.com/exchanger/webhook",
      expect.stringContaining("no batch has arrived yet"),
    ]);
    expect(await postBatch(bot.url, formBody({ "1": [["x"], ["y"]], "2": [[1]] }))).toBe(200);
    const after = await webhookLines(options(bot.port), Date.now() + 5_000);
    expect(after[1]).toMatch(
      /state: last batch [56] s ago \(events: order 2, verification 1\); arriving: polling runs at the reconciliation pace/,
    );
    expect((await webhookLines(options(bot.port, "another-secret-00000000")))[1]).toContain(
      "refuses EXCHANGER_WEBHOOK_SECRET",
    );
    expect([...before, ...after].join("\n")).not.toContain(SECRET);
  });

  it("no bot on this machine: says so, with where it asked", async () => {
    const port = await freePort();
    expect((await webhookLines(options(port)))[1]).toBe(
      `  state: no bot answers at http://127.0.0.1:${port}${PATH} (is it running on this machine?)`,
    );
  });
});
