/** The customer's referral facts, from the vendor's positional user object and from named records. */
import { describe, expect, it } from "vitest";
import { accountOf } from "../../../src/exchanger/normalize/account.js";
import { readReferral } from "../../../src/exchanger/normalize/referral.js";
import { VENDOR_USER } from "./vendor-user.js";

describe("referral facts of the user object", () => {
  it("reads positions 26, 12 and 14 of the documented layout (the number columns are not shown twice)", () => {
    // The vendor's example object (it must match the documented layout to be read at all).
    const row: unknown[] = [...VENDOR_USER];
    row[0] = 77;
    row[10] = "12.00 USD";
    row[12] = "0.5000 %";
    row[14] = "1 310.20 USDTTRC20";
    row[21] = 0.5;
    row[23] = 1310.2;
    row[26] = "https://ex.example/?ref=77";
    expect(accountOf(row)?.referral).toEqual({
      link: "https://ex.example/?ref=77",
      percent: "0.5",
      volume: "1310.20",
      volumeCurrency: "USDTTRC20",
    });
  });

  it("reads the usual names of a named record, and leaves out what is not there or not a web address", () => {
    expect(readReferral({ ref_link: "https://a.example/r/1", referral_percent: 1.25 })).toEqual({
      link: "https://a.example/r/1",
      percent: "1.25",
    });
    expect(readReferral({ referral_link: "javascript:alert(1)", referrals_volume: "0" })).toEqual({
      volume: "0",
    });
    expect(readReferral({ login: "ivan" })).toBeUndefined();
  });
});
