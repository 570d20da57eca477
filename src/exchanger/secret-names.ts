/**
 * The one answer to "may a field with this name be shown?": names that denote a secret (keys,
 * passwords, PINs, card codes, seed or recovery phrases, backup codes, 2FA secrets, tokens, hashes,
 * sessions) are never shown on any screen, whatever a server calls them and however deep they sit.
 *
 * Pure and free of Telegram: the screens (bot/ui/html.ts), `npm run doctor` and any walk over a
 * server record ask the same question here.
 *
 * A name is split into words first ("privateKey", "Private-Key", "PRIVATE_KEY", "private key" are
 * one name), so that a short word (key, pin, pass, seed) matches only as a word — "monkey", "shipping",
 * "passport" and "seedling" stay visible — while a few unmistakable stems (password, secret, token,
 * mnemonic…) match anywhere, glued or not ("newpassword", "apisecret", "authtoken").
 */

/** Words that name a secret on their own. */
const SECRET_WORDS = new Set([
  "key",
  "apikey",
  "privkey",
  "pass",
  "passwd",
  "pwd",
  "pin",
  "pincode",
  "cvv",
  "cvv2",
  "cvc",
  "cvc2",
  "seed",
  "otp",
  "totp",
  "hotp",
  "2fa",
  "tfa",
  "mfa",
  "salt",
  "hash",
  "auth",
  "session",
  "sessid",
  "cookie",
  "jwt",
  "mnemonic",
]);

/** Stems that denote a secret wherever they appear in a name, even glued to other words. */
const SECRET_STEMS = [
  "password",
  "passphrase",
  "secret",
  "token",
  "mnemonic",
  "privatekey",
  "apikey",
  "seedphrase",
  "recoveryphrase",
  "recoverycode",
  "recoverykey",
  "backupcode",
  "twofactor",
  "authenticator",
  "credential",
  "signature",
];

/** Two words that together denote a secret ("recovery phrase", "backup codes", "ga secret"). */
const SECRET_PAIRS: ReadonlyArray<readonly [string, ReadonlySet<string>]> = [
  ["recovery", new Set(["phrase", "phrases", "code", "codes", "key", "keys", "words", "seed"])],
  ["backup", new Set(["code", "codes", "phrase", "key", "keys", "seed"])],
  ["seed", new Set(["phrase", "words"])],
  ["ga", new Set(["code", "key", "secret"])],
  ["google", new Set(["auth", "authenticator", "code", "key", "secret"])],
  ["security", new Set(["code", "answer"])],
  ["card", new Set(["code", "pin"])],
];

/** "privateKey" / "Private-Key" / "PRIVATE KEY" → ["private", "key"]; digits stay with their word ("cvv2", "2fa"). */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** True when a field of this name must never be shown (any case, any separator). */
export function isSecretFieldName(name: string): boolean {
  const words = nameWords(name);
  if (words.some((word) => SECRET_WORDS.has(word) || SECRET_WORDS.has(word.replace(/s$/, ""))))
    return true;
  const glued = words.join("");
  if (SECRET_STEMS.some((stem) => glued.includes(stem))) return true;
  for (let i = 0; i + 1 < words.length; i++) {
    const [first, second] = [words[i]!, words[i + 1]!];
    if (SECRET_PAIRS.some(([a, bs]) => first === a && bs.has(second))) return true;
  }
  return false;
}
