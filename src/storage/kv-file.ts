/**
 * Embedded KV for a single instance on a laptop: the whole store is a JSON file in DATA_DIR,
 * loaded into memory at start, rewritten on every change.
 *
 * - Atomic writes: temp file + fsync + rename (+ fsync of the folder), so a crash leaves either
 *   the old or the new file, never a torn one.
 * - Serialized, coalesced writes: one write in flight; changes made meanwhile share the next write.
 *   A mutation resolves once the write that contains it is on disk.
 * - Mode 0600: values are ciphertext, but the file is still nobody else's business.
 * - A lock refuses a second process on the same folder (two writers would silently discard each
 *   other's changes): see `lockDataDir`.
 */
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import lockfile from "proper-lockfile";
import { ttlArg, type KV } from "./kv.js";

interface Entry {
  value: string;
  expiresAt?: number; // epoch ms
}

interface StoreFile {
  version: 1;
  entries: Record<string, Entry>;
}

export interface FileKVOptions {
  /** Default "store.json". */
  fileName?: string;
  /** How often expired entries are dropped from memory and disk. Default 60 s. */
  sweepIntervalMs?: number;
  /** A lock not refreshed for this long belongs to a dead process. Default 15 s (at least 2 s). */
  lockStaleMs?: number;
  /** Called once when another process is holding the folder and we wait to see whether its lock goes stale. */
  onLockBusy?: (info: { lockPath: string; waitMs: number }) => void;
  /**
   * Called when the lock could not be kept fresh (the event loop stalled past the stale period, or
   * the lock was removed): another process may own the folder now. The store has already stopped
   * writing; the process should exit.
   */
  onLockLost?: (error: Error) => void;
}

/** Default stale period of the data folder lock: how long a crashed process blocks the next start. */
export const DEFAULT_LOCK_STALE_MS = 15_000;

/** Files open in this process: a second FileKV on the same file would clobber the first. */
const openFiles = new Set<string>();

export class FileKV implements KV {
  readonly path: string;
  readonly #entries: Map<string, Entry>;
  readonly #sweepTimer: NodeJS.Timeout;
  #waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  #flushing: Promise<void> | undefined;
  #dirty = false; // true while memory holds changes no successful write has stored yet
  #lastWriteFailure: Error | undefined; // why the latest write to disk failed (disk full…); cleared by the next success
  #closed = false;
  #release: (() => Promise<void>) | undefined;
  #lockLost: Error | undefined;

  private constructor(path: string, entries: Map<string, Entry>, sweepIntervalMs: number) {
    this.path = path;
    this.#entries = entries;
    this.#sweepTimer = setInterval(() => this.#sweep(), sweepIntervalMs);
    this.#sweepTimer.unref(); // never keep the process alive just to sweep
  }

  static async open(dir: string, options: FileKVOptions = {}): Promise<FileKV> {
    const root = resolve(dir);
    const path = join(root, options.fileName ?? "store.json");
    if (openFiles.has(path))
      throw new Error(`${path} is already open in this process; close it first`);
    openFiles.add(path);
    let release: (() => Promise<void>) | undefined;
    try {
      await mkdir(root, { recursive: true, mode: 0o700 });
      // The lock reports a loss through a callback; the store it protects exists only after loading.
      // eslint-disable-next-line prefer-const -- assigned once, after the lock; the lock callback set up first reads it
      let kv: FileKV | undefined;
      let lostWhileLoading: Error | undefined;
      release = await lockDataDir(path, options, (error) => {
        if (kv) kv.#loseLock(error, options.onLockLost);
        else lostWhileLoading = error;
      });
      await rm(`${path}.tmp`, { force: true }); // an interrupted write; the real file is intact
      kv = new FileKV(path, await load(path), options.sweepIntervalMs ?? 60_000);
      kv.#release = release;
      if (lostWhileLoading) kv.#loseLock(lostWhileLoading, options.onLockLost);
      return kv;
    } catch (error) {
      await release?.().catch(() => {});
      openFiles.delete(path);
      throw error;
    }
  }

  async get(key: string): Promise<string | undefined> {
    this.#assertOpen();
    return this.#live(key)?.value;
  }

  async mget(keys: readonly string[]): Promise<(string | undefined)[]> {
    this.#assertOpen();
    return keys.map((key) => this.#live(key)?.value);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#assertOpen();
    this.#entries.set(
      key,
      ttlMs === undefined ? { value } : { value, expiresAt: Date.now() + ttlArg(ttlMs) },
    );
    await this.#persist();
  }

