/**
 * /referral for a linked account: the customer's own referral link (copy button, share link, a QR
 * code that decodes to it), the reward, the referral volume and the number of referral orders from
 * the vendor's user object and the referral orders' list total, then the program; unlinked, the
 * public program as before. In en, ru and uk.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS } from "../../../../src/sandbox/dialect.js";
import { Harness } from "../../../harness/harness.js";
import { decodeQr } from "../../../harness/qr.js";
import type { SimUser } from "../../../harness/user.js";

const LINK = "https://sandbox.exchanger.example/?ref=1024";

/** The dashboard itself: the newest text message (its QR code follows it as a photo). */
function dashboard(user: SimUser) {
  return user
    .visible()
    .filter((m) => m.from === "bot" && !m.photo)
    .at(-1)!;
}

function buttons(user: SimUser) {
  return (dashboard(user).replyMarkup?.inline_keyboard ?? []).flat();
}

describe("the referral dashboard", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("from the vendor's positional user object: link, reward, volume and orders; copy, share and a QR code of the link", async () => {
    h = await Harness.start({ dialect: DIALECTS.positional });
    const user = await h.linkedUser("main");
    await user.send("/referral");
    const screen = user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!;
    const referralOrders = h.sandbox.state.accounts.main!.referralOrders.length;
    expect(screen.text).toContain("Your referral program");
    expect(screen.text).toContain(`Your referral link: ${LINK}`);
    expect(screen.text).toContain("Your reward: 0.5%");
    expect(screen.text).toContain("Your referrals exchanged: 310.20 USD");
    expect(screen.text).toContain(`Referral orders: ${referralOrders}`);
    expect(screen.text).toMatch(/About the referral program\n[\s\S]*Invite friends/);
    const keys = (screen.replyMarkup?.inline_keyboard ?? []).flat();
    expect(keys.find((b) => b.text === "📋 Copy link")?.copy_text?.text).toBe(LINK);
    const share = new URL(keys.find((b) => b.text === "📤 Share")!.url!);
    expect(share.origin + share.pathname).toBe("https://t.me/share/url");
    expect(share.searchParams.get("url")).toBe(LINK);
    expect(share.searchParams.get("text")).toMatch(/with my link/);
    // The count is the list's total: one row asked for (a positional server's order layout is
    // learned with the first list read, once per server: the calls after it).
    const listCall = h.exchangerCalls("/user-api-get-referral-orders")[0]!;
    expect(listCall.fields).toMatchObject({ page: "1", limit: "1" });

    const photos = h.fake.callsOf("sendPhoto", user.chatId);
    expect(photos).toHaveLength(1);
    const [png] = Object.values(photos[0]!.files ?? {});
    expect(await decodeQr(png!)).toEqual([LINK]);
    expect(user.lastText()).toBe(`🔗 Your referral link: ${LINK}`);

    // Refresh edits the screen in place and sends no second QR code.
    await user.press("🔄 Refresh", screen.messageId);
    expect(h.fake.callsOf("sendPhoto", user.chatId)).toHaveLength(1);
  });

  it("in Russian and Ukrainian", async () => {
    h = await Harness.start({ dialect: DIALECTS.positional });
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    await ru.send("/referral");
    const ruText = ru.transcript();
    expect(ruText).toContain("Ваша партнёрская программа");
    expect(ruText).toContain(`Ваша реферальная ссылка: ${LINK}`);
    expect(ruText).toContain("Ваше вознаграждение: 0,5\u202f%");
    expect(ruText).toMatch(/Обменяли ваши рефералы: 310,20 USD/);
    const uk = await h.linkedUser("main", { languageCode: "uk" });
    await uk.send("/referral");
    expect(uk.transcript()).toContain("Ваша партнерська програма");
    expect(uk.transcript()).toContain("Заявки рефералів:");
    expect(buttons(uk).map((b) => b.text)).toContain("📋 Копіювати");
  });

  it("a named user object gives the link; unlinked, the public program as before", async () => {
    h = await Harness.start();
    const user = await h.linkedUser("main");
    await user.send("/referral");
    const text = user
      .visible()
      .filter((m) => m.from === "bot" && !m.photo)
      .at(-1)!.text;
    expect(text).toContain(`Your referral link: ${LINK}`);
    expect(text).not.toContain("Your reward");
    const total = h.sandbox.state.accounts.main!.referralOrders.length;
    expect(text).toContain(`Referral orders: ${total}`);

    const stranger = h.user();
    await stranger.send("/referral");
    expect(stranger.lastText()).toMatch(/^🤝 Referral program/);
    expect(stranger.lastText()).not.toContain("Your referral link");
    expect(h.fake.callsOf("sendPhoto", stranger.chatId)).toEqual([]);
  });
});
