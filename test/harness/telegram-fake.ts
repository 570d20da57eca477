/**
 * A Bot API fake that answers like Telegram, plugged into grammY through `client.fetch` (in-process
 * tests) or served over loopback HTTP (process-level tests with real long polling).
 *
 * It records every call, keeps the chat history (so tests see what a user would see), enforces the
 * limits that bite real bots (4096 characters, 64-byte callback data, HTML parse errors, "message is
 * not modified", answering a callback query twice) and serves getFile plus the file download route.
 *
 * A refusal the bot caused is a wasted request against Telegram's limits: every one is recorded, and
 * test/harness/setup.ts fails the test that caused it unless the test said it expects it
 * (`expectErrors`). Failures injected with `failNext` are expected by definition.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Update, UserFromGetMe } from "grammy/types";
import { htmlProblem, visibleText } from "./html-check.js";

export const BOT_TOKEN = "123456789:TEST-token-for-the-fake-bot-api_0000";
export const BOT_INFO: UserFromGetMe = {
  id: 123456789,
  is_bot: true,
  first_name: "Exchanger Bot",
  username: "exchanger_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** Files uploaded with the call (multipart): field → size in bytes. */
  uploads: Record<string, number>;
  /** The same files' bytes (a QR code a test decodes). */
  files?: Record<string, Uint8Array>;
}

export interface StoredMessage {
  chatId: number;
  messageId: number;
  from: "bot" | "user";
  /** What the user sees: text or caption with HTML tags stripped. */
  text: string;
  /** The raw text as sent (HTML for the bot's messages). */
  raw: string;
  replyMarkup?: {
    inline_keyboard?: {
      text: string;
      callback_data?: string;
      url?: string;
      copy_text?: { text: string };
    }[][];
  };
  photo?: boolean;
  protectContent?: boolean;
  deleted: boolean;
  edits: number;
}

export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  filePath: string;
  bytes: Uint8Array;
}

interface InjectedFailure {
  method: string;
  errorCode: number;
  description: string;
  retryAfter?: number;
}

export class TelegramApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

/**
 * Every fake of this test file still to be checked: setup.ts checks them after each test. A closed
 * fake stays until that check (a test closing its harness in its own afterEach closes it before
 * setup.ts's afterEach runs), then setup.ts drops it.
 */
export const liveFakes = new Set<TelegramFake>();

export interface RefusedCall {
  method: string;
  description: string;
}

export class TelegramFake {
  readonly calls: ApiCall[] = [];
  /** Refusals the bot caused (not injected) that no `expectErrors` allowed, since the last check. */
  readonly unexpectedErrors: RefusedCall[] = [];
  private allowed: RegExp[] = [];
  readonly messages: StoredMessage[] = [];
  readonly files = new Map<string, StoredFile>();
  /** Every file download served (HTTP mode): which file, how many bytes, whether the whole file. */
  readonly fileReads: { filePath: string; bytes: number; whole: boolean }[] = [];
  private readonly answered = new Set<string>();
  private readonly failures: InjectedFailure[] = [];
  private readonly holds = new Map<string, Promise<void>>();
  private nextMessageId = 100;
  private nextFile = 1;

  // Long-polling state (HTTP mode).
  private readonly queue: Update[] = [];
  // Random start: two bot instances on one store (tests sharing a prefix) must not see each other's ids as repeats.
  private nextUpdateId = 1 + Math.floor(Math.random() * 1_000_000_000);
  private waiters: (() => void)[] = [];
  private server?: Server;
  /** Set when the bot calls setWebhook (process-level webhook tests). */
  webhook?: { url: string; secretToken?: string };

  constructor(
    readonly token = BOT_TOKEN,
    readonly botInfo: UserFromGetMe = BOT_INFO,
  ) {
    liveFakes.add(this);
  }

  // ---- what tests use ---------------------------------------------------------------------------

  newMessageId(): number {
    return this.nextMessageId++;
  }

  newUpdateId(): number {
    return this.nextUpdateId++;
  }

  /** The bot's profile texts as Telegram holds them: language code ("" = every other language) → text. */
  readonly descriptions = new Map<string, string>();
  readonly shortDescriptions = new Map<string, string>();

  /** Calls of one method, optionally for one chat. */
  callsOf(method: string, chatId?: number): ApiCall[] {
    return this.calls.filter(
      (c) => c.method === method && (chatId === undefined || Number(c.payload.chat_id) === chatId),
    );
  }

