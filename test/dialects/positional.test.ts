/**
 * A server that writes every User API object as a positional array (the sandbox's `positional`
 * dialect), through the real bot: the vendor's documented user object read into a labelled account
 * card, the order and detail layouts learned from the server's own filters once per server (the extra
 * read calls counted), orders paid once with and without 2FA, and a layout file written by the doctor
 * pinning what the bot reads.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { DIALECTS } from "../../src/sandbox/dialect.js";
import { ORDER_POSITIONS } from "../../src/sandbox/positional.js";
import { runDoctor } from "../../src/doctor/run.js";
import { MAX_CALLS } from "../../src/exchanger/layouts/learn.js";
import { Harness } from "../harness/harness.js";
import { harnessPerTest } from "../harness/per-test.js";
import type { SimUser } from "../harness/user.js";
import { expectNoLeak, totp } from "../harness/two-factor.js";
import { VENDOR_SECRETS, VENDOR_USER } from "../exchanger/normalize/vendor-user.js";

const GET_ORDERS = "/user-api-get-orders";
const SPEND = "/user-api-spend-balance";

/** The learning's filtered reads ask for 100 rows; the screens ask for their page size. */
const learningCalls = (h: Harness, path = GET_ORDERS) =>
  h.exchangerCalls(path).filter((r) => r.fields.limit === "100").length;

const CARD_LINES = {
  en: [
    "💰 Balance: 33668.78 USD",
    "Login: user",
    "E-mail: user@example.com",
    "Orders volume: 1021.00 USD",
    "Referral link: https://exchanger.example/?ref=user",
  ],
  ru: [
    // The balance in the reader's numbers; the vendor's own display texts as the server wrote them.
    "💰 Баланс: 33\u202f668,78 USD",
    "Логин: user",
    "E-mail: user@example.com",
    "Объём обменов: 1021.00 USD",
  ],
  uk: [
    "💰 Баланс: 33\u202f668,78 USD",
    "Логін: user",
    "E-mail: user@example.com",
    "Обсяг обмінів: 1021.00 USD",
  ],
} as const;

function buttons(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

describe("a positional server, end to end", () => {
  const harness = harnessPerTest({ dialect: "positional" });

  it.each(LANGUAGES)(
    "reads the vendor's exact user object into a labelled account card with its balance and none of its secrets (%s)",
    async (lang) => {
      const h = harness();
      h.sandbox.state.accounts.main!.userObject = [...VENDOR_USER];
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/account");
      const card = user.lastText().replace(/<[^>]+>/g, "");
      for (const line of CARD_LINES[lang]) expect(card).toContain(line);
      // Labels, never positions ("0: 1", "27: 0").
      expect(card).not.toMatch(/^\s*\d+: /m);
      for (const secret of VENDOR_SECRETS) expect(user.transcript()).not.toContain(secret);
      await expectNoLeak(h, [...VENDOR_SECRETS]);
    },
  );

  it("shows the balance on the pay card and never the 2FA secret the user object carries at 28", async () => {
    const h = harness();
    const secret = h.sandbox.accounts.twofa.twoFactorSecret!;
    const user = await h.linkedUser("twofa");
    const order = h.sandbox.state.accounts.twofa!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/pay ${order.token}`);
    expect(user.lastText()).toMatch(/Your balance: [\d.]+ USD/);
    await user.send("/account");
    expect(user.transcript()).not.toContain(secret);
    expect(user.transcript()).not.toContain(h.sandbox.accounts.twofa.apiKey);
    await expectNoLeak(h, [secret, h.sandbox.accounts.twofa.apiKey, "$2y$10$"]);
  });

  it("learns the order layout once per server: not again for another chat, screen or instance", async () => {
    const h = harness();
    const a = await h.linkedUser("main");
    await a.send("/orders");
    const learned = learningCalls(h);
    expect(learned).toBeGreaterThan(0);
    expect(learned).toBeLessThanOrEqual(MAX_CALLS);
    const orders = h.sandbox.state.accounts.main!.orders;
    const newest = [...orders].sort((x, y) => Number(y.id) - Number(x.id))[0]!;
    expect(a.lastText()).toContain(`#${newest.id}`);

    const b = await h.linkedUser("main");
    await b.send("/orders");
    await b.send(`/order ${newest.id}`);
    await h.restart(); // another instance on the same store
    const c = await h.linkedUser("main");
    await c.send("/orders");
    await c.send(`/order ${orders[3]!.id}`);
    expect(learningCalls(h)).toBe(learned);
  });

  it("lists orders and saved details with the same facts as a server of named records", async () => {
    const h = harness();
    const named = await Harness.start({ dialect: "spec" });
    try {
      for (const command of ["/orders", "/details"]) {
        const there = await named.linkedUser("main");
        const here = await h.linkedUser("main");
        await there.send(command);
        await here.send(command);
        // Saved details: the same lines, and a word on why none can be deleted here (below).
        expect(here.lastText().replace(/\n\n⚠️ [^\n]+$/, ""), command).toBe(there.lastText());
      }
    } finally {
      await named.close();
    }
    expect(learningCalls(h, "/user-api-get-details")).toBeGreaterThan(0);
  });

  it("pays a learned order once without 2FA, sending the token the filters confirmed", async () => {
    const h = harness();
    const user = await h.linkedUser("main");
    const order = h.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/order ${order.id}`);
    await user.press("💳 Pay from balance");
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    const spends = h.exchangerCalls(SPEND);
    expect(spends).toHaveLength(1);
    expect(spends[0]!.fields.token).toBe(order.token);
  });

  it("pays a learned order once with 2FA", async () => {
    const h = harness();
    const user = await h.linkedUser("twofa");
    const order = h.sandbox.state.accounts.twofa!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/pay ${order.token}`);
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toMatch(/send the current 6-digit code/);
    await user.send(totp(h.sandbox.accounts.twofa.twoFactorSecret!));
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    const spends = h
      .exchangerCalls(SPEND)
      .filter((r) => r.fields.two_factor_authentication_password);
    expect(spends).toHaveLength(1);
    expect(spends[0]!.fields.token).toBe(order.token);
  });
});

