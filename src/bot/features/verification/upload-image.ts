/**
 * What a verification photo becomes before it reaches the exchanger: an image the exchanger can
 * show, identified by its bytes, re-encoded without any of its metadata, under the bot's own name.
 *
 * Why each step:
 * - identified by content, never by the MIME type or name the user's app declared: a ZIP renamed
 *   `passport.jpg` or PHP source sent as `image/jpeg` is refused. sharp (libvips) reads the bytes;
 *   only JPEG, PNG and WebP are accepted — what the exchanger's pages can show.
 * - re-encoded by sharp, which writes no metadata unless asked: EXIF (GPS position, camera serial
 *   number), XMP and IPTC of a document photo never leave the bot. The EXIF orientation is applied
 *   to the pixels first, so a portrait photo still stands upright without it.
 * - a pixel-count limit, checked from the header before anything is decoded (and enforced again by
 *   libvips while decoding): a small file that decodes to gigabytes (a decompression bomb) is refused.
 *   The byte-size limit (MAX_PHOTO_BYTES) is checked on the download before this.
 * - scaled down to MAX_SIDE while decoding and one decode at a time per process, with libvips' cache
 *   off: cleaning costs a bounded amount of memory whatever the pixel count (within the limit), and
 *   it goes back afterwards.
 * - the bot's own file name (`photo-1.jpg`): the user's (`shell.php`, `../../x.phtml`) never leaves.
 */
import type SharpLibrary from "sharp";
import { loadOnFirstUse } from "../../../load-on-first-use.js";

/** What the exchanger can show; named in the refusal. */
export const ACCEPTED_IMAGE_TYPES = "JPEG, PNG, WebP";

/** 50 megapixels: every phone's ordinary photo (a 48 MP camera's 8064×6048) and bounded memory to decode. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * The longest side sent on (a larger image is scaled down to it): what Telegram itself scales a photo
 * to, so only images sent as files ever shrink, and every line of a document stays legible. The
 * decode's memory follows this size, not the input's.
 */
export const MAX_SIDE = 2560;

/**
 * sharp (libvips), loaded with the first photo (≈ 10–14 MB resident). A failed load is an error of the
 * step that needed it (the error boundary answers it), never "not an image".
 */
