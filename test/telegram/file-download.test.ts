/**
 * The file downloader's head-only read: a Range request for the first bytes, and — from a server that
 * ignores Range and sends the whole file — the transfer cut once they arrived, the rest never read.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createFileDownloader } from "../../src/telegram/file-download.js";

const FILE = Buffer.alloc(4 * 1024 * 1024, 7);
FILE.write("HEAD", 0, "latin1");

describe("createFileDownloader", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function serve(honourRange: boolean): Promise<{ root: string; ranges: string[] }> {
    const ranges: string[] = [];
    server = createServer((req, res) => {
      ranges.push(String(req.headers.range ?? ""));
      const range = honourRange ? /^bytes=0-(\d+)$/.exec(String(req.headers.range ?? "")) : null;
      const body = range ? FILE.subarray(0, Number(range[1]) + 1) : FILE;
      res.writeHead(range ? 206 : 200, { "content-length": body.length }).end(body);
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { root: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ranges };
  }

  for (const honourRange of [true, false])
    it(`reads only the first bytes (${honourRange ? "206 Partial Content" : "a server ignoring Range"})`, async () => {
      const { root, ranges } = await serve(honourRange);
      const download = createFileDownloader({ apiRoot: root, token: "T", timeoutMs: 5000 });
      const head = await download("documents/file_1.jpg", { firstBytes: 1000 });
      expect(head.length).toBe(1000);
      expect(Buffer.from(head.subarray(0, 4)).toString("latin1")).toBe("HEAD");
      expect(ranges).toEqual(["bytes=0-999"]);
      // The whole file, when asked for it.
      expect((await download("documents/file_1.jpg")).length).toBe(FILE.length);
      expect(ranges[1]).toBe("");
    });
});
