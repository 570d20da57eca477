import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { LOCALES_DIR } from "../../src/bot/i18n.js";
import { fieldMessages } from "../../src/field-names.js";

function keysOf(lang: string): Map<string, Set<string>> {
  const dir = join(LOCALES_DIR, lang);
  const byFile = new Map<string, Set<string>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ftl"))) {
    const ids = readFileSync(join(dir, file), "utf8")
      .split("\n")
      .map((line) => line.match(/^([a-zA-Z][\w-]*)\s*=/)?.[1])
      .filter((id): id is string => id !== undefined);
    byFile.set(file, new Set(ids));
  }
  return byFile;
}

describe("translations", () => {
  const english = keysOf("en");

  it("has translation files", () => {
    expect(english.size).toBeGreaterThan(0);
  });

  for (const lang of LANGUAGES.filter((l) => l !== "en")) {
    it(`${lang} has exactly the keys of en, file by file`, () => {
      const other = keysOf(lang);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [file, keys] of english) {
        const theirs = other.get(file) ?? new Set<string>();
        expect({
          file,
          missing: [...keys].filter((k) => !theirs.has(k)),
          extra: [...theirs].filter((k) => !keys.has(k)),
        }).toEqual({
          file,
          missing: [],
          extra: [],
        });
      }
    });
  }

  it("fields.ftl holds exactly the labels of the field-name dictionary (ui/field-names.ts), in every language", () => {
    for (const lang of LANGUAGES)
      expect([...(keysOf(lang).get("fields.ftl") ?? [])].sort(), lang).toEqual(
        fieldMessages().sort(),
      );
  });

  it("the security feature's messages (password and 2FA) are one file, security.ftl", () => {
    for (const lang of LANGUAGES) {
      const files = keysOf(lang);
      expect(files.has("password.ftl") || files.has("twofa.ftl"), lang).toBe(false);
      expect([...(files.get("security.ftl") ?? [])], lang).toEqual(
        expect.arrayContaining(["password-menu", "twofa-menu"]),
      );
    }
  });

  it("no key is defined twice across files of one language", () => {
    for (const lang of LANGUAGES) {
      const all = [...keysOf(lang).values()].flatMap((s) => [...s]);
      expect(all.length, lang).toBe(new Set(all).size);
    }
  });
});
