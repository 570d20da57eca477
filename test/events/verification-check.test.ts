/**
 * One candidate chat's verification check: read back with its own key, compared with what the bot
 * recorded for the chat; only a real decision is told, a decision with no record only when it is recent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";
import { ChatNotices } from "../../src/events/notices.js";
import { RECENT_MS, VerificationChecks } from "../../src/events/verification-check.js";
import { readVerificationStatus, type Verification } from "../../src/exchanger/index.js";
import { createLogger } from "../../src/logger.js";
import type { ChatSettings } from "../../src/storage/settings.js";
import type { KV } from "../../src/storage/kv.js";
import { kvBackends } from "../storage/helpers.js";

const NOW = Date.UTC(2026, 0, 10, 12);

describe.each(kvBackends("verification-check").slice(0, 1))(
  "verification check ($name)",
  (backend) => {
    let kv: KV;
    let sent: { chatId: string; text: string; button?: string }[];
    let current: Verification | null;
    let reads: number;
    let settings: ChatSettings;
    let checks: VerificationChecks;

    beforeAll(async () => {
      kv = await backend.setup();
    });
    afterAll(() => backend.teardown());
    beforeEach(async () => {
      sent = [];
      reads = 0;
      settings = { lang: "uk" };
      await kv.del("chat:1:verification", "chat:2:verification");
      const logger = createLogger("silent");
      const notices = new ChatNotices({
        accountChats: { bindingOf: async () => undefined },
        api: {
          sendMessage: async (chatId, text, other) => {
            const button = other?.reply_markup as
              { inline_keyboard: { callback_data?: string }[][] } | undefined;
            sent.push({
              chatId: String(chatId),
              text,
              ...(button && { button: button.inline_keyboard[0]?.[0]?.callback_data }),
            });
            return {} as never;
          },
        },
        kv,
        i18n: createI18n("en"),
        defaultLanguage: "en",
        logger,
      });
      checks = new VerificationChecks({
        kv,
        vault: {
          get: async (chatId) => (String(chatId) === "2" ? undefined : "key-of-" + String(chatId)),
        },
        settings: { get: async () => settings },
        accountChats: { chatsOf: async () => [] },
        exchanger: { getVerification: async () => (reads++, current) },
        notices,
        logger,
        permit: async () => true,
        now: () => NOW,
      });
    });

    const request = (status: string, updatedAt = NOW - 60_000): Verification => ({
      id: "301",
      status: readVerificationStatus(status),
      updatedAt: new Date(updatedAt),
      fields: {},
    });

    it("pending, then approved: the decision is told once, in the chat's language, with a button to the screen", async () => {
      current = request("pending");
      expect(await checks.check("1")).toBe("miss");
      current = request("approved");
      expect(await checks.check("1")).toBe("told");
      expect(await checks.check("1")).toBe("miss");
      expect(sent).toEqual([
        {
          chatId: "1",
          text: expect.stringContaining("Верифікацію схвалено"),
          button: "verif:show",
        },
      ]);
    });

    it("with no record, a recent decision is told; an old one is only recorded", async () => {
      current = request("rejected", NOW - RECENT_MS + 1_000);
      expect(await checks.check("1")).toBe("told");
      await kv.del("chat:1:verification");
      current = request("approved", NOW - RECENT_MS - 1_000);
      expect(await checks.check("1")).toBe("miss");
      expect(sent).toHaveLength(1);
      current = request("rejected", NOW - 10 * RECENT_MS); // a change from the record, however old
      expect(await checks.check("1")).toBe("told");
    });

    it("a chat that muted verification notices, or has no key, costs no read", async () => {
      settings = { notifyVerification: false };
      current = request("approved");
      expect(await checks.check("1")).toBe("muted");
      settings = {};
      expect(await checks.check("2")).toBe("unlinked");
      expect(reads).toBe(0);
      expect(sent).toEqual([]);
    });
  },
);
