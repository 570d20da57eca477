/**
 * A layout file: what `npm run doctor -- --write-layout FILE` writes and EXCHANGER_LAYOUT points the
 * bot at — a JSON list of layouts (normalize/layout.ts). Positions in a pinned file are the operator's
 * word: they count as certain (`by: "file"`), except a token or status the file itself marks as guessed.
 */
import { readFileSync } from "node:fs";
import * as v from "valibot";
import { LAYOUT_OBJECTS, MAX_POSITIONS, PLACED_BY, type Layout } from "../normalize/layout.js";
import { KIND_FAMILIES } from "./value-types.js";

const FieldSchema = v.object({
  position: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_POSITIONS - 1)),
  name: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,63}$/)),
  by: v.picklist(PLACED_BY),
  secret: v.optional(v.boolean()),
  why: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

const LayoutSchema = v.pipe(
  v.object({
    object: v.picklist(LAYOUT_OBJECTS),
    size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_POSITIONS)),
    source: v.picklist(["documented", "learned", "file"]),
    fields: v.array(FieldSchema),
    // The signature's families per position (normalize/layout.ts); one entry per position.
    families: v.optional(v.array(v.array(v.picklist(KIND_FAMILIES)))),
  }),
  v.check(
    (l) => l.families === undefined || l.families.length === l.size,
    "families must list one entry per position",
  ),
  v.check(
    (l) => l.fields.every((f) => f.position < l.size),
    "every field's position must lie within the layout's size",
  ),
);

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
