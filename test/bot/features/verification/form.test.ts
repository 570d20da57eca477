import type { Message } from "grammy/types";
import { describe, expect, it } from "vitest";
import {
  FORM_STEPS,
  MAX_PHOTO_BYTES,
  photoFromMessage,
} from "../../../../src/bot/features/verification/form.js";

const base = { message_id: 7, date: 0, chat: { id: 1, type: "private", first_name: "T" } } as const;
const photoMessage = (sizes: (number | undefined)[]) =>
  ({
    ...base,
    photo: sizes.map((file_size, i) => ({
      file_id: `F${i}`,
      file_unique_id: `U${i}`,
      width: 10 * (i + 1),
      height: 10,
      file_size,
    })),
  }) as unknown as Message;
const documentMessage = (document: {
  file_name?: string;
  mime_type?: string;
  file_size?: number;
}) =>
  ({
    ...base,
    document: { file_id: "D", file_unique_id: "DU", ...document },
  }) as unknown as Message;

describe("photo intake", () => {
  it("takes the largest size of a photo", () => {
    expect(photoFromMessage(photoMessage([1000, 50_000]))).toEqual({
      ok: true,
      photo: { fileId: "F1", messageId: 7 },
    });
  });

  it("refuses anything over 9000 KB by Telegram's file_size; exactly 9000 KB passes", () => {
    expect(photoFromMessage(photoMessage([1000, MAX_PHOTO_BYTES + 1]))).toEqual({
      ok: false,
      reason: "too-large",
      sizeKb: 9001,
    });
    expect(photoFromMessage(photoMessage([MAX_PHOTO_BYTES]))).toMatchObject({ ok: true });
    expect(
      photoFromMessage(documentMessage({ mime_type: "image/png", file_size: 20_000_000 })),
    ).toEqual({
      ok: false,
      reason: "too-large",
      sizeKb: 19532,
    });
  });

  it("accepts documents declared as JPEG, PNG or WebP (their name is not kept); refuses other files, SVG, HEIC, GIF", () => {
    for (const mime_type of ["image/jpeg", "image/png", "image/webp"])
      expect(
        photoFromMessage(documentMessage({ file_name: "scan.x", mime_type, file_size: 10 })),
      ).toEqual({
        ok: true,
        photo: { fileId: "D", messageId: 7 },
      });
    for (const mime_type of ["image/heic", "image/gif", "image/tiff", "image/bmp"])
      expect(
        photoFromMessage(documentMessage({ file_name: "scan.x", mime_type })),
        mime_type,
      ).toEqual({ ok: false, reason: "not-image" });
    expect(
      photoFromMessage(documentMessage({ file_name: "scan.pdf", mime_type: "application/pdf" })),
    ).toEqual({
      ok: false,
      reason: "not-image",
    });
    expect(
      photoFromMessage(documentMessage({ file_name: "x.svg", mime_type: "image/svg+xml" })),
    ).toEqual({
      ok: false,
      reason: "not-image",
    });
    // No mime type from Telegram: the extension decides.
    expect(photoFromMessage(documentMessage({ file_name: "IMG_1.JPG" }))).toMatchObject({
      ok: true,
    });
    expect(photoFromMessage(documentMessage({ file_name: "IMG_1.HEIC" }))).toEqual({
      ok: false,
      reason: "not-image",
    });
    expect(photoFromMessage(documentMessage({ file_name: "notes" }))).toEqual({
      ok: false,
      reason: "not-image",
    });
  });

  it("stickers and videos are 'not an image'; other messages are not photos at all", () => {
    expect(photoFromMessage({ ...base, sticker: { file_id: "S" } } as unknown as Message)).toEqual({
      ok: false,
      reason: "not-image",
    });
    expect(photoFromMessage({ ...base, video: { file_id: "V" } } as unknown as Message)).toEqual({
      ok: false,
      reason: "not-image",
    });
    expect(
      photoFromMessage({ ...base, location: { latitude: 1, longitude: 2 } } as unknown as Message),
    ).toBeUndefined();
  });
});

describe("form steps", () => {
  it("card asks card number and names; identity has exactly two optional fields", () => {
    expect(FORM_STEPS.card.map((s) => s.field)).toEqual(["card_number", "first_name", "last_name"]);
    expect(FORM_STEPS.identity.filter((s) => s.optional).map((s) => s.field)).toEqual([
      "middle_name",
      "zip_code",
    ]);
    expect(FORM_STEPS.service).toEqual([]);
  });
});
