/**
 * A simulated Telegram user. It sends what a person sends (text, commands, photos, albums,
 * documents) and presses only buttons the bot really sent. Every press checks that the bot answered
 * the callback query, as Telegram shows a spinner until it does.
 */
import type { Message, Update } from "grammy/types";
import type { StoredMessage, TelegramFake } from "./telegram-fake.js";

export interface UserOptions {
  id: number;
  firstName?: string;
  languageCode?: string;
  /** Chat to talk in; defaults to the private chat with the bot (chat id = user id). */
  chat?: { id: number; type: "private" | "group" | "supergroup"; title?: string };
}

export type Deliver = (update: Update) => Promise<void>;

export class SimUser {
  readonly id: number;
  readonly chatId: number;
  private nextQuery = 1;
  private mediaGroup = 1;

  constructor(
    private readonly fake: TelegramFake,
    private readonly deliver: Deliver,
    private readonly options: UserOptions,
  ) {
    this.id = options.id;
    this.chatId = options.chat?.id ?? options.id;
  }

  private get from() {
    return {
      id: this.id,
      is_bot: false,
      first_name: this.options.firstName ?? "Test",
      language_code: this.options.languageCode ?? "en",
    };
  }

  private get chat() {
    const c = this.options.chat;
    return c
      ? { id: c.id, type: c.type, title: c.title ?? "Group" }
      : { id: this.id, type: "private" as const, first_name: this.options.firstName ?? "Test" };
  }

  private baseMessage(): Pick<Message, "message_id" | "date" | "chat" | "from"> {
    return {
      message_id: this.fake.newMessageId(),
      date: Math.floor(Date.now() / 1000),
      chat: this.chat as Message["chat"],
      from: this.from,
    };
  }

  /** Calls the bot made while handling what `action` sent. */
  private async track(action: () => Promise<void>) {
    const before = this.fake.calls.length;
    await action();
    return this.fake.calls.slice(before);
  }

  /** Builds the update for a text without sending it (for parallel or cross-instance delivery). */
  textUpdate(text: string): Update {
    const message = { ...this.baseMessage(), text } as Message.TextMessage;
    const command = text.match(/^\/[a-z0-9_]+(@\w+)?/i);
    if (command) message.entities = [{ type: "bot_command", offset: 0, length: command[0].length }];
    this.fake.recordUserMessage(this.chatId, message.message_id, text);
    return { update_id: this.fake.newUpdateId(), message } as Update;
  }

  send(text: string) {
    return this.track(() => this.deliver(this.textUpdate(text)));
  }

  /** A photo of `size` bytes (Telegram's largest size last). */
  photoUpdate(
    options: { size?: number; caption?: string; mediaGroupId?: string; bytes?: Uint8Array } = {},
  ): Update {
    const bytes = options.bytes ?? fakeJpeg(options.size ?? 50_000);
    const file = this.fake.addFile(bytes, "jpg");
    const message = {
      ...this.baseMessage(),
      photo: [
        {
          file_id: `${file.fileId}-thumb`,
          file_unique_id: `${file.fileUniqueId}t`,
          width: 90,
          height: 90,
          file_size: 1200,
        },
        {
          file_id: file.fileId,
          file_unique_id: file.fileUniqueId,
          width: 1280,
          height: 960,
          file_size: bytes.length,
        },
      ],
      ...(options.caption ? { caption: options.caption } : {}),
      ...(options.mediaGroupId ? { media_group_id: options.mediaGroupId } : {}),
    } as Message.PhotoMessage;
    this.fake.recordUserMessage(this.chatId, message.message_id, options.caption ?? "", true);
    return { update_id: this.fake.newUpdateId(), message } as Update;
  }

  sendPhoto(options: { size?: number; caption?: string; bytes?: Uint8Array } = {}) {
    return this.track(() => this.deliver(this.photoUpdate(options)));
  }

  /** An album arrives as several messages sharing a media_group_id. */
  sendAlbum(count: number, size = 40_000) {
    const group = `album-${this.id}-${this.mediaGroup++}`;
    return this.track(async () => {
      for (let i = 0; i < count; i++)
        await this.deliver(this.photoUpdate({ size: size + i, mediaGroupId: group }));
    });
  }