  async del(...keys: string[]): Promise<void> {
    this.#assertOpen();
    let changed = false;
    for (const key of keys) changed = this.#entries.delete(key) || changed;
    if (changed) await this.#persist();
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    this.#assertOpen();
    const expiresAt = Date.now() + ttlArg(ttlMs);
    // Check and set run in one synchronous step: atomic within this (the only) process.
    if (this.#live(key)) return false;
    this.#entries.set(key, { value, expiresAt });
    await this.#persist();
    return true;
  }

  async keys(prefix: string): Promise<string[]> {
    this.#assertOpen();
    const now = Date.now();
    const result: string[] = [];
    for (const [key, entry] of this.#entries) {
      if (key.startsWith(prefix) && !isExpired(entry, now)) result.push(key);
    }
    return result;
  }

  async replaceIf(key: string, expected: string, value: string): Promise<boolean> {
    this.#assertOpen();
    const entry = this.#live(key);
    if (entry?.value !== expected) return false;
    this.#entries.set(key, { ...entry, value });
    await this.#persist();
    return true;
  }

  async delIf(key: string, expected: string): Promise<boolean> {
    this.#assertOpen();
    if (this.#live(key)?.value !== expected) return false;
    this.#entries.delete(key);
    await this.#persist();
    return true;
  }

  /** Counters stay in memory: written to disk only along with other changes, never on their own. */
  async incr(key: string, ttlMs: number): Promise<number> {
    this.#assertOpen();
    const entry = this.#live(key);
    const current = entry === undefined ? 0 : Number.parseInt(entry.value, 10);
    if (!Number.isSafeInteger(current)) throw new TypeError(`${key} does not hold an integer`);
    const next = current + 1;
    this.#entries.set(key, {
      value: String(next),
      expiresAt: entry?.expiresAt ?? Date.now() + ttlArg(ttlMs),
    });
    return next;
  }

  // Sorted sets are stored as one entry holding {"member": score} JSON: the embedded store serves
  // one instance with few chats, so a linear scan is cheaper than a second on-disk structure.

  async zadd(key: string, member: string, score: number): Promise<void> {
    this.#assertOpen();
    const set = this.#sortedSet(key);
    set[member] = score;
    this.#entries.set(key, { value: JSON.stringify(set) });
    await this.#persist();
  }

  async zrem(key: string, ...members: string[]): Promise<void> {
    this.#assertOpen();
    const set = this.#sortedSet(key);
    if (!members.some((m) => m in set)) return;
    for (const m of members) delete set[m];
    if (Object.keys(set).length === 0) this.#entries.delete(key);
    else this.#entries.set(key, { value: JSON.stringify(set) });
    await this.#persist();
  }

  async zscore(key: string, member: string): Promise<number | undefined> {
    this.#assertOpen();
    return this.#sortedSet(key)[member];
  }

  async zrangeByScore(key: string, maxScore: number, limit: number): Promise<string[]> {
    this.#assertOpen();
    return Object.entries(this.#sortedSet(key))
      .filter(([, score]) => score <= maxScore)
      .sort(([a, x], [b, y]) => x - y || (a < b ? -1 : a > b ? 1 : 0)) // Redis orders ties by member
      .slice(0, limit)
      .map(([member]) => member);
  }

  #sortedSet(key: string): Record<string, number> {
    const entry = this.#live(key);
    if (entry === undefined) return Object.create(null) as Record<string, number>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(entry.value);
    } catch {
      parsed = undefined;
    }
    if (
      typeof parsed !== "object" ||
      parsed === null ||
      Array.isArray(parsed) ||
      !Object.values(parsed).every((v) => typeof v === "number")
    ) {
      throw new TypeError(`${key} does not hold a sorted set`);
    }
    return Object.assign(Object.create(null) as Record<string, number>, parsed);
  }

  async proveWritable(): Promise<void> {
    this.#assertOpen();
    if (this.#lastWriteFailure === undefined) return;
    // The latest write failed: try again now (sharing any write in flight); success clears the failure.
    await this.#persist();
  }

  /** Waits for pending writes (retrying a failed one), then releases the folder. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#sweepTimer);
    try {
      await this.#flushing?.catch(() => {});
      if (this.#dirty && !this.#lockLost) await this.#persist();
    } finally {
      if (!this.#lockLost) await this.#release?.();
      openFiles.delete(this.path);
    }
  }

  /** Another process may own the folder now: never write again, and tell the owner of this store. */
  #loseLock(error: Error, onLockLost: FileKVOptions["onLockLost"]): void {
    this.#lockLost = error;
    clearInterval(this.#sweepTimer);
    onLockLost?.(error);
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error("FileKV is closed");
    if (this.#lockLost)
      throw new Error(
        `The lock on ${dirname(this.path)} was lost; the embedded store no longer writes (${this.#lockLost.message})`,
      );
  }

  /** The entry if present and not expired; an expired one is dropped on the way. */
  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && isExpired(entry, Date.now())) {
      // No write needed: expired entries are skipped when saving and when loading.
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #sweep(): void {
    const now = Date.now();
    let removed = false;
    for (const [key, entry] of this.#entries) {
      if (isExpired(entry, now)) removed = this.#entries.delete(key);
    }
    // Rewrite so abandoned (expired) ciphertext also leaves the disk. A failure here is retried
    // by the next mutation, which reports it to its caller.
    if (removed && !this.#closed) this.#persist().catch(() => {});
  }

  /** Resolves when a write that includes every change made so far is on disk. */
  #persist(): Promise<void> {
    this.#dirty = true;
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#flushing ??= this.#flushLoop();
    });
  }

  async #flushLoop(): Promise<void> {
    try {
      while (this.#waiters.length > 0) {
        // Yield once so a burst of changes made in the same tick shares one write.
        await new Promise((r) => setImmediate(r));
        const batch = this.#waiters;
        this.#waiters = [];
        this.#dirty = false;
        try {
          await this.#write(this.#serialize()); // serialized synchronously: the snapshot matches `batch`
          this.#lastWriteFailure = undefined;
          for (const w of batch) w.resolve();
        } catch (error) {
          this.#dirty = true;
          this.#lastWriteFailure = error instanceof Error ? error : new Error(String(error));
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.#flushing = undefined;
    }
  }

  #serialize(): string {
    const now = Date.now();
    const entries: Record<string, Entry> = {};
    for (const [key, entry] of this.#entries) if (!isExpired(entry, now)) entries[key] = entry;
    return JSON.stringify({ version: 1, entries } satisfies StoreFile);
  }

  async #write(data: string): Promise<void> {
    if (this.#lockLost) throw new Error(`The lock on ${dirname(this.path)} was lost; not writing`);
    const tmp = `${this.path}.tmp`;
    const handle = await open(tmp, "w", 0o600);
    try {
      await handle.chmod(0o600); // the temp file may predate us with other permissions
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, this.path);
    await syncDir(dirname(this.path));
  }
}

