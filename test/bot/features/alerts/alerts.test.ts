/**
 * Rate alerts end to end: created from /alerts (no account needed), from a direction card and from
 * the calculator; the real watcher on a moved clock over the sandbox, whose rate the test moves: an
 * alert tells once when its target is crossed, re-arms, a percent alert re-anchors; one read of a
 * direction per interval whatever the number of subscribers, also with two bot instances; the cap
 * of ten, a changed target and a deleted alert; in en, ru and uk.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rateAlertWatcher } from "../../../../src/notify/rate-alerts/index.js";
import { MAX_ALERTS } from "../../../../src/storage/rate-alerts.js";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";
import { messagesTo, TestClock } from "../../../notify/helpers.js";

const PAIR = "btc-usdttrc20";
const TITLE = /^📈 (Rate alert|Курсовой алерт|Курсовий алерт): Bitcoin → Tether TRC20/;

/** /alerts → New alert → the pair → the target typed at once. */
async function createAlert(user: SimUser, target: string, receive = "Tether TRC20") {
  await user.send("/alerts");
  await user.press("➕");
  await user.press("Bitcoin");
  await user.press(`→ ${receive}`);
  await user.send(target);
}

function setRate(h: Harness, rate: string): void {
  h.sandbox.state.directions.find((d) => d.slug === PAIR)!.rate = rate;
}

const rateReads = (h: Harness) =>
  h.exchangerCalls("/public-api-get-exchange").filter((r) => r.query.pair === PAIR).length;

