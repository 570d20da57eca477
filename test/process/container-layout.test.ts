/**
 * The operator commands as the Docker image holds them: package.json, dist/, scripts/ensure-built.mjs
 * and the production dependencies, without sources, tsconfig or TypeScript (the Dockerfile removes
 * it). `npm run doctor` and `npm run rotate-keys` — the commands the bot's own messages name — must
 * run there as they are, not try to compile first (they did, and failed with TS5058).
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { TEST_ENCRYPTION_KEY } from "../harness/harness.js";
import { ROOT } from "./process-helpers.js";

/** What the Dockerfile deletes after `npm ci --omit=dev` (nothing at run time may need them). */
const REMOVED_IN_IMAGE = new Set(["typescript", "@img/sharp-wasm32"]);

let app: string;
let sandbox: Sandbox;

/** The production dependencies (npm's own list), linked into the copy's node_modules. */
function linkProductionModules(into: string): number {
  const listed = execFileSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  let linked = 0;
  for (const path of listed.split("\n")) {
    const name = relative(join(ROOT, "node_modules"), path).split(sep).join("/");
    // Top-level packages only: a nested one travels inside its parent's folder.
    if (!path || name.startsWith("..") || name.includes("/node_modules/")) continue;
    if (name.split("/").length > (name.startsWith("@") ? 2 : 1)) continue;
    if (REMOVED_IN_IMAGE.has(name)) continue;
    mkdirSync(dirname(join(into, name)), { recursive: true });
    symlinkSync(path, join(into, name));
    linked++;
  }
  return linked;
}

/** Runs `npm run <script>` in the copy; asynchronous, so the sandbox in this process can answer. */
function npmRun(
  script: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn("npm", ["run", "--silent", script], {
    cwd: app,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? app, ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on("close", (status) => done({ status, stdout, stderr })));
}

describe("the operator commands in the image's layout (dist/ and production dependencies only)", () => {
  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), "xbot-image-"));
    for (const file of ["package.json", "package-lock.json"])
      copyFileSync(join(ROOT, file), join(app, file));
    cpSync(join(ROOT, "dist"), join(app, "dist"), { recursive: true });
    mkdirSync(join(app, "scripts"));
    copyFileSync(join(ROOT, "scripts/ensure-built.mjs"), join(app, "scripts/ensure-built.mjs"));
    expect(linkProductionModules(join(app, "node_modules"))).toBeGreaterThan(20);
    sandbox = await startSandbox();
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it("npm run doctor checks the exchanger without compiling anything", async () => {
    const run = await npmRun("doctor", { EXCHANGER_BASE_URL: sandbox.baseUrl });
    expect(run.stderr).not.toMatch(/TS5058|tsc|compiling/);
    expect(run.stdout).toMatch(/^ok /m);
    expect(run.status).toBe(0);
  });

  it("npm run rotate-keys re-encrypts the store and exits", async () => {
    const run = await npmRun("rotate-keys", {
      BOT_TOKEN: "123456:container-layout-test",
      EXCHANGER_BASE_URL: sandbox.baseUrl,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      // A rotation has an old key to move from (with none, it exits 2: test/process/rotate-keys.test.ts).
      ENCRYPTION_KEYS_OLD: Buffer.alloc(32, 9).toString("base64"),
      DATA_DIR: join(app, "data"),
    });
    expect(run.stderr).not.toMatch(/TS5058|tsc|compiling/);
    expect(run.stdout).toContain("Storage: file; current key id:");
    expect(run.stdout).toContain("API keys: 0 re-encrypted, 0 could not be decrypted");
    expect(run.status).toBe(0);
  });
});
