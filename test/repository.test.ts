/**
 * The repository is self-contained: a clone holds everything its code, comments and manual refer to.
 * Nothing tracked may point at the folder beside the repository that the project's planning notes
 * live in, and every relative link of the manual (README.md, docs/) must reach a tracked file.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
// Spelled in two pieces so this file does not name what it looks for.
const OUTSIDE = [".." + "/", "shared"].join("");

const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
  .split("\0")
  .filter((path) => path !== "" && existsSync(join(ROOT, path)));

describe("the repository is self-contained", () => {
  it(`no tracked file refers to ${OUTSIDE.replace("/", "/ ")}`, () => {
    expect(tracked.length).toBeGreaterThan(100);
    const offenders = tracked.filter((path) => {
      if (/\.(png|jpe?g|webp|gif|ico)$/i.test(path)) return false;
      return readFileSync(join(ROOT, path), "utf8").includes(OUTSIDE);
    });
    expect(offenders).toEqual([]);
  });

  it("every relative link in README.md and docs/ reaches a file of the repository", () => {
    const manual = tracked.filter((path) => path === "README.md" || /^docs\/.*\.md$/.test(path));
    expect(manual).toContain("docs/exchanger-api.md");
    const broken: string[] = [];
    for (const page of manual) {
      const text = readFileSync(join(ROOT, page), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith("#")) continue;
        const file = target!.split("#")[0]!;
        if (!existsSync(join(ROOT, dirname(page), file))) broken.push(`${page} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
