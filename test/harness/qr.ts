/**
 * Reads the QR codes in a picture the bot sent (PNG or JPEG bytes), with zxing-wasm (ZXing-C++ as
 * WebAssembly; a dev dependency). Its .wasm is handed over from node_modules: left to itself the
 * module would fetch it from a CDN.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

let ready: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (ready === undefined) {
    const file = readFileSync(
      createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"),
    );
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);
    ready = Promise.resolve(
      prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }),
    );
  }
  return ready;
}

/** The text of every valid QR code in the image. */
export async function decodeQr(image: Uint8Array): Promise<string[]> {
  await prepare();
  const found = await readBarcodes(image, { formats: ["QRCode"] });
  return found.filter((code) => code.isValid).map((code) => code.text);
}
