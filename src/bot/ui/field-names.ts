/**
 * A field's label in the reader's language: the message ids of the one dictionary of field names
 * (src/field-names.ts), translated; a name it does not know humanized in English (html.ts humanizeKey).
 */
import { fieldMessage, type FieldScope } from "../../field-names.js";
import type { Translator } from "../context.js";
import { humanizeKey } from "./html.js";

/** The label of a field in the reader's language; an unknown name humanized ("Preferred currency"). */
export function fieldLabel(ctx: Translator, key: string, scope?: FieldScope): string {
  const message = fieldMessage(key, scope);
  if (message !== undefined) return ctx.t(message);
  // A nested field flattened by the normalizer ("settings.lang"): each part named on its own.
  if (key.includes("."))
    return key
      .split(".")
      .map((part) => fieldLabel(ctx, part, scope))
      .join(" · ");
  return humanizeKey(key);
}

/** `fieldLabel` for one screen, in the shape fieldLines and displayValue take. */
export function fieldLabels(ctx: Translator, scope?: FieldScope): (key: string) => string {
  return (key) => fieldLabel(ctx, key, scope);
}
