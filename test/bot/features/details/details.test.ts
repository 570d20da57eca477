import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

/** Button labels of the newest bot message. */
function buttons(user: SimUser): string[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text);
}

describe("payment details", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("lists details five per page with currency names, escaped values and a pager that edits in place", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    const list = user.lastBotMessage();
    // The sandbox lists newest first; its newest detail carries HTML special characters.
    expect(list.text).toContain("Payment details (8)");
    expect(list.text).toContain("1. Payeer USD");
    expect(list.raw).toContain("P1000999000 &amp; backup &lt;old&gt;");
    expect(list.text).toContain("P1000999000 & backup <old>");
    expect(list.text).toContain("Ethereum");
    expect(list.text).not.toContain("6.");
    expect(buttons(user)).toEqual(["➕ Add", "🗑 Delete…", "1 / 2", "▶", "☰ Menu"]);
    const first = h.exchangerCalls("/user-api-get-details").at(-1)!;
    expect(first.fields).toMatchObject({ page: "1", limit: "5", language: "en" });

    await user.press("▶");
    const page2 = user.lastBotMessage();
    expect(page2.messageId).toBe(list.messageId);
    expect(page2.text).toContain("6. Bitcoin");
    expect(page2.text).toContain("7. Monobank UAH");
    expect(page2.text).toContain("8. Visa/Mastercard UAH");
    expect(page2.text).toContain("4149 4993 0000 1234");
    expect(buttons(user)).toEqual(["➕ Add", "🗑 Delete…", "◀", "2 / 2", "☰ Menu"]);
    expect(h.exchangerCalls("/user-api-get-details").at(-1)!.fields).toMatchObject({
      page: "2",
      limit: "5",
    });

    await user.press("◀");
    expect(user.lastText()).toContain("1. Payeer USD");
  });

  it("says so when there are no details, and still offers Add", async () => {
    const user = await h.linkedUser("empty");
    await user.send("/details");
    expect(user.lastText()).toMatch(/no saved payment details yet/);
    expect(buttons(user)).toEqual(["➕ Add", "☰ Menu"]);
  });

  it("adds a detail: search the picker by typing, pick, send the value; invalid values are re-prompted", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    expect(user.lastText()).toMatch(/New payment detail/);
    expect(buttons(user)).toContain("Bitcoin");
    expect(buttons(user)).toContain("✖ Cancel");

    await user.send("usdt");
    expect(user.lastText()).toMatch(/matching “usdt”/);
    expect(buttons(user)).toEqual(["Tether TRC20", "Tether ERC20", "✖ Cancel"]);
    // Only one picker stays visible: the old one made way for the narrowed one.
    expect(
      user.visible().filter((m) => m.from === "bot" && /New payment detail|matching/.test(m.text)),
    ).toHaveLength(1);

    await user.send("dogecoin");
    expect(user.lastText()).toMatch(/No currency matches “dogecoin”/);
    expect(buttons(user)).toEqual(["Tether TRC20", "Tether ERC20", "✖ Cancel"]);

    await user.sendPhoto();
    expect(user.lastText()).toMatch(/Choose a currency with the buttons above/);

    await user.press("Tether TRC20");
    expect(user.transcript()).toContain("Currency: Tether TRC20");
    expect(user.lastText()).toMatch(/Send the Tether TRC20 detail/);

    await user.sendPhoto();
    expect(user.lastText()).toMatch(/send the detail as a text message/);
    await user.send("    ");
    expect(user.lastText()).toMatch(/The detail is empty/);
    await user.send("T".repeat(256));
    expect(user.lastText()).toMatch(/256 characters long; the limit is 255/);
    await user.send("TN3W4H\tbad");
    expect(user.lastText()).toMatch(/single line/);
    // The currency list says Tether TRC20 is crypto: a value that is no address is asked again.
    await user.send("x");
    expect(user.lastText()).toMatch(/does not look like a Tether TRC20 address/);
    expect(h.exchangerCalls("/user-api-create-details")).toHaveLength(0);
    await user.send("  TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE  ");
    const creates = h.exchangerCalls("/user-api-create-details");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.fields).toEqual({
      currency_id: "3",
      value: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
      language: "en",
    });
    expect(creates[0]!.account).toBe("main");

    expect(user.transcript()).toContain("Saved: Tether TRC20 — TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    // The refreshed list was sent again, the new detail on top.
    const list = user.lastText();
    expect(list).toContain("Payment details (9)");
    expect(list).toContain("1. Tether TRC20\nTQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
  });

  it("a typed card number is deleted as it is read, confirmed and listed masked; a wallet is shown in full", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.send("uah");
    await user.press("Visa/Mastercard UAH");
    await user.send("5500 0000 0000 0004");
    const typed = h.fake.messages.find(
      (m) => m.from === "user" && m.raw === "5500 0000 0000 0004",
    )!;
    expect(typed.deleted).toBe(true);
    expect(h.exchangerCalls("/user-api-create-details").at(-1)!.fields.value).toBe(
      "5500 0000 0000 0004",
    );
    expect(user.transcript()).toContain("— 550000******0004");
    expect(user.lastText()).toContain("550000******0004");
    // Nowhere in what the chat shows, whatever the spacing.
    expect(user.transcript().replace(/\s/g, "")).not.toContain("5500000000000004");

    // A wallet address is a requisite as it is: confirmed and listed in full.
    await user.press("➕ Add");
    await user.send("usdt");
    await user.press("Tether TRC20");
    await user.send("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    expect(user.transcript()).toContain("— TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    expect(user.lastText()).toContain("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE");
    expect(user.lastText()).toContain("550000******0004");
  });

  it("pages the currency picker, eight per page", async () => {
    // More currencies than fit one page of the picker.
    for (let i = 0; i < 5; i++)
      h.sandbox.state.currencies.push({
        id: 100 + i,
        name: `Coin ${i}`,
        code: `CN${i}`,
        decimals: 2,
        reserve: "1",
      });
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    expect(buttons(user)).toHaveLength(8 + 3);
    expect(buttons(user)).toContain("1 / 2");
    await user.press("▶");
    expect(buttons(user)).toEqual([
      "Coin 0",
      "Coin 1",
      "Coin 2",
      "Coin 3",
      "Coin 4",
      "◀",
      "2 / 2",
      "✖ Cancel",
    ]);
    await user.press("Coin 4");
    await user.send("coin-wallet-4");
    expect(h.exchangerCalls("/user-api-create-details")[0]!.fields).toMatchObject({
      currency_id: "104",
      value: "coin-wallet-4",
    });
  });

  it("shows the exchanger's refusal and asks again for the value", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.press("Bitcoin");
    // The currency disappears from the exchanger between picking and saving.
    h.sandbox.state.currencies = h.sandbox.state.currencies.filter((c) => c.id !== 1);
    await user.send("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(user.lastText()).toMatch(/The exchanger says: .+\n\nSend the Bitcoin detail/);
    expect(buttons(user)).toEqual(["✖ Cancel"]);
  });

  it("/cancel in the middle of adding leaves the flow: the next text is not taken as a value", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.press("Ethereum");
    await user.send("/cancel");
    expect(user.lastText()).toBe("✖ Cancelled.");
    await user.send("0x1234567890abcdef");
    expect(h.exchangerCalls("/user-api-create-details")).toHaveLength(0);
    // Outside a flow, key-shaped text is deleted as a possible key (the secret guard) and the user told.
    expect(user.lastText()).toMatch(/looked like an API key/);
  });

  it("the Cancel button leaves the flow too", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.press("✖ Cancel");
    expect(user.lastText()).toBe("✖ Cancelled.");
    await user.send("btc");
    expect(user.lastText()).toMatch(/Use the menu/);
  });

  it("a restart in the middle of adding resumes the flow", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    await user.send("mono");
    expect(buttons(user)).toEqual(["Monobank UAH", "✖ Cancel"]);
    await h.restart();
    await user.press("Monobank UAH");
    expect(user.lastText()).toMatch(/Send the Monobank UAH detail/);
    await h.restart();
    await user.send("5375 0000 1111 2222");
    const creates = h.exchangerCalls("/user-api-create-details");
    expect(creates).toHaveLength(1);
    expect(creates[0]!.fields).toMatchObject({ currency_id: "7", value: "5375 0000 1111 2222" });
    expect(user.lastText()).toContain("5375 0000 1111 2222");
  });

  it("another screen's button or a command mid-flow leaves the flow and runs; the picker loses its buttons", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    const list = user.lastBotMessage();
    await user.press("➕ Add");
    const picker = user.lastBotMessage();
    // The list's pager on the older message: the list turns its page, the flow is left.
    await user.press("▶", list.messageId);
    expect(h.fake.message(user.chatId, list.messageId)!.text).toMatch(/Payment details/);
    expect(
      h.fake.message(user.chatId, picker.messageId)!.replyMarkup?.inline_keyboard ?? [],
    ).toEqual([]);
    await user.send("bc1qnot-a-value");
    expect(h.exchangerCalls("/user-api-create-details")).toHaveLength(0);
    expect(user.lastText()).not.toMatch(/Send the .* detail/);

    // A command at the value prompt: it runs, and the next text is not saved as a detail.
    await user.press("➕ Add");
    await user.press("Bitcoin");
    await user.send("/orders");
    expect(user.lastText()).toMatch(/Your orders/);
    await user.send("bc1qafter-orders");
    expect(h.exchangerCalls("/user-api-create-details")).toHaveLength(0);
  });

  it("a picker the user deleted before pressing its button comes back as a new one, and adding goes on", async () => {
    for (let i = 0; i < 5; i++)
      h.sandbox.state.currencies.push({
        id: 100 + i,
        name: `Coin ${i}`,
        code: `CN${i}`,
        decimals: 2,
        reserve: "1",
      });
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("➕ Add");
    const next = user.findButton("▶");
    // Telegram refuses edits of the message the user deleted: that is the case under test.
    h.fake.expectErrors(/message to edit not found/);
    h.fake.message(user.chatId, next.message.messageId)!.deleted = true;
    await user.pressData(next.data, next.message.messageId);

    const picker = user.lastBotMessage();
    expect(picker.messageId).not.toBe(next.message.messageId);
    expect(buttons(user)).toContain("2 / 2");
    // The new picker's buttons are the flow's own: pressing one picks, it does not leave the flow.
    const pick = user.findButton("Coin 4", picker.messageId);
    h.fake.message(user.chatId, picker.messageId)!.deleted = true;
    await user.pressData(pick.data, picker.messageId);
    expect(user.transcript()).toContain("Currency: Coin 4");
    await user.send("coin-wallet-4");
    expect(h.exchangerCalls("/user-api-create-details")[0]!.fields).toMatchObject({
      currency_id: "104",
      value: "coin-wallet-4",
    });
    expect(user.transcript()).toContain("Saved: Coin 4");
  });

  it("a ticking screen the user deleted before a tick comes back as a new one with the ticks, and deleting goes on", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("🗑 Delete…");
    await user.press("☐ 1. Payeer USD");
    const tick = user.findButton("☐ 3. Sberbank RUB");
    // Telegram refuses edits of the message the user deleted: that is the case under test.
    h.fake.expectErrors(/message to edit not found/);
    h.fake.message(user.chatId, tick.message.messageId)!.deleted = true;
    await user.pressData(tick.data, tick.message.messageId);

    const again = user.lastBotMessage();
    expect(again.messageId).not.toBe(tick.message.messageId);
    expect(again.text).toMatch(/Tick the details to delete/);
    expect(buttons(user)).toContain("☑ 1. Payeer USD");
    expect(buttons(user)).toContain("☑ 3. Sberbank RUB");
    await user.press("Delete selected (2)");
    expect(user.lastText()).toMatch(/Delete these 2 payment details\?/);
    await user.press("✅ Yes, delete (2)");
    expect(h.sandbox.state.accounts.main!.details).toHaveLength(6);
  });

  it("deletes two details with one delete-details call and refreshes the list", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    const screen = user.lastBotMessage();
    await user.press("🗑 Delete…");
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(user.lastText()).toMatch(/Tick the details to delete/);

    // Nothing ticked yet: told so, nothing sent.
    const nothing = await user.press("Delete selected (0)");
    expect(nothing.find((c) => c.method === "answerCallbackQuery")!.payload.text).toMatch(
      /Nothing is selected/,
    );

    await user.press("☐ 1. Payeer USD");
    await user.press("☐ 2. Ethereum");
    await user.press("☐ 3. Sberbank RUB");
    await user.press("☑ 2. Ethereum"); // untick again
    expect(buttons(user)).toContain("🗑 Delete selected (2)");
    const ids = h.sandbox.state.accounts.main!.details.map((d) => String(d.id)).reverse(); // newest first, as listed
    const before = h.sandbox.requests.length;

    await user.press("Delete selected (2)");
    expect(user.lastText()).toMatch(/Delete these 2 payment details\?/);
    expect(user.lastText()).toContain("Payeer USD — P1000999000 & backup <old>");
    expect(user.lastText()).toContain("Sberbank RUB — 2202 2000 1111 3333");
    expect(user.lastText()).not.toContain("Ethereum");

    await user.press("✅ Yes, delete (2)");
    const deletes = h.exchangerCalls("/user-api-delete-details");
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.fields).toEqual({ "ids[]": [ids[0], ids[2]], language: "en" });
    expect(h.sandbox.state.accounts.main!.details).toHaveLength(6);
    // Ticking itself cost no exchanger calls: only the confirmation's fresh read and the deletion's.
    expect(
      h.sandbox.requests
        .slice(before)
        .map((r) => r.path)
        .filter((p) => p !== "/public-api-get-currencies"),
    ).toEqual(["/user-api-get-details", "/user-api-delete-details", "/user-api-get-details"]);

    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(user.lastText()).toContain("Payment details (6)");
    expect(user.lastText()).toContain("1. Ethereum");
    expect(user.lastText()).not.toContain("P1000999000");

    // The deletion screen's buttons are stale now.
    const stale = await user.pressData(`dt:y:${"x".repeat(6)}`, screen.messageId);
    expect(stale.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
      "This button has expired.",
    );
    expect(h.exchangerCalls("/user-api-delete-details")).toHaveLength(1);
  });

  it("Back from the confirmation keeps the ticks", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("🗑 Delete…");
    await user.press("☐ 2.");
    await user.press("Delete selected (1)");
    expect(user.lastText()).toMatch(/Delete this payment detail\?/);
    await user.press("◀ Back");
    expect(buttons(user)).toContain("☑ 2. Ethereum");
    expect(buttons(user)).toContain("🗑 Delete selected (1)");
    await user.press("◀ Back");
    expect(user.lastText()).toContain("Payment details (8)");
  });

  it("the ticking state in Redis holds ids only, never the detail values", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    await user.press("🗑 Delete…");
    await user.press("☐ 3.");
    const raw = (await h.rawRedisValues()).join("\n");
    expect(raw).toContain("details:selection");
    expect(raw).not.toContain("2202 2000 1111 3333");
    expect(raw).not.toContain("P1000999000");
  });

  it("needs a linked account", async () => {
    const user = h.user();
    await user.send("/details");
    expect(user.lastText()).toMatch(/not linked yet/);
    expect(h.exchangerCalls("/user-api-get-details")).toHaveLength(0);
  });

  it("stale and forged buttons fall through to 'this button has expired'", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    const id = user.lastBotMessage().messageId;
    for (const data of ["dt:l:0", "dt:l:abc", "dt:t:zzzzzz:1", "dt:c:zzzzzz", "dt:d:99999999"]) {
      const calls = await user.pressData(data, id);
      expect(calls.find((c) => c.method === "answerCallbackQuery")!.payload.text).toBe(
        "This button has expired.",
      );
    }
  });

  it("an exchanger that fails: a clear message, the button answered once", async () => {
    const user = await h.linkedUser("main");
    await user.send("/details");
    h.sandbox.injectFault({ path: "/user-api-get-details", kind: "html500", times: 5 });
    const calls = await user.press("▶");
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastText()).toMatch(/not answering/);
  });

  it("speaks Russian", async () => {
    const user = await h.linkedUser("main", { languageCode: "ru" });
    await user.send("/details");
    expect(user.lastText()).toContain("Реквизиты (8)");
    expect(h.exchangerCalls("/user-api-get-details").at(-1)!.fields.language).toBe("ru");
  });
});
