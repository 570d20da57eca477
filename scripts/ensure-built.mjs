// Runs before `npm start`, `npm run sandbox`, `npm run doctor` and `npm run rotate-keys`: compiles
// src/ to dist/ only when a source is newer than the last build, so a start does not spend 10–25 s
// compiling an unchanged bot. Where there are no sources — the Docker image ships dist/ and production
// dependencies only — it does nothing, so the same commands (the ones the bot's own messages name)
// work inside the container: `docker compose exec bot npm run rotate-keys`.
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

if (!existsSync("src")) process.exit(0);

/** The newest modification time (ms) under a file or folder. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(newest("src"), ...INPUTS.map(newest));
if (sources <= built) process.exit(0);

// The stamp gets the time the build started: a file saved while tsc runs triggers the next build.
const started = new Date();
process.stderr.write("Sources changed since the last build: compiling to dist/…\n");
try {
  execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
} catch {
  process.exit(1); // tsc has printed why
}
writeFileSync(STAMP, "");
utimesSync(STAMP, started, started);
