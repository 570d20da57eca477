/**
 * Downloads files users sent (verification photos) from the Bot API file route, honouring
 * TELEGRAM_API_ROOT. @grammyjs/files only speaks https (docs/design.md, "Facts about the libraries"), so this is a few lines
 * of undici instead.
 */
import { request } from "undici";

export interface FileDownloaderOptions {
  apiRoot: string;
  token: string;
  timeoutMs: number;
  /** Refuse anything larger (Telegram's bot download limit is 20 MB). */
  maxBytes?: number;
}

export function createFileDownloader(
  options: FileDownloaderOptions,
): (filePath: string) => Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  return async (filePath) => {
    const url = `${options.apiRoot}/file/bot${options.token}/${filePath.split("/").map(encodeURIComponent).join("/")}`;
    const response = await request(url, {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      // The URL holds the bot token: never put it in the error.
      throw new Error(`file download failed with HTTP ${response.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.body.destroy();
        throw new Error(`file is larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return new Uint8Array(Buffer.concat(chunks));
  };
}
