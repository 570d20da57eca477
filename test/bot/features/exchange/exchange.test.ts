/**
 * Exchanging from the chat end to end, in every sandbox dialect: the real bot, the Telegram fake, the
 * real Redis and the sandbox's Private API (its operator key as PRIVATE_API_KEY).
 * Direction usdttrc20-carduah: rate 40.85, 20–50000 USDTTRC20; required fields card number (saved
 * masked, and a saved Monobank card that masks to it), card holder name and e-mail (both saved); the
 * account's saved payment details of CARDUAH: 4149 4993 0000 1234.
 */
import { decodeQr } from "../../../harness/qr.js";
import { afterEach, describe, expect, it } from "vitest";
import { DIALECT_NAMES, type DialectName } from "../../../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import type { StoredMessage } from "../../../harness/telegram-fake.js";
import { until } from "../../../faults/own-sentinel.js";
import { fillOrder, pickDirection } from "./steps.js";

const CREATE = "/private-api-create-order";
const ADMIN = 777_001;
const SLUG = "usdttrc20-carduah";

let h: Harness | undefined;
let sandbox: Sandbox | undefined;
afterEach(async () => {
  await h?.close();
  await sandbox?.close();
  h = undefined;
  sandbox = undefined;
});

async function world(dialect: DialectName, env: Record<string, string> = {}, withKey = true) {
  sandbox = await startSandbox({ port: 0, dialect });
  h = await Harness.start({
    sandbox,
    logLevel: "trace",
    env: {
      ADMIN_CHAT_IDS: String(ADMIN),
      ...(withKey && { PRIVATE_API_KEY: sandbox.operatorKey }),
      ...env,
    },
  });
  return { h, sandbox };
}

/** Every button of a message, as the fake stored it. */
const buttonsOf = (message: StoredMessage) =>
  (message.replyMarkup?.inline_keyboard ?? []).flat() as {
    text: string;
    callback_data?: string;
    url?: string;
    copy_text?: { text: string };
  }[];

const rate = (sb: Sandbox, value: string) => {
  sb.state.directions.find((d) => d.slug === SLUG)!.rate = value;
};

const adminMessages = (harness: Harness) =>
  harness.fake.messages.filter((m) => m.chatId === ADMIN && m.from === "bot");

