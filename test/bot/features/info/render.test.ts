/** The public cards and the account card for every shape a server may answer with. */
import { readDirection } from "../../../../src/exchanger/normalize/direction.js";
import { readAccount } from "../../../../src/exchanger/normalize/account.js";
import { describe, expect, it } from "vitest";
import { renderAccountCard } from "../../../../src/bot/features/account/render.js";
import { createI18n } from "../../../../src/bot/i18n.js";
import {
  directionCard,
  referralCard,
  statusCard,
} from "../../../../src/bot/features/info/render.js";

// Translations are echoed as their keys (with arguments) so the structure is what is tested here.
const ctx = {
  t: (key: string, args?: Record<string, unknown>) =>
    args ? `${key}${JSON.stringify(args)}` : key,
};

describe("status card", () => {
  it("a boolean or a yes/no word reads as online/offline words", () => {
    expect(statusCard(ctx, { kind: "flag", value: true })).toBe(
      "info-status-title\ninfo-status-online",
    );
    expect(statusCard(ctx, { kind: "flag", value: false })).toBe(
      "info-status-title\ninfo-status-offline",
    );
    expect(statusCard(ctx, { kind: "text", text: "online" })).toBe(
      "info-status-title\ninfo-status-online",
    );
    expect(statusCard(ctx, { kind: "text", text: "0" })).toBe(
      "info-status-title\ninfo-status-offline",
    );
  });

  it("a sentence is the text (escaped); a list is one bullet per item; nothing says so", () => {
    expect(statusCard(ctx, { kind: "text", text: "All <fine>" })).toBe(
      "info-status-title\nAll &lt;fine&gt;",
    );
    expect(statusCard(ctx, { kind: "list", items: ["API up", { queue: 3 }, null] })).toBe(
      "info-status-title\n• API up\n• Queue: 3",
    );
    expect(statusCard(ctx, { kind: "nothing" })).toBe("info-status-title\ninfo-nothing");
  });

  it("fields: online first, the rest labelled", () => {
    const text = statusCard(ctx, { kind: "fields", fields: { online: 1, version: "3.8" } });
    expect(text).toBe("info-status-title\ninfo-status-online\n\n<b>field-version:</b> 3.8");
  });
});

describe("referral card", () => {
  it("a list is a list, never '0: …, 1: …'", () => {
    const text = referralCard(ctx, { kind: "list", items: ["Level 1: 0.5%", "Level 2: 0.1%"] });
    expect(text).toBe("info-referral-title\n• Level 1: 0.5%\n• Level 2: 0.1%");
    expect(text).not.toMatch(/\b0: /);
  });

  it("levels listed under 'levels' are percentages, in ru and uk with the comma; a percent field has its sign", () => {
    const i18n = createI18n("en");
    for (const [lang, levels, reward] of [
      ["en", "level 1 — 0.3%, level 2 — 0.1%", "Referral reward:</b> 0.04%"],
      ["ru", "уровень 1 — 0,3\u202f%, уровень 2 — 0,1\u202f%", ":</b> 0,04\u202f%"],
      ["uk", "рівень 1 — 0,3\u202f%, рівень 2 — 0,1\u202f%", ":</b> 0,04\u202f%"],
    ] as const) {
      const tr = {
        t: (key: string, vars?: Record<string, unknown>) =>
          i18n.t(lang, key, vars as Record<string, string | number>),
      };
      const fields = { levels: [0.3, 0.1], referral_percent: "0.04" };
      const text = referralCard(tr, { kind: "fields", fields });
      expect(text).toContain(levels);
      expect(text).toContain(reward);
    }
  });

  it("a string is the text, a boolean says on or off, fields keep their layout", () => {
    expect(referralCard(ctx, { kind: "text", text: "Invite friends" })).toBe(
      "info-referral-title\nInvite friends",
    );
    expect(referralCard(ctx, { kind: "flag", value: false })).toBe(
      "info-referral-title\ninfo-referral-off",
    );
    expect(referralCard(ctx, { kind: "flag", value: true })).toBe(
      "info-referral-title\ninfo-referral-on",
    );
    expect(referralCard(ctx, { kind: "fields", fields: { percent: "0.5" } })).toBe(
      'info-referral-title\n\ninfo-referral-percent{"value":"value-percent{&quot;value&quot;:&quot;0.5&quot;}"}',
    );
    expect(referralCard(ctx, { kind: "nothing" })).toBe("info-referral-title\ninfo-nothing");
  });
});

