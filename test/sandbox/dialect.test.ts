import { describe, expect, it } from "vitest";
import { DIALECT_NAMES, dialectByName } from "../../src/sandbox/dialect.js";
import { startSandbox } from "../../src/sandbox/server.js";

describe("sandbox dialects", () => {
  it("defaults to the documented spec dialect", () => {
    expect(dialectByName(undefined).name).toBe("spec");
    expect(dialectByName("  ").name).toBe("spec");
  });

  it("names every dialect when SANDBOX_DIALECT is misspelt", () => {
    expect(() => dialectByName("nmes")).toThrow(/spec, names, legacy.*"nmes"/);
  });

  it.each(DIALECT_NAMES)("a sandbox started in %s speaks it", async (name) => {
    const sandbox = await startSandbox({ dialect: name });
    try {
      expect(sandbox.dialect.name).toBe(name);
    } finally {
      await sandbox.close();
    }
  });
});