  sendDocument(options: { fileName: string; mimeType: string; size?: number; bytes?: Uint8Array }) {
    const bytes =
      options.bytes ??
      (options.mimeType.startsWith("image/")
        ? fakeJpeg(options.size ?? 60_000)
        : new Uint8Array(options.size ?? 1000).fill(65));
    const file = this.fake.addFile(bytes, options.fileName.split(".").pop() ?? "bin");
    const message = {
      ...this.baseMessage(),
      document: {
        file_id: file.fileId,
        file_unique_id: file.fileUniqueId,
        file_name: options.fileName,
        mime_type: options.mimeType,
        file_size: bytes.length,
      },
    } as Message.DocumentMessage;
    this.fake.recordUserMessage(this.chatId, message.message_id, "", true);
    return this.track(() =>
      this.deliver({ update_id: this.fake.newUpdateId(), message } as Update),
    );
  }

  /** The newest visible bot message that has a button matching `button`. */
  findButton(
    button: string | RegExp,
    messageId?: number,
  ): { message: StoredMessage; data: string } {
    const candidates = this.fake
      .visible(this.chatId)
      .filter((m) => m.from === "bot" && (messageId === undefined || m.messageId === messageId));
    for (const message of candidates.reverse()) {
      for (const row of message.replyMarkup?.inline_keyboard ?? []) {
        for (const b of row) {
          const hit =
            typeof button === "string"
              ? b.text === button || b.callback_data === button || b.text.includes(button)
              : button.test(b.text) || button.test(b.callback_data ?? "");
          if (hit && b.callback_data !== undefined) return { message, data: b.callback_data };
        }
      }
    }
    const shown = this.fake
      .visible(this.chatId)
      .flatMap((m) =>
        (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => `${b.text} [${b.callback_data}]`),
      );
    throw new Error(
      `No button matching ${String(button)}. Buttons on screen: ${shown.join(", ") || "none"}`,
    );
  }

  /** Builds a callback_query update (for forged data or parallel presses). */
  callbackUpdate(data: string, messageId: number): { update: Update; queryId: string } {
    const queryId = `${this.id}-${this.nextQuery++}-${Math.random().toString(36).slice(2, 8)}`;
    const message = this.fake.message(this.chatId, messageId);
    const update: Update = {
      update_id: this.fake.newUpdateId(),
      callback_query: {
        id: queryId,
        from: this.from,
        chat_instance: `ci-${this.chatId}`,
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat: this.chat as Message["chat"],
          from: {
            id: this.fake.botInfo.id,
            is_bot: true,
            first_name: this.fake.botInfo.first_name,
          },
          text: message?.text ?? "",
          // As Telegram does: the pressed message with its keyboard (the bot compares before editing).
          ...(message?.replyMarkup ? { reply_markup: message.replyMarkup } : {}),
          // As Telegram sends it: a protected message says so in the callback query too.
          ...(message?.protectContent ? { has_protected_content: true as const } : {}),
        } as Message.TextMessage,
      },
    };
    return { update, queryId };
  }

  /** Presses a button the bot sent; fails the test if the bot never answers the callback query. */
  async press(button: string | RegExp, messageId?: number) {
    const { message, data } = this.findButton(button, messageId);
    return this.pressData(data, message.messageId);
  }

  /** Sends callback data as if pressed on `messageId` (stale or forged buttons). */
  async pressData(data: string, messageId: number) {
    const { update, queryId } = this.callbackUpdate(data, messageId);
    const calls = await this.track(() => this.deliver(update));
    if (!this.fake.wasAnswered(queryId))
      throw new Error(`The bot did not answer the callback query for "${data}"`);
    return calls;
  }

  /** Visible messages of this chat, oldest first. */
  visible(): StoredMessage[] {
    return this.fake.visible(this.chatId);
  }

  /** The newest visible message from the bot. */
  lastBotMessage(): StoredMessage {
    const m = this.visible()
      .filter((x) => x.from === "bot")
      .at(-1);
    if (!m) throw new Error("The bot has sent nothing visible");
    return m;
  }

  /** Text of the newest visible bot message. */
  lastText(): string {
    return this.lastBotMessage().text;
  }

  /** Texts of all visible bot messages, joined (handy for "the user was told X"). */
  transcript(): string {
    return this.visible()
      .filter((x) => x.from === "bot")
      .map((m) => m.text)
      .join("\n---\n");
  }
}

/** A real 8×8 JPEG (made by sharp): the bot identifies uploads by their bytes and re-encodes them. */
const TINY_JPEG = Buffer.from(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=",
  "base64",
);

/** A real JPEG of `size` bytes: the tiny one, padded after its end (decoders ignore what follows). */
export function fakeJpeg(size: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(size, TINY_JPEG.length));
  bytes.set(TINY_JPEG);
  return bytes;
}
