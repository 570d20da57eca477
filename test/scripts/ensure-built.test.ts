/**
 * scripts/ensure-built.mjs, run before `npm start`, `sandbox`, `doctor` and `rotate-keys`: compiles
 * only when a source is newer than the last build, and never where there are no sources (the image).
 * Run in a small stand-in project whose "build" script only counts its runs.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
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

function ensureBuilt() {
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: project, encoding: "utf8" });
  expect(run.status).toBe(0);
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
    const build = `node -e "require('fs').mkdirSync('dist',{recursive:true});require('fs').appendFileSync('builds','x')"`;
    writeFileSync(join(project, "package.json"), JSON.stringify({ scripts: { build } }));
    mkdirSync(join(project, "src"));
    writeFileSync(join(project, "src/main.ts"), "export {};\n");
    age("src/main.ts", -60);
    age("src", -60);
    age("package.json", -60);
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

  it("does nothing where there are no sources, as in the image", () => {
    rmSync(join(project, "src"), { recursive: true });
    ensureBuilt();
    expect(builds()).toBe(0);
  });

  it("builds again when the TypeScript settings change", () => {
    ensureBuilt();
    copyFileSync(join(project, "package.json"), join(project, "tsconfig.json"));
    age("tsconfig.json", 5);
    ensureBuilt();
    expect(builds()).toBe(2);
  });
});
