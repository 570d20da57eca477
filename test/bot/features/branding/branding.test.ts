/**
 * Branding: the Support button and the exchanger's name come from SUPPORT_URL / EXCHANGER_NAME, else
 * from the exchanger's public get-social answer, else (name only) from the host of EXCHANGER_BASE_URL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function buttons(user: SimUser) {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat();
}

const support = (user: SimUser) => buttons(user).find((b) => b.text === "💬 Support");

describe("branding", () => {
  it("get-social's Telegram link is the Support button in the menu, and its site name greets the user", async () => {
    h = await Harness.start();
    const user = h.user();
    await user.send("/start");
    expect(user.lastText()).toMatch(/^👋 Welcome to Sandbox Exchanger!/);
    await user.send("/menu");
    expect(support(user)).toMatchObject({ url: "https://t.me/sandbox_exchanger_support" });

    const linked = await h.linkedUser();
    await linked.send("/account");
    expect(linked.lastText()).toMatch(/^👤 Your account at Sandbox Exchanger/);
  });

  it("SUPPORT_URL and EXCHANGER_NAME win over get-social", async () => {
    h = await Harness.start({
      env: { SUPPORT_URL: "tg://resolve?domain=acme_help", EXCHANGER_NAME: "ACME <Exchange>" },
    });
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send("/menu");
    expect(buttons(user).find((b) => b.text === "💬 Поддержка")).toMatchObject({
      url: "tg://resolve?domain=acme_help",
    });
    await user.send("/account");
    expect(user.lastText()).toMatch(/^👤 Ваш аккаунт в ACME <Exchange>/);
  });

  it("an object answer is read too; without a Telegram link there is no Support button; without a name the welcome is neutral (en, ru, uk)", async () => {
    h = await Harness.start();
    h.sandbox.state.social = { email: "help@example.com", telegram: "" };
    const user = h.user();
    await user.send("/start");
    expect(user.lastText()).toMatch(/^👋 Welcome!\nThis bot manages your exchanger account/);
    expect(user.lastText()).not.toContain("127.0.0.1");
    for (const [languageCode, welcome] of [
      ["ru", /^👋 Добро пожаловать!\nЭтот бот управляет вашим аккаунтом в обменнике/],
      ["uk", /^👋 Ласкаво просимо!\nЦей бот керує вашим акаунтом в обміннику/],
    ] as const) {
      const other = h.user({ languageCode });
      await other.send("/start");
      expect(other.lastText()).toMatch(welcome);
      expect(other.lastText()).not.toContain("127.0.0.1");
    }
    await user.send("/menu");
    expect(support(user)).toBeUndefined();
  });

  it("an error message carries the Support button", async () => {
    h = await Harness.start({ env: { EXCHANGER_TIMEOUT_MS: "300" } });
    const user = await h.linkedUser();
    await user.send("/menu"); // get-social answered and cached before the exchanger goes down
    h.sandbox.injectFault({ path: "/user-api-get-info", kind: "html500", times: 5 });
    await user.send("/account");
    expect(support(user)).toMatchObject({ url: "https://t.me/sandbox_exchanger_support" });
  });
});

describe("SUPPORT_URL is checked", () => {
  it("only https:// and tg:// links are accepted", async () => {
    await expect(Harness.start({ env: { SUPPORT_URL: "http://support.example" } })).rejects.toThrow(
      /SUPPORT_URL must be an https:\/\/ or tg:\/\//,
    );
    await expect(Harness.start({ env: { SUPPORT_URL: "javascript:alert(1)" } })).rejects.toThrow(
      /SUPPORT_URL/,
    );
  });

  it("an order with a problem offers Support on its card; a completed one does not", async () => {
    h = await Harness.start();
    const user = await h.linkedUser();
    const suspended = h.sandbox.addOrder("main", { status: 2 });
    await user.send(`/order ${String(suspended.id)}`);
    expect(user.lastText()).toMatch(/Suspended/);
    expect(support(user)).toMatchObject({ url: "https://t.me/sandbox_exchanger_support" });
    const completed = h.sandbox.addOrder("main", { status: 4 });
    await user.send(`/order ${String(completed.id)}`);
    expect(user.lastText()).toMatch(/Completed/);
    expect(support(user)).toBeUndefined();
  });
});
