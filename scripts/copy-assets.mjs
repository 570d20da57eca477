// tsc compiles only .ts; the Fluent translation files must travel with the compiled bot.
// Usage: node scripts/copy-assets.mjs [outDir]  — outDir is where src/ was compiled to:
// "dist" for the build (rootDir src), "dist-bench/src" for the benchmark build (rootDir .).
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";

const outDir = process.argv[2] ?? "dist";

if (existsSync("src/bot/locales")) {
  cpSync("src/bot/locales", join(outDir, "bot/locales"), { recursive: true });
}
