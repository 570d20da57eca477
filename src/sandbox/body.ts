/**
 * Reads and decodes request bodies: application/x-www-form-urlencoded and multipart/form-data.
 * Multipart goes through the WHATWG `Request.formData()` built into Node, so no parser dependency.
 * Any other content type yields no fields, like PHP's $_POST for a JSON body: the method then
 * reports the missing parameters, which is what a client sending the wrong encoding would see.
 */
import type { IncomingMessage } from "node:http";
import { Params, type UploadedFile } from "./params.js";

/** Generous: several 9000 KB photos must fit, plus one oversized photo in tests. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class BodyTooLarge extends Error {}
export class MalformedBody extends Error {}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge(`body over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `keepUploads`: keep each uploaded file's bytes (tests that look inside what was uploaded). */
export async function parseBody(
  contentType: string | undefined,
  body: Buffer,
  keepUploads = false,
): Promise<Params> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    return Params.fromSearchParams(new URLSearchParams(body.toString("utf8")));
  }
  if (type === "multipart/form-data") return parseMultipart(contentType!, body, keepUploads);
  return new Params([]);
}

async function parseMultipart(
  contentType: string,
  body: Buffer,
  keepUploads: boolean,
): Promise<Params> {
  let form: FormData;
  try {
    form = await new Request("http://sandbox.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }).formData();
  } catch (error) {
    throw new MalformedBody(error instanceof Error ? error.message : String(error));
  }
  const fields: Array<[string, string]> = [];
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields.push([name, value]);
    else
      files.push({
        field: name,
        filename: value.name,
        contentType: value.type,
        size: value.size,
        ...(keepUploads && { bytes: new Uint8Array(await value.arrayBuffer()) }),
      });
  }
  return new Params(fields, files);
}