const loadSharp = loadOnFirstUse(async (): Promise<typeof SharpLibrary> => {
  const { default: sharp } = await import("sharp");
  // No operation cache (it would keep decoded images resident after the work) and one libvips worker
  // thread per image: the memory of cleaning returns to idle and does not multiply by the core count.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});

const OUTPUTS = {
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
  webp: { contentType: "image/webp", extension: "webp" },
} as const;

type Accepted = keyof typeof OUTPUTS;

export interface CleanImage {
  data: Uint8Array;
  contentType: string;
  /** The bot's own name for the n-th photo (1-based): `photo-<n>.<extension>`. */
  fileName: string;
}

export type UploadVerdict =
  | { ok: true; image: CleanImage }
  /** not-image: not JPEG, PNG or WebP by its bytes (or unreadable); too-many-pixels: over MAX_IMAGE_PIXELS. */
  | { ok: false; reason: "not-image" | "too-many-pixels" };

/** What the bytes are, read from the header alone (nothing decoded): the arrival check and the first step of cleaning. */
export type ImageProbe =
  { ok: true; format: Accepted } | { ok: false; reason: "not-image" | "too-many-pixels" };

export async function probeUploadImage(bytes: Uint8Array): Promise<ImageProbe> {
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch (error) {
    // libvips refuses a header over the pixel limit already; anything else is no image it knows.
    return { ok: false, reason: overPixelLimit(error) ? "too-many-pixels" : "not-image" };
  }
  if (!isAccepted(format)) return { ok: false, reason: "not-image" };
  if (pixels > MAX_IMAGE_PIXELS) return { ok: false, reason: "too-many-pixels" };
  return { ok: true, format };
}

/**
 * How much of a photo the arrival check reads: a JPEG's markers before the image (EXIF with its
 * thumbnail, an ICC profile) fit in it, a PNG's or WebP's header in far less.
 */
export const HEAD_BYTES = 256 * 1024;

/** The accepted formats by their first bytes (the signature every file of the format starts with). */
function signatureOf(bytes: Uint8Array): Accepted | undefined {
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return undefined;
}

/**
 * A WebP's canvas size from its first chunk's header (libwebp wants the whole file even for that):
 * "VP8 " (lossy), "VP8L" (lossless) or "VP8X" (extended). Undefined: not a header it knows.
 */
function webpSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = Buffer.from(bytes);
  if (view.length < 30) return undefined;
  const chunk = view.toString("latin1", 12, 16);
  if (chunk === "VP8X")
    return { width: view.readUIntLE(24, 3) + 1, height: view.readUIntLE(27, 3) + 1 };
  if (chunk === "VP8L" && view[20] === 0x2f) {
    const bits = view.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 " && view[23] === 0x9d && view[24] === 0x01 && view[25] === 0x2a)
    return { width: view.readUInt16LE(26) & 0x3fff, height: view.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/**
 * The arrival check on the first bytes of a photo only (`complete`: they are the whole file): what
 * `probeUploadImage` says of the whole, or undefined when the head cannot tell (an image whose header
 * runs past it) — then submit's full check decides. Not an accepted signature is certain from the
 * first bytes; the pixel count from the header.
 */
export async function probeImageHead(
  head: Uint8Array,
  complete: boolean,
): Promise<ImageProbe | undefined> {
  const signature = signatureOf(head);
  if (signature === undefined) return { ok: false, reason: "not-image" };
  const probe = await probeUploadImage(head);
  if (complete || probe.ok || probe.reason === "too-many-pixels") return probe;
  if (signature !== "webp") return undefined;
  const size = webpSize(head);
  if (size === undefined) return undefined;
  return size.width * size.height > MAX_IMAGE_PIXELS
    ? { ok: false, reason: "too-many-pixels" }
    : { ok: true, format: "webp" };
}

/** The bytes the user sent as the n-th photo (1-based) → what may be uploaded, or why not. */
export async function cleanUploadImage(bytes: Uint8Array, n: number): Promise<UploadVerdict> {
  const probe = await probeUploadImage(bytes);
  if (!probe.ok) return probe;
  const sharp = await loadSharp();
  let data: Buffer;
  try {
    data = await oneDecodeAtATime(() =>
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false, sequentialRead: true })
        .rotate()
        // Asking for the smaller size up front lets libvips decode at it (JPEG shrink-on-load,
        // WebP scale-on-load) and stream the rest line by line: memory follows the output, not the input.
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .toFormat(probe.format)
        .toBuffer(),
    );
  } catch (error) {
    // The header was fine but the pixels are not (truncated, corrupt, or over the limit after all).
    return { ok: false, reason: overPixelLimit(error) ? "too-many-pixels" : "not-image" };
  }
  const output = OUTPUTS[probe.format];
  return {
    ok: true,
    image: {
      data: new Uint8Array(data),
      contentType: output.contentType,
      fileName: `photo-${n}.${output.extension}`,
    },
  };
}

/**
 * One decode at a time in the whole process: three users' photos at once cost one photo's memory,
 * not three (the others wait their turn, a second or so each). Process-wide on purpose, like the
 * memory it guards; sharp's own settings below are process-wide too.
 */
let decoding: Promise<unknown> = Promise.resolve();
function oneDecodeAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = decoding.then(work, work);
  decoding = turn.catch(() => undefined);
  return turn;
}

/** sharp's refusal of an image over `limitInputPixels` ("Input image exceeds pixel limit"). */
function overPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

function isAccepted(format: string | undefined): format is Accepted {
  return format !== undefined && Object.hasOwn(OUTPUTS, format);
}
