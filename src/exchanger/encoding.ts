/**
 * Request encoding for the exchanger API: form bodies, query strings and multipart uploads.
 *
 * Parameters are a flat map. A name ending in `[]` (ids[], photos[]) is a PHP-style repeatable field and
 * takes an array; it is sent as one pair per value (`ids[]=1&ids[]=2`), which is how PHP rebuilds arrays.
 * `undefined`/`null` mean "not given" and are omitted, so optional filters never reach the server as
 * empty strings. A literal 0 (status filter "created") is a value and is kept.
 */
import { FormData } from "undici";
import type { PhotoUpload } from "./types.js";

export type Scalar = string | number | boolean;
export type Params = Record<string, Scalar | readonly Scalar[] | null | undefined>;

/** The name/value pairs of `params` in insertion order, arrays expanded and absent values dropped. */
export function toPairs(params: Params): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      pairs.push([name, scalarToString(item)]);
    }
  }
  return pairs;
}

/** `application/x-www-form-urlencoded` body. */
export function toFormBody(params: Params): string {
  return new URLSearchParams(toPairs(params)).toString();
}

/** `?a=1&b=2` (empty string when there is nothing to send). */
export function toQueryString(params: Params): string {
  const query = toFormBody(params);
  return query === "" ? "" : `?${query}`;
}

/**
 * `multipart/form-data` body: text fields first, then each photo as a file part under `photos[]`.
 * undici's own FormData is used (not Node 20's bundled global) so that undici serialises it and sets the
 * boundary content type itself.
 */
export function toMultipart(params: Params, photos: readonly PhotoUpload[]): FormData {
  const form = new FormData();
  for (const [name, value] of toPairs(params)) form.append(name, value);
  for (const photo of photos) {
    const blob = new Blob([photo.data], { type: photo.contentType || "application/octet-stream" });
    form.append("photos[]", blob, photo.filename || "photo");
  }
  return form;
}

function scalarToString(value: Scalar): string {
  // PHP reads checkboxes and flags as 1/0; "true"/"false" would both be truthy strings there.
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}
