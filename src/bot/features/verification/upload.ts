/**
 * Sending the form: every photo is fetched from Telegram and uploaded in one submit call, inside one
 * external (callExchanger), so the bytes exist only in memory for this call and never reach the
 * replay log (docs/design.md, "Facts about the libraries"). The one place where the user's photos are downloaded.
 */
import { GrammyError } from "grammy";
import {
  ExchangerError,
  Unavailable,
  type PhotoUpload,
  type VerificationFields,
  type Verification,
} from "../../../exchanger/index.js";
import type { BotDeps, FlowContext } from "../../context.js";
import { callExchanger, type Flow } from "../../core/flows.js";
import { MAX_PHOTO_BYTES, type CollectedPhoto, type PhotoIntake } from "./form.js";
import { cleanUploadImage, HEAD_BYTES, probeImageHead } from "./upload-image.js";
import { loggedError } from "../../../log-error.js";

export type SubmitOutcome =
  | { ok: true }
  | { ok: false; problem: "download" | "too-large" }
  /** The photo at index `photo` cannot be sent (upload-image.ts): left out, the others may go. */
  | { ok: false; problem: "not-image" | "too-many-pixels"; photo: number };
type Located = { path: string; photo: CollectedPhoto };

export async function submit(
  conversation: Flow,
  ctx: FlowContext,
  fields: VerificationFields,
  photos: CollectedPhoto[],
): Promise<SubmitOutcome> {
  const files = await locate(conversation, ctx, photos);
  if (!Array.isArray(files)) return files;
  return callExchanger(conversation, async (caller, deps): Promise<SubmitOutcome> => {
    const uploads = await download(deps, files);
    if (!Array.isArray(uploads)) return uploads;
    await deps.exchanger.submitVerification(caller, fields, uploads);
    return { ok: true };
  });
}

/** getFile for each photo, outside external (§2.6); file paths are valid for about an hour. */
async function locate(
  conversation: Flow,
  ctx: FlowContext,
  photos: CollectedPhoto[],
): Promise<Located[] | SubmitOutcome> {
  const files: Located[] = [];
  for (const photo of photos) {
    try {
      const file = await ctx.api.getFile(photo.fileId);
      if (!file.file_path) return { ok: false, problem: "download" };
      if (file.file_size !== undefined && file.file_size > MAX_PHOTO_BYTES)
        return { ok: false, problem: "too-large" };
      files.push({ path: file.file_path, photo });
    } catch (error) {
      // Replayed API errors may come back as plain errors, so any failure here means "cannot fetch".
      const description =
        error instanceof GrammyError
          ? error.description
          : error instanceof Error
            ? error.message
            : String(error);
      await conversation.external((outer) =>
        outer.logger.warn({ err: description }, "verification photo: getFile failed"),
      );
      return { ok: false, problem: "download" };
    }
  }
  return files;
}

/** The photos' bytes, checked and cleaned (upload-image.ts), inside the external that uploads them. */
async function download(deps: BotDeps, files: Located[]): Promise<PhotoUpload[] | SubmitOutcome> {
  const uploads: PhotoUpload[] = [];
  for (const [index, { path }] of files.entries()) {
    let data: Uint8Array;
    try {
      data = await deps.downloadFile(path);
    } catch (error) {
      deps.logger.warn({ err: loggedError(error) }, "verification photo download failed");
      return { ok: false, problem: "download" };
    }
    if (data.length > MAX_PHOTO_BYTES) return { ok: false, problem: "too-large" };
    const clean = await cleanUploadImage(data, index + 1);
    if (!clean.ok) return { ok: false, problem: clean.reason, photo: index };
    if (clean.image.data.length > MAX_PHOTO_BYTES) return { ok: false, problem: "too-large" };
    uploads.push({
      filename: clean.image.fileName,
      contentType: clean.image.contentType,
      data: clean.image.data,
    });
  }
  return uploads;
}

/** Why a photo was refused when it arrived; undefined: taken (also when it could not be fetched: submit tries again). */
export type ArrivalRefusal = Extract<PhotoIntake, { ok: false }> | undefined;

/**
 * The photo checked the moment it arrives, without downloading it: its size from getFile, its first
 * HEAD_BYTES (a Range request, nothing decoded) for what it is and its pixel count. A non-image, a
 * file too large or with too many pixels is refused then, not at submit; the whole photo is fetched
 * once, at submit. getFile outside external, the bytes only inside it (docs/design.md, "Facts about
 * the libraries"): they never reach the replay log.
 */
export async function checkOnArrival(
  conversation: Flow,
  ctx: FlowContext,
  photo: CollectedPhoto,
): Promise<ArrivalRefusal> {
  const tooLarge = (size: number): ArrivalRefusal =>
    size > MAX_PHOTO_BYTES
      ? { ok: false, reason: "too-large", sizeKb: Math.ceil(size / 1024) }
      : undefined;
  let path: string | undefined;
  try {
    const file = await ctx.api.getFile(photo.fileId);
    const refused = tooLarge(file.file_size ?? 0);
    if (refused) return refused;
    path = file.file_path;
  } catch {
    // Telegram cannot hand it out right now: submit fetches it again and says so if it still cannot.
    return undefined;
  }
  if (path === undefined) return undefined;
  const where = path;
  // Only the head: the photo itself is downloaded once, at submit (docs/security.md).
  const refusal = await conversation.external(async (outer) => {
    const head = await outer.deps
      .downloadFile(where, { firstBytes: HEAD_BYTES })
      .catch(() => undefined);
    if (head === undefined) return null;
    const probe = await probeImageHead(head, head.length < HEAD_BYTES);
    return probe?.ok === false ? probe : null;
  });
  return refusal ?? undefined;
}

/** The request as the exchanger now holds it; undefined when it cannot say right now. */
export async function freshRequest(conversation: Flow): Promise<Verification | null | undefined> {
  try {
    return await callExchanger(conversation, (caller, deps) =>
      deps.exchanger.getVerification(caller),
    );
  } catch (error) {
    if (error instanceof ExchangerError || error instanceof Unavailable) return undefined;
    throw error;
  }
}