describe("direction card", () => {
  it("shows rate, limits, reserve and fields under other servers' names, never the slug", () => {
    const text = directionCard(
      ctx,
      readDirection({
        id: 5,
        slug: "btc-eth",
        course: "15.2",
        minimum: "0.01",
        maximum: "2",
        reserve_amount: "40",
        need_verification: true,
        inputs: [{ id: 1, name: "Wallet" }],
      })!,
      { id: 1, name: "Bitcoin", code: "BTC" },
      { id: 2, name: "Ether", code: "ETH" },
      { send: "Bitcoin", receive: "Ether" },
    );
    // Currency names, not codes; amounts with two decimals at least, a rate as given.
    expect(text).toContain('info-direction-rate{"send":"1 Bitcoin","receive":"15.2 Ether"}');
    expect(text).toContain('info-direction-min{"value":"0.01 Bitcoin"}');
    expect(text).toContain('info-direction-max{"value":"2.00 Bitcoin"}');
    expect(text).toContain('info-direction-reserve{"value":"40.00 Ether"}');
    expect(text).toContain("<b>field-verification-needed:</b> ✓");
    expect(text).toContain("info-direction-inputs\n• Wallet");
    expect(text).not.toContain("btc-eth");
  });
});

describe("account card balance", () => {
  it("one line per currency when the server gives one value per currency", () => {
    const text = renderAccountCard(
      ctx,
      readAccount({ login: "u", balance: { USD: "10.00", BTC: "0.5" } }),
      "Exchanger",
    );
    expect(text).toContain(
      'account-balance{"label":"account-balance-label","value":"10.00 USD"}\naccount-balance{"label":"account-balance-label","value":"0.50 BTC"}',
    );
    expect(text).not.toMatch(/Balance:.*USD: 10/);
  });

  it("a bare number or a numeric string with its currency beside it; partner balance stays its own line", () => {
    expect(
      renderAccountCard(ctx, readAccount({ balance: 1500, balance_currency: "USD" }), "Exchanger"),
    ).toContain('"value":"1500.00 USD"');
    const text = renderAccountCard(
      ctx,
      readAccount({ balance: "7.50", currency: "EUR", partner_balance: "1.20" }),
      "Exchanger",
    );
    expect(text).toContain('account-balance{"label":"account-balance-label","value":"7.50 EUR"}');
    // The account keeps its money in one currency: the partner balance is in the balance's.
    expect(text).toContain('account-balance{"label":"field-partner-balance","value":"1.20 EUR"}');
    // A currency of its own wins; with several balances, none is assumed.
    const own = readAccount({
      balance: "7.50",
      currency: "EUR",
      partner_balance: "1.20",
      partner_balance_currency: "USD",
    });
    expect(renderAccountCard(ctx, own, "Exchanger")).toContain('"value":"1.20 USD"');
    const several = readAccount({ balance: { USD: "1", EUR: "2" }, partner_balance: "1.20" });
    expect(renderAccountCard(ctx, several, "Exchanger")).toContain('"value":"1.20"}');
    expect(text).not.toContain("<b>Currency:</b>");
  });
});

describe("account card dates", () => {
  it("reads in the chat's language with the time zone stated, like every other screen's dates", () => {
    const i18n = createI18n("en");
    const ru = {
      t: (key: string, vars?: Record<string, unknown>) =>
        i18n.t("ru", key, vars as Record<string, string | number>),
    };
    const card = renderAccountCard(
      ru,
      readAccount({ login: "ivan", created_at: "2023-03-14 10:22:31", last_login_at: 1736164800 }),
      "Exchanger",
    );
    expect(card).toContain("14 мар. 2023 г., 10:22 UTC");
    expect(card).toContain("6 янв. 2025 г., 12:00 UTC");
    expect(card).not.toContain("2023-03-14");
  });
});
