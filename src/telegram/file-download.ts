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

export interface DownloadOptions {
  /**
   * Only this many bytes from the file's start (a header to look at): asked for with a Range request
   * and, should the server send the whole file anyway, the transfer is cut once they arrived.
   */
  firstBytes?: number;
}

export function createFileDownloader(
  options: FileDownloaderOptions,
): (filePath: string, download?: DownloadOptions) => Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  return async (filePath, download = {}) => {
    const url = `${options.apiRoot}/file/bot${options.token}/${filePath.split("/").map(encodeURIComponent).join("/")}`;
    const head = download.firstBytes;
    const response = await request(url, {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(head === undefined ? {} : { headers: { range: `bytes=0-${head - 1}` } }),
    });
    if (response.statusCode !== 200 && response.statusCode !== 206) {
      await response.body.dump();
      // The URL holds the bot token: never put it in the error.
      throw new Error(`file download failed with HTTP ${response.statusCode}`);
    }
    const limit = head ?? maxBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit && head !== undefined) break; // enough of the header: the rest is not read
      if (size > maxBytes) {
        response.body.destroy();
        throw new Error(`file is larger than ${maxBytes} bytes`);
      }
    }
    if (head !== undefined && size >= limit) response.body.destroy();
    const bytes = new Uint8Array(Buffer.concat(chunks));
    return head === undefined ? bytes : bytes.subarray(0, head);
  };
}
