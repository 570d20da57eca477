/**
 * LOCALES_DIR: an operator's override changes a text in its language only, and a broken override
 * stops the start with one message naming the file, the message id and what is wrong.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { parseConfig } from "../../src/config.js";
import { createLogger } from "../../src/logger.js";
import { BOT_TOKEN } from "../harness/telegram-fake.js";
import { Harness } from "../harness/harness.js";

function localesDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "locales-"));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  return dir;
}

describe("text overrides (LOCALES_DIR)", () => {
  let h: Harness;
  beforeAll(async () => {
    const dir = localesDir({
      "uk/branding.ftl":
        "link-intro =\n    👋 Вітаємо в <b>{ $exchanger }</b>!\n    Надішліть ключ API.\n",
    });
    h = await Harness.start({ env: { LOCALES_DIR: dir } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("changes the welcome in Ukrainian and leaves the other languages alone", async () => {
    const uk = h.user({ languageCode: "uk" });
    await uk.send("/start");
    expect(uk.lastText()).toBe("👋 Вітаємо в Sandbox Exchanger!\nНадішліть ключ API.");

    const en = h.user({ languageCode: "en" });
    await en.send("/start");
    expect(en.lastText()).toMatch(/^👋 Welcome to Sandbox Exchanger!/);
    const ru = h.user({ languageCode: "ru" });
    await ru.send("/start");
    expect(ru.lastText()).toMatch(/^👋 Добро пожаловать!\nЭтот бот обменника Sandbox Exchanger/);
  });

  it("keeps every other Ukrainian text", async () => {
    const uk = h.user({ languageCode: "uk" });
    await uk.send("/help");
    expect(uk.lastText()).not.toMatch(/[{}]/);
    expect(uk.lastText().length).toBeGreaterThan(20);
  });
});

describe("a broken override is refused at start", () => {
  const start = (files: Record<string, string>) =>
    createApp(
      parseConfig({
        BOT_TOKEN,
        EXCHANGER_BASE_URL: "https://exchanger.example",
        LOCALES_DIR: localesDir(files),
      }),
      createLogger("silent", new Writable({ write: (_c, _e, done) => done() })),
    );

  it("bad Fluent syntax: names the file and the line", async () => {
    await expect(
      start({ "en/texts.ftl": "link-intro = Hello\nthis is not fluent\n" }),
    ).rejects.toThrow(/LOCALES_DIR.*\n.*en\/texts\.ftl: bad Fluent syntax at line 2/);
  });

  it("an unknown message id: names the file and the id", async () => {
    await expect(
      start({ "ru/texts.ftl": "link-intro = Привет\nlink-intr = опечатка\n" }),
    ).rejects.toThrow(/ru\/texts\.ftl: message "link-intr" is not a message of the bot/);
  });

  it("a placeholder the original does not provide: names the file, the id and the variable", async () => {
    await expect(
      start({ "en/texts.ftl": "link-done = Linked, { $name }! Key: { $key }\n" }),
    ).rejects.toThrow(
      /en\/texts\.ftl: message "link-done" uses \{ \$name \}, which the bot does not provide there \(available: \$key\)/,
    );
  });

  it("an unknown language folder", async () => {
    await expect(start({ "de/texts.ftl": "link-intro = Hallo\n" })).rejects.toThrow(
      /unknown language folder "de"/,
    );
  });
});
