/**
 * What the repository promises operators about its files: shell scripts are checked out with LF line
 * endings whatever the client's settings (a CRLF scripts/redis-ha.sh fails inside the container), and
 * the runtime image carries none of npm's caches or logs.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" });

describe("repository files", () => {
  it(".gitattributes keeps every shell script LF (git reads eol=lf for each), and they are LF now", () => {
    const scripts = git("ls-files", "*.sh").split("\n").filter(Boolean);
    expect(scripts).toContain("scripts/redis-ha.sh");
    // A script added later is covered by the pattern too.
    for (const path of [...scripts, "scripts/added-later.sh"])
      expect(git("check-attr", "eol", "--", path).trim(), path).toBe(`${path}: eol: lf`);
    for (const path of scripts)
      expect(readFileSync(join(ROOT, path), "utf8"), path).not.toContain("\r");
  });

  it("a CRLF copy of scripts/redis-ha.sh is what the attribute prevents: sh refuses it", () => {
    const dir = mkdtempSync(join(tmpdir(), "crlf-"));
    try {
      const crlf = join(dir, "redis-ha.sh");
      const lf = readFileSync(join(ROOT, "scripts/redis-ha.sh"), "utf8");
      writeFileSync(crlf, lf.replace(/\n/g, "\r\n"));
      // The LF script parses; the CRLF copy stops at its first `set` ("Illegal option -" under dash).
      expect(spawnSync("sh", ["-n", join(ROOT, "scripts/redis-ha.sh")]).status).toBe(0);
      const broken = spawnSync("sh", [crlf], { encoding: "utf8", timeout: 10_000 });
      expect(broken.status).not.toBe(0);
      expect(broken.stderr).toMatch(/set: .*(Illegal|invalid) option/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the runtime image drops npm's cache, logs and compile cache in the layer that installs", () => {
    const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    const install = runtime.match(/RUN npm ci [^]*?(?=\n(?!\s)[^\n]*)/)?.[0] ?? "";
    expect(install).toContain("--omit=dev");
    expect(install).toContain("npm cache clean --force");
    expect(install).toMatch(/rm -rf [^\n]*\/root\/\.npm/);
    expect(install).toMatch(/rm -rf [^\n]*\/tmp\/node-compile-cache/);
    // The build stage's npm (dev dependencies, caches) never reaches it: only dist/ is copied over.
    expect(runtime.match(/COPY --from=build (\S+)/g)).toEqual(["COPY --from=build /app/dist"]);
  });
});
