/** Fields whose names denote a secret are never shown, however the server spells them and however deep they sit. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";

const SECRETS = {
  private_key: "PRIVKEY-VALUE-1",
  pin_code: "4921",
  backup_codes: ["BACKUP-AAA-1", "BACKUP-BBB-2"],
  recovery_phrase: "abandon ability able about above absent",
  card_cvv: "737",
  ga_key: "GAKEYVALUE-3",
  "Seed-Phrase": "zoo zebra zone",
  twoFaSecret: "TWOFA-SECRET-4",
  security: {
    pinCode: "8812",
    note: "visible-note",
    recovery: { BACKUP_CODES: "NESTED-BACKUP-5" },
  },
};

describe("secret fields of the user object", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("are never shown on the account card, at any depth; ordinary fields around them are", async () => {
    Object.assign(h.sandbox.state.accounts.main!.profile, SECRETS, { passport_country: "Norway" });
    const user = await h.linkedUser();
    await user.send("/account");
    const card = user.transcript();
    for (const value of [
      "PRIVKEY-VALUE-1",
      "4921",
      "BACKUP-AAA-1",
      "abandon ability",
      "737",
      "GAKEYVALUE-3",
      "zoo zebra",
      "TWOFA-SECRET-4",
      "8812",
      "NESTED-BACKUP-5",
    ]) {
      expect(card).not.toContain(value);
    }
    expect(card).not.toMatch(
      /Private key|Pin code|Backup codes|Recovery phrase|Card cvv|Ga key|Seed phrase/i,
    );
    expect(user.lastText()).toContain("visible-note");
    expect(user.lastText()).toContain("Norway");
  });
});
