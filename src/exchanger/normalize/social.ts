/**
 * `public-api-get-social`: documented as a positional array of strings — [0] the site's name,
 * [1] an e-mail, [3] a Telegram link — where unused positions are empty strings. Servers are not
 * always so tidy, so an object with named fields is read too, and anything else means "nothing known".
 * Only what the bot can safely show comes out: a non-empty name, and a Telegram link as an https:// or
 * tg:// URL (a bare "@name" or "t.me/name" is turned into one).
 */
import { isPlainObject } from "../envelope.js";
import { isSupportUrl } from "../../support-url.js";
import type { SocialInfo } from "../records.js";

const NAME_KEYS = ["site_name", "sitename", "name", "title"];
const EMAIL_KEYS = ["email", "e-mail", "mail"];
const TELEGRAM_KEYS = ["telegram", "tg", "telegram_link", "telegram_url"];

export function readSocial(result: unknown): SocialInfo {
  if (Array.isArray(result)) return build(result[0], result[1], result[3]);
  if (isPlainObject(result)) {
    const pick = (keys: string[]) => keys.map((k) => result[k]).find((v) => text(v) !== undefined);
    return build(pick(NAME_KEYS), pick(EMAIL_KEYS), pick(TELEGRAM_KEYS));
  }
  return {};
}

function build(name: unknown, email: unknown, telegram: unknown): SocialInfo {
  const info: SocialInfo = {};
  const siteName = text(name);
  if (siteName !== undefined) info.siteName = siteName.slice(0, 64);
  const mail = text(email);
  if (mail !== undefined && /^[^\s@]+@[^\s@]+$/.test(mail)) info.email = mail;
  const link = telegramUrl(text(telegram));
  if (link !== undefined) info.telegramUrl = link;
  return info;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** "https://t.me/x", "tg://resolve?domain=x", "t.me/x" or "@x" → a URL a Telegram button accepts. */
export function telegramUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const handle = /^@([A-Za-z0-9_]{4,32})$/.exec(value);
  if (handle) return `https://t.me/${handle[1]}`;
  const candidate = /^(t\.me|telegram\.me)\//i.test(value) ? `https://${value}` : value;
  return isSupportUrl(candidate) ? candidate : undefined;
}
