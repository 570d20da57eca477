import { createHash } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { DecryptError, Keyring } from "../../src/storage/crypto.js";
import { randomKey } from "./helpers.js";

const kidOf = (key: string) =>
  createHash("sha256").update(Buffer.from(key, "base64")).digest("hex").slice(0, 8);

describe("Keyring", () => {
  const key = randomKey();
  const ring = new Keyring(key);

  it("round-trips text (including empty and non-ASCII) and produces the compact v1 format", () => {
    for (const text of ["", "api-key-1234567890", "пароль 🔐 \u0000 end", "x".repeat(10_000)]) {
      const sealed = ring.seal(text, "vault:1");
      expect(ring.open(sealed, "vault:1")).toBe(text);
    }
    const sealed = ring.seal("hello", "vault:1");
    const parts = sealed.split(".");
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe("v1");
    expect(parts[1]).toBe(kidOf(key));
    expect(ring.currentKeyId).toBe(kidOf(key));
    expect(Buffer.from(parts[2]!, "base64url")).toHaveLength(12);
    expect(Buffer.from(parts[3]!, "base64url")).toHaveLength(16);
    expect(sealed).toMatch(/^[A-Za-z0-9_.-]+$/);
  });

  it("uses a fresh IV each time", () => {
    expect(ring.seal("same", "a")).not.toBe(ring.seal("same", "a"));
  });

  it("fails on any tampering", () => {
    const sealed = ring.seal("secret value", "vault:1");
    const [v, kid, iv, tag, ct] = sealed.split(".") as [string, string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, "base64url");
      bytes[0]! ^= 1;
      return bytes.toString("base64url");
    };
    for (const forged of [
      [v, kid, flip(iv), tag, ct],
      [v, kid, iv, flip(tag), ct],
      [v, kid, iv, tag, flip(ct)],
      [v, kid, iv, tag, ct.slice(0, -2)],
    ]) {
      expect(() => ring.open(forged.join("."), "vault:1")).toThrow(DecryptError);
    }
    for (const junk of [
      "",
      "v1",
      "v2." + sealed.slice(3),
      "not.a.sealed.value.at",
      sealed + ".extra",
      `${v}.${kid}.${iv}.AAAA.${ct}`,
    ]) {
      expect(() => ring.open(junk, "vault:1")).toThrow(DecryptError);
    }
  });

  it("binds the value to its AAD: chat A's value does not open as chat B's", () => {
    const sealed = ring.seal("chat A key", "vault:100");
    expect(() => ring.open(sealed, "vault:200")).toThrow(DecryptError);
    expect(() => ring.open(sealed, "conv:100")).toThrow(DecryptError);
  });

  it("never puts secrets in the error, nor key bytes in an inspected keyring", () => {
    const sealed = ring.seal("TOP-SECRET-PLAINTEXT", "vault:1");
    try {
      ring.open(sealed, "vault:2");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecryptError);
      const text = `${(error as Error).message} ${(error as Error).stack ?? ""}`;
      expect(text).not.toContain("TOP-SECRET");
      expect(text).not.toContain(key);
      expect((error as DecryptError).reason).toBe("auth-failed");
    }
    const shown = inspect(ring, { showHidden: true, depth: 5 }) + JSON.stringify(ring);
    expect(shown).not.toContain(key);
    expect(shown).not.toContain(Buffer.from(key, "base64").toString("hex").slice(0, 16));
  });

  it("rotation: values sealed by an old key open while it is listed, and needsRotation tells them apart", () => {
    const oldKey = randomKey();
    const newKey = randomKey();
    const oldRing = new Keyring(oldKey);
    const sealedOld = oldRing.seal("legacy", "vault:7");

    const rotated = new Keyring(newKey, [oldKey]);
    expect(rotated.open(sealedOld, "vault:7")).toBe("legacy");
    expect(rotated.needsRotation(sealedOld)).toBe(true);
    const sealedNew = rotated.seal("legacy", "vault:7");
    expect(rotated.needsRotation(sealedNew)).toBe(false);
    expect(rotated.needsRotation("garbage")).toBe(true);
    expect(sealedNew.split(".")[1]).toBe(kidOf(newKey));

    // Once the old key is dropped from the configuration, its values fail with "unknown-key".
    const newOnly = new Keyring(newKey);
    expect(() => newOnly.open(sealedOld, "vault:7")).toThrow(
      expect.objectContaining({ reason: "unknown-key" }),
    );
    expect(newOnly.open(sealedNew, "vault:7")).toBe("legacy");
  });

  it("rejects keys that are not 32 bytes and ignores duplicates among old keys", () => {
    expect(() => new Keyring(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
    const ring2 = new Keyring(key, [key, key]);
    expect(ring2.keyIds).toEqual([kidOf(key)]);
  });
});
