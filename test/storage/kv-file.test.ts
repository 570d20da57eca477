/** FileKV specifics: persistence across restarts, atomic writes, permissions, single-process lock. */
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileKV } from "../../src/storage/kv-file.js";
import { until } from "../faults/own-sentinel.js";
import { tempDir } from "./helpers.js";

let dir: Awaited<ReturnType<typeof tempDir>>;
const open: FileKV[] = [];
async function openKV(options?: Parameters<typeof FileKV.open>[1]): Promise<FileKV> {
  const kv = await FileKV.open(dir.path, options);
  open.push(kv);
  return kv;
}

beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const kv of open.splice(0)) await kv.close();
  await dir.remove();
});

describe("FileKV", () => {
  it("survives a restart: values and TTLs come back, expired entries do not", async () => {
    const first = await openKV();
    await first.set("keep", "forever");
    await first.set("ttl:long", "an hour", 3_600_000);
    await first.set("ttl:short", "gone", 50);
    await first.close();
    // The store reads the clock with Date.now(): a minute later, without waiting one.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60_000 });

    const second = await openKV();
    expect(await second.get("keep")).toBe("forever");
    expect(await second.get("ttl:long")).toBe("an hour");
    expect(await second.get("ttl:short")).toBeUndefined();
    expect(await second.keys("")).toEqual(expect.arrayContaining(["keep", "ttl:long"]));
    expect(await second.keys("")).toHaveLength(2);
  });

  it("stores entries as {value, expiresAt?} in store.json, mode 0600, and prunes expired ones on write", async () => {
    const kv = await openKV();
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: t0 });
    await kv.set("a", "1");
    await kv.set("b", "2", 40);
    let file = JSON.parse(await readFile(join(dir.path, "store.json"), "utf8"));
    expect(file.entries.a).toEqual({ value: "1" });
    expect(file.entries.b.value).toBe("2");
    expect(file.entries.b.expiresAt).toBe(t0 + 40);
    expect((await stat(join(dir.path, "store.json"))).mode & 0o777).toBe(0o600);

    vi.setSystemTime(t0 + 40);
    await kv.set("c", "3");
    file = JSON.parse(await readFile(join(dir.path, "store.json"), "utf8"));
    expect(Object.keys(file.entries).sort()).toEqual(["a", "c"]);
  });

  it("sweeps expired entries off the disk without further writes", async () => {
    const kv = await openKV({ sweepIntervalMs: 30 });
    await kv.set("secret", "ciphertext", 20);
    const onDisk = async () =>
      JSON.parse(await readFile(join(dir.path, "store.json"), "utf8")).entries as object;
    await until(
      "the sweep to remove the expired entry from the disk",
      async () => Object.keys(await onDisk()).length === 0,
    );
    expect(await onDisk()).toEqual({});
  });

  it("writes atomically: a concurrent reader only ever sees a complete file, and no temp file is left", async () => {
    const kv = await openKV();
    await kv.set("seed", "x");
    const big = "y".repeat(20_000); // a write large enough to be observed mid-way if it were not atomic
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const text = await readFile(join(dir.path, "store.json"), "utf8");
        const parsed = JSON.parse(text); // throws on a torn file
        expect(parsed.entries.seed).toEqual({ value: "x" });
        reads++;
      }
    })();
    for (let round = 0; round < 30; round++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => kv.set(`k${i}`, `${big}${round}`)));
    }
    reading = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(await readdir(dir.path)).not.toContain("store.json.tmp");
    const final = JSON.parse(await readFile(join(dir.path, "store.json"), "utf8"));
    expect(final.entries.k9.value).toBe(`${big}29`);
  });

  it("resolves a write only once it is on disk, and coalesces a burst", async () => {
    const kv = await openKV();
    await Promise.all(Array.from({ length: 200 }, (_, i) => kv.set(`burst:${i}`, String(i))));
    const file = JSON.parse(await readFile(join(dir.path, "store.json"), "utf8"));
    expect(Object.keys(file.entries)).toHaveLength(200);
  });

  it("close() flushes writes still in flight", async () => {
    const kv = await openKV();
    void kv.set("late", "value");
    await kv.close();
    const again = await openKV();
    expect(await again.get("late")).toBe("value");
  });

  it("ignores a temp file left by an interrupted write", async () => {
    const kv = await openKV();
    await kv.set("a", "committed");
    await kv.close();
    await writeFile(join(dir.path, "store.json.tmp"), '{"version":1,"entries":{"a":{"va');
    const again = await openKV();
    expect(await again.get("a")).toBe("committed");
    expect(await readdir(dir.path)).not.toContain("store.json.tmp");
  });

  it("refuses a damaged store file instead of starting empty over it", async () => {
    await writeFile(join(dir.path, "store.json"), "{ not json");
    await expect(FileKV.open(dir.path)).rejects.toThrow(/not valid JSON/);
    expect(await readFile(join(dir.path, "store.json"), "utf8")).toBe("{ not json");
    // The failed open released everything: once repaired, it opens.
    await writeFile(join(dir.path, "store.json"), '{"version":1,"entries":{}}');
    await openKV();
  });

  it("allows one instance per folder: same process, or another process keeping its lock fresh", async () => {
    await openKV();
    await expect(FileKV.open(dir.path)).rejects.toThrow(/already open in this process/);

    const other = await tempDir();
    // Another holder of the lock, kept fresh by proper-lockfile (a process in another container looks the same).
    const release = await lockfile.lock(join(other.path, "store.json"), {
      realpath: false,
      stale: 2_000,
      update: 1_000,
    });
    try {
      const busy: string[] = [];
      const started = Date.now();
      await expect(
        FileKV.open(other.path, {
          lockStaleMs: 2_000,
          onLockBusy: ({ lockPath }) => busy.push(lockPath),
        }),
      ).rejects.toThrow(/DATA_DIR \(.*\) is in use by another bot process.*set REDIS_URL/);
      expect(busy).toEqual([join(other.path, "store.json.lock")]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000); // waited out the stale period first
    } finally {
      await release();
      await other.remove();
    }
  }, 20_000);

  it("takes over a lock that was not refreshed within the stale period (its process crashed)", async () => {
    const lockDir = join(dir.path, "store.json.lock");
    await mkdir(lockDir);
    const old = new Date(Date.now() - 60_000);
    await utimes(lockDir, old, old);
    const kv = await openKV();
    await kv.set("a", "1");
    expect((await stat(lockDir)).mtimeMs).toBeGreaterThan(old.getTime());
    await kv.close();
    expect(await readdir(dir.path)).not.toContain("store.json.lock");
  });

  it("names the old pid lock file of an earlier version instead of taking it over", async () => {
    await writeFile(join(dir.path, "store.json.lock"), "1\n");
    const old = new Date(Date.now() - 60_000);
    await utimes(join(dir.path, "store.json.lock"), old, old);
    await expect(FileKV.open(dir.path)).rejects.toThrow(
      /lock file left by an older version.*delete that file/,
    );
  });

  it("stops writing and reports when its lock is lost", async () => {
    const lost: Error[] = [];
    const kv = await openKV({ lockStaleMs: 2_000, onLockLost: (error) => lost.push(error) });
    await kv.set("a", "1");
    await rm(join(dir.path, "store.json.lock"), { recursive: true });
    await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 5_000 });
    await expect(kv.set("b", "2")).rejects.toThrow(/lock on .* was lost/);
    expect(JSON.parse(await readFile(join(dir.path, "store.json"), "utf8")).entries).toEqual({
      a: { value: "1" },
    });
  }, 10_000);

  it("refuses use after close", async () => {
    const kv = await openKV();
    await kv.close();
    await expect(kv.get("a")).rejects.toThrow(/closed/);
  });
});
