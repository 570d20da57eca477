/**
 * A layout file: what `npm run doctor -- --write-layout FILE` writes and EXCHANGER_LAYOUT points the
 * bot at — a JSON list of layouts (normalize/layout.ts). Positions in a pinned file are the operator's
 * word: they count as certain (`by: "file"`), except a token or status the file itself marks as guessed.
 */
import { readFileSync } from "node:fs";
import * as v from "valibot";
import { LAYOUT_OBJECTS, PLACED_BY, type Layout } from "../normalize/layout.js";

const MAX_POSITIONS = 200;

const FieldSchema = v.object({
  position: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_POSITIONS - 1)),
  name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,63}$/)),
  by: v.picklist(PLACED_BY),
  secret: v.optional(v.boolean()),
  why: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

const LayoutSchema = v.object({
  object: v.picklist(LAYOUT_OBJECTS),
  size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_POSITIONS)),
  source: v.picklist(["documented", "learned", "file"]),
  fields: v.array(FieldSchema),
});

/** The layouts of a file's text; throws (with valibot's message) on anything else. */
export function parseLayouts(text: string): Layout[] {
  return v.parse(v.array(LayoutSchema), JSON.parse(text));
}

/** A pinned file's layouts, each marked as coming from the file; throws a message naming the path. */
export function readLayoutFile(path: string): Layout[] {
  try {
    return parseLayouts(readFileSync(path, "utf8")).map((layout) => ({
      ...layout,
      source: "file",
    }));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`EXCHANGER_LAYOUT (${path}) is not a layout file: ${why}`);
  }
}

/** The text written by the doctor: learned (and documented) layouts as they are. */
export function layoutFileText(layouts: readonly Layout[]): string {
  return `${JSON.stringify(layouts, null, 2)}\n`;
}
