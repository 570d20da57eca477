/**
 * The bot's profile in Telegram (src/bot/profile.ts): descriptions per language within Telegram's
 * limits, a short command menu of everyday commands, and /help listing every command.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import {
  DESCRIPTION_MAX,
  descriptionsFor,
  SHORT_DESCRIPTION_MAX,
} from "../../../../src/bot/profile.js";
import { ADMIN_COMMANDS } from "../../../../src/bot/features/admin/index.js";

let h: Harness;
afterEach(async () => {
  await h.close();
});

// In the layout's order (the features' order in createBot).
const EVERYDAY = ["menu", "account", "language", "orders", "notify", "pay", "exchange", "help"];
const LANGS = ["en", "ru", "uk"] as const;
const NAME = "Coin Harbor";

describe("descriptions", () => {
  it("are set in en, ru, uk and for everyone else in the default language, naming the exchanger", async () => {
    h = await Harness.start({ env: { EXCHANGER_NAME: NAME, DEFAULT_LANGUAGE: "uk" } });
    await h.app.registerDescriptions();
    expect([...h.fake.descriptions.keys()].sort()).toEqual(["", "en", "ru", "uk"]);
    expect([...h.fake.shortDescriptions.keys()].sort()).toEqual(["", "en", "ru", "uk"]);
    expect(h.fake.descriptions.get("en")).toMatch(/^Your Coin Harbor account in Telegram/);
    expect(h.fake.descriptions.get("ru")).toMatch(/^Ваш аккаунт Coin Harbor в Telegram/);
    expect(h.fake.descriptions.get("uk")).toMatch(/^Ваш акаунт Coin Harbor у Telegram/);
    expect(h.fake.shortDescriptions.get("ru")).toBe(
      "Заявки, оплата и баланс Coin Harbor в Telegram.",
    );
    // No language_code: the default language's texts.
    expect(h.fake.descriptions.get("")).toBe(h.fake.descriptions.get("uk"));
    expect(h.fake.shortDescriptions.get("")).toBe(h.fake.shortDescriptions.get("uk"));
    // Plain text: these methods take no parse mode, so no markup and no HTML escaping.
    for (const call of [
      ...h.fake.callsOf("setMyDescription"),
      ...h.fake.callsOf("setMyShortDescription"),
    ])
      expect(call.payload.parse_mode).toBeUndefined();
  });

  it("fit Telegram's limits in every language, with the longest name the settings allow and a longer one from get-social", async () => {
    h = await Harness.start({ env: { EXCHANGER_NAME: "W".repeat(64) } });
    await h.app.registerDescriptions();
    for (const lang of LANGS) {
      expect(h.fake.shortDescriptions.get(lang)).toContain("W".repeat(64)); // not cut: it fits whole
      expect(h.fake.shortDescriptions.get(lang)!.length).toBeLessThanOrEqual(SHORT_DESCRIPTION_MAX);
      expect(h.fake.descriptions.get(lang)!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      const long = descriptionsFor(h.app.i18n, lang, "X".repeat(600));
      expect(long.description.length).toBe(DESCRIPTION_MAX);
      expect(long.shortDescription.length).toBe(SHORT_DESCRIPTION_MAX);
      expect(long.shortDescription.endsWith("…")).toBe(true);
    }
  });

  it("the fake refuses a text over Telegram's limit, as Telegram does", async () => {
    h = await Harness.start();
    h.fake.expectErrors(/too long/); // the refusals under test
    await expect(h.app.bot.api.setMyShortDescription("x".repeat(121))).rejects.toThrow(
      /400.*too long/,
    );
    await expect(h.app.bot.api.setMyDescription("x".repeat(513))).rejects.toThrow(/400.*too long/);
    await expect(
      h.app.bot.api.setMyDescription("x".repeat(512), { language_code: "en" }),
    ).resolves.toBe(true);
  });

  it("a refused call is logged and the others are still made: start-up never fails on them", async () => {
    h = await Harness.start();
    h.fake.failNext("setMyDescription", 400, "Bad Request: description is too long");
    await expect(h.app.registerDescriptions()).resolves.toBeUndefined();
    expect(h.fake.descriptions.has("en")).toBe(false);
    expect([...h.fake.descriptions.keys()].sort()).toEqual(["", "ru", "uk"]);
    expect(h.fake.shortDescriptions.size).toBe(4);
    expect(h.logs.join("")).toMatch(/could not set the bot's description/);
  });
});

describe("the command menu and /help", () => {
  it("the menu lists only the everyday commands in every language; admin chats add /stats", async () => {
    h = await Harness.start({ env: { ADMIN_CHAT_IDS: "-100777" } });
    await h.app.registerCommands();
    const calls = h.fake.callsOf("setMyCommands");
    for (const call of calls.filter((c) => c.payload.scope === undefined)) {
      const listed = (call.payload.commands as { command: string }[]).map((c) => c.command);
      expect(listed).toEqual(EVERYDAY);
    }
    const admin = calls.find((c) => c.payload.scope !== undefined)!;
    expect((admin.payload.commands as { command: string }[]).map((c) => c.command)).toEqual([
      ...EVERYDAY,
      ...ADMIN_COMMANDS.map((c) => c.command),
    ]);
  });

  it.each(LANGS)("/help lists every command, the everyday ones first (%s)", async (lang) => {
    h = await Harness.start();
    const user = await h.linkedUser("main", { languageCode: lang });
    await user.send("/help");
    const text = user.lastText();
    const listed = [...text.matchAll(/^\/(\w+) — \S/gm)].map((m) => m[1]);
    const all = registered(h);
    expect([...listed].sort()).toEqual([...all].sort());
    expect(listed.slice(0, EVERYDAY.length)).toEqual(EVERYDAY);
    expect(text).toContain(h.app.i18n.t(lang, "help-more"));
    expect(listed).not.toContain("stats");
  });
});

/** Every command the bot registers for customers: everything handled, in the menu or not (from the features). */
function registered(harness: Harness): string[] {
  return harness.app.layout.commands.map((c) => c.command);
}