  /** Messages of a chat that are still visible, oldest first. */
  visible(chatId: number): StoredMessage[] {
    return this.messages.filter((m) => m.chatId === chatId && !m.deleted);
  }

  message(chatId: number, messageId: number): StoredMessage | undefined {
    return this.messages.find((m) => m.chatId === chatId && m.messageId === messageId);
  }

  /** A user message enters the history (so the bot can delete it). */
  recordUserMessage(chatId: number, messageId: number, text: string, photo = false): void {
    this.messages.push({
      chatId,
      messageId,
      from: "user",
      text,
      raw: text,
      deleted: false,
      edits: 0,
      photo,
    });
  }

  /** Registers a file the user "uploaded"; returns its file_id. */
  addFile(bytes: Uint8Array, extension = "jpg"): StoredFile {
    const n = this.nextFile++;
    const file: StoredFile = {
      fileId: `FILE-${n}-${"x".repeat(20)}`,
      fileUniqueId: `U${n}`,
      filePath: `photos/file_${n}.${extension}`,
      bytes,
    };
    this.files.set(file.fileId, file);
    return file;
  }

  /** The next call of `method` fails like Telegram would (e.g. 429 with retry_after, 502). */
  failNext(method: string, errorCode: number, description: string, retryAfter?: number): void {
    this.failures.push({ method, errorCode, description, retryAfter });
  }

  /**
   * The running test expects Telegram to refuse calls whose description matches (e.g. a user who
   * deleted the message the bot is about to edit). Valid until the end of the test.
   */
  expectErrors(...descriptions: RegExp[]): void {
    this.allowed.push(...descriptions);
  }

  /** Called after each test (setup.ts): the refusals nobody expected, and a clean slate for the next test. */
  takeUnexpectedErrors(): RefusedCall[] {
    this.allowed = [];
    return this.unexpectedErrors.splice(0);
  }

