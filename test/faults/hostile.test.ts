/**
 * Hostile input: every prompt of every flow is fed very long text, HTML, control characters, emoji,
 * right-to-left overrides, zero-width characters and random Unicode; every callback prefix is fed
 * forged data; buttons of one chat are pressed in another. Always: no crash (no internal-error
 * apology, nothing logged at level error), a visible answer, and no exchanger call carrying input
 * that was not checked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedRequest, SandboxOrder } from "../../src/sandbox/server.js";
import type { ApiCall } from "../harness/telegram-fake.js";
import { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { errorLogs, EXPIRED, INTERNAL_ERROR } from "./helpers.js";
import { hasBidiOverride, hasControl, HOSTILE } from "./hostile-strings.js";

const VALID_CARD = "4111 1111 1111 1111";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
  h.sandbox.state.accounts.main!.verification!.status = "rejected"; // may be sent again (an approved one may not)
});
afterAll(async () => {
  await h.close();
});

/** A created (unpaid) order of an account, to open its pay card. */
function createdOrder(account: "main" | "twofa"): SandboxOrder {
  const order = h.sandbox.state.accounts[account]!.orders.find((o) => Number(o.status) === 0);
  if (!order) throw new Error(`the sandbox seed has no created order for ${account}`);
  return order;
}

/** What the user saw in answer: new or edited bot messages and callback toasts. */
function answered(calls: ApiCall[]): string {
  return calls
    .filter((c) => ["sendMessage", "editMessageText", "answerCallbackQuery"].includes(c.method))
    .map((c) => String(c.payload.text ?? ""))
    .join("\n");
}

/** Fields of a request other than the `language` every call carries. */
const inputFields = (r: RecordedRequest) =>
  Object.entries(r.fields).filter(([name]) => name !== "language");

interface Prompt {
  name: string;
  account?: "main" | "twofa";
  /** Brings a fresh user to the prompt (linked unless `unlinked`). */
  open(user: SimUser): Promise<void>;
  unlinked?: boolean;
  /** What the screen says once the prompt is reached (proves the test feeds the prompt it names). */
  shows?: RegExp;
  /** How the text is sent at this prompt (default: as is). */
  wrap?: (text: string) => string;
  /** Exchanger requests the prompt may legitimately make with this text; default: none at all. */
  allows?: (request: RecordedRequest, text: string) => boolean;
}

const openAddDetail = async (user: SimUser) => {
  await user.send("/details");
  await user.press("dt:add");
};
const openVerification = async (user: SimUser, kind: "card" | "identity") => {
  await user.send("/verify");
  await user.press("verif:new");
  await user.press(`verif:kind:${kind}`);
};

const PROMPTS: Prompt[] = [
  {
    name: "linking (a key attempt in an unlinked chat)",
    unlinked: true,
    open: async () => undefined,
  },
  { name: "/order arguments", open: async () => undefined, wrap: (t) => `/order ${t}` },
  { name: "/pay arguments", open: async () => undefined, wrap: (t) => `/pay ${t}` },
  {
    name: "pay: the token prompt",
    open: async (u) => {
      await u.send("/pay");
      await u.press("⌨️ Paste a token");
    },
    shows: /Send me the token/,
  },
  {
    name: "pay: the 2FA code prompt",
    account: "twofa",
    open: async (u) => {
      await u.send(`/pay ${createdOrder("twofa").token}`);
      await u.press(/^pay:c:/);
    },
    shows: /send the current 6-digit code/,
  },
  {
    name: "add-detail: the currency search",
    open: openAddDetail,
    shows: /type part of the currency's name/,
  },
  {
    name: "add-detail: the value",
    open: async (u) => {
      await openAddDetail(u);
      await u.press(/^adp:c:0$/);
    },
    shows: /Send the .* detail/,
    // Free text is a valid requisite once trimmed: at most 255 characters, something visible in it, and
    // no control or bidi-override characters (which make a requisite display as something else).
    allows: (r, text) =>
      r.path === "/user-api-get-details" ||
      (r.path === "/user-api-create-details" &&
        r.fields.value === text.trim() &&
        !hasControl(text) &&
        !hasBidiOverride(text) &&
        /[^\p{Cf}\p{Z}]/u.test(text) &&
        [...text.trim()].length <= 255),
  },
  {
    name: "verification: card number",
    open: (u) => openVerification(u, "card"),
    shows: /Send the card number/,
  },
  {
    name: "verification: first name",
    open: async (u) => {
      await openVerification(u, "card");
      await u.send(VALID_CARD);
    },
    shows: /Send your first name/,
  },
  {
    name: "verification: identity document number",
    open: async (u) => {
      await openVerification(u, "identity");
      await u.press(/^verif:pick:/);
    },
    shows: /Send the document number/,
  },
  {
    name: "verification: birth date",
    open: async (u) => {
      await openVerification(u, "identity");
      await u.press(/^verif:pick:/);
      await u.send("AB123456");
      await u.send("Ivan");
      await u.press("verif:skip");
      await u.send("Petrenko");
    },
    shows: /date of birth/,
  },
  {
    name: "password: the current password",
    open: (u) => u.send("/password").then(() => undefined),
    shows: /Changing your password/,
  },
  {
    name: "password: the new password",
    open: async (u) => {
      await u.send("/password");
      await u.send(h.sandbox.accounts.main.password);
    },
    shows: /send the new password/i,
  },
  {
    name: "password: the new password repeated",
    open: async (u) => {
      await u.send("/password");
      await u.send(h.sandbox.accounts.main.password);
      await u.send("a-Brand-new-passw0rd");
    },
    shows: /once more/,
  },
  {
    name: "2FA: the code that turns it on",
    open: async (u) => {
      await u.send("/2fa");
      await u.press("tfa:on");
    },
    shows: /6-digit code/,
  },
  {
    name: "2FA: the code that turns it off",
    account: "twofa",
    open: async (u) => {
      await u.send("/2fa");
      await u.press("tfa:off");
    },
    shows: /To turn 2FA off/,
  },
];

