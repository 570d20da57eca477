/**
 * The sandbox's Private API (`private-api-create-order`) in every dialect: the operator key and the
 * switch, the checks a real exchanger's form makes, and the created order living on as the user's own
 * (listed by get-orders awaiting payment, payable from the balance).
 */
import { plainMessage } from "../../src/exchanger/envelope.js";
import { afterEach, describe, expect, it } from "vitest";
import { DIALECT_NAMES, DIALECTS } from "../../src/sandbox/dialect.js";
import { OPERATOR, startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { namedOrders, post, type Fields } from "./helpers.js";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const CREATE = "/private-api-create-order";
/** usdttrc20-carduah: rate 40.85, 20–50000 USDT, receive reserve 2450000.00 UAH; card number, holder, e-mail required. */
const ORDER: Fields = {
  slug: "usdttrc20-carduah",
  send_amount: "100.5",
  user_login: "ivan_p",
  card_number: "4149 4993 0000 1234",
  card_holder_name: "IVAN PETRENKO",
  e_mail: "ivan.petrenko@example.com",
};

/** The error's message when the dialect sends one; the status the dialect sends it with. */
async function refusal(sb: Sandbox, key: string | undefined, fields: Fields) {
  const answer = await post(sb, CREATE, key, fields);
  expect(answer.body.success).toBe(false);
  return { status: answer.status, message: answer.body.message as string | undefined };
}

describe.each(DIALECT_NAMES)("Private API in the sandbox (%s dialect)", (dialect) => {
  it("creates the order for the user: awaiting payment in their get-orders, payable from the balance", async () => {
    sandbox = await startSandbox({ dialect });
    const created = await post(sandbox, CREATE, sandbox.operatorKey, ORDER);
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    const order = created.body.result;
    expect(order).toMatchObject({
      exchange_id: "2",
      send_amount: "100.50",
      receive_amount: "4105.43",
      card_number: "4149 4993 0000 1234",
      user_login: "ivan_p",
      pay_amount: "100.50",
    });
    expect(typeof order.token).toBe("string");
    expect(sandbox.requests.at(-1)?.account).toBe(OPERATOR);

    const key = sandbox.accounts.main.apiKey;
    const listed = await post(sandbox, "/user-api-get-orders", key, { token: order.token });
    const read = <T>(result: unknown) => namedOrders<T>(DIALECTS[dialect], result);
    expect(read(listed.body.result)).toHaveLength(1);
    expect(read<{ status: unknown }>(listed.body.result)[0]!.status).toEqual(order.status);
    const awaiting = DIALECTS[dialect].statusFilter === "name-only" ? "@awaiting_payment" : 0;
    const unpaid = await post(sandbox, "/user-api-get-orders", key, {
      status: awaiting,
      limit: 100,
    });
    expect(read<{ token: string }>(unpaid.body.result).map((o) => o.token)).toContain(order.token);

    const paid = await post(sandbox, "/user-api-spend-balance", key, { token: order.token });
    expect(paid.body.success).toBe(true);
    expect(sandbox.state.accounts.main!.balance).toBe(1399.5);
  });

  it("refuses a wrong operator key, a user key, and every key while the Private API is off", async () => {
    sandbox = await startSandbox({ dialect });
    const rejected = DIALECTS[dialect].rejectedKeyStatus;
    const before = sandbox.state.nextIds.order;
    for (const key of ["pk_wrong", sandbox.accounts.main.apiKey, undefined]) {
      expect((await refusal(sandbox, key, ORDER)).status).toBe(rejected);
    }
    const oldKey = sandbox.operatorKey;
    sandbox.revokeOperatorKey();
    expect(sandbox.operatorKey).not.toBe(oldKey);
    expect((await refusal(sandbox, oldKey, ORDER)).status).toBe(rejected);
    sandbox.setPrivateApi(false);
    const off = await refusal(sandbox, sandbox.operatorKey, ORDER);
    expect(off.status).toBe(rejected);
    // A framework's page helper wraps its messages in encoded markup (the bot reads them as text).
    if (DIALECTS[dialect].errorMessage)
      expect(plainMessage(String(off.message))).toMatch(/^(Error! )?The Private API is disabled$/);
    expect(sandbox.state.nextIds.order).toBe(before);
    sandbox.setPrivateApi(true);
    expect((await post(sandbox, CREATE, sandbox.operatorKey, ORDER)).body.success).toBe(true);
  });
});

describe("Private API checks (spec dialect, messages)", () => {
  const cases: Array<[string, Fields, RegExp]> = [
    ["no slug", { ...ORDER, slug: "" }, /slug is required/],
    ["an unknown direction", { ...ORDER, slug: "btc-doge" }, /not found/i],
    ["no amount", { ...ORDER, send_amount: "" }, /send_amount is required/],
    ["a malformed amount", { ...ORDER, send_amount: "1e3" }, /at most 2 decimal places/],
    [
      "more decimals than the currency has",
      { ...ORDER, send_amount: "100.001" },
      /at most 2 decimal places/,
    ],
    [
      "an amount below the minimum",
      { ...ORDER, send_amount: "19.99" },
      /minimum amount for this direction is 20/,
    ],
    [
      "an amount above the maximum",
      { ...ORDER, send_amount: "50000.01" },
      /maximum amount for this direction is 50000/,
    ],
    [
      "a missing required field",
      { ...ORDER, card_holder_name: "" },
      /card_holder_name is required/,
    ],
    ["an unknown user", { ...ORDER, user_login: "nobody" }, /User nobody not found/],
  ];
  it.each(cases)("refuses %s, creating nothing", async (_name, fields, message) => {
    sandbox = await startSandbox();
    const before = sandbox.state.accounts.main!.orders.length;
    const answer = await refusal(sandbox, sandbox.operatorKey, fields);
    expect(answer.status).toBe(200);
    expect(answer.message).toMatch(message);
    expect(sandbox.state.accounts.main!.orders).toHaveLength(before);
  });

  it("refuses an amount whose payout exceeds the receive currency's reserve", async () => {
    sandbox = await startSandbox();
    sandbox.state.currencies.find((c) => c.id === 5)!.reserve = "1000.00";
    expect((await refusal(sandbox, sandbox.operatorKey, ORDER)).message).toMatch(
      /at most 1000.00 can be received/,
    );
  });

  it("takes the fields under their names in the call's language, as get-exchange names them", async () => {
    sandbox = await startSandbox();
    const ru: Fields = {
      ...ORDER,
      language: "ru",
      card_number: "",
      card_holder_name: "",
      e_mail: "",
    };
    expect((await refusal(sandbox, sandbox.operatorKey, ru)).message).toMatch(/номер_карты/);
    const created = await post(sandbox, CREATE, sandbox.operatorKey, {
      ...ru,
      номер_карты: "4149 4993 0000 1234",
      имя_держателя_карты: "IVAN PETRENKO",
      e_mail: "a@b.example",
    });
    expect(created.body.success).toBe(true);
  });

  it("creates a guest's order without user_login, listed for nobody", async () => {
    sandbox = await startSandbox();
    const { user_login: _login, ...guest } = ORDER;
    const created = await post(sandbox, CREATE, sandbox.operatorKey, guest);
    expect(created.body.success).toBe(true);
    const all = Object.values(sandbox.state.accounts).flatMap((a) => a.orders);
    expect(all.some((o) => o.token === created.body.result.token)).toBe(false);
  });
});