  /**
   * Calls of `method` are recorded on arrival but answered only after the returned release is called
   * (a slow round trip at the test's command): shows what the bot does while waiting for it.
   */
  hold(method: string): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.holds.set(method, gate);
    return () => {
      this.holds.delete(method);
      release();
    };
  }

  wasAnswered(callbackQueryId: string): boolean {
    return this.answered.has(callbackQueryId);
  }

  /** Queues an update for getUpdates (HTTP mode). */
  pushUpdate(update: Update): void {
    this.queue.push(update);
    for (const wake of this.waiters.splice(0)) wake();
  }

  // ---- grammY's client.fetch ----------------------------------------------------------------------

  readonly fetch = async (
    input: unknown,
    init?: { body?: unknown; headers?: unknown; method?: string; signal?: unknown },
  ): Promise<Response> => {
    const url = new URL(
      String(
        input instanceof URL
          ? input.href
          : typeof input === "string"
            ? input
            : (input as { url: string }).url,
      ),
    );
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    const body = await readBody(init?.body);
    const { status, json } = await this.dispatch(
      url.pathname,
      headers.get("content-type") ?? "",
      body,
    );
    return new Response(JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json" },
    });
  };

  // ---- loopback HTTP server (process-level tests) ---------------------------------------------------

  /** `port` 0 picks a free one; a test may name one the bot was already told about. */
  async listen(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.serveHttp(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Set by close(): setup.ts drops the fake from liveFakes once it has checked it. */
  closed = false;

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiters.splice(0)) wake();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async serveHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const fileRoute = url.pathname.match(/^\/file\/bot([^/]+)\/(.+)$/);
    if (fileRoute) {
      const file =
        fileRoute[1] === this.token
          ? [...this.files.values()].find((f) => f.filePath === decodeURIComponent(fileRoute[2]!))
          : undefined;
      if (!file) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ ok: false, error_code: 404, description: "Not Found" }));
        return;
      }
      // A Range request ("bytes=0-N", as a file server honours it) gets only those bytes.
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
      const from = range ? Number(range[1]) : 0;
      const to = range?.[2] ? Math.min(Number(range[2]) + 1, file.bytes.length) : file.bytes.length;
      const body = Buffer.from(file.bytes.subarray(from, to));
      this.fileReads.push({
        filePath: file.filePath,
        bytes: body.length,
        whole: body.length === file.bytes.length,
      });
      res
        .writeHead(range ? 206 : 200, {
          "content-type": "application/octet-stream",
          "content-length": body.length,
          ...(range ? { "content-range": `bytes ${from}-${to - 1}/${file.bytes.length}` } : {}),
        })
        .end(body);
      return;
    }
    let body = new Uint8Array(Buffer.concat(chunks));
    if (req.method === "GET" && url.search)
      body = new TextEncoder().encode(JSON.stringify(Object.fromEntries(url.searchParams)));
    const { status, json } = await this.dispatch(
      url.pathname,
      req.headers["content-type"] ?? "application/json",
      body,
    );
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
  }

  // ---- the Bot API ----------------------------------------------------------------------------------

  private async dispatch(
    pathname: string,
    contentType: string,
    body: Uint8Array,
  ): Promise<{ status: number; json: unknown }> {
    const route = pathname.match(/\/bot([^/]+)\/([A-Za-z]+)$/);
    if (!route || route[1] !== this.token)
      return { status: 401, json: { ok: false, error_code: 401, description: "Unauthorized" } };
    const method = route[2]!;
    const { payload, uploads, files } = await parsePayload(contentType, body);
    this.calls.push({ method, payload, uploads, files });
    await this.holds.get(method);
    const failureIndex = this.failures.findIndex((f) => f.method === method);
    if (failureIndex >= 0) {
      const [f] = this.failures.splice(failureIndex, 1);
      return {
        status: f!.errorCode,
        json: {
          ok: false,
          error_code: f!.errorCode,
          description: f!.description,
          ...(f!.retryAfter !== undefined ? { parameters: { retry_after: f!.retryAfter } } : {}),
        },
      };
    }
    try {
      return { status: 200, json: { ok: true, result: await this.handle(method, payload) } };
    } catch (error) {
      if (error instanceof TelegramApiError) {
        if (!this.allowed.some((pattern) => pattern.test(error.description)))
          this.unexpectedErrors.push({ method, description: error.description });
        return {
          status: error.errorCode,
          json: { ok: false, error_code: error.errorCode, description: error.description },
        };
      }
      throw error;
    }
  }

  /** setMyDescription / setMyShortDescription: Telegram's limits (0-512 / 0-120 characters, a two-letter language code or none). */
  private setDescription(
    p: Record<string, unknown>,
    field: "description" | "short_description",
    max: number,
  ): true {
    const text = p[field] === undefined ? "" : String(p[field]);
    if (text.length > max)
      throw new TelegramApiError(400, `Bad Request: ${field.replace("_", " ")} is too long`);
    const language = p.language_code === undefined ? "" : String(p.language_code);
    if (language !== "" && !/^[a-z]{2}$/.test(language))
      throw new TelegramApiError(400, "Bad Request: invalid language code specified");
    (field === "description" ? this.descriptions : this.shortDescriptions).set(language, text);
    return true;
  }

  private async handle(method: string, p: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case "getMe":
        return this.botInfo;
      case "sendMessage":
        return this.sendMessage(p, String(p.text ?? ""), false);
      case "sendPhoto":
        return this.sendMessage(p, String(p.caption ?? ""), true);
      case "editMessageText":
        return this.editMessage(p, String(p.text ?? ""));
      case "editMessageReplyMarkup":
        return this.editMessage(p, undefined);
      case "deleteMessage":
        return this.deleteMessage(p);
      case "answerCallbackQuery": {
        const id = String(p.callback_query_id);
        if (this.answered.has(id))
          throw new TelegramApiError(
            400,
            "Bad Request: query is too old and response timeout expired or query ID is invalid",
          );
        if (p.text !== undefined && String(p.text).length > 200)
          throw new TelegramApiError(400, "Bad Request: MESSAGE_TOO_LONG");
        this.answered.add(id);
        return true;
      }
      case "setMyDescription":
        return this.setDescription(p, "description", 512);
      case "setMyShortDescription":
        return this.setDescription(p, "short_description", 120);
      case "sendChatAction":
      case "setMyCommands":
      case "deleteWebhook":
      case "setChatMenuButton":
        return true;
      case "setWebhook":
        this.webhook = {
          url: String(p.url),
          secretToken: p.secret_token === undefined ? undefined : String(p.secret_token),
        };
        return true;
      case "getFile": {
        const file = this.files.get(String(p.file_id));
        if (!file) throw new TelegramApiError(400, "Bad Request: invalid file_id");
        return {
          file_id: file.fileId,
          file_unique_id: file.fileUniqueId,
          file_size: file.bytes.length,
          file_path: file.filePath,
        };
      }
      case "getUpdates":
        return this.getUpdates(p);
      default:
        throw new TelegramApiError(404, `Not Found: method ${method} is not faked`);
    }
  }

  private checkText(text: string, parseMode: unknown): string {
    if (text.trim() === "") throw new TelegramApiError(400, "Bad Request: message text is empty");
    let visible = text;
    if (parseMode === "HTML") {
      const problem = htmlProblem(text);
      if (problem) throw new TelegramApiError(400, `Bad Request: can't parse entities: ${problem}`);
      visible = visibleText(text);
    }
    if (visible.length > 4096) throw new TelegramApiError(400, "Bad Request: message is too long");
    return visible;
  }

  private checkMarkup(markup: unknown): StoredMessage["replyMarkup"] {
    if (markup === undefined) return undefined;
    const parsed = (
      typeof markup === "string" ? JSON.parse(markup) : markup
    ) as StoredMessage["replyMarkup"];
    for (const row of parsed?.inline_keyboard ?? []) {
      // Telegram takes it, but a keyboard built with a stray row() is a bug of ours: the test fails.
      if (row.length === 0)
        this.unexpectedErrors.push({
          method: "reply_markup",
          description: "an empty keyboard row",
        });
      for (const button of row) {
        if (button.callback_data !== undefined && Buffer.byteLength(button.callback_data) > 64)
          throw new TelegramApiError(400, "Bad Request: BUTTON_DATA_INVALID");
        // Bot API 7.11 CopyTextButton: 1-256 characters to copy.
        if (
          button.copy_text !== undefined &&
          !(button.copy_text.text.length >= 1 && button.copy_text.text.length <= 256)
        )
          throw new TelegramApiError(400, "Bad Request: COPY_TEXT_INVALID");
        if (
          button.callback_data === undefined &&
          button.url === undefined &&
          button.copy_text === undefined
        )
          throw new TelegramApiError(400, "Bad Request: can't parse inline keyboard button");
      }
    }
    return parsed;
  }

  private sendMessage(p: Record<string, unknown>, text: string, photo: boolean): unknown {
    const chatId = Number(p.chat_id);
    const visible = photo
      ? text === ""
        ? ""
        : this.checkCaption(text, p.parse_mode)
      : this.checkText(text, p.parse_mode);
    const message: StoredMessage = {
      chatId,
      messageId: this.newMessageId(),
      from: "bot",
      text: visible,
      raw: text,
      replyMarkup: this.checkMarkup(p.reply_markup),
      photo,
      protectContent: p.protect_content === true || p.protect_content === "true",
      deleted: false,
      edits: 0,
    };
    this.messages.push(message);
    return this.toTelegram(message);
  }

  private checkCaption(text: string, parseMode: unknown): string {
    const visible = parseMode === "HTML" ? visibleText(text) : text;
    if (parseMode === "HTML" && htmlProblem(text))
      throw new TelegramApiError(400, `Bad Request: can't parse entities: ${htmlProblem(text)}`);
    if (visible.length > 1024)
      throw new TelegramApiError(400, "Bad Request: message caption is too long");
    return visible;
  }

  private editMessage(p: Record<string, unknown>, text: string | undefined): unknown {
    const message = this.message(Number(p.chat_id), Number(p.message_id));
    if (!message || message.deleted)
      throw new TelegramApiError(400, "Bad Request: message to edit not found");
    if (message.from !== "bot")
      throw new TelegramApiError(400, "Bad Request: message can't be edited");
    // A photo's caption is edited with editMessageCaption: a photo never becomes a text message.
    if (message.photo && text !== undefined)
      throw new TelegramApiError(400, "Bad Request: there is no text in the message to edit");
    const markup = this.checkMarkup(p.reply_markup);
    const newText = text === undefined ? message.text : this.checkText(text, p.parse_mode);
    const newRaw = text ?? message.raw;
    // No keyboard and an empty one are the same to Telegram: taking away buttons that are not there changes nothing.
    if (newRaw === message.raw && sameMarkup(markup, message.replyMarkup)) {
      throw new TelegramApiError(
        400,
        "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    }
    message.text = newText;
    message.raw = newRaw;
    message.replyMarkup = markup;
    message.edits++;
    return this.toTelegram(message);
  }

  private deleteMessage(p: Record<string, unknown>): true {
    const message = this.message(Number(p.chat_id), Number(p.message_id));
    if (!message || message.deleted)
      throw new TelegramApiError(400, "Bad Request: message to delete not found");
    message.deleted = true;
    return true;
  }

  private toTelegram(m: StoredMessage): unknown {
    return {
      message_id: m.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: m.chatId, type: m.chatId > 0 ? "private" : "supergroup" },
      from: {
        id: this.botInfo.id,
        is_bot: true,
        first_name: this.botInfo.first_name,
        username: this.botInfo.username,
      },
      ...(m.photo
        ? {
            photo: [{ file_id: "BOTPHOTO", file_unique_id: "BP", width: 300, height: 300 }],
            caption: m.raw || undefined,
          }
        : { text: m.text }),
      ...(m.replyMarkup ? { reply_markup: m.replyMarkup } : {}),
    };
  }

  private async getUpdates(p: Record<string, unknown>): Promise<Update[]> {
    const offset = Number(p.offset ?? 0);
    const timeoutMs = Math.min(Number(p.timeout ?? 0), 50) * 1000;
    // Confirmed updates (below offset) are forgotten, as Telegram does.
    while (this.queue.length > 0 && this.queue[0]!.update_id < offset) this.queue.shift();
    if (this.queue.length === 0 && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const limit = Number(p.limit ?? 100);
    return this.queue.filter((u) => u.update_id >= offset).slice(0, limit);
  }
}

function sameMarkup(a: StoredMessage["replyMarkup"], b: StoredMessage["replyMarkup"]): boolean {
  const rows = (m: StoredMessage["replyMarkup"]) =>
    JSON.stringify((m?.inline_keyboard ?? []).filter((row) => row.length > 0));
  return rows(a) === rows(b);
}

async function readBody(body: unknown): Promise<Uint8Array> {
  if (body === undefined || body === null) return new Uint8Array();
  if (typeof body === "string") return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>)
    chunks.push(typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function parsePayload(
  contentType: string,
  body: Uint8Array,
): Promise<{
  payload: Record<string, unknown>;
  uploads: Record<string, number>;
  files?: Record<string, Uint8Array>;
}> {
  if (contentType.startsWith("multipart/form-data")) {
    // grammY writes `filename=a.png` unquoted, which Telegram accepts but undici's strict parser rejects.
    const form = await new Response(body, { headers: { "content-type": contentType } })
      .formData()
      .catch(() => undefined);
    if (!form) return parseMultipartLoosely(contentType, body);
    const payload: Record<string, unknown> = {};
    const uploads: Record<string, number> = {};
    const files: Record<string, Uint8Array> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === "string") {
        // grammY sends objects and numbers JSON-encoded in multipart fields.
        try {
          payload[name] = JSON.parse(value);
        } catch {
          payload[name] = value;
        }
      } else {
        uploads[name] = value.size;
        files[name] = new Uint8Array(await value.arrayBuffer());
      }
    }
    return { payload, uploads, files };
  }
  if (body.length === 0) return { payload: {}, uploads: {} };
  return {
    payload: JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>,
    uploads: {},
  };
}