describe("hostile strings at every prompt", () => {
  it.each(PROMPTS.map((p) => [p.name, p] as const))("%s", async (_name, prompt) => {
    for (const [label, text] of HOSTILE) {
      const user = prompt.unlinked ? h.user() : await h.linkedUser(prompt.account ?? "main");
      await prompt.open(user);
      if (prompt.shows)
        expect(user.lastText(), `${prompt.name}: not at the prompt`).toMatch(prompt.shows);
      const requestsBefore = h.sandbox.requests.length;
      const calls = await user.send(prompt.wrap ? prompt.wrap(text) : text);
      const where = `${prompt.name} ← ${label}`;

      const answer = answered(calls);
      expect(answer.trim(), `${where}: the bot answered nothing`).not.toBe("");
      expect(answer, where).not.toContain(INTERNAL_ERROR);
      // Quoting the input back must not let it flip or hide the bot's own sentence.
      expect(hasBidiOverride(answer), `${where}: a bidi override reached the answer`).toBe(false);
      expect(errorLogs(h), where).toEqual([]);

      const unchecked = h.sandbox.requests
        .slice(requestsBefore)
        .filter((r) => !(prompt.allows?.(r, text) ?? false));
      expect(
        unchecked.map((r) => `${r.path} ${JSON.stringify(inputFields(r))}`),
        `${where}: exchanger called with unchecked input`,
      ).toEqual([]);
    }
  });
});

