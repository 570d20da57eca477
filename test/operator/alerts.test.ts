/**
 * Exchanger alerts with two bot instances on one Redis and one (sandbox) exchanger: one "failing"
 * alert per incident and one "answers again", whichever instance notices first; a refusal is not a
 * failure.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Unavailable } from "../../src/exchanger/errors.js";
import { createLogger } from "../../src/logger.js";
import { createAlerts, INCIDENT_KEY, type Alerts } from "../../src/operator/alerts.js";
import type { ExchangerHealth } from "../../src/operator/exchanger-health.js";
import { Harness } from "../harness/harness.js";
import { waitFor } from "../process/process-helpers.js";

const ADMINS = [5_550_001_234, -1_005_550_002_345];
/** Short on purpose: what is tested is "once per incident", counted in checks, not how long a minute is. */
const ALERT_AFTER_MS = 200;
const CHECK_EVERY_MS = 25;

describe("exchanger alerts across instances", () => {
  let a: Harness;
  let b: Harness;
  const running: Alerts[] = [];
  /** How often each running alerter has looked at the exchanger's health (each check looks twice). */
  const looks = new Map<string, number>();

  beforeEach(async () => {
    a = await Harness.start();
    b = await Harness.start({ sandbox: a.sandbox, prefix: a.prefix });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((alerts) => alerts.stop()));
    looks.clear();
    await b.close();
    await a.close();
  });

  /** The instance's health, counting the alerter's looks at it (the test's own looks are not counted). */
  function counted(health: ExchangerHealth, instance: string): ExchangerHealth {
    looks.set(instance, 0);
    return Object.assign(Object.create(health) as ExchangerHealth, {
      failingSince: () => {
        looks.set(instance, (looks.get(instance) ?? 0) + 1);
        return health.failingSince();
      },
      forgetFailure: () => health.forgetFailure(),
    });
  }

  function startAlerts(h: Harness, instance: string): Alerts {
    const alerts = createAlerts(
      {
        api: h.app.bot.api,
        kv: h.storage.kv,
        health: counted(h.app.operator.exchangerHealth, instance),
        probe: () => h.app.exchanger.getStatus("en"),
        logger: createLogger("silent"),
      },
      {
        adminChatIds: ADMINS,
        alertAfterMs: ALERT_AFTER_MS,
        checkEveryMs: CHECK_EVERY_MS,
        instance,
      },
    );
    alerts.start();
    running.push(alerts);
    return alerts;
  }

  /** Alert texts an admin chat received from either instance. */
  const received = (admin: number, pattern: RegExp) =>
    [a, b]
      .flatMap((h) => h.fake.callsOf("sendMessage", admin))
      .map((c) => String(c.payload.text))
      .filter((text) => pattern.test(text));
  const FAILING = /has not been answering/;
  const RECOVERED = /answers again/;

  /** Both instances see the exchanger fail (as their users' calls would). */
  async function outage(): Promise<number> {
    a.sandbox.injectFault({ kind: "html500", times: 1_000_000 });
    const began = Date.now();
    await Promise.all(
      [a, b].map((h) =>
        expect(h.app.exchanger.getStatus("en")).rejects.toBeInstanceOf(Unavailable),
      ),
    );
    return began;
  }

  /**
   * Every running alerter checks twice more: a duplicate alert (or a second recovery) would have been
   * sent by then, since each check of each instance may send one.
   * Counted in checks rather than waited out on the clock, so a slow machine cannot make it pass early.
   */
  async function settle(): Promise<void> {
    const before = new Map(looks);
    await waitFor(
      () => [...looks].every(([instance, n]) => n >= before.get(instance)! + 2 * 2),
      "two more checks of every alerter",
    );
  }

  it("sends one alert per incident to each admin chat, after ALERT_AFTER_MS, and one recovery alert", async () => {
    startAlerts(a, "instance-a");
    startAlerts(b, "instance-b");

    const began = await outage();
    for (const admin of ADMINS)
      await waitFor(() => received(admin, FAILING).length > 0, "the failing alert");
    const alertedAfter = Date.now() - began;
    expect(alertedAfter).toBeGreaterThanOrEqual(ALERT_AFTER_MS);
    await settle();
    for (const admin of ADMINS) expect(received(admin, FAILING)).toHaveLength(1);
    expect(await a.storage.kv.get(INCIDENT_KEY)).toBeDefined();

    a.sandbox.clearFaults();
    for (const admin of ADMINS)
      await waitFor(() => received(admin, RECOVERED).length > 0, "the recovery alert");
    await settle();
    for (const admin of ADMINS) {
      expect(received(admin, RECOVERED)).toHaveLength(1);
      expect(received(admin, FAILING)).toHaveLength(1);
    }
    expect(await a.storage.kv.get(INCIDENT_KEY)).toBeUndefined();
    expect(a.app.operator.exchangerHealth.failingSince()).toBeUndefined();
    expect(b.app.operator.exchangerHealth.failingSince()).toBeUndefined();

    // A new outage is a new incident: alerted again, once.
    await outage();
    for (const admin of ADMINS)
      await waitFor(() => received(admin, FAILING).length === 2, "the second incident's alert");
    await settle();
    for (const admin of ADMINS) expect(received(admin, FAILING)).toHaveLength(2);
    a.sandbox.clearFaults();
  }, 30_000);

  it("does not alert for a failure shorter than ALERT_AFTER_MS, nor for refusals", async () => {
    startAlerts(a, "instance-a");
    a.sandbox.injectFault({ kind: "html500", times: 3 }); // one read call's three attempts
    await expect(a.app.exchanger.getStatus("en")).rejects.toBeInstanceOf(Unavailable);
    expect(a.app.operator.exchangerHealth.failingSince()).toBeDefined();
    // The alerter's own probe finds the exchanger answering again before ALERT_AFTER_MS.
    await waitFor(
      () => a.app.operator.exchangerHealth.failingSince() === undefined,
      "the probe's answer",
    );

    // A rejected key and a refusal are answers: the exchanger works.
    await expect(
      a.app.exchanger.getInfo({ apiKey: "not-a-key-of-this-exchanger", language: "en" }),
    ).rejects.toThrow();
    expect(a.app.operator.exchangerHealth.failingSince()).toBeUndefined();
    await settle();
    for (const admin of ADMINS) expect(received(admin, /./)).toHaveLength(0);
  }, 30_000);
});
