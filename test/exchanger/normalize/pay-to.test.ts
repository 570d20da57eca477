/**
 * Masking by role (normalize/secrets.ts Role, normalize/order.ts payment): where the exchanger says to
 * pay is shown in full whatever its digits — addresses of the major chains, a card number to pay to,
 * a memo, a 64-hex payment id, the amount — while the customer's own card in the same order stays
 * masked. A seeded set of random addresses goes through unaltered.
 */
import { describe, expect, it } from "vitest";
import { readOrder } from "../../../src/exchanger/normalize/order.js";
import { fieldLines } from "../../../src/bot/ui/html.js";

/** Completes a number with its Luhn check digit (a real-looking card number). */
function luhn(prefix: string): string {
  let sum = 0;
  for (let i = 0; i < prefix.length; i++) {
    let d = Number(prefix[prefix.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return prefix + String((10 - (sum % 10)) % 10);
}

const ADDRESSES = {
  btc: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  eth: "0x52908400098527886E0F7030069857D2E4169EE7",
  tron: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
  ton: "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
  ltc: "ltc1qg42tkwuuxefutzxezdajdsaw5q7saj4wqv4kaq",
  ltcLegacy: "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9",
};
const CARD_TO_PAY = luhn("414943999999567");
const PAYMENT_ID = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

/** A small seeded generator (mulberry32): the same addresses on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rand: () => number, alphabet: string, n: number) =>
  Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
const HEX_MIXED = "0123456789abcdefABCDEF";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function randomAddresses(count: number): string[] {
  const rand = seeded(20261125);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`0x${pick(rand, HEX_MIXED, 40)}`);
    out.push(`T${pick(rand, BASE58, 33)}`);
    out.push(`bc1q${pick(rand, BECH32, 38)}`);
    // Digit-heavy on purpose: the runs that used to pass the Luhn check and be masked.
    out.push(`0x${pick(rand, "0123456789", 30)}${pick(rand, HEX_MIXED, 10)}`);
  }
  return out;
}

describe("where to pay is shown whole; the customer's own data stays masked", () => {
  it("addresses of the major chains, a card to pay to, a memo and a 64-hex payment id, in full", () => {
    for (const address of Object.values(ADDRESSES)) {
      const order = readOrder({
        id: 7,
        payment: { address, memo: "104233871", payment_id: PAYMENT_ID },
        pay_amount: "100.50",
        card_number: "4111 1111 1111 1111",
      })!;
      expect(order.payment).toEqual({
        address,
        memo: "104233871",
        payment_id: PAYMENT_ID,
        pay_amount: "100.50",
      });
      // The customer's own card (the form's field) is still theirs to keep private.
      expect(order.fields.card_number).toBe("411111******1111");
      const lines = fieldLines(order.payment!, { payTo: true }).join("\n");
      expect(lines).toContain(address.replace(/&/g, "&amp;"));
      expect(lines).toContain(PAYMENT_ID);
    }
  });

  it("a card number to pay to, bare or in an object, under any name", () => {
    const bare = readOrder({ id: 8, pay_to: CARD_TO_PAY, pay_until: "2026-11-25 10:00:00" })!;
    expect(bare.payment).toMatchObject({ pay_to: CARD_TO_PAY });
    const spaced = CARD_TO_PAY.replace(/(\d{4})(?=\d)/g, "$1 ");
    const nested = readOrder({ id: 9, requisites: { card: spaced, holder: "IVAN P" } })!;
    expect(nested.payment).toEqual({ card: spaced, holder: "IVAN P" });
    expect(fieldLines(nested.payment!, { payTo: true }).join("\n")).toContain(spaced);
    // The same number outside the payment instructions is the customer's: masked.
    expect(readOrder({ id: 10, card: spaced })!.fields.card).not.toContain(
      CARD_TO_PAY.slice(6, 12),
    );
  });

  it("secret-named fields stay out even among the payment instructions", () => {
    const order = readOrder({ id: 11, payment: { address: ADDRESSES.tron, private_key: "x1" } })!;
    expect(order.payment).toEqual({ address: ADDRESSES.tron });
  });

  it("a seeded set of 8,000 random addresses: none altered", () => {
    const addresses = randomAddresses(2000);
    const altered = addresses.filter((address) => {
      const order = readOrder({ id: 1, deposit_address: address })!;
      const shown = fieldLines(order.payment!, { payTo: true }).join("\n");
      return order.payment?.deposit_address !== address || !shown.includes(address);
    });
    expect(altered).toEqual([]);
  });
});
