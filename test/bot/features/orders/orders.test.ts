import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import type { SimUser } from "../../../harness/user.js";

/** Buttons of the newest bot message: text → callback data. */
function buttons(user: SimUser): { text: string; data: string }[] {
  return (user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    .flat()
    .map((b) => ({ text: b.text, data: b.callback_data ?? "" }));
}

/** Telegram shows empty keyboard rows as gaps (or rejects them): none may be sent. */
function expectNoEmptyRows(user: SimUser): void {
  for (const row of user.lastBotMessage().replyMarkup?.inline_keyboard ?? [])
    expect(row.length).toBeGreaterThan(0);
}

/** Order numbers listed on the screen, in order. */
function listedIds(text: string): string[] {
  return [...text.matchAll(/#(\d+) · /g)].map((m) => m[1]!);
}

describe("/orders: own orders, paged and filtered", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("the menu offers Orders and Referral orders; Orders opens the first page", async () => {
    const user = await h.linkedUser();
    await user.send("/menu");
    expect(buttons(user).map((b) => b.text)).toContain("📋 Orders");
    await user.press("⋯ More");
    expect(buttons(user).map((b) => b.text)).toContain("👥 Referral orders");
    await user.send("/menu");
    await user.press("📋 Orders");
    expect(user.lastText()).toMatch(/^📋 Your orders/);
    expect(listedIds(user.lastText())).toEqual(["1041", "1040", "1039", "1038", "1037"]);
  });

  it("pages forward and back in one message, asking the exchanger for page, limit and language", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    const screen = user.lastBotMessage();
    const text = screen.text;
    expect(text).toContain("Found: 41");
    // A compact line per order: status label, date, amounts with currency names.
    expect(text).toMatch(
      /\n\n✅ #1041 · Completed · [A-Z][a-z]{2} \d{1,2}, 20\d\d, \d\d:\d\d UTC\n[\d.]+ Tether ERC20 → [\d.]+ Monobank UAH\n\n🆕 #1040 · Created · /,
    );
    expect(buttons(user).find((b) => b.data === "noop")?.text).toBe("1 / 9");
    expectNoEmptyRows(user);

    const seen: string[][] = [listedIds(text)];
    for (let page = 2; page <= 4; page++) {
      await user.press("▶");
      seen.push(listedIds(user.lastText()));
      expect(buttons(user).find((b) => b.data === "noop")?.text).toBe(`${page} / 9`);
    }
    expect(seen[1]).toEqual(["1036", "1035", "1034", "1033", "1032"]);
    expect(seen[3]).toEqual(["1026", "1025", "1024", "1023", "1022"]);
    await user.press("◀");
    expect(listedIds(user.lastText())).toEqual(seen[2]);

    // Everything happened in the one message.
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(
      user.visible().filter((m) => m.from === "bot" && m.messageId > screen.messageId),
    ).toHaveLength(0);

    const calls = h.exchangerCalls("/user-api-get-orders").map((r) => r.fields);
    expect(calls.map((f) => f.page)).toEqual(["1", "2", "3", "4", "3"]);
    for (const f of calls) {
      expect(f.limit).toBe("5");
      expect(f.language).toBe("en");
      expect(f.status).toBeUndefined();
    }
  });

  it("the last page holds the order with a status outside the spec as '🔹 Other status (5)', never ❔", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.pressData("ord:l:a:9", user.lastBotMessage().messageId);
    expect(user.lastText()).toContain("🔹 #1001 · Other status (5)");
    expect(user.lastText()).not.toContain("❔");
    expect(buttons(user).some((b) => b.data === "▶" || b.text === "▶")).toBe(false);
    expect(buttons(user).find((b) => b.data === "noop")?.text).toBe("9 / 9");
  });

  const FILTERS = [
    { chip: "🆕 Created", status: "0", emoji: "🆕", label: "Created" },
    { chip: "💸 Paid", status: "1", emoji: "💸", label: "Paid" },
    { chip: "⏸ Suspended", status: "2", emoji: "⏸", label: "Suspended" },
    { chip: "❌ Canceled", status: "3", emoji: "❌", label: "Canceled" },
    { chip: "✅ Completed", status: "4", emoji: "✅", label: "Completed" },
  ] as const;

  it("filters by each status (sent as the number this server writes), marks the active chip, and 'All' clears it", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    const orders = h.sandbox.state.accounts.main!.orders;
    for (const f of FILTERS) {
      await user.press(f.chip);
      const text = user.lastText();
      expect(text).toContain(`Status: ${f.emoji} ${f.label}`);
      const ids = listedIds(text);
      expect(ids.length).toBeGreaterThan(0);
      // Every listed order really has that status, and every line shows its emoji.
      for (const id of ids) expect(String(orders.find((o) => o.id === id)!.status)).toBe(f.status);
      expect(
        text
          .split("\n")
          .filter((l) => /#\d+ · /.test(l))
          .every((l) => l.startsWith(f.emoji)),
      ).toBe(true);
      const chips = buttons(user).filter((b) => /^ord:(l:[a0-4]:1|f)$/.test(b.data));
      expect(chips).toHaveLength(6);
      expect(chips.filter((b) => b.text.startsWith("• ")).map((b) => b.text)).toEqual([
        `• ${f.chip}`,
      ]);
      const last = h.exchangerCalls("/user-api-get-orders").at(-1)!.fields;
      expect(last).toMatchObject({ status: f.status, page: "1", limit: "5", language: "en" });
    }
    await user.press("All");
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.status).toBeUndefined();
    expect(buttons(user).find((b) => b.text.startsWith("• "))?.text).toBe("• All");
  });

  it("Back from a card returns to the same page and filter", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.press("✅ Completed");
    await user.press("▶");
    const listText = user.lastText();
    const firstId = listedIds(listText)[0]!;
    await user.press(`✅ #${firstId}`);
    expect(user.lastText()).toMatch(new RegExp(`^🧾 Order #${firstId}`));
    await user.press("◀ Back");
    expect(user.lastText()).toBe(listText);
    const fields = h.exchangerCalls("/user-api-get-orders").at(-1)!.fields;
    expect(fields).toMatchObject({ status: "4", page: "2", limit: "5" });
  });

  it("renders a card with HTML special characters safely, currency names, and no secrets", async () => {
    const user = await h.linkedUser();
    await user.send("/order 1039");
    const card = user.lastBotMessage();
    expect(card.text).toContain(`Comment: Please <b>hurry</b> & pay "today", it's urgent`);
    expect(card.raw).toContain(
      "Please &lt;b&gt;hurry&lt;/b&gt; &amp; pay &quot;today&quot;, it's urgent",
    );
    const order = h.sandbox.state.accounts.main!.orders.find((o) => o.id === "1039")!;
    // The token is the order's handle (what /pay and the site use): shown once, in <code>, and copyable.
    expect(card.raw).toContain(`<code>${String(order.token)}</code>`);
    expect(card.text.split(String(order.token))).toHaveLength(2);
    expect(card.replyMarkup?.inline_keyboard?.flat().find((b) => b.copy_text)).toEqual({
      text: "📋 Copy token",
      copy_text: { text: String(order.token) },
    });
    expect(card.text).toMatch(/^🧾 Order #1039\nStatus: /);
    expect(card.text).toContain(`Receiving account: ${String(order.receive_wallet)}`);
    expect(card.text).toContain("E-mail: ivan.petrenko@example.com");
    expect(card.text).toContain(`Rate: 1 Payeer USD = ${String(order.rate)} Ethereum`);
    const [, y, mo, d, hh, mm] = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d)/.exec(
      String(order.created_at),
    )!;
    const month = new Date(Date.UTC(Number(y), Number(mo) - 1, 1)).toLocaleString("en", {
      month: "short",
      timeZone: "UTC",
    });
    expect(card.text).toContain(`Created: ${month} ${Number(d)}, ${y}, ${hh}:${mm} UTC`);
    expect(card.text).toMatch(/You send: [\d.]+ \S/);
    expect(card.text).not.toMatch(/currency id/i);
    expect(buttons(user).map((b) => b.text)).toEqual(
      expect.arrayContaining(["🔄 Refresh", "◀ Back"]),
    );
    expectNoEmptyRows(user);
  });

  it("looks an order up by id and by token; unknown ones get a clear message", async () => {
    const user = await h.linkedUser();
    await user.send("/order 1039");
    expect(user.lastText()).toMatch(/^🧾 Order #1039/);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields).toMatchObject({
      id: "1039",
      language: "en",
    });

    const token = String(h.sandbox.state.accounts.main!.orders.find((o) => o.id === "1020")!.token);
    await user.send(`/order ${token}`);
    expect(user.lastText()).toMatch(/^🧾 Order #1020/);
    const byToken = h.exchangerCalls("/user-api-get-orders").at(-1)!.fields;
    expect(byToken).toMatchObject({ token });
    expect(byToken.id).toBeUndefined();

    await user.send("/order 999999");
    expect(user.lastText()).toMatch(/Order #999999 was not found/);
    await user.send("/order deadbeefdeadbeefdeadbeefdeadbeef");
    expect(user.lastText()).toMatch(/Order deadbeefdeadbeefdeadbeefdeadbeef was not found/);
    await user.send("/order");
    expect(user.lastText()).toMatch(/send \/order followed by its number or token/);
    await user.send("/order <drop> me!");
    expect(user.lastText()).toContain("“<drop> me!” is neither an order number nor an order token");
  });

  it("the Pay button appears only on orders waiting for payment, with data pay:o:<id>; a status the bot cannot tell links to the website", async () => {
    const user = await h.linkedUser();
    const orders = h.sandbox.state.accounts.main!.orders;
    const created = orders.filter((o) => Number(o.status) === 0);
    const others = ["1041", "1039", "1037", "1036", "1001"].map((id) =>
      orders.find((o) => o.id === id)!,
    );
    expect(created.length).toBeGreaterThan(3);
    expect(new Set(others.map((o) => String(o.status)))).toEqual(
      new Set(["4", "1", "2", "3", "5"]),
    );
    for (const order of [...created, ...others]) {
      await user.send(`/order ${String(order.id)}`);
      const pay = buttons(user).find((b) => b.text === "💳 Pay from balance");
      // Status 5 is outside the spec: its meaning is unknown, so the website is offered, not Pay.
      if (Number(order.status) === 0)
        expect(pay?.data, String(order.id)).toBe(`pay:o:${String(order.id)}`);
      else expect(pay, String(order.id)).toBeUndefined();
      const website = buttons(user).some((b) => b.text === "🌐 Open the website");
      expect(website, String(order.id)).toBe(Number(order.status) === 5);
    }
    // A created order after a status change: the button goes away on refresh.
    const first = created[0]!;
    await user.send(`/order ${String(first.id)}`);
    expect(buttons(user).some((b) => b.data === `pay:o:${String(first.id)}`)).toBe(true);
    h.sandbox.setOrderStatus("main", first.id, 1);
    await user.press("🔄 Refresh");
    expect(user.lastText()).toContain("Status: 💸 Paid");
    expect(buttons(user).some((b) => b.data.startsWith("pay:"))).toBe(false);
  });

  it("Refresh with nothing changed answers the button once and leaves the card as it is", async () => {
    const user = await h.linkedUser();
    await user.send("/order 1039");
    const before = user.lastBotMessage().raw;
    const calls = await user.press("🔄 Refresh");
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastBotMessage().raw).toBe(before);
  });

  it("viewing pages costs one exchanger call per view; currency names come from the cache", async () => {
    const user = await h.linkedUser();
    const currenciesBefore = h.exchangerCalls("/public-api-get-currencies").length;
    await user.send("/orders");
    const ordersBefore = h.exchangerCalls("/user-api-get-orders").length;
    const allBefore = h.sandbox.requests.length;
    const views = 8;
    for (let i = 0; i < views / 2; i++) {
      await user.press("▶");
      await user.press("◀");
    }
    expect(h.exchangerCalls("/user-api-get-orders").length - ordersBefore).toBe(views);
    expect(h.sandbox.requests.length - allBefore).toBe(views);
    expect(h.exchangerCalls("/public-api-get-currencies").length - currenciesBefore).toBe(1);
    // Cards too: one call each.
    const cardBefore = h.sandbox.requests.length;
    await user.press(/^\S+ #1041$/);
    await user.press("🔄 Refresh");
    expect(h.sandbox.requests.length - cardBefore).toBe(2);
    expect(h.exchangerCalls("/public-api-get-currencies").length - currenciesBefore).toBe(1);
  });

  it("30 more orders with long fields and a page size of 20: no message exceeds 4096 characters", async () => {
    await h.close();
    h = await Harness.start({ env: { ORDERS_PAGE_SIZE: "20" } });
    const long = (s: string) => s.repeat(Math.ceil(3000 / s.length));
    for (let i = 0; i < 30; i++) {
      h.sandbox.addOrder("main", {
        status: i % 3 === 0 ? `custom-state-${long("x")}` : i % 5,
        send_amount: long("9"),
        receive_amount: long("8"),
        comment: long(`<b>&"' ${i} `),
        receive_wallet: long("<wallet>"),
        operator_note_for_a_field_nobody_knows: long("note & "),
        created_at: long("2025-01-01 "),
        nested: { a: long("z"), b: [long("y"), long("w")] },
      });
    }
    const user = await h.linkedUser();
    await user.send("/orders");
    expect(listedIds(user.lastText()).length).toBeGreaterThan(0);
    expect(buttons(user).filter((b) => /^ord:c:/.test(b.data))).toHaveLength(20);
    expect(buttons(user).find((b) => b.data === "noop")?.text).toBe("1 / 4");
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.limit).toBe("20");
    await user.press("▶");
    await user.press("▶");
    await user.press("▶");
    expect(buttons(user).find((b) => b.data === "noop")?.text).toBe("4 / 4");
    expectNoEmptyRows(user);
    await user.pressData("ord:l:a:1", user.lastBotMessage().messageId);
    const newest = buttons(user).find((b) => /^ord:c:/.test(b.data))!;
    await user.press(newest.data);
    const card = user.lastBotMessage();
    expect(card.text).toMatch(/^🧾 Order #\d+/);
    expect(card.text.length).toBeLessThanOrEqual(4096);
    expect(card.raw.length).toBeLessThanOrEqual(4096);
    for (const m of h.fake.messages.filter((x) => x.from === "bot"))
      expect(m.raw.length).toBeLessThanOrEqual(4096);
    // The fake rejects over-long texts; none was rejected (the bot never reported an error).
    expect(user.transcript()).not.toMatch(/went wrong/);
  });

  it("speaks Russian and Ukrainian, and asks the exchanger in that language", async () => {
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    await ru.send("/orders");
    expect(ru.lastText()).toMatch(/^📋 Ваши заявки\nНайдено: 41/);
    expect(ru.lastText()).toContain("Выполнена");
    expect(buttons(ru).map((b) => b.text)).toEqual(
      expect.arrayContaining(["• Все", "🆕 Создана", "💸 Оплачена"]),
    );
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.language).toBe("ru");
    await ru.send("/order 1039");
    expect(ru.lastText()).toMatch(/^🧾 Заявка №1039\nСтатус: /);
    expect(ru.lastText()).toContain("Комментарий: Please <b>hurry</b>");

    const uk = await h.linkedUser("main", { languageCode: "uk" });
    await uk.send("/orders");
    expect(uk.lastText()).toMatch(/^📋 Ваші заявки\nЗнайдено: 41/);
    expect(uk.lastText()).toContain("Виконана");
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields.language).toBe("uk");
    await uk.press("⏸ Призупинена");
    expect(uk.lastText()).toContain("Статус: ⏸ Призупинена");
    await uk.send("/order 1040");
    expect(uk.lastText()).toContain("Надсилаєте:");
    expect(buttons(uk).map((b) => b.text)).toEqual(
      expect.arrayContaining(["💳 Оплатити з балансу", "🔄 Оновити"]),
    );
    // Currency names in the user's language (the sandbox localizes some).
    // The currency's name, never the exchanger's internal code.
    expect(uk.lastText()).toContain("Монобанк UAH");
    expect(uk.lastText()).not.toContain("MONOBUAH");
    expect(
      h.exchangerCalls("/public-api-get-currencies").some((r) => r.query.language === "uk"),
    ).toBe(true);
  });

  it("empty states: no orders yet, none with a status", async () => {
    const empty = await h.linkedUser("empty");
    await empty.send("/orders");
    expect(empty.lastText()).toContain("You have no orders yet.");
    expect(buttons(empty).map((b) => b.text)).toEqual(["☰ Menu"]);
    expectNoEmptyRows(empty);

    const twofa = await h.linkedUser("twofa");
    await twofa.send("/orders");
    await twofa.press("💸 Paid");
    expect(twofa.lastText()).toContain("There are no orders with the status “Paid”.");
    expect(buttons(twofa).find((b) => b.text.startsWith("• "))?.text).toBe("• 💸 Paid");
    await twofa.press("All");
    expect(listedIds(twofa.lastText())).toHaveLength(4);
    expectNoEmptyRows(twofa);
  });

  it("a page past the end (the list got shorter) says so and offers the first page", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.pressData("ord:l:1:50", user.lastBotMessage().messageId);
    expect(user.lastText()).toContain("This page is empty: the list has become shorter.");
    expectNoEmptyRows(user);
    await user.press("⏮ First page");
    expect(listedIds(user.lastText()).length).toBeGreaterThan(0);
    expect(h.exchangerCalls("/user-api-get-orders").at(-1)!.fields).toMatchObject({
      status: "1",
      page: "1",
    });
  });

  it("an exchanger failure on a button: the button is answered once and the user told", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    h.sandbox.injectFault({ path: "/user-api-get-orders", kind: "html500", times: 5 });
    const calls = await user.press("▶");
    expect(calls.filter((c) => c.method === "answerCallbackQuery")).toHaveLength(1);
    expect(user.lastText()).toMatch(/not answering/);
    h.sandbox.injectFault({ path: "/user-api-get-orders", kind: "html500", times: 5 });
    await user.send("/orders");
    expect(user.lastText()).toMatch(/not answering/);
  });

  it("stale or forged buttons fall through to 'this button has expired'", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    const id = user.lastBotMessage().messageId;
    for (const data of [
      "ord:l:a:0",
      "ord:l:x:1",
      "ord:l:5:1",
      "ord:l:a:01",
      "ord:l:a",
      "ord:c:10 39:a:1",
      "ord:c:1039:a:0",
      "ord:c::a:1",
      "ord:z:1",
      "rord:l:9:1",
    ]) {
      const calls = await user.pressData(data, id);
      const answers = calls.filter((c) => c.method === "answerCallbackQuery");
      expect(answers, data).toHaveLength(1);
      expect(answers[0]!.payload.text, data).toBe("This button has expired.");
    }
    expect(h.exchangerCalls("/user-api-get-orders")).toHaveLength(1);
  });

  it("a card whose order has vanished says so and offers Back", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    await user.pressData("ord:c:77777:2:3", user.lastBotMessage().messageId);
    expect(user.lastText()).toMatch(/Order #77777 was not found/);
    expect(buttons(user).find((b) => b.text === "◀ Back")?.data).toBe("ord:l:2:3");
  });
});