/** A tolerant multipart/form-data reader (quoted or bare parameter values), as Telegram's own is. */
function parseMultipartLoosely(
  contentType: string,
  body: Uint8Array,
): {
  payload: Record<string, unknown>;
  uploads: Record<string, number>;
  files: Record<string, Uint8Array>;
} {
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  const payload: Record<string, unknown> = {};
  const uploads: Record<string, number> = {};
  const files: Record<string, Uint8Array> = {};
  if (!boundary) throw new TelegramApiError(400, "Bad Request: multipart boundary is missing");
  const raw = Buffer.from(body);
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    const end = raw.indexOf(delimiter, partStart);
    if (end < 0) break;
    const part = raw.subarray(partStart + 2, end - 2); // between "\r\n" after the delimiter and "\r\n" before the next
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString("utf8");
      const content = part.subarray(headerEnd + 4);
      const name = headers.match(/\bname="?([^";\r\n]+)"?/i)?.[1];
      if (name !== undefined) {
        if (/\bfilename=/i.test(headers)) {
          uploads[name] = content.length;
          files[name] = new Uint8Array(content);
        } else {
          const value = content.toString("utf8");
          try {
            payload[name] = JSON.parse(value);
          } catch {
            payload[name] = value;
          }
        }
      }
    }
    start = end;
  }
  return { payload, uploads, files };
}