const NO_DELETE = {
  en: "⚠️ I cannot tell with certainty which value is each detail's number",
  ru: "⚠️ Я не могу с уверенностью определить номер каждого реквизита",
  uk: "⚠️ Я не можу напевно визначити номер кожного реквізиту",
} as const;
const DELETE_DETAILS = "/user-api-delete-details";

describe("saved details on a positional server: the id only a filter could confirm", () => {
  const harness = harnessPerTest({ dialect: "positional" });

  it.each(LANGUAGES)(
    "the spec has no id filter for details: the list says so, offers no Delete, and no id is ever sent (%s)",
    async (lang) => {
      const h = harness();
      const user = await h.linkedUser("main", { languageCode: lang });
      await user.send("/details");
      expect(user.lastText()).toContain(NO_DELETE[lang]);
      expect(buttons(user).some((b) => b.startsWith("🗑"))).toBe(false);
      // The learning tried an `id` filter; the sandbox, as the spec, ignores it: nothing confirmed.
      const tried = h.exchangerCalls("/user-api-get-details").filter((r) => r.fields.id);
      expect(tried.length).toBeGreaterThan(0);
      expect(h.exchangerCalls(DELETE_DETAILS)).toHaveLength(0);
    },
  );
});

describe("a layout file written by the doctor (EXCHANGER_LAYOUT)", () => {
  let h: Harness | undefined;
  let pinned: Harness | undefined;
  afterEach(async () => {
    await pinned?.close();
    await h?.close();
    h = pinned = undefined;
  });

  async function writtenLayout(): Promise<string> {
    h = await Harness.start({ dialect: "positional" });
    const file = join(mkdtempSync(join(tmpdir(), "layout-")), "layout.json");
    const options = { baseUrl: h.sandbox.baseUrl, language: "en" as const, timeoutMs: 2_000 };
    await runDoctor(
      { ...options, apiKey: h.sandbox.accounts.main.apiKey, writeLayout: file },
      () => undefined,
    );
    return file;
  }

  it("is used instead of learning: no filtered reads, the orders read and paid as learned", async () => {
    const file = await writtenLayout();
    const before = h!.sandbox.requests.length;
    pinned = await Harness.start({ sandbox: h!.sandbox, env: { EXCHANGER_LAYOUT: file } });
    const user = await pinned.linkedUser("main");
    await user.send("/orders");
    const order = h!.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    await user.send(`/order ${order.id}`);
    await user.press("💳 Pay from balance");
    await user.press(/^✅ Pay/);
    expect(user.lastText()).toContain(`Order #${order.id} is paid from your balance`);
    const since = h!.sandbox.requests.slice(before);
    expect(since.filter((r) => r.path === GET_ORDERS && r.fields.limit === "100")).toHaveLength(0);
    expect(since.filter((r) => r.path === SPEND).map((r) => r.fields.token)).toEqual([order.token]);
  });

  it("stops being used the moment the server adds a column: the admins are told once, the orders are read by what the server proves", async () => {
    const file = await writtenLayout();
    const admin = 777001;
    const upgraded = await Harness.start({
      dialect: {
        ...DIALECTS.positional,
        hostile: {
          seed: 0,
          orderColumns: ORDER_POSITIONS.map((field) => ({ field })),
          filters: {},
          upgrade: { afterAnswers: 3, insert: { at: 2, column: { hash: true } } },
        },
      },
      env: { EXCHANGER_LAYOUT: file, ADMIN_CHAT_IDS: String(admin) },
    });
    pinned = upgraded;
    const user = await upgraded.linkedUser("main");
    await user.send("/orders");
    await user.send("/orders");
    const order = upgraded.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
    await user.send("/orders");
    await user.send(`/order ${order.id}`);
    const alerts = upgraded.fake.callsOf("sendMessage", admin).map((c) => String(c.payload.text));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(
      /EXCHANGER_LAYOUT .* no longer fits the exchanger's order records \(18 values\)/,
    );
    // The order is read by the layout learned for the new shape: its own number, token and status.
    expect(user.lastText()).toContain(`#${order.id}`);
    await user.press("💳 Pay from balance");
    await user.press(/^✅ Pay/);
    const spends = upgraded.sandbox.requests.filter((r) => r.path === SPEND);
    expect(spends.map((r) => r.fields.token)).toEqual([order.token]);
  });

  it("a detail id the operator pinned (by: file) is deletable: one call with that id", async () => {
    const file = await writtenLayout();
    const layouts = JSON.parse(readFileSync(file, "utf8")) as {
      object: string;
      fields: { name: string; by: string }[];
    }[];
    const detail = layouts.find((l) => l.object === "detail")!;
    expect(detail.fields.find((f) => f.name === "id")?.by).toBe("type");
    for (const f of detail.fields) if (f.name === "id") f.by = "file";
    writeFileSync(file, JSON.stringify(layouts));
    pinned = await Harness.start({ sandbox: h!.sandbox, env: { EXCHANGER_LAYOUT: file } });
    const user = await pinned.linkedUser("main");
    await user.send("/details");
    expect(user.lastText()).not.toContain(NO_DELETE.en);
    const first = h!.sandbox.state.accounts.main!.details.length;
    await user.press("🗑 Delete…");
    await user.press(/^☐ 1\./);
    await user.press(/^🗑 Delete selected/);
    await user.press(/^✅ Yes, delete/);
    const deletes = h!.sandbox.requests.filter((r) => r.path === DELETE_DETAILS);
    expect(deletes).toHaveLength(1);
    expect(h!.sandbox.state.accounts.main!.details).toHaveLength(first - 1);
  });

  it.each(LANGUAGES)(
    "a token placed only by its kind: the card says so and offers the website, never Pay (%s)",
    async (lang) => {
      const file = await writtenLayout();
      const layouts = JSON.parse(readFileSync(file, "utf8")) as {
        object: string;
        fields: { name: string; by: string }[];
      }[];
      for (const f of layouts.find((l) => l.object === "order")!.fields)
        if (f.name === "token") f.by = "type";
      writeFileSync(file, JSON.stringify(layouts));
      pinned = await Harness.start({ sandbox: h!.sandbox, env: { EXCHANGER_LAYOUT: file } });
      const user = await pinned.linkedUser("main", { languageCode: lang });
      const order = h!.sandbox.state.accounts.main!.orders.find((o) => Number(o.status) === 0)!;
      await user.send(`/order ${order.id}`);
      const website = { en: "🌐 Open the website", ru: "🌐 Открыть сайт", uk: "🌐 Відкрити сайт" }[
        lang
      ];
      expect(buttons(user)).toContain(website);
      expect(buttons(user).some((b) => b.startsWith("💳"))).toBe(false);
      expect(user.lastText()).toMatch(/⚠️ .{20,}/);
      expect(user.lastText()).not.toContain(order.token);
      expect(h!.sandbox.requests.filter((r) => r.path === SPEND)).toHaveLength(0);
    },
  );
});

