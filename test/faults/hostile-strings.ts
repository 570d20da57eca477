/**
 * Hostile and random strings for the hostile-input tests: very long text, HTML, control characters,
 * emoji, right-to-left overrides, zero-width characters, and seeded random Unicode (the same strings
 * on every run, so a failure can be reproduced).
 */
import { seededRandom } from "../../src/sandbox/random.js";

/** Code point ranges random strings draw from: everything that tends to break text handling. */
const RANGES: [number, number][] = [
  [0x20, 0x7e], // printable ASCII, including < > & " ' / \
  [0x00, 0x1f], // C0 controls
  [0x7f, 0x9f], // DEL and C1 controls
  [0x300, 0x36f], // combining marks
  [0x400, 0x4ff], // Cyrillic
  [0x600, 0x6ff], // Arabic (right-to-left)
  [0x200b, 0x200f], // zero-width space/joiners, LRM/RLM
  [0x202a, 0x202e], // bidi embeddings and overrides
  [0x2066, 0x2069], // bidi isolates
  [0x4e00, 0x4fff], // CJK
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // BOM
  [0x1f300, 0x1faff], // emoji
];

export function randomString(seed: number, length: number): string {
  const random = seededRandom(seed);
  let out = "";
  for (let i = 0; i < length; i++) {
    const [lo, hi] = RANGES[Math.floor(random() * RANGES.length)]!;
    out += String.fromCodePoint(lo + Math.floor(random() * (hi - lo + 1)));
  }
  return out;
}

const CONTROLS = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("");

/** [label, text]: what each prompt of each flow is fed. */
export const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ["5000 characters", "A".repeat(4990) + "0123456789"],
  ["HTML", '<b><script>alert(1)</script>&amp;</b> <a href="javascript:x">x</a> &lt;'],
  ["control characters", `ab${CONTROLS}cd`],
  ["emoji", "💸🔥👨‍👩‍👧‍👦🏳️‍🌈 1️⃣"],
  ["right-to-left override", "\u202etxt.exe\u202c 1234 \u2067abc\u2069"],
  ["zero-width characters", "\u200b\u200c\u200d\ufeff"],
  ["random Unicode #1", randomString(1, 60)],
  ["random Unicode #2", randomString(2, 300)],
];

/** Control characters: what no value sent to the exchanger may carry. */
export const hasControl = (s: string): boolean => /\p{Cc}/u.test(s);

/** Bidi embeddings, overrides and isolates: text that displays differently from what it is. */
export const hasBidiOverride = (s: string): boolean => /[\u202a-\u202e\u2066-\u2069]/u.test(s);
