// Compiles src/ to dist/ (`npm run build`, with --force), and runs before `npm start`,
// `npm run sandbox`, `npm run doctor` and `npm run rotate-keys` to compile only when a source is
// newer than the last build, so a start does not spend 10–25 s compiling an unchanged bot. Where there
// are no sources — the Docker image ships dist/ and production dependencies only — it does nothing,
// so the same commands (the ones the bot's own messages name) work inside the container:
// `docker compose exec bot npm run rotate-keys`.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const STAMP = "dist/.built";
// What the build reads besides src/: a change to any of them calls for a new build too.
const INPUTS = [
  "tsconfig.json",
  "tsconfig.build.json",
  "package-lock.json",
  "scripts/copy-assets.mjs",
];
const force = process.argv.includes("--force");

if (!existsSync("src")) {
  if (force) {
    process.stderr.write("There is no src/ to compile here (dist/ is used as it is).\n");
    process.exit(1);
  }
  process.exit(0);
}

/** The newest modification time (ms) under a file or folder. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

if (!force) {
  const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (Math.max(newest("src"), ...INPUTS.map(newest)) <= built) process.exit(0);
  process.stderr.write("Sources changed since the last build: compiling to dist/…\n");
}

// The stamp gets the time the build started: a file saved while tsc runs triggers the next build.
const started = new Date();
try {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
    stdio: "inherit",
  });
  execFileSync(process.execPath, ["scripts/copy-assets.mjs"], { stdio: "inherit" });
} catch {
  process.exit(1); // tsc has printed why
}
writeFileSync(STAMP, "");
utimesSync(STAMP, started, started);