function isExpired(entry: Entry, now: number): boolean {
  return entry.expiresAt !== undefined && entry.expiresAt <= now;
}

async function load(path: string): Promise<Map<string, Entry>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return new Map();
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Writes are atomic, so this is outside damage: refuse rather than start empty and overwrite it.
    throw new Error(
      `${path} is not valid JSON; restore it from a backup or move it away to start empty`,
    );
  }
  const entries = (parsed as Partial<StoreFile> | null)?.entries;
  if (typeof entries !== "object" || entries === null)
    throw new Error(`${path} is not a store file (no "entries")`);
  const now = Date.now();
  const map = new Map<string, Entry>();
  for (const [key, raw] of Object.entries(entries)) {
    const entry = raw as Partial<Entry> | null;
    if (typeof entry?.value !== "string") continue;
    if (entry.expiresAt !== undefined && typeof entry.expiresAt !== "number") continue;
    const clean: Entry =
      entry.expiresAt === undefined
        ? { value: entry.value }
        : { value: entry.value, expiresAt: entry.expiresAt };
    if (!isExpired(clean, now)) map.set(key, clean);
  }
  return map;
}

/** Makes the rename durable. Some platforms cannot open or fsync a folder; the rename still happened. */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * Locks the data folder for this process with proper-lockfile: a lock directory whose mtime the
 * holder refreshes every few seconds. Unlike a pid in a file, this holds across containers and PID
 * namespaces (every container's main process is pid 1), and a lock left by a crashed process is
 * recognised by its age alone. When the lock is busy we wait slightly longer than the stale period:
 * a crashed holder's lock expires meanwhile, a live holder's never does.
 */
async function lockDataDir(
  storePath: string,
  options: FileKVOptions,
  onCompromised: (error: Error) => void,
): Promise<() => Promise<void>> {
  const lockPath = `${storePath}.lock`;
  const stale = Math.max(options.lockStaleMs ?? DEFAULT_LOCK_STALE_MS, 2_000);
  const lockOptions = {
    stale,
    update: Math.max(Math.floor(stale / 3), 1_000),
    realpath: false,
    lockfilePath: lockPath,
    onCompromised,
  };
  try {
    return await lockfile.lock(storePath, lockOptions);
  } catch (error) {
    if (errorCode(error) !== "ELOCKED") throw lockError(error, lockPath);
  }
  const waitMs = stale + 2_000;
  options.onLockBusy?.({ lockPath, waitMs });
  try {
    return await lockfile.lock(storePath, {
      ...lockOptions,
      retries: {
        retries: Math.ceil(waitMs / 1_000),
        factor: 1,
        minTimeout: 1_000,
        maxTimeout: 1_000,
      },
    });
  } catch (error) {
    throw lockError(error, lockPath);
  }
}

function lockError(error: unknown, lockPath: string): Error {
  const dir = dirname(lockPath);
  switch (errorCode(error)) {
    case "ELOCKED":
      return new Error(
        `The embedded store in DATA_DIR (${dir}) is in use by another bot process: its lock ${lockPath} is being kept fresh. ` +
          `The embedded store serves one instance only: stop the other process (a container on the same volume counts), ` +
          `point DATA_DIR elsewhere, or set REDIS_URL to run several instances.`,
      );
    case "ENOTDIR":
      return new Error(
        `${lockPath} is a lock file left by an older version of the bot. If no bot process uses DATA_DIR (${dir}) any more, delete that file and start again.`,
      );
    default:
      return new Error(
        `Cannot lock DATA_DIR (${dir}) at ${lockPath}: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}
