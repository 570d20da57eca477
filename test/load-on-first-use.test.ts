import { describe, expect, it } from "vitest";
import { loadOnFirstUse } from "../src/load-on-first-use.js";

describe("loadOnFirstUse", () => {
  it("loads nothing until asked, then once for every caller, even callers at the same moment", async () => {
    let loads = 0;
    const get = loadOnFirstUse(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("a failed load fails its caller and is tried again by the next", async () => {
    let attempts = 0;
    const get = loadOnFirstUse(async () => {
      if (++attempts === 1) throw new Error("not installed");
      return "module";
    });
    await expect(get()).rejects.toThrow("not installed");
    await expect(get()).resolves.toBe("module");
    expect(attempts).toBe(2);
  });
});
