/**
 * A seeded PRNG so the demo data is the same on every start: tests can rely on it and an operator's
 * authenticator entry and linked key keep working across sandbox restarts.
 */

export type Random = () => number;

/** mulberry32: tiny, fast, good enough for fake data (not for secrets that matter). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomString(rand: Random, alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rand() * alphabet.length)];
  return out;
}

export const HEX = "0123456789abcdef";
export const DIGITS = "0123456789";
export const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
export const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
