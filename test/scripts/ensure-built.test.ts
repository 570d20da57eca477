/**
 * scripts/ensure-built.mjs, run before `npm start`, `sandbox`, `doctor` and `rotate-keys`: compiles
 * only when a source is newer than the last build, and never where there are no sources (the image).
 * Run in a small stand-in project whose compiler only counts its runs.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = resolve("scripts/ensure-built.mjs");
let project: string;

function ensureBuilt(...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, ...args], { cwd: project, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
}
const builds = () =>
  existsSync(join(project, "builds")) ? readFileSync(join(project, "builds"), "utf8").length : 0;
/** Moves a file's modification time `seconds` away from now (file systems keep whole seconds or less). */
const age = (file: string, seconds: number) => {
  const at = new Date(Date.now() + seconds * 1000);
  utimesSync(join(project, file), at, at);
};

describe("ensure-built: compile only when needed", () => {
  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), "ensure-built-"));
    // Stand-ins for tsc and the asset copy: each build leaves one mark.
    const mark = `require("fs").mkdirSync("dist", { recursive: true }); require("fs").appendFileSync("builds", "x");\n`;
    mkdirSync(join(project, "node_modules/typescript/bin"), { recursive: true });
    writeFileSync(join(project, "node_modules/typescript/bin/tsc"), mark);
    mkdirSync(join(project, "scripts"));
    writeFileSync(join(project, "scripts/copy-assets.mjs"), "");
    mkdirSync(join(project, "src"));
    writeFileSync(join(project, "src/main.ts"), "export {};\n");
    for (const file of ["src/main.ts", "src", "scripts/copy-assets.mjs"]) age(file, -60);
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it("builds once, then not again until a source changes", () => {
    ensureBuilt();
    expect(builds()).toBe(1);
    ensureBuilt();
    expect(builds()).toBe(1);
    writeFileSync(join(project, "src/main.ts"), "export const changed = 1;\n");
    age("src/main.ts", 5);
    ensureBuilt();
    expect(builds()).toBe(2);
  });

  it("npm run build (--force) always compiles, and leaves the stamp a start then trusts", () => {
    ensureBuilt("--force");
    ensureBuilt("--force");
    expect(builds()).toBe(2);
    ensureBuilt();
    expect(builds()).toBe(2);
  });

  it("does nothing where there are no sources, as in the image", () => {
    rmSync(join(project, "src"), { recursive: true });
    ensureBuilt();
    expect(builds()).toBe(0);
  });

  it("builds again when the TypeScript settings change", () => {
    ensureBuilt();
    writeFileSync(join(project, "tsconfig.json"), "{}");
    age("tsconfig.json", 5);
    ensureBuilt();
    expect(builds()).toBe(2);
  });
});
