/**
 * Random addresses of the common chains from a seeded generator (mulberry32: the same addresses on
 * every run): ETH (0x + 40 hex, letters in either case), BTC (bech32 bc1q…, base58 1… and 3…), TRON (T + base58)
 * and Solana (base58, 32–44 characters).
 */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand: () => number, alphabet: string, n: number): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
const between = (rand: () => number, low: number, high: number): number =>
  low + Math.floor(rand() * (high - low + 1));

const HEX = "0123456789abcdef";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

export const CHAINS = {
  // 40 hex digits, letters in either case (EIP-55 checksums mix them).
  eth: (rand: () => number) =>
    `0x${[...pick(rand, HEX, 40)].map((c) => (rand() < 0.5 ? c.toUpperCase() : c)).join("")}`,
  btcBech32: (rand: () => number) => `bc1q${pick(rand, BECH32, between(rand, 38, 58))}`,
  btcLegacy: (rand: () => number) => `1${pick(rand, BASE58, between(rand, 25, 33))}`,
  btcScript: (rand: () => number) => `3${pick(rand, BASE58, between(rand, 25, 33))}`,
  tron: (rand: () => number) => `T${pick(rand, BASE58, 33)}`,
  solana: (rand: () => number) => pick(rand, BASE58, between(rand, 32, 44)),
} as const;

export type Chain = keyof typeof CHAINS;

/** `count` addresses of one chain. */
export function randomAddresses(chain: Chain, count: number, seed = 20261127): string[] {
  const rand = seeded(seed);
  return Array.from({ length: count }, () => CHAINS[chain](rand));
}

/**
 * Whether a search for card numbers by digit runs alone finds one in the text: the runs of 13–19
 * digits, read left to right, one passing the Luhn check (what the bot used to mask inside addresses).
 */
export function hasCardLikeRun(text: string, isCardNumber: (digits: string) => boolean): boolean {
  return (text.match(/\d{13,19}/g) ?? []).some((run) => isCardNumber(run));
}
