import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests talk to a real Redis and loopback servers; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // CI asks for a JSON report beside the console summary so it can print "N passed, N failed".
    reporters: process.env.VITEST_JSON_REPORT ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
  },
});