describe.each(DIALECT_NAMES)("exchanging from the chat (%s dialect)", (dialect) => {
  it("names the limits, shows the estimate rounded and marked, offers saved fields and details", async () => {
    const { h } = await world(dialect);
    const user = await h.linkedUser("main");
    await pickDirection(user);
    expect(user.lastText()).toMatch(/Rate: 1 Tether TRC20 = 40\.85 Visa\/Mastercard UAH/);
    await user.send("5");
    expect(user.lastText()).toContain(
      "The minimum for this exchange direction is 20.00 Tether TRC20",
    );
    await user.send("60000");
    expect(user.lastText()).toContain(
      "The maximum for this exchange direction is 50000.00 Tether TRC20",
    );
    // Four decimals can be no thousands group: refused ("1.234" is asked: see below).
    await user.send("1.2345");
    expect(user.lastText()).toContain(
      "Tether TRC20 takes at most 2 digits after the decimal point",
    );
    await user.send("lots");
    expect(user.lastText()).toMatch(/That is not an amount/);
    // The amount to receive instead: what must be sent for it is rounded up.
    await user.press(/Amount to receive/);
    expect(user.lastText()).toContain("How much Visa/Mastercard UAH do you want to receive?");
    await user.send("4085");
    const first = user.lastText();
    expect(first).toContain("You send: 100.00 Tether TRC20");
    expect(first).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    expect(first).toContain("≈ is an estimate at the current rate");
    // The saved card field (masked by the exchanger) matched to the saved card it is; the CARDUAH details.
    const labels = buttonsOf(user.lastBotMessage()).map((b) => b.text);
    expect(labels).toEqual(["537541******9876", "414949******1234", "✖ Cancel"]);
    await user.send("4111 1111 1111 1112");
    expect(user.lastText()).toMatch(/not a valid card number/);
    // A typed card number does not stay in the chat.
    expect(user.visible().some((m) => m.text.includes("4111 1111 1111 1112"))).toBe(false);
    await user.press(/^537541/);
    expect(buttonsOf(user.lastBotMessage())[0]?.text).toBe("IVAN PETRENKO");
    await user.press("IVAN PETRENKO");
    await user.send("not-an-email");
    expect(user.lastText()).toMatch(/does not look like an e-mail address/);
    await user.press("ivan.petrenko@example.com");
    const summary = user.lastText();
    expect(summary).toContain("Card number: 537541******9876");
    expect(user.transcript()).not.toContain("5375 4141 2222 9876");
    await user.send("/cancel");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("a double-pressed and redelivered Create makes one order: slug, amount, login, fields; its card pays from the balance", async () => {
    const { h, sandbox } = await world(dialect);
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user);
    const { message, data } = user.findButton(/Create order/);
    expect(data).toMatch(/^exc:c:[A-Za-z0-9_-]{16}$/);
    const press = user.callbackUpdate(data, message.messageId);
    await h.deliver(press.update);
    await h.deliver(press.update); // Telegram redelivers
    await user.pressData(data, message.messageId); // and the user presses again
    const calls = h.exchangerCalls(CREATE);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.fields).toMatchObject({
      slug: SLUG,
      send_amount: "100.50",
      user_login: "ivan_p",
      card_number: "4149 4993 0000 1234",
      card_holder_name: "IVAN PETRENKO",
      e_mail: "ivan.petrenko@example.com",
    });
    const order = sandbox.state.accounts.main!.orders.find((o) => o.send_amount === "100.50")!;
    const card = user.visible().find((m) => m.text.includes("The order is created"))!;
    expect(card.text).toContain(`Order #${order.id}`);
    expect(card.text).toContain(String(order.token));
    expect(card.text).toContain("Notifications are on for this chat");
    expect(card.text).not.toContain("4149 4993 0000 1234");
    // The time to pay by (the sandbox writes "YYYY-MM-DD HH:MM:SS") in the bot's one date format.
    expect(card.text).toMatch(/Pay by: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/);
    const buttons = buttonsOf(card);
    expect(buttons.find((b) => b.text === "📋 Copy token")).toBeDefined();
    expect(buttons.find((b) => b.text === "💳 Pay from balance")?.callback_data).toBe(
      `pay:o:${order.id}`,
    );
    // The crypto address to pay to, as a QR code under the card.
    const qr = h.fake.callsOf("sendPhoto");
    expect(qr).toHaveLength(1);
    expect(String(qr[0]!.payload.caption)).toContain(`Address to pay to for order #${order.id}:`);
    const [png] = Object.values(qr[0]!.files ?? {});
    expect(await decodeQr(png!)).toEqual([String(order.pay_to)]);
    // Where to pay and how much, whole on the card and one tap from the clipboard.
    const payTo = String(order.pay_to);
    expect(card.text).toContain(payTo);
    expect(buttons.find((b) => b.text === "📋 Address")?.copy_text?.text).toBe(payTo);
    expect(buttons.find((b) => b.text === "📋 Amount")?.copy_text?.text).toBe("100.50");
    await user.press("💳 Pay from balance", card.messageId);
    // The existing pay flow: its confirmation card in place of the order card.
    const payCard = user.visible().find((m) => m.messageId === card.messageId)!;
    expect(payCard.text).toContain(`Pay order #${order.id} from your balance`);
    expect(h.logs.join("\n")).not.toContain(sandbox.operatorKey);
    // Logged at trace level (the harness's logLevel), the creation among the lines, the key in none.
    expect(h.logs.some((line) => line.includes("private-api-create-order"))).toBe(true);
  });

  it("a rate that moved before Create is shown and confirmed again", async () => {
    const { h, sandbox } = await world(dialect);
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user, "100");
    expect(user.lastText()).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    rate(sandbox, "41.50");
    await user.press(/Create order/);
    expect(user.lastText()).toContain("The rate has changed");
    expect(user.lastText()).toContain("You receive: ≈ 4150.00 Visa/Mastercard UAH");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
    await user.press(/Create order/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    expect(h.exchangerCalls(CREATE)[0]!.fields.send_amount).toBe("100.00");
    expect(user.transcript()).toContain("The order is created");
  });

  it("without the Private API key: the estimate, then the site's link or a sentence", async () => {
    const url = "https://exchanger.example/exchange/{slug}?amount={amount}";
    await world(dialect, { EXCHANGE_URL: url }, false);
    const user = h!.user(); // the calculator needs no account
    await pickDirection(user);
    await user.send("100");
    expect(user.lastText()).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    const site = buttonsOf(user.lastBotMessage())[0];
    expect(site).toEqual({
      text: "🌐 Continue on site",
      url: `https://exchanger.example/exchange/${SLUG}?amount=100.00`,
    });
    await h!.close();
    h = await Harness.start({ sandbox, env: {} });
    const other = h.user();
    await pickDirection(other);
    await other.send("100");
    expect(other.lastText()).toContain("Exchanges are made on the exchanger's website.");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("a refused operator key: the user reads exchanges are unavailable, the admins get one alert", async () => {
    const { h, sandbox } = await world(dialect, {
      EXCHANGE_URL: "https://exchanger.example/exchange/{slug}?amount={amount}",
    });
    sandbox.revokeOperatorKey();
    // The legacy dialect answers every refusal with a bare HTTP 200 envelope: nothing tells the key apart.
    const telling = dialect !== "legacy";
    const user = await h.linkedUser("main");
    for (let i = 0; i < 2; i++) {
      await pickDirection(user);
      await fillOrder(user);
      await user.press(/Create order/);
      const text = user.lastText();
      if (!telling) {
        // Every refusal is a bare HTTP 200 envelope here: a refused key looks like a refused order.
        expect(text).toMatch(/did not create the order/);
      } else {
        expect(text).toContain("Exchanges from the chat are unavailable right now");
        expect(buttonsOf(user.lastBotMessage())[0]?.url).toBe(
          `https://exchanger.example/exchange/${SLUG}?amount=100.50`,
        );
      }
      expect(text).not.toMatch(/API key/);
    }
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    const alerts = adminMessages(h).map((m) => m.text);
    if (telling) {
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toContain("Exchange from the chat is off");
    }
    expect(h.logs.join("\n")).not.toContain(sandbox.operatorKey);
  });
});

describe("exchanging from the chat: answers that went missing, floods", () => {
  it("starts from a direction card's button, in the chat's language", async () => {
    const { h } = await world("spec");
    const user = await h.linkedUser("main");
    await user.send("/directions");
    await user.press(/^Tether TRC20/);
    await user.press(/Visa\/Mastercard UAH/);
    await user.press("💱 Calculate / Exchange");
    expect(user.lastText()).toContain("How much Tether TRC20 do you send?");
    await user.send("/language");
    await user.press(/Русский/);
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    await user.press(/Visa\/Mastercard UAH/);
    expect(user.lastText()).toContain("Сколько Tether TRC20 вы отправляете?");
    await user.send("10");
    expect(user.lastText()).toContain("Минимум для этого направления обмена: 20,00 Tether TRC20");
    await user.send("100,5");
    expect(user.lastText()).toContain("Вы получаете: ≈ 4\u202f105,42 Visa/Mastercard UAH");
  });

  it("a lost answer is found among the user's newest orders; a request that never ran says to check the orders", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user);
    sandbox.injectFault({ path: CREATE, kind: "lost-answer" });
    await user.press(/Create order/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    const order = sandbox.state.accounts.main!.orders.find((o) => o.send_amount === "100.50")!;
    expect(user.transcript()).toContain(`Order #${order.id}`);
    expect(user.transcript()).toContain("The order is created");

    await pickDirection(user);
    await fillOrder(user, "200");
    sandbox.injectFault({ path: CREATE, kind: "reset" });
    await user.press(/Create order/);
    expect(user.lastText()).toContain("cannot tell whether the order was created. Check /orders");
    expect(user.lastText()).not.toMatch(/failed/i);
  });

  it("a chat without a linked account gets the estimate and is asked to link before creating", async () => {
    const { h } = await world("spec");
    const user = h.user();
    await pickDirection(user);
    await user.send("100");
    expect(user.lastText()).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    expect(user.lastText()).toContain("link your account first");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("the guest calculator: a second amount gets a second estimate, a word is not taken for a key, a pasted key links", async () => {
    const { h } = await world("spec");
    const user = h.user();
    await pickDirection(user);
    await user.send("100");
    expect(user.lastText()).toContain("You receive: ≈ 4085.00 Visa/Mastercard UAH");
    expect(user.lastText()).toContain("link your account first");
    await user.send("200");
    expect(user.lastText()).toContain("You receive: ≈ 8170.00 Visa/Mastercard UAH");
    expect(user.transcript()).not.toMatch(/API key \(a long code|does not look like an API key/);
    // The amounts stay in the chat: they are no secret.
    expect(
      user.visible().filter((m) => m.from === "user" && /^(100|200)$/.test(m.text)),
    ).toHaveLength(2);
    // The key the estimate asks for leaves the calculator and links the account.
    await user.send(h.sandbox.accounts.main.apiKey);
    expect(user.lastText()).toContain("Account linked");
    expect(await h.storage.vault.has(user.chatId)).toBe(true);
    expect(user.visible().some((m) => m.text === h.sandbox.accounts.main.apiKey)).toBe(false);
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("two bot instances both taking the same Create press while its prompt is live: the single-use confirmation lets one create", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user);
    const { message, data } = user.findButton(/Create order/);
    const second = await Harness.start({
      sandbox,
      prefix: h.prefix,
      env: { PRIVATE_API_KEY: sandbox.operatorKey },
    });
    // Each instance turns the pressed summary into "Creating…" right after finding it the live prompt,
    // and retires the prompt only once that edit is answered. Holding the edit on both instances until
    // both have sent it puts both presses past the live-prompt check: only the confirmation is left.
    const holds = [h.fake.hold("editMessageText"), second.fake.hold("editMessageText")];
    try {
      // The same chat seen by the second instance (its own Telegram fake holds a copy of the summary).
      const twin = second.user({ id: user.id });
      second.fake.messages.push({ ...h.fake.message(user.chatId, message.messageId)! });
      const edits = [h.fake.calls.length, second.fake.calls.length];
      const handling = Promise.all([
        h.deliver(user.callbackUpdate(data, message.messageId).update),
        second.deliver(twin.callbackUpdate(data, message.messageId).update),
      ]);
      await until("both presses to reach their edit", async () =>
        [h, second].every((x, i) =>
          x.fake.calls.slice(edits[i]).some((c) => c.method === "editMessageText"),
        ),
      );
      holds.forEach((release) => release());
      await handling;
      expect(h.exchangerCalls(CREATE)).toHaveLength(1);
      const texts = [...h.fake.messages, ...second.fake.messages].map((m) => m.text);
      expect(texts.filter((t) => t.includes("The order is created"))).toHaveLength(1);
      expect(texts.filter((t) => t.includes("already being created or was created"))).toHaveLength(
        1,
      );
    } finally {
      holds.forEach((release) => release());
      await second.close();
    }
  });

  it('the operator key accepted again: one "works again" to the admins, whichever instance creates next', async () => {
    const { h, sandbox } = await world("spec");
    const second = await Harness.start({
      sandbox,
      prefix: h.prefix,
      env: { ADMIN_CHAT_IDS: String(ADMIN), PRIVATE_API_KEY: sandbox.operatorKey },
    });
    try {
      const phone = await h.linkedUser("main", { id: 6101 });
      const desktop = await second.linkedUser("main", { id: 6102 });
      sandbox.setPrivateApi(false);
      for (const user of [phone, desktop]) {
        await pickDirection(user);
        await fillOrder(user);
        await user.press(/Create order/);
        expect(user.lastText()).toContain("Exchanges from the chat are unavailable right now");
      }
      const said = () => [...adminMessages(h), ...adminMessages(second)].map((m) => m.text);
      expect(said()).toEqual([expect.stringContaining("Exchange from the chat is off")]);
      sandbox.setPrivateApi(true);
      for (const user of [desktop, phone]) {
        await pickDirection(user);
        await fillOrder(user);
        await user.press(/Create order/);
        expect(user.transcript()).toContain("The order is created");
      }
      expect(h.exchangerCalls(CREATE)).toHaveLength(4);
      expect(said()).toEqual([
        expect.stringContaining("Exchange from the chat is off"),
        expect.stringContaining("Exchange from the chat works again"),
      ]);
      expect(adminMessages(second).at(-1)?.text).toContain("works again");
    } finally {
      await second.close();
    }
  });

  it("five orders an hour per exchanger account: two chats linked to one account share them", async () => {
    const { h } = await world("spec", { CHAT_UPDATES_PER_MINUTE: "500" });
    const first = await h.linkedUser("main");
    const second = await h.linkedUser("main");
    for (let i = 0; i < 5; i++) {
      const user = i % 2 === 0 ? first : second;
      await pickDirection(user);
      await fillOrder(user, String(100 + i));
      await user.press(/Create order/);
    }
    expect(h.exchangerCalls(CREATE)).toHaveLength(5);
    // Before the fix each chat had five of its own: the second chat (two created) could go on.
    await pickDirection(second);
    await second.send("150");
    expect(second.lastText()).toContain("You receive: ≈ 6127.50 Visa/Mastercard UAH");
    expect(second.lastText()).toMatch(
      /You have created several orders in a short time\. You can create the next one in \d+ min/,
    );
    expect(h.exchangerCalls(CREATE)).toHaveLength(5);
  });
});

describe("the exchanger failing inside the exchange flow", () => {
  const GET_EXCHANGE = "/public-api-get-exchange";
  const direction = (sb: Sandbox) => sb.state.directions.find((d) => d.slug === SLUG)!;
  const noBug = (harness: Harness) => {
    const logs = harness.logs.join("\n");
    expect(logs).not.toMatch(/unhandled error/);
    expect(logs).toMatch(/"level":40.*(not answering|refused)/);
  };

  it("reading the direction fails (HTTP 500) at the start: “not answering, try in a minute”, logged at warn", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    sandbox.injectFault({ path: GET_EXCHANGE, kind: "html500", times: 10 });
    await user.press(/Visa\/Mastercard UAH/);
    expect(user.lastText()).toContain("The exchanger is not answering");
    expect(user.transcript()).not.toMatch(/Something went wrong/);
    noBug(h);
  });

  it("the direction refused at the start: the exchanger's own message", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await user.send("/exchange");
    await user.press(/^Tether TRC20/);
    // The pickers read the directions map already; the direction object itself is refused now.
    sandbox.state.directions.splice(sandbox.state.directions.indexOf(direction(sandbox)), 1);
    await user.press(/Visa\/Mastercard UAH/);
    expect(user.lastText()).toContain(`Exchange direction ${SLUG} not found`);
    expect(user.transcript()).not.toMatch(/Something went wrong/);
    noBug(h);
  });

  it("reading the direction fails at Create: “not answering”, the summary kept; Create again creates once", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user);
    sandbox.injectFault({ path: GET_EXCHANGE, kind: "html500", times: 10 });
    await user.press(/Create order/);
    expect(user.lastText()).toContain("The exchanger is not answering");
    expect(user.lastText()).toContain("Check the order before creating it");
    expect(user.lastText()).toContain("You send: 100.50 Tether TRC20");
    expect(user.transcript()).not.toMatch(/Something went wrong/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
    noBug(h);
    sandbox.clearFaults(); // a minute later, it answers again
    await user.press(/Create order/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    expect(user.transcript()).toContain("The order is created");
  });

  it("a rate moving within 0.5 % after it was confirmed once more creates; one that keeps moving further says so", async () => {
    const { h, sandbox } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await fillOrder(user, "100");
    rate(sandbox, "40.00");
    await user.press(/Create order/);
    expect(user.lastText()).toContain("The rate has changed");
    rate(sandbox, "39.90"); // −0.25 %: within the tolerance
    await user.press(/Create order/);
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    expect(user.transcript()).toContain("The order is created");

    await pickDirection(user);
    await fillOrder(user, "100");
    rate(sandbox, "39.00");
    await user.press(/Create order/);
    expect(user.lastText()).toContain("The rate has changed");
    rate(sandbox, "38.00"); // −2.6 % after the second confirmation
    await user.press(/Create order/);
    expect(user.lastText()).toContain("The rate keeps moving");
    expect(h.exchangerCalls(CREATE)).toHaveLength(1);
    // The flow's last word has a way on.
    expect(buttonsOf(user.lastBotMessage()).map((b) => b.text)).toEqual(["☰ Menu"]);
  });
});

describe("amounts that read two ways, and the reserve", () => {
  it("“1,500”, “1.500” and “2,000” are asked with both readings as buttons, never guessed", async () => {
    const { h } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await user.send("1,500");
    expect(user.lastText()).toContain(
      "“1,500” can be read two ways: 1500 Tether TRC20 or 1.5 Tether TRC20",
    );
    expect(buttonsOf(user.lastBotMessage()).map((b) => b.text)).toEqual([
      "1500",
      "1.5",
      "✖ Cancel",
    ]);
    await user.send("1500");
    expect(user.lastText()).toContain("Press the button of the amount you mean");
    await user.press("1500");
    expect(user.transcript()).toContain("Amount: 1500 Tether TRC20");
    expect(user.transcript()).toContain("You send: 1500.00 Tether TRC20");
    expect(user.transcript()).toContain("You receive: ≈ 61275.00 Visa/Mastercard UAH");
    // The currency by its name on every one of these screens, never the internal code (issue 31).
    expect(user.transcript()).not.toMatch(/USDTTRC20|CARDUAH/);
    await user.send("/cancel");

    await pickDirection(user);
    await user.send("1.500");
    expect(user.lastText()).toContain("can be read two ways");
    await user.press("1.5");
    // The reading chosen is below the minimum: said, and the amount asked again.
    expect(user.lastText()).toContain(
      "The minimum for this exchange direction is 20.00 Tether TRC20",
    );
    expect(user.lastText()).toContain("How much Tether TRC20 do you send?");
    await user.send("2,000");
    await user.press("2000");
    expect(user.transcript()).toContain("You send: 2000.00 Tether TRC20");
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("“1.234” for a currency of 2 decimals is asked (1234?), not refused as “too many decimals”", async () => {
    const { h } = await world("spec");
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await user.send("1.234");
    expect(user.lastText()).toContain("“1.234”: do you mean 1234 Tether TRC20?");
    expect(user.lastText()).not.toContain("Please send the amount again");
    expect(buttonsOf(user.lastBotMessage()).map((b) => b.text)).toEqual(["1234", "✖ Cancel"]);
    await user.press("1234");
    expect(user.transcript()).toContain("Amount: 1234 Tether TRC20");
    expect(user.transcript()).toContain("You send: 1234.00 Tether TRC20");
    await user.send("/cancel");

    // In ru too, in the glossary's words.
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    await ru.send("/exchange");
    await ru.press(/^Tether TRC20/);
    await ru.press(/Visa\/Mastercard UAH/);
    await ru.send("1,234");
    expect(ru.lastText()).toContain("вы имеете в виду 1234 Tether TRC20?");
    expect(buttonsOf(ru.lastBotMessage()).map((b) => b.text)).toEqual(["1234", "✖ Отмена"]);
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });

  it("the reserve is the smaller of the direction's and the currency list's", async () => {
    const { h, sandbox } = await world("spec");
    // The currency list says the exchanger can pay out 5000 UAH; the direction object says nothing.
    sandbox.state.currencies.find((c) => c.code === "CARDUAH")!.reserve = "5000.00";
    const user = await h.linkedUser("main");
    await pickDirection(user);
    await user.press(/Amount to receive/);
    await user.send("6000");
    expect(user.lastText()).toContain(
      "The exchanger can pay out at most 5000.00 Visa/Mastercard UAH right now",
    );
    await user.send("4085");
    expect(user.lastText()).toContain("You send: 100.00 Tether TRC20");
  });

  it("an absurd amount (400 digits) is refused as an amount, in every language, and asked again", async () => {
    const { h } = await world("spec");
    const huge = "9".repeat(400);
    const said = {
      en: "That number is too large to be an amount",
      ru: "Это число слишком велико для суммы",
      uk: "Це число завелике для суми",
    };
    for (const [languageCode, text] of Object.entries(said)) {
      const user = await h.linkedUser("main", { languageCode });
      await user.send("/exchange");
      await user.press(/^Tether TRC20/);
      await user.press(/Visa\/Mastercard UAH/);
      await user.send(huge);
      expect(user.lastText()).toContain(text);
      expect(user.transcript()).not.toMatch(/usable rate|пригодный курс|придатний курс/);
      // The amount to receive too; then a real amount is taken at the same prompt.
      await user.press(/⇄/);
      await user.send(`${huge}.5`);
      expect(user.lastText()).toContain(text);
      await user.send("4085");
      expect(user.lastText()).toMatch(/100[.,]00 Tether TRC20/);
      await user.send("/cancel");
    }
    expect(h.exchangerCalls(CREATE)).toHaveLength(0);
  });
});
