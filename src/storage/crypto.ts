/**
 * AES-256-GCM envelope for everything secret the bot stores (API keys, conversation replay logs).
 *
 * Format: "v1.<kid>.<iv>.<tag>.<ciphertext>" — base64url parts, dot-separated. A compact string
 * (not JSON) because a benchmark counts Redis bytes per linked chat and every stored key pays it.
 * The key id lets old ciphertext keep opening after ENCRYPTION_KEY changes (keys listed in
 * ENCRYPTION_KEYS_OLD) and tells `rotate` which values still need re-encryption.
 * AAD binds a value to its chat and purpose ("vault:<chatId>", "conv:<key>"): a ciphertext copied
 * to another chat's slot fails authentication instead of leaking one user's key to another.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12; // GCM's native nonce size; random per seal (2^32 seals per key stay safe).
const TAG_BYTES = 16;

/** Thrown by Keyring.open. The message names the reason only, never key material or plaintext. */
export class DecryptError extends Error {
  constructor(
    readonly reason: "malformed" | "unknown-key" | "auth-failed",
    keyId?: string,
  ) {
    super(
      reason === "malformed"
        ? "Sealed value is malformed"
        : reason === "unknown-key"
          ? `Sealed with unknown key id ${keyId ?? "?"} (add that key to ENCRYPTION_KEYS_OLD)`
          : "Sealed value failed authentication (wrong key, wrong AAD or tampered)",
    );
    this.name = "DecryptError";
  }
}

/** key id = first 8 hex chars of sha256(key): stable, short, reveals nothing usable about the key. */
export function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}

function decodeKey(key: string | Buffer): Buffer {
  const bytes = typeof key === "string" ? Buffer.from(key.trim(), "base64") : key;
  if (bytes.length !== 32)
    throw new Error("Encryption key must be 32 bytes (base64 of 32 random bytes)");
  return bytes;
}

export class Keyring {
  // ES private fields: a logged or inspected Keyring shows no key bytes.
  readonly #keys = new Map<string, Buffer>();
  readonly #currentId: string;

  /** current: the key new values are sealed with; old: keys still accepted for opening. */
  constructor(current: string | Buffer, old: ReadonlyArray<string | Buffer> = []) {
    const currentKey = decodeKey(current);
    this.#currentId = keyId(currentKey);
    this.#keys.set(this.#currentId, currentKey);
    for (const k of old) {
      const bytes = decodeKey(k);
      const id = keyId(bytes);
      if (!this.#keys.has(id)) this.#keys.set(id, bytes);
    }
  }

  get currentKeyId(): string {
    return this.#currentId;
  }

  /**
   * A stable, non-reversible name of an exchanger account, from its API key: HMAC-SHA256 under a key
   * derived from the current encryption key (never the encryption key itself, never the API key).
   * Two chats linked with one key get one name, so what must happen once per account (a payment of
   * an order) is guarded across chats and instances; without ENCRYPTION_KEY nobody can test a
   * guessed key against it. After a key rotation names change, which only resets short-lived guards.
   */
  accountId(apiKey: string): string {
    const derived = createHmac("sha256", this.#keys.get(this.#currentId)!)
      .update("exchanger-account-id")
      .digest();
    return createHmac("sha256", derived).update(apiKey).digest("base64url").slice(0, 22);
  }

  get keyIds(): string[] {
    return [...this.#keys.keys()];
  }

  seal(plaintext: string, aad: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#keys.get(this.#currentId)!, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(Buffer.from(aad, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [
      VERSION,
      this.#currentId,
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      ciphertext.toString("base64url"),
    ].join(".");
  }

  open(sealed: string, aad: string): string {
    const parts = parse(sealed);
    const key = this.#keys.get(parts.kid);
    if (!key) throw new DecryptError("unknown-key", parts.kid);
    try {
      const decipher = createDecipheriv(ALGORITHM, key, parts.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(aad, "utf8"));
      decipher.setAuthTag(parts.tag);
      return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString("utf8");
    } catch {
      throw new DecryptError("auth-failed");
    }
  }

  /** true when the value was not sealed by the current key (or is not a sealed value at all). */
  needsRotation(sealed: string): boolean {
    try {
      return parse(sealed).kid !== this.#currentId;
    } catch {
      return true;
    }
  }
}

/** The id of the key a value was sealed with ("?" when it is not a sealed value): safe to log. */
export function sealedKeyId(sealed: string): string {
  try {
    return parse(sealed).kid;
  } catch {
    return "?";
  }
}

const B64URL = /^[A-Za-z0-9_-]*$/;

function parse(sealed: string): { kid: string; iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const parts = typeof sealed === "string" ? sealed.split(".") : [];
  if (parts.length !== 5) throw new DecryptError("malformed");
  const [version, kid, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  if (
    version !== VERSION ||
    !/^[0-9a-f]{8}$/.test(kid) ||
    ![iv, tag, ciphertext].every((p) => B64URL.test(p))
  ) {
    throw new DecryptError("malformed");
  }
  const ivBytes = Buffer.from(iv, "base64url");
  const tagBytes = Buffer.from(tag, "base64url");
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new DecryptError("malformed");
  return { kid, iv: ivBytes, tag: tagBytes, ciphertext: Buffer.from(ciphertext, "base64url") };
}
