import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/config.js";
import { LOCALES_DIR } from "../../src/bot/i18n.js";

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
        expect({ file, missing: [...keys].filter((k) => !theirs.has(k)), extra: [...theirs].filter((k) => !keys.has(k)) }).toEqual({
          file,
          missing: [],
          extra: [],
        });
      }
    });
  }

  it("no key is defined twice across files of one language", () => {
    for (const lang of LANGUAGES) {
      const all = [...keysOf(lang).values()].flatMap((s) => [...s]);
      expect(all.length, lang).toBe(new Set(all).size);
    }
  });
});
