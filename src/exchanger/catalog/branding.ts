/**
 * The exchanger's name and support link as the bot shows them. The operator's settings win
 * (EXCHANGER_NAME, SUPPORT_URL); otherwise `public-api-get-social` says (site name [0], Telegram link
 * [3]), cached per language like the currency list; otherwise the name is the host of
 * EXCHANGER_BASE_URL and there is no support button. A failing get-social never fails a screen.
 */
import type { Language } from "../../languages.js";
import type { ExchangerClient, SocialInfo } from "../types.js";
import { LanguageCache } from "./language-cache.js";

/** Also how long a failed get-social is not asked again (an exchanger without it costs one call per 10 minutes). */
export const SOCIAL_TTL_MS = 10 * 60 * 1000;

export interface BrandingSettings {
  /** EXCHANGER_NAME, when set. */
  name: string | undefined;
  /** SUPPORT_URL, when set (already checked: https:// or tg://). */
  supportUrl: string | undefined;
  /** The host of EXCHANGER_BASE_URL: the name of last resort. */
  host: string;
}

export class Branding {
  private readonly cache: LanguageCache<SocialInfo>;

  constructor(
    private readonly exchanger: Pick<ExchangerClient, "getSocial">,
    private readonly settings: BrandingSettings,
    ttlMs = SOCIAL_TTL_MS,
    now: () => number = Date.now,
  ) {
    this.cache = new LanguageCache(ttlMs, now);
  }

  async name(language: Language): Promise<string> {
    return (await this.knownName(language)) ?? this.settings.host;
  }

  /** The exchanger's own name (EXCHANGER_NAME, else get-social's); undefined when neither names it. */
  async knownName(language: Language): Promise<string | undefined> {
    if (this.settings.name !== undefined) return this.settings.name;
    return (await this.social(language)).siteName;
  }

  /** Where the Support button leads; undefined when neither the operator nor get-social named a place. */
  async supportUrl(language: Language): Promise<string | undefined> {
    if (this.settings.supportUrl !== undefined) return this.settings.supportUrl;
    return (await this.social(language)).telegramUrl;
  }

  private social(language: Language): Promise<SocialInfo> {
    // Nothing known is an answer too: cached, so an exchanger without get-social is not asked on every screen.
    return this.cache.get(language, () =>
      this.exchanger.getSocial(language).catch((): SocialInfo => ({})),
    );
  }
}
