/**
 * Verification uploads are images, and only the image. What used to be forwarded as is — PHP source
 * sent as `image/jpeg` behind `shell.php`, a ZIP renamed `passport.jpg`, the user's file names
 * (`../../../var/www/html/x.phtml`), the EXIF of a document photo (GPS position, camera serial) — is
 * now identified by its bytes, refused with the accepted types named (the form goes on), or
 * re-encoded without metadata under the bot's own name.
 */
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  cleanUploadImage,
  HEAD_BYTES,
  MAX_IMAGE_PIXELS,
  probeImageHead,
} from "../../../../src/bot/features/verification/upload-image.js";
import { startSandbox, type Sandbox } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

const SERIAL = "CAMERA-SERIAL-5550123";

/** A document photo as a phone writes it: EXIF with the GPS position and the camera's serial, XMP, turned sideways. */
async function phonePhoto(format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Copyright: SERIAL },
      IFD2: { BodySerialNumber: SERIAL },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "50/1 27/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "30/1 31/1 0/1",
      },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>${SERIAL}</rdf:Description></rdf:RDF></x:xmpmeta>`,
    )
    .toFormat(format)
    .toBuffer();
}

/** A PNG whose header claims width × height (1-bit grey), with one row of data: tiny on disk, huge decoded. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(row)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PHP = Buffer.from("<?php system($_GET['cmd']); ?>\n");
const ZIP = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(200, 1)]);

describe("cleanUploadImage", () => {
  it("re-encodes a JPEG, PNG and WebP without EXIF, GPS, XMP or the serial, upright, under the bot's own name", async () => {
    for (const [format, name, contentType] of [
      ["jpeg", "photo-1.jpg", "image/jpeg"],
      ["png", "photo-2.png", "image/png"],
      ["webp", "photo-3.webp", "image/webp"],
    ] as const) {
      const original = await phonePhoto(format);
      expect((await sharp(original).metadata()).exif, format).toBeDefined(); // what used to be forwarded
      const verdict = await cleanUploadImage(original, Number(name[6]));
      expect(verdict.ok, format).toBe(true);
      if (!verdict.ok) continue;
      expect(verdict.image.fileName).toBe(name);
      expect(verdict.image.contentType).toBe(contentType);
      const cleaned = await sharp(verdict.image.data).metadata();
      expect(cleaned.format).toBe(format);
      expect(cleaned.exif, format).toBeUndefined();
      expect(cleaned.xmp, format).toBeUndefined();
      expect(cleaned.orientation, format).toBeUndefined();
      expect([cleaned.width, cleaned.height], format).toEqual([48, 64]); // the turn is in the pixels now
      expect(Buffer.from(verdict.image.data).includes(SERIAL), format).toBe(false);
    }
  });

  it("refuses by content: PHP source, a ZIP, SVG, GIF, TIFF and text, whatever they were called", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    for (const [what, bytes] of [
      ["php", PHP],
      ["zip", ZIP],
      ["svg", svg],
      ["gif", gif],
      ["tiff", tiff],
      ["empty", Buffer.alloc(0)],
    ] as const) {
      expect(await cleanUploadImage(bytes, 1), what).toEqual({ ok: false, reason: "not-image" });
    }
  });

  it("refuses a decompression bomb from its header, before decoding it", async () => {
    const bomb = pngClaiming(30_000, 30_000); // 900 megapixels in a few hundred bytes
    expect(bomb.length).toBeLessThan(10_000);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await cleanUploadImage(bomb, 1)).toEqual({ ok: false, reason: "too-many-pixels" });
  });
});

/** A photo larger than the head the arrival check reads: noise does not compress. */
function noisePhoto(format: "jpeg" | "png" | "webp", width = 1200, height = 900): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .toFormat(format, format === "png" ? {} : { quality: 95 })
    .toBuffer();
}

describe("probeImageHead: the arrival check on the first bytes only", () => {
  it("tells JPEG, PNG and WebP from their head, each file larger than it", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const photo = await noisePhoto(format);
      expect(photo.length, format).toBeGreaterThan(HEAD_BYTES);
      expect(await probeImageHead(photo.subarray(0, HEAD_BYTES), false), format).toEqual({
        ok: true,
        format,
      });
    }
  });

  it("WebP's size from its first chunk (lossy, lossless, extended), the pixel limit from it", async () => {
    const small = sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a6" } });
    const variants = {
      lossy: await small.clone().webp().toBuffer(),
      lossless: await small.clone().webp({ lossless: true }).toBuffer(),
      extended: await small
        .clone()
        .withExif({ IFD0: { Make: "X" } })
        .webp()
        .toBuffer(),
    };
    for (const [name, webp] of Object.entries(variants))
      expect(await probeImageHead(webp.subarray(0, 40), false), name).toEqual({
        ok: true,
        format: "webp",
      });
    // An extended header claiming 16384 × 16384 (268 MP): refused from 40 bytes.
    const huge = Buffer.from(variants.extended.subarray(0, 40));
    expect(huge.toString("latin1", 12, 16)).toBe("VP8X");
    huge.writeUIntLE(16383, 24, 3);
    huge.writeUIntLE(16383, 27, 3);
    expect(await probeImageHead(huge, false)).toEqual({ ok: false, reason: "too-many-pixels" });
  });

  it("not an image from its first bytes, a bomb from its header; a header past the head: cannot tell (submit decides)", async () => {
    expect(await probeImageHead(ZIP, false)).toEqual({ ok: false, reason: "not-image" });
    expect(await probeImageHead(PHP, true)).toEqual({ ok: false, reason: "not-image" });
    expect(await probeImageHead(pngClaiming(30_000, 30_000), true)).toEqual({
      ok: false,
      reason: "too-many-pixels",
    });
    const jpeg = await noisePhoto("jpeg");
    expect(await probeImageHead(jpeg.subarray(0, 200), false)).toBeUndefined();
  });
});

describe("verification uploads end to end", () => {
  let sandbox: Sandbox;
  let h: Harness;
  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0, keepUploads: true });
    h = await Harness.start({ http: true, sandbox });
    h.sandbox.state.accounts.main!.verification!.status = "rejected"; // may be sent again (an approved one may not)
  });
  afterEach(async () => {
    await h.close();
    await sandbox.close();
  });

  const submits = () => h.exchangerCalls("/user-api-submit-verification");

  const fillCard = async (user: SimUser) => {
    await user.send("/verify");
    await user.press("📤 Submit verification");
    await user.press(/💳/);
    await user.send("4111 1111 1111 1111");
    await user.send("Ivan");
    await user.send("Petrenko");
  };

  it("a ZIP and PHP declared as JPEG and a 900-megapixel PNG are refused as they arrive; the form goes on; the photo goes without metadata as photo-1.jpg", async () => {
    const user = await h.linkedUser("main");
    await fillCard(user);

    // What the user's app declares gets them past the first look; their bytes decide at once.
    await user.sendDocument({
      fileName: "../../../var/www/html/x.phtml",
      mimeType: "image/jpeg",
      bytes: await phonePhoto(),
    });
    expect(user.lastText()).toContain("Photo 1 received");
    await user.sendDocument({ fileName: "passport.jpg", mimeType: "image/jpeg", bytes: ZIP });
    expect(user.lastText()).toContain("This is not a JPEG, PNG or WebP image, so it was not added");
    await user.sendDocument({ fileName: "shell.php", mimeType: "image/jpeg", bytes: PHP });
    expect(user.lastText()).toContain("This is not a JPEG, PNG or WebP image, so it was not added");
    const bomb = pngClaiming(30_000, 30_000);
    await user.sendDocument({ fileName: "scan.png", mimeType: "image/png", bytes: bomb });
    expect(user.lastText()).toContain(
      "This image has too many pixels for me to process (more than 50 megapixels), so it was not added.",
    );
    // The refusals answer the refused message; the one accepted photo keeps the Done button.
    await user.press("✅ Done (1 photo)");
    await user.press("📤 Submit");
    const request = submits().at(-1)!;
    expect(request.status).toBe(200);
    expect(request.files.map((f) => [f.filename, f.contentType])).toEqual([
      ["photo-1.jpg", "image/jpeg"],
    ]);
    const sent = request.files[0]!.bytes!;
    const metadata = await sharp(sent).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(Buffer.from(sent).includes(SERIAL)).toBe(false);
    expect(user.lastText()).toContain("Your verification request was sent");
  });

  it("the too-many-pixels refusal in ru and uk", async () => {
    for (const [language, words] of [
      ["ru", "слишком много пикселей (больше 50 мегапикселей)"],
      ["uk", "забагато пікселів (понад 50 мегапікселів)"],
    ] as const) {
      const user = await h.linkedUser("main", { languageCode: language });
      await user.send("/verify");
      await user.press(/📤/);
      await user.press(/💳/);
      await user.send("4111 1111 1111 1111");
      await user.send("Ivan");
      await user.send("Petrenko");
      await user.sendDocument({
        fileName: "scan.png",
        mimeType: "image/png",
        bytes: pngClaiming(30_000, 30_000),
      });
      expect(user.lastText()).toContain(words);
    }
  });

  it("a photo whose bytes could not be fetched when it arrived is judged at submit", async () => {
    const user = await h.linkedUser("main");
    await fillCard(user);
    h.fake.failNext(
      "getFile",
      400,
      "Bad Request: wrong file_id or the file is temporarily unavailable",
    );
    await user.sendDocument({ fileName: "passport.jpg", mimeType: "image/jpeg", bytes: ZIP });
    expect(user.lastText()).toContain("Photo 1 received");
    await user.press("✅ Done (1 photo)");
    await user.press("📤 Submit");
    expect(user.lastText()).toContain(
      "Photo 1 is not a JPEG, PNG, WebP image (judged by its content), so I left it out.",
    );
    expect(user.lastText()).toContain("No photos are left: press “Edit” and send them again.");
    const buttons = (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.text);
    expect(buttons).not.toContain("📤 Submit");
    expect(buttons).toContain("✏️ Edit");
    expect(submits()).toHaveLength(0);
  });

  it("each photo is downloaded once: its head as it arrives, the whole at submit", async () => {
    const user = await h.linkedUser("main");
    await fillCard(user);
    const jpeg = await noisePhoto("jpeg");
    const webp = await noisePhoto("webp");
    await user.sendDocument({ fileName: "front.jpg", mimeType: "image/jpeg", bytes: jpeg });
    await user.sendDocument({ fileName: "back.webp", mimeType: "image/webp", bytes: webp });
    expect(user.lastText()).toContain("Photo 2 received");
    // As they arrived: only their heads were read.
    expect(h.fake.fileReads.map((r) => [r.bytes, r.whole])).toEqual([
      [HEAD_BYTES, false],
      [HEAD_BYTES, false],
    ]);
    await user.press("✅ Done (2 photos)");
    await user.press("📤 Submit");
    expect(
      submits()
        .at(-1)!
        .files.map((f) => f.filename),
    ).toEqual(["photo-1.jpg", "photo-2.webp"]);
    // Each file in whole exactly once.
    const whole = h.fake.fileReads.filter((r) => r.whole);
    expect(whole.map((r) => r.bytes)).toEqual([jpeg.length, webp.length]);
    expect(new Set(whole.map((r) => r.filePath)).size).toBe(2);
    expect(h.fake.fileReads).toHaveLength(4);
  });
});