describe("forged callback data", () => {
  /** Data no handler can parse: each must fall through to "expired", with no exchanger call at all. */
  const GARBAGE = [
    "ord:",
    "ord:l",
    "ord:l:a:0",
    "ord:l:a:-1",
    "ord:l:a:01",
    "ord:l:x:1",
    "ord:l:a:abc",
    "ord:l:a:1:extra",
    "ord:l:a:9999999999999999999",
    "ord:c:<script>:a:1",
    "ord:c:1' OR '1'='1:a:1",
    "ord:c:1:a",
    "ord:c:1:a:1:2",
    "ord:c::a:1",
    "ord:c:../../etc:a:1",
    "ord:c:\u0000:a:1",
    "rord:l:a:0",
    "rord:c:x y:a:1",
    "rord:l:5:1",
    "dt:l:0x1",
    "dt:l:-1",
    "dt:d:abc",
    "dt:t:zzzzzz:x",
    "dt:t:AAAAAAA:0",
    "dt:c:short",
    "dt:y:../..",
    "dt:b:",
    "dt:add:1",
    "adp:c:0",
    "adp:p:2",
    "adp:c:9999",
    "pay:",
    "pay:o:",
    "pay:o:<b>",
    `pay:o:${"9".repeat(41)}`,
    "pay:o:1:2",
    "pay:c:AAAAAAAAAAAAAAAA",
    "pay:c:../../x",
    "pay:c:",
    "pay:x:AAAAAAAAAAAAAAAA",
    "pay:z:1",
    "pay:menu:x",
    "lang:de",
    "lang:",
    "lang:en:x",
    "lang:EN",
    "cur:p:0",
    "cur:p:-5",
    "cur:p:x",
    "dir:s:x",
    "dir:f:<x>:1",
    "dir:f:a b:1",
    `dir:x:${"a".repeat(41)}`,
    "dir:x:",
    "inf:zz",
    "in:show:1",
    "notify:maybe",
    "notify:on:1",
    "acct:show:1",
    "logout:maybe",
    "menu:1",
    "flow:cancel:1",
    "noop:1",
    "verif:kind:evil",
    "verif:pick:zz",
    "verif:send",
    "verif:done",
    "verif:clean",
    "verif:skip",
    "tfa:on:1",
    "tfa:maybe",
    "pwd:start:x",
    "\u0000",
    "💸",
    "<b>",
    "a".repeat(64),
    "ord:l:a:1\n",
    " ord:l:a:1",
  ];

  it("garbage under every prefix: answered as expired, no exchanger call", async () => {
    let user: Awaited<ReturnType<Harness["linkedUser"]>> | undefined;
    let screen = 0;
    // A fresh chat every 20 presses: one chat pressing faster than that is told to slow down (update-gate.ts).
    for (const [i, data] of GARBAGE.entries()) {
      if (i % 20 === 0) {
        user = await h.linkedUser();
        await user.send("/menu");
        screen = user.lastBotMessage().messageId;
      }
      const requestsBefore = h.sandbox.requests.length;
      const calls = await user!.pressData(data, screen); // throws if the query is not answered
      const answer = answered(calls);
      expect(answer, `"${data}"`).toContain(EXPIRED);
      expect(answer, `"${data}"`).not.toContain(INTERNAL_ERROR);
      expect(
        h.sandbox.requests.slice(requestsBefore).map((r) => r.path),
        `"${data}" reached the exchanger`,
      ).toEqual([]);
    }
    expect(errorLogs(h)).toEqual([]);
  });

  /** Well-formed data with absurd values: handled, so the exchanger may be asked, but only with checked values. */
  const ABSURD = [
    "ord:l:a:999999",
    "ord:l:4:999999",
    "ord:c:999999999:a:1",
    "ord:c:nope-nope:a:999999",
    "rord:l:a:999999",
    "rord:c:999999999:a:1",
    "dt:l:99999",
    "pay:o:999999999",
    "pay:s:nope",
    "cur:p:99999",
    "dir:s:99999",
    "dir:f:999999:1",
    "dir:x:999999",
  ];

  it("absurd but well-formed values: a clear answer, only checked values reach the exchanger", async () => {
    const user = await h.linkedUser();
    for (const data of ABSURD) {
      await user.send("/menu");
      const screen = user.lastBotMessage().messageId;
      const requestsBefore = h.sandbox.requests.length;
      const calls = await user.pressData(data, screen);
      const answer = answered(calls);
      expect(answer.trim(), `"${data}": nothing visible`).not.toBe("");
      expect(answer, `"${data}"`).not.toContain(INTERNAL_ERROR);
      for (const request of h.sandbox.requests.slice(requestsBefore)) {
        for (const [field, value] of inputFields(request)) {
          for (const v of [value].flat())
            expect(v, `"${data}" → ${request.path} ${field}`).toMatch(/^[A-Za-z0-9_@.-]{1,40}$/);
        }
      }
    }
    expect(errorLogs(h)).toEqual([]);
  });
});

describe("buttons of another chat", () => {
  it("a pay confirmation from chat A pressed in chat B is refused; nothing is spent", async () => {
    const alice = await h.linkedUser("main");
    const bob = await h.linkedUser("main");
    const order = createdOrder("main");
    await alice.send(`/pay ${order.token}`);
    const { data } = alice.findButton(/^pay:c:/);
    const balance = h.sandbox.state.accounts.main!.balance;

    await bob.send("/menu");
    const calls = await bob.pressData(data, bob.lastBotMessage().messageId);
    expect(answered(calls)).toContain(EXPIRED);
    // Cancelling it from B does not work either, and A's button still works afterwards.
    const cancel = alice.findButton(/^pay:x:/).data;
    expect(answered(await bob.pressData(cancel, bob.lastBotMessage().messageId))).toContain(
      EXPIRED,
    );
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(0);
    expect(h.sandbox.state.accounts.main!.balance).toBe(balance);

    await alice.press(/^pay:c:/);
    expect(h.exchangerCalls("/user-api-spend-balance")).toHaveLength(1);
    expect(errorLogs(h)).toEqual([]);
  });

  it("a details deletion confirmed from another chat deletes nothing", async () => {
    const alice = await h.linkedUser("main");
    const bob = await h.linkedUser("main");
    await alice.send("/details");
    await alice.press(/^dt:d:/);
    await alice.press(/^dt:t:/);
    await alice.press(/^dt:c:/);
    const { data } = alice.findButton(/^dt:y:/);

    await bob.send("/menu");
    expect(answered(await bob.pressData(data, bob.lastBotMessage().messageId))).toContain(EXPIRED);
    expect(h.exchangerCalls("/user-api-delete-details")).toHaveLength(0);
    expect(errorLogs(h)).toEqual([]);
  });
});
