/**
 * The customer's own referral facts from the user object: the referral link (position 26 of the
 * vendor's layout), the reward percentage (12 as text, 21 as a number) and the referral volume (14 as
 * display text "310.20 USD", 23 as a number) — under the names user-layout.ts gives those positions,
 * or the usual names of a server that sends a named record.
 */
import { splitDisplayAmount } from "../layouts/value-types.js";
import { amountOf, found, textOf, type RawRecord } from "./values.js";

export interface ReferralFacts {
  /** An http(s) address only: it goes into a QR code and a share link. */
  link?: string;
  /** The reward in percent, a plain decimal ("0.5"). */
  percent?: string;
  /** Everything the customer's referrals exchanged, as a plain decimal, and its currency when said. */
  volume?: string;
  volumeCurrency?: string;
}

const LINK = [
  "referral_link",
  "ref_link",
  "referral_url",
  "ref_url",
  "partner_link",
  "affiliate_link",
];
const PERCENT = ["referral_percent", "ref_percent", "partner_percent", "referral_percent_number"];
const VOLUME = [
  "referrals_volume",
  "referral_volume",
  "partners_volume",
  "referrals_volume_number",
];

function link(user: RawRecord): string | undefined {
  const text = textOf(found(user, LINK)?.value);
  if (text === undefined) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** "0.5000 %", "0,5%", 0.5 → "0.5". */
function percent(user: RawRecord): string | undefined {
  const value = found(user, PERCENT)?.value;
  const text = typeof value === "string" ? value.replace(/%/g, "").trim() : value;
  const amount = amountOf(text);
  return amount === undefined ? undefined : trimZeros(amount);
}

const trimZeros = (amount: string) =>
  amount.includes(".") ? amount.replace(/\.?0+$/, "") : amount;

function volume(user: RawRecord): Pick<ReferralFacts, "volume" | "volumeCurrency"> {
  const value = found(user, VOLUME)?.value;
  const shown = splitDisplayAmount(value);
  const amount = amountOf(shown?.amount ?? value);
  if (amount === undefined) return {};
  return { volume: amount, ...(shown?.code !== undefined && { volumeCurrency: shown.code }) };
}

/** The facts the user object gives; undefined when it gives none. */
export function readReferral(user: RawRecord): ReferralFacts | undefined {
  const facts: ReferralFacts = {};
  const address = link(user);
  const reward = percent(user);
  if (address !== undefined) facts.link = address;
  if (reward !== undefined) facts.percent = reward;
  Object.assign(facts, volume(user));
  return Object.keys(facts).length === 0 ? undefined : facts;
}
