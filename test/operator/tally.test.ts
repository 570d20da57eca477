/** Counters counted in plain numbers: a scrape reads the same totals prom-client's own inc() would give. */
import { describe, expect, it } from "vitest";
import { Registry } from "prom-client";
import { tally } from "../../src/operator/tally.js";

const sampleOf = (text: string, series: string) =>
  text
    .split("\n")
    .find((line) => line.startsWith(`${series} `))
    ?.split(" ")[1];

describe("tally", () => {
  it("adds per label set, keeps totals across scrapes, and counts what came between them", async () => {
    const registry = new Registry();
    const calls = tally({
      name: "calls_total",
      help: "calls",
      labelNames: ["method", "outcome"],
      registers: [registry],
    });
    calls.add("get", "ok", { method: "get", outcome: "ok" });
    calls.add("get", "ok", { method: "get", outcome: "ok" }, 2);
    calls.add("get", "failed", { method: "get", outcome: "failed" });
    let text = await registry.metrics();
    expect(text).toContain("# TYPE calls_total counter");
    expect(sampleOf(text, 'calls_total{method="get",outcome="ok"}')).toBe("3");
    expect(sampleOf(text, 'calls_total{method="get",outcome="failed"}')).toBe("1");

    text = await registry.metrics();
    expect(sampleOf(text, 'calls_total{method="get",outcome="ok"}')).toBe("3");

    calls.add("get", "ok", { method: "get", outcome: "ok" });
    text = await registry.metrics();
    expect(sampleOf(text, 'calls_total{method="get",outcome="ok"}')).toBe("4");
  });
});
