/**
 * A card number is masked only as a token of its own (normalize/secrets.ts): never a digit run inside
 * an address or a longer string. Property: 100,000 random addresses of each common chain, as the
 * customer's own data (a saved field, a payment detail, an order's field), come back unaltered —
 * alone, under a neutral name, and inside a sentence — while a card number in the same places is masked.
 */
import { describe, expect, it } from "vitest";
import { isCardNumber, maskDeep } from "../../../src/exchanger/normalize/secrets.js";
import { CHAINS, hasCardLikeRun, randomAddresses, type Chain } from "./random-addresses.js";

const COUNT = 100_000;

describe("card numbers are masked only as whole tokens", () => {
  for (const chain of Object.keys(CHAINS) as Chain[])
    it(`${COUNT.toLocaleString("en")} random ${chain} addresses: none altered`, () => {
      const addresses = randomAddresses(chain, COUNT);
      const altered = addresses.filter((address) => {
        const shown = maskDeep({ wallet: address, note: `send to ${address}, thanks` }) as {
          wallet: string;
          note: string;
        };
        return shown.wallet !== address || shown.note !== `send to ${address}, thanks`;
      });
      expect(altered).toEqual([]);
    });

  it("the addresses tried include the ones a digit-run mask used to change", () => {
    // Not an empty property: ETH addresses with a Luhn-valid run of 13+ digits are among them.
    const risky = randomAddresses("eth", COUNT).filter((a) => hasCardLikeRun(a, isCardNumber));
    expect(risky.length).toBeGreaterThan(100);
    expect(maskDeep(risky[0])).toBe(risky[0]);
  });

  it("a card number standing as its own token is still masked, bounded by spaces or punctuation", () => {
    for (const text of [
      "4111111111111111",
      "pay to 4111 1111 1111 1111 by noon",
      "card: 4111-1111-1111-1111.",
      "(4111111111111111)",
      "«4111111111111111»",
    ]) {
      const shown = maskDeep({ note: text }) as { note: string };
      expect(shown.note, text).toContain("411111******1111");
      expect(shown.note, text).not.toMatch(/4111[ -]?1111[ -]?1111[ -]?1111/);
    }
  });

  it("digits glued to letters, digits or “_” are part of a longer token: left as they are", () => {
    for (const text of [
      "x4111111111111111",
      "4111111111111111abc",
      "94111111111111111",
      "id_4111111111111111",
      "0x57f5d0c6e2a8b1f3a9c47867690511972d9e4c33",
    ])
      expect((maskDeep({ note: text }) as { note: string }).note).toBe(text);
  });
});
