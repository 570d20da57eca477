/**
 * The undici-based fetch grammY uses for the Bot API, over real HTTP against the loopback Bot API
 * fake: JSON calls, a multipart photo upload, Telegram's error answers and grammY's timeout.
 */
import { Api, GrammyError, HttpError, InputFile } from "grammy";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegramFetch, type TelegramFetch } from "../../src/telegram/fetch.js";
import { BOT_TOKEN, TelegramFake } from "../harness/telegram-fake.js";

let fake: TelegramFake;
let telegram: TelegramFetch;
let api: Api;

beforeAll(async () => {
  fake = new TelegramFake();
  telegram = createTelegramFetch();
  api = new Api(BOT_TOKEN, { apiRoot: await fake.listen(), fetch: telegram.fetch });
});
afterAll(async () => {
  await telegram.close();
  await fake.close();
});

describe("Bot API calls through undici", () => {
  it("JSON calls: sendMessage with a keyboard, then an edit", async () => {
    const sent = await api.sendMessage(42, "<b>Hello</b>", {
      parse_mode: "HTML",
      reply_markup: { inline_keyboard: [[{ text: "Go", callback_data: "go" }]] },
    });
    expect(sent.message_id).toBeGreaterThan(0);
    await api.editMessageText(42, sent.message_id, "Edited");
    expect(fake.message(42, sent.message_id)!.text).toBe("Edited");
  });

  it("uploads a photo as multipart: the fake receives the whole file", async () => {
    const bytes = new Uint8Array(150_000).map((_, i) => i % 251);
    const sent = await api.sendPhoto(42, new InputFile(bytes, "qr.png"), {
      caption: "QR",
      protect_content: true,
    });
    expect(sent.photo?.length).toBeGreaterThan(0);
    const call = fake.callsOf("sendPhoto", 42).at(-1)!;
    expect(Object.values(call.uploads)).toEqual([150_000]);
    expect(call.payload.protect_content).toBe(true);
  });

  it("Telegram's error answer becomes a GrammyError with its description", async () => {
    fake.expectErrors(/message text is empty/);
    const error = await api.sendMessage(42, "   ").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).description).toMatch(/message text is empty/);
  });
});

describe("a Bot API that never answers", () => {
  let server: Server;
  let stalled: Api;
  beforeAll(async () => {
    server = createServer(() => undefined); // reads the request, never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    stalled = new Api(BOT_TOKEN, {
      apiRoot: `http://127.0.0.1:${port}`,
      fetch: telegram.fetch,
      timeoutSeconds: 1,
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("grammY's timeout aborts the request through the signal", async () => {
    // The server never answers: without the abort this call would hang past the test's timeout.
    const error = await stalled.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
  });
});
