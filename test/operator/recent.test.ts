import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { allMethods } from "../../src/operator/metrics.js";
import { bucketQuantile, RecentActivity } from "../../src/operator/recent.js";

const BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** A histogram like the scraped one and the recent activity reading it, on a clock the test moves. */
function world() {
  const histogram = new Histogram({
    name: "latency_seconds",
    help: "-",
    labelNames: ["method"],
    buckets: BUCKETS,
    registers: [new Registry()],
  });
  const clock = { now: 10 * 60 * 60_000 };
  const recent = new RecentActivity(allMethods(histogram), () => clock.now);
  const call = (ms: number, method = "user-api-get-info") => {
    histogram.observe({ method }, ms / 1000);
    recent.exchangerCall("ok");
  };
  return { recent, clock, call };
}

describe("bucketQuantile (Prometheus' histogram_quantile)", () => {
  it("interpolates within the bucket the rank falls in", () => {
    const buckets = [
      { le: 0.1, count: 50 },
      { le: 0.2, count: 100 },
      { le: Infinity, count: 100 },
    ];
    expect(bucketQuantile(buckets, 0.5)).toBeCloseTo(0.1);
    expect(bucketQuantile(buckets, 0.75)).toBeCloseTo(0.15);
    expect(bucketQuantile(buckets, 0.25)).toBeCloseTo(0.05);
  });

  it("says the highest finite bound when the rank is beyond it, and nothing without counts", () => {
    expect(
      bucketQuantile(
        [
          { le: 1, count: 1 },
          { le: Infinity, count: 10 },
        ],
        0.95,
      ),
    ).toBe(1);
    expect(
      bucketQuantile(
        [
          { le: 1, count: 0 },
          { le: Infinity, count: 0 },
        ],
        0.5,
      ),
    ).toBeUndefined();
  });
});

describe("RecentActivity's exchanger latency", () => {
  it("gives p50 and p95 of the calls of the last hour, all methods together", async () => {
    const { recent, call } = world();
    for (let i = 0; i < 90; i++) call(20, "user-api-get-orders"); // first bucket
    for (let i = 0; i < 10; i++) call(400); // 0.25–0.5 s
    const hour = await recent.lastHour();
    expect(hour.exchangerAnswered).toBe(100);
    expect(hour.exchangerP50Ms).toBeLessThanOrEqual(25);
    expect(hour.exchangerP95Ms).toBeGreaterThan(250);
    expect(hour.exchangerP95Ms).toBeLessThanOrEqual(500);
  });

  it("forgets calls older than an hour: a slow hour then a fast one reads fast", async () => {
    const { recent, clock, call } = world();
    for (let i = 0; i < 50; i++) call(900);
    clock.now += 30 * 60_000;
    call(10); // marks the buckets in this minute's slot
    clock.now += 45 * 60_000; // the slow calls are 75 minutes old, the mark 45
    for (let i = 0; i < 50; i++) call(10);
    const hour = await recent.lastHour();
    expect(hour.exchangerAnswered).toBe(51);
    expect(hour.exchangerP95Ms).toBeLessThanOrEqual(25);
  });

  it("makes up nothing without calls", async () => {
    const { recent } = world();
    const hour = await recent.lastHour();
    expect(hour.exchangerP50Ms).toBeUndefined();
    expect(hour.exchangerP95Ms).toBeUndefined();
  });
});
