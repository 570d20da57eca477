/**
 * `npm run doctor`: checks the exchanger at EXCHANGER_BASE_URL before going live (README, "Checking
 * a live exchanger"). Exit status 0 when the bot understands every answer it got, 1 otherwise,
 * 2 for a bad configuration.
 */
import { ConfigError } from "../config.js";
import { loadDoctorConfig } from "./config.js";
import { runDoctor, writeLayoutArg } from "./run.js";

try {
  const report = await runDoctor(
    { ...loadDoctorConfig(), ...writeLayoutArg(process.argv.slice(2)) },
    (line) => process.stdout.write(`${line}\n`),
  );
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(
      `${error.message}\nSee README.md ("Checking a live exchanger") and .env.example.\n`,
    );
    process.exitCode = 2;
  } else {
    // Every exchanger failure is reported per method by runDoctor; this is a bug of the doctor itself.
    process.stderr.write(`doctor: unexpected ${error instanceof Error ? error.name : "error"}\n`);
    process.exitCode = 1;
  }
}
