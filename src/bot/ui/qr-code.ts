/**
 * A QR code as a PNG for a chat photo (an address to pay to, a 2FA secret), drawn alike everywhere.
 * The encoder is loaded with the first code, not at start (≈ 3–6 MB resident; load-on-first-use.ts).
 */
import type QRCodeLibrary from "qrcode";
import { loadOnFirstUse } from "../../load-on-first-use.js";

const loadEncoder = loadOnFirstUse(
  async (): Promise<typeof QRCodeLibrary> => (await import("qrcode")).default,
);

export async function qrCodePng(text: string): Promise<Buffer> {
  const encoder = await loadEncoder();
  return encoder.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 360 });
}
