/**
 * What a server's generic field means, written in words on any card that lists fields (the account
 * card, the referral program): 0/1 switches as "on"/"off" ("Newsletter: on"), 0/1 facts as
 * "yes"/"no" ("Verified: yes"), percentages with their sign ("Bonus: 0.05 %"), at any depth ("Settings:
 * Newsletter: on"). Labels come from the field dictionary (field-names.ts); this names the values.
 */
import type { Translator } from "../context.js";
import { formatPercent } from "./money.js";

/** Switches a customer turns on and off (settings): "on" / "off". */
const SWITCHES = new Set([
  "newsletter",
  "subscribe",
  "subscribed",
  "mailing",
  "notifications",
  "email_notifications",
  "sms_notifications",
]);
/** Facts about the account: "yes" / "no". */
const FACTS = new Set(["verified", "is_verified"]);
/** Fields holding a percentage (their labels carry no "%": the value does). */
const PERCENT = /(^|_)percent(_number)?$|^percent_/;

const BOOLEAN = /^(0|1|true|false)$/;

function named(tr: Translator, key: string, value: unknown): unknown {
  const text = typeof value === "boolean" ? String(value) : String(value).trim();
  const isFlag = typeof value === "boolean" || BOOLEAN.test(text);
  const on = text === "1" || text === "true";
  if (SWITCHES.has(key) && isFlag) return tr.t(on ? "value-on" : "value-off");
  if (FACTS.has(key) && isFlag) return tr.t(on ? "value-yes" : "value-no");
  if (PERCENT.test(key) && (typeof value === "string" || typeof value === "number"))
    return formatPercent(tr, String(value));
  return value;
}

/** The record with every switch, fact and percentage written in words, nested records too. */
export function presentFieldValues(
  tr: Translator,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const last = key.split(".").pop()!.toLowerCase();
    out[key] =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? presentFieldValues(tr, value as Record<string, unknown>)
        : named(tr, last, value);
  }
  return out;
}
