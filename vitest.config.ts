import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Every core: Vitest's default leaves one idle (cores − 1), which on a 2-core machine is ONE worker.
    // Test files share nothing fixed: a unique Redis key prefix per file, temporary folders, loopback
    // ports chosen by the OS, and dist/ built once before the process tests (test/process/build.ts).
    maxWorkers: availableParallelism(),
    // Integration tests talk to a real Redis and loopback servers; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // A Bot API refusal nobody expected fails the test that caused it (test/harness/setup.ts).
    setupFiles: ["test/harness/setup.ts"],
    // CI asks for a JSON report beside the console summary so it can print "N passed, N failed".
    reporters: process.env.VITEST_JSON_REPORT ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON_REPORT
      ? { json: process.env.VITEST_JSON_REPORT }
      : undefined,
    projects: [
      {
        extends: true,
        test: { name: "unit+e2e", include: ["test/**/*.test.ts"], exclude: ["test/process/**"] },
      },
      // The compiled bot as a real process: its global setup compiles src/ to dist/ once, and only when
      // one of these files runs (Vitest runs a project's global setup only for projects with files).
      {
        extends: true,
        test: {
          name: "process",
          include: ["test/process/**/*.test.ts"],
          globalSetup: ["test/process/build.ts"],
        },
      },
    ],
  },
});
