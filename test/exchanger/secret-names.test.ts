import { describe, expect, it } from "vitest";
import { isSecretFieldName, nameWords } from "../../src/exchanger/secret-names.js";

describe("secret field names", () => {
  it("recognises the names the issue found on the account card, in any case and separator", () => {
    for (const base of [
      "private_key",
      "pin_code",
      "backup_codes",
      "recovery_phrase",
      "card_cvv",
      "ga_key",
    ]) {
      const camel = base.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      for (const name of [
        base,
        base.toUpperCase(),
        base.replace(/_/g, "-"),
        base.replace(/_/g, " "),
        base.replace(/_/g, "."),
        camel,
      ]) {
        expect(isSecretFieldName(name), name).toBe(true);
      }
    }
  });

  it("recognises keys, secrets, tokens, passwords, PINs, card codes, seeds and 2FA secrets", () => {
    const secret = [
      "key",
      "api_key",
      "apiKey",
      "APIKEY",
      "secret",
      "client_secret",
      "twoFaSecret",
      "2fa_secret",
      "ga_secret",
      "token",
      "auth_token",
      "accessToken",
      "password",
      "new_password",
      "passwordHash",
      "pass",
      "pwd",
      "pin",
      "PIN",
      "cvv",
      "cvc2",
      "CardCVC",
      "seed",
      "seed_phrase",
      "seedPhrase",
      "mnemonic",
      "recoveryCodes",
      "backupCode",
      "otp_secret",
      "totp",
      "passphrase",
      "security_code",
      "google_authenticator",
      "salt",
      "session_id",
    ];
    for (const name of secret) expect(isSecretFieldName(name), name).toBe(true);
  });

  it("leaves ordinary fields visible, even when a secret word hides inside another word", () => {
    const shown = [
      "id",
      "login",
      "email",
      "balance",
      "first_name",
      "passport_number",
      "shipping_address",
      "monkey",
      "keyboard_layout",
      "seedling",
      "status",
      "send_amount",
      "receive_wallet",
      "created_at",
      "discount",
      "pinned",
      "country",
      "card_number",
    ];
    for (const name of shown) expect(isSecretFieldName(name), name).toBe(false);
  });

  it("splits names into words the same way whatever the writing", () => {
    expect(nameWords("privateKey")).toEqual(["private", "key"]);
    expect(nameWords("APIKey")).toEqual(["api", "key"]);
    expect(nameWords("Recovery-Phrase")).toEqual(["recovery", "phrase"]);
    expect(nameWords("card_cvv2")).toEqual(["card", "cvv2"]);
  });
});