describe("a user object that is not the documented one", () => {
  const harness = harnessPerTest({ dialect: "positional" });

  it.each(LANGUAGES)(
    "of 31, 33 or 35 values, or the documented 30 shifted: nothing of it is shown, the card says so and links to the website (%s)",
    async (lang) => {
      const h = harness();
      const website = { en: "🌐 Open the website", ru: "🌐 Открыть сайт", uk: "🌐 Відкрити сайт" }[
        lang
      ];
      const unreadable = {
        en: "I cannot read this exchanger's account details with certainty",
        ru: "Я не могу с уверенностью прочитать данные аккаунта этого обменника",
        uk: "Я не можу напевно прочитати дані акаунта цього обмінника",
      }[lang];
      const base32 = "JBSWY3DPEHPK3PXP";
      const variants = [
        [...VENDOR_USER, base32],
        [...VENDOR_USER, 0, base32, ""],
        [base32, ...VENDOR_USER, 1, 2, 3, 4],
        [...VENDOR_USER.slice(2), base32, 0],
      ];
      for (const variant of variants) {
        h.sandbox.state.accounts.main!.userObject = variant;
        const user = await h.linkedUser("main", { languageCode: lang });
        await user.send("/account");
        expect(user.lastText()).toContain(unreadable);
        expect(buttons(user)).toContain(website);
        // Never a position, never a value of the array.
        expect(user.lastText()).not.toMatch(/\d+: /);
        for (const secret of [base32, ...VENDOR_SECRETS])
          expect(user.transcript()).not.toContain(secret);
        expect(user.transcript()).not.toContain("user@example.com");
      }
      await expectNoLeak(h, [base32, ...VENDOR_SECRETS]);
    },
  );
});
