/** How a dialect writes "there is nothing" (dialect.ts `nothing`). */
import type { Dialect } from "./dialect.js";

/** An absent object (no verification request): null, false or PHP's empty array. */
export function nothingObject(dialect: Dialect): null | false | [] {
  return dialect.nothing === "null" ? null : dialect.nothing === "false" ? false : [];
}

/** An empty collection (no saved fields): PHP's json_encode writes an empty array as `[]`; older scripts `false`. */
export function nothingCollection(dialect: Dialect): false | [] {
  return dialect.nothing === "false" ? false : [];
}
