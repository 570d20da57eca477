/**
 * What the verification form asks, per kind, and which sent files it accepts as photos.
 * Pure data and functions: the conversation (verification.ts) walks these steps.
 *
 * The spec makes every parameter optional and only says card verification needs the card number,
 * first and last name and photos. For identity documents the middle name and zip code are optional
 * (many people and countries have none); everything else is asked.
 */
import type { Message } from "grammy/types";
import type { VerificationFields } from "../../../exchanger/index.js";
import { ID_TYPES, type VerificationKind } from "./render.js";
import {
  parseBirthDate,
  parseCardNumber,
  parseIdNumber,
  parseName,
  parsePhone,
  parsePlainText,
  parseZipCode,
  type Parsed,
} from "./validation.js";

export type FieldName = keyof VerificationFields;

export interface FieldStep {
  field: FieldName;
  /** Offered with a "Skip" button. */
  optional?: boolean;
  /** Codes offered as buttons besides typing (id types). */
  choices?: readonly string[];
  /** The full card number should not stay in the chat: its message is deleted once read. */
  sensitive?: boolean;
  parse(text: string, today: Date): Parsed;
}

const text = (max: number) => (input: string) => parsePlainText(input, max);

export const FORM_STEPS: Record<VerificationKind, readonly FieldStep[]> = {
  card: [
    { field: "card_number", sensitive: true, parse: parseCardNumber },
    { field: "first_name", parse: parseName },
    { field: "last_name", parse: parseName },
  ],
  identity: [
    { field: "id_type", choices: ID_TYPES, parse: text(50) },
    { field: "id_number", parse: parseIdNumber },
    { field: "first_name", parse: parseName },
    { field: "middle_name", optional: true, parse: parseName },
    { field: "last_name", parse: parseName },
    { field: "birth_date", parse: parseBirthDate },
    { field: "phone", parse: parsePhone },
    { field: "country", parse: text(100) },
    { field: "city", parse: text(100) },
    { field: "address", parse: text(200) },
    { field: "zip_code", optional: true, parse: parseZipCode },
  ],
  service: [],
};

export const KINDS: readonly VerificationKind[] = ["card", "identity", "service"];

/** Card and document verification need pictures; third-party services need nothing. */
export const NEEDS_PHOTOS: Record<VerificationKind, boolean> = {
  card: true,
  identity: true,
  service: false,
};

/** Per photo, as the exchanger's upload form states (9000 KB). Checked on Telegram's file_size. */
export const MAX_PHOTO_BYTES = 9000 * 1024;
/** Enough for both sides of a document and a selfie, several times over. */
export const MAX_PHOTOS = 10;

/**
 * A photo the user sent, kept by Telegram file id until submission (never downloaded earlier). What
 * it is, and under which name it is sent, is decided from its bytes then (upload-image.ts): nothing
 * the user's app declared (MIME type, file name) reaches the exchanger.
 */
export interface CollectedPhoto {
  fileId: string;
  /** The user's message, so it can be deleted from the chat afterwards. */
  messageId: number;
}

export type PhotoIntake =
  | { ok: true; photo: CollectedPhoto }
  | { ok: false; reason: "too-large"; sizeKb: number }
  | { ok: false; reason: "not-image" }
  /** Found out from the bytes when the photo arrives (upload.ts checkOnArrival). */
  | { ok: false; reason: "too-many-pixels" };

/**
 * Image types taken from documents by file extension when Telegram gives no mime type. Only the types
 * the exchanger can show (upload-image.ts, which checks the bytes on arrival and at submission): a HEIC, GIF or TIFF
 * file is refused at once, while the user can still send it as a photo (Telegram converts photos to JPEG).
 */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};
const ACCEPTED_DOCUMENT_TYPES = new Set([
  "image/jpeg",
  "image/jpg",
  "image/pjpeg",
  "image/png",
  "image/webp",
]);

function documentType(document: NonNullable<Message["document"]>): string | undefined {
  const mime = document.mime_type?.toLowerCase().trim();
  if (mime) return mime;
  const extension = document.file_name?.split(".").pop()?.toLowerCase();
  return extension ? EXTENSION_TYPES[extension] : undefined;
}

/**
 * Reads a photo or an image document from a message; undefined when the message holds neither.
 * A document must declare a type the exchanger can show (JPEG, PNG, WebP); what it really is, is
 * checked from its bytes when it arrives and again at submission (upload.ts, upload-image.ts) — a declaration is only a first filter.
 */
export function photoFromMessage(message: Message): PhotoIntake | undefined {
  const tooLarge = (size: number | undefined): PhotoIntake | undefined =>
    size !== undefined && size > MAX_PHOTO_BYTES
      ? { ok: false, reason: "too-large", sizeKb: Math.ceil(size / 1024) }
      : undefined;

  if (message.photo && message.photo.length > 0) {
    // Telegram lists the sizes smallest first; the largest is the one worth sending.
    const largest = message.photo.at(-1)!;
    return (
      tooLarge(largest.file_size) ?? {
        ok: true,
        photo: { fileId: largest.file_id, messageId: message.message_id },
      }
    );
  }
  if (message.document) {
    const type = documentType(message.document);
    if (!type || !ACCEPTED_DOCUMENT_TYPES.has(type)) return { ok: false, reason: "not-image" };
    return (
      tooLarge(message.document.file_size) ?? {
        ok: true,
        photo: { fileId: message.document.file_id, messageId: message.message_id },
      }
    );
  }
  // Things people send instead of a photo: stickers, videos, voice… — tell them it is not an image.
  if (
    message.sticker ||
    message.video ||
    message.animation ||
    message.video_note ||
    message.voice ||
    message.audio
  )
    return { ok: false, reason: "not-image" };
  return undefined;
}