describe("rate alerts", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("created from /alerts without an account: the rate now, a typed target on the side it is on, the list with its count", async () => {
    const user = h.user();
    await user.send("/alerts");
    expect(user.lastText()).toMatch(/Rate alerts · 0\/10/);
    expect(user.lastText()).toMatch(/no rate alerts yet/);
    await user.press("➕ New alert");
    await user.press("Bitcoin");
    await user.press("→ Tether TRC20");
    expect(user.lastText()).toMatch(
      /New rate alert\nBitcoin → Tether TRC20\nNow: 1 Bitcoin = 61250 Tether TRC20/,
    );
    await user.send("lots");
    expect(user.lastText()).toMatch(/I need a number: the rate \(now 61250\)/);
    await user.send("65 000");
    expect(user.lastText()).toMatch(
      /Rate alert set\.\nBitcoin → Tether TRC20: when it rises above 65000/,
    );
    await createAlert(user, "-3 %");
    expect(user.lastText()).toMatch(/when it falls 3 % below 61250/);
    await createAlert(user, "59000");
    expect(user.lastText()).toMatch(/when it falls below 59000/);
    await user.send("/alerts");
    const list = user.lastText();
    expect(list).toMatch(/Rate alerts · 3\/10/);
    expect(list).toMatch(
      /1\. Bitcoin → Tether TRC20: when it rises above 65000\n {4}Now: 1 Bitcoin = 61250 Tether TRC20/,
    );
    expect(list).toMatch(/3\. Bitcoin → Tether TRC20: when it falls below 59000/);
  });

  it("a button chooses the side; a number the rate has passed already, or a move out of range, is asked again", async () => {
    const user = h.user();
    await createAlert(user, "");
    // An empty text is no answer: the question stays.
    await user.press("📈 Rises above…");
    expect(user.lastText()).toMatch(/Send the rate above which I should tell you/);
    await user.send("60000");
    expect(user.lastText()).toMatch(
      /The rate is 61250 already, not below 60000\. Send a number above 61250/,
    );
    await user.send("61250");
    expect(user.lastText()).toMatch(/61250 is the rate right now/);
    await user.send("62000");
    expect(user.lastText()).toMatch(/when it rises above 62000/);
    await createAlert(user, "150 %");
    expect(user.lastText()).toMatch(/between 0\.01 and 99\.99 %/);
    await user.send("2.5%");
    expect(user.lastText()).toMatch(/when it moves 2\.5 % either way from 61250/);
  });

  it("tells once when the rate crosses, re-arms, re-anchors a move; one read per interval for every subscriber, on two instances", async () => {
    const second = await Harness.start({ sandbox: h.sandbox, prefix: h.prefix });
    try {
      const above = [h.user(), h.user(), second.user({ id: 990_101 })];
      for (const user of above) await createAlert(user, "65000");
      const below = second.user({ id: 990_102, languageCode: "ru" });
      await createAlert(below, "60000");
      const move = h.user({ languageCode: "uk" });
      await createAlert(move, "5%");
      const everyone = [...above, below, move];
      const both = [h, second];
      const told = (user: SimUser) => messagesTo(both, user.chatId).filter((t) => TITLE.test(t));

      const clock = new TestClock();
      const watchers = both.map((x) => rateAlertWatcher(x.app, x.config, { now: clock.now }));
      const intervalMs = h.app.deps.rateAlerts.intervalMs;
      /** One interval on: both instances tick at once; the reads it cost. */
      const interval = async () => {
        clock.advance(intervalMs);
        const before = rateReads(h);
        await Promise.all(watchers.map((w) => w.runOnce()));
        await Promise.all(watchers.map((w) => w.runOnce()));
        return rateReads(h) - before;
      };

      expect(await interval()).toBe(1);
      expect(everyone.flatMap(told)).toEqual([]);

      setRate(h, "66000.00");
      expect(await interval()).toBe(1);
      for (const user of above)
        expect(told(user)).toEqual([
          expect.stringMatching(
            /The rate has risen above 65000\.\nNow: 1 Bitcoin = 66000 Tether TRC20/,
          ),
        ]);
      expect(told(move)).toEqual([
        expect.stringMatching(
          /Курс змінився на \+7,76 % від 61\s250[\s\S]*Наступні 5 % я відраховую від 66\s000/,
        ),
      ]);
      expect(told(below)).toEqual([]);

      expect(await interval()).toBe(1); // still above: nobody told again
      expect(everyone.flatMap(told)).toHaveLength(4);

      setRate(h, "64000.00"); // back below 65000: re-armed, nothing said; the move is -3 % from 66000
      expect(await interval()).toBe(1);
      expect(everyone.flatMap(told)).toHaveLength(4);

      setRate(h, "65500.00");
      expect(await interval()).toBe(1);
      for (const user of above) expect(told(user)).toHaveLength(2);

      setRate(h, "59000.00");
      expect(await interval()).toBe(1);
      expect(told(below)).toEqual([expect.stringMatching(/Курс опустился ниже 60\s000/)]);
      expect(told(move)).toHaveLength(2);
      // Two instances' fakes are listed one after the other, not by time: the message is one of the two.
      expect(told(move)).toContainEqual(
        expect.stringMatching(/Курс змінився на -10,61 % від 66\s000/),
      );

      // "Exchange now" opens the calculator on the pair.
      await above[0]!.press("💱 Exchange now");
      expect(above[0]!.lastText()).toMatch(/Bitcoin → Tether TRC20/);
      expect(above[0]!.lastText()).toMatch(/amount/i);
    } finally {
      await second.close();
    }
  });

  it("ten alerts at most; a target changed and an alert deleted from the list", async () => {
    const user = h.user();
    // Eight stored as the flow stores them, the last two through the screens (a chat may start 30
    // updates a minute: ten alerts typed in a row would be told to slow down).
    for (let i = 0; i < MAX_ALERTS - 2; i++) {
      const alert = { id: `seed0${i}`, sendId: "1", receiveId: "3", kind: "above" as const };
      await h.app.deps.rateAlerts.add(
        user.chatId,
        { ...alert, target: String(70_000 + i), armed: true },
        "en",
        PAIR,
      );
    }
    for (let i = MAX_ALERTS - 2; i < MAX_ALERTS; i++) await createAlert(user, String(70_000 + i));
    await user.send("/alerts");
    expect(user.lastText()).toMatch(/Rate alerts · 10\/10/);
    expect(() => user.findButton("➕ New alert")).toThrow();
    expect(user.lastText()).toMatch(/You have 10 rate alerts, the most one chat may keep/);
    // From a direction card the cap is said before anything is asked.
    await user.send("/directions");
    await user.press("Bitcoin");
    await user.press("→ Tether TRC20");
    const refused = await user.press("📈 Rate alert");
    expect(refused.find((c) => c.method === "answerCallbackQuery")?.payload.text).toMatch(
      /10 rate alerts/,
    );

    await user.send("/alerts");
    await user.press("✏️ 2");
    expect(user.lastText()).toMatch(
      /Rate alert 2\nBitcoin → Tether TRC20: when it rises above 70001\nNow: 1 Bitcoin = 61250 Tether TRC20 \(read .*UTC\)\nWaiting\./,
    );
    await user.press("✏️ Change target");
    expect(user.lastText()).toMatch(
      /Changing a rate alert[\s\S]*Until now: when it rises above 70001/,
    );
    await user.send("50000");
    expect(user.lastText()).toMatch(
      /Rate alert changed\.\nBitcoin → Tether TRC20: when it falls below 50000/,
    );
    const { alerts } = await h.app.deps.rateAlerts.list(user.chatId);
    expect(alerts).toHaveLength(10);
    expect(alerts[1]).toMatchObject({ kind: "below", target: "50000", armed: true });

    await user.send("/alerts");
    await user.press("✏️ 2");
    await user.press("🗑 Delete");
    expect(user.lastText()).toMatch(/Rate alerts · 9\/10/);
    expect(user.lastText()).not.toMatch(/50000/);
    // Room again for a new one.
    await user.press("➕ New alert");
    expect(user.findButton("Bitcoin").data).toMatch(/^alr:f:/);
  });

  it("a chat that blocked the bot, or unlinked with /logout, leaves nothing to read", async () => {
    const blocker = h.user();
    await createAlert(blocker, "65000");
    const leaver = await h.linkedUser("main");
    await createAlert(leaver, "59000");
    const clock = new TestClock();
    const watcher = rateAlertWatcher(h.app, h.config, { now: clock.now });
    setRate(h, "66000.00");
    clock.advance(h.app.deps.rateAlerts.intervalMs);
    h.fake.failNext("sendMessage", 403, "Forbidden: bot was blocked by the user");
    await watcher.runOnce();
    expect((await h.app.deps.rateAlerts.list(blocker.chatId)).alerts).toEqual([]);

    await leaver.send("/logout");
    await leaver.press("Yes, unlink");
    expect(await h.app.deps.rateAlerts.duePairs(Number.POSITIVE_INFINITY, 10)).toEqual([]);
    clock.advance(h.app.deps.rateAlerts.intervalMs);
    const before = rateReads(h);
    expect((await watcher.runOnce()).due).toBe(0);
    expect(rateReads(h)).toBe(before);
  });

  it("from a direction card and from the calculator (leaving the calculator), in Russian", async () => {
    const user = h.user({ languageCode: "ru" });
    await user.send("/directions");
    await user.press("Bitcoin");
    await user.press("→ Tether TRC20");
    await user.press("📈 Алерт курса");
    expect(user.lastText()).toMatch(
      /Новый курсовой алерт\nBitcoin → Tether TRC20\nСейчас: 1 Bitcoin = 61\s250 Tether TRC20/,
    );
    await user.press("📉 Ниже…");
    await user.send("60 000");
    expect(user.lastText()).toMatch(
      /Курсовой алерт создан\.\nBitcoin → Tether TRC20: когда курс опустится ниже 60\s000/,
    );

    await user.send("/exchange");
    await user.press("Bitcoin");
    await user.press("→ Tether TRC20");
    const calculator = user.lastBotMessage();
    await user.press("📈 Алерт курса", calculator.messageId);
    expect(user.lastText()).toMatch(/Новый курсовой алерт/);
    // The calculator is left: its prompt lost its buttons, and a number now answers the alert.
    expect(
      h.fake.message(user.chatId, calculator.messageId)!.replyMarkup?.inline_keyboard ?? [],
    ).toEqual([]);
    await user.send("+10%");
    expect(user.lastText()).toMatch(/когда курс вырастет на 10 % от 61\s250/);
    expect((await h.app.deps.rateAlerts.list(user.chatId)).alerts).toHaveLength(2);
  });
});

describe("rate alerts where the rate is not certain", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("a direction whose rate cannot be placed with certainty takes no alert, and says why (uk)", async () => {
    const { DIALECTS } = await import("../../../../src/sandbox/dialect.js");
    h = await Harness.start({ dialect: { ...DIALECTS.positional, positionalDirections: true } });
    const user = h.user({ languageCode: "uk" });
    await user.send("/alerts");
    await user.press("➕");
    await user.press("Bitcoin");
    await user.press("→ Tether TRC20");
    expect(user.lastText()).toMatch(/не можу впевнено прочитати курс Bitcoin → Tether TRC20/);
    expect((await h.app.deps.rateAlerts.list(user.chatId)).alerts).toEqual([]);
  });
});
