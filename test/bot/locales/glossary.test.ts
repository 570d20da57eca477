/**
 * The glossary (src/bot/locales/GLOSSARY.md) is the rule for words: each row names a concept's term
 * per language and the words that must never stand for it. A message using a "never" word fails here,
 * naming the language, the message and the word; a term no message uses means the table is stale.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, type Message } from "@fluent/syntax";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../../src/languages.js";
import { LOCALES_DIR } from "../../../src/bot/i18n.js";

interface Row {
  concept: string;
  term: Record<Language, string[]>;
  never: Record<Language, string[]>;
  allowedIn: string[];
  /** Message id prefixes the "never" words are limited to; empty: every message. */
  checkedIn: string[];
}

/** `a`, `b` → ["a", "b"]: the words a table cell marks. */
const marked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function glossary(): Row[] {
  const text = readFileSync(join(LOCALES_DIR, "GLOSSARY.md"), "utf8");
  const rows = text
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(Concept|-)/.test(line))
    .map((line) => line.split("|").slice(1, -1));
  return rows.map((cells) => ({
    concept: cells[0]!.trim(),
    term: { en: marked(cells[1]!), ru: marked(cells[2]!), uk: marked(cells[3]!) },
    never: { en: marked(cells[4]!), ru: marked(cells[5]!), uk: marked(cells[6]!) },
    allowedIn: marked(cells[7] ?? ""),
    checkedIn: marked(cells[8] ?? ""),
  }));
}

/** Every message of a language: its id and its source text (variants, attributes and all). */
function messages(lang: Language): Array<{ id: string; text: string }> {
  const dir = join(LOCALES_DIR, lang);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ftl"))
    .flatMap((file) => {
      const source = readFileSync(join(dir, file), "utf8");
      return parse(source, { withSpans: true })
        .body.filter((entry): entry is Message => entry.type === "Message")
        .map((m) => ({
          id: m.id.name,
          text: source.slice(m.value?.span?.start ?? m.span!.start, m.span!.end),
        }));
    });
}

/** A term is found when each of its words' first six letters is (inflected forms: заявка → заявки). */
function uses(text: string, term: string): boolean {
  const lower = text.toLowerCase();
  return term
    .toLowerCase()
    .split(/\s+/)
    .every((word) => lower.includes(word.slice(0, 6)));
}

describe("glossary", () => {
  const rows = glossary();

  it("holds the words a walk through every screen flagged (one word per concept)", () => {
    const concept = (start: string) => rows.find((r) => r.concept.startsWith(start));
    // «заявка» is an order; what /verify submits is a request.
    expect(concept("Verification request")?.never.ru).toContain("заявк");
    expect(concept("Verification request")?.checkedIn).toContain("verification-");
    // привязать, not подключить; отправлять, not отдать; Статус, not Состояние; uk «прямо з».
    expect(concept("Link")?.never.ru).toContain("подключ");
    expect(concept("Send")?.never.ru).toContain("отда");
    expect(concept("Status")?.never.ru).toContain("состояни");
    expect(concept("Gendered")?.never.uk).toContain("просто з");
  });

  it("is a table of concepts with terms in every language", () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows.filter((r) => !r.concept.startsWith("Gendered")))
      for (const lang of LANGUAGES)
        expect(row.term[lang], `${row.concept} (${lang})`).not.toEqual([]);
  });

  for (const lang of LANGUAGES) {
    const all = messages(lang);

    it(`${lang}: no message uses a word the glossary rules out`, () => {
      const found = rows.flatMap((row) =>
        row.never[lang].flatMap((word) =>
          all
            .filter(
              (m) =>
                !row.allowedIn.includes(m.id) &&
                (row.checkedIn.length === 0 || row.checkedIn.some((p) => m.id.startsWith(p))) &&
                m.text.toLowerCase().includes(word.toLowerCase()),
            )
            .map((m) => `${m.id}: "${word}" (${row.concept}: say ${row.term[lang].join(" / ")})`),
        ),
      );
      expect(found).toEqual([]);
    });

    it(`${lang}: every term of the glossary is used by some message`, () => {
      const unused = rows.flatMap((row) =>
        row.term[lang].filter((term) => !all.some((m) => uses(m.text, term))),
      );
      expect(unused).toEqual([]);
    });
  }
});
