/**
 * Public lookup methods (GET, no key). Names are localized by `language`; ids are numbers here.
 * The direction list omits `inputs`: clients fetch one direction to learn its fields.
 */
import type { Language } from "../../config.js";
import { SandboxError } from "../errors.js";
import { formatDateTime } from "../format.js";
import { localize, type LocalizedText } from "../i18n.js";
import { findDirection, type SandboxCurrency, type SandboxDirection } from "../state.js";
import type { PublicMethod } from "./types.js";

export const SANDBOX_VERSION = "Exchanger CMS 3.8 (sandbox)";

const REFERRAL_DESCRIPTION: LocalizedText = {
  en: "Invite friends with your referral link and receive 0.5% of every exchange they complete, plus 0.1% from their referrals.",
  ru: "Приглашайте друзей по реферальной ссылке и получайте 0,5% с каждого их обмена и 0,1% с обменов их рефералов.",
  uk: "Запрошуйте друзів за реферальним посиланням і отримуйте 0,5% з кожного їхнього обміну та 0,1% з обмінів їхніх рефералів.",
};

function currencyView(c: SandboxCurrency, language: Language) {
  return { ...c, name: localize(c.name, language) };
}

function directionView({ inputs, ...rest }: SandboxDirection, language: Language, withInputs: boolean) {
  if (!withInputs) return rest;
  return { ...rest, inputs: inputs.map((i) => ({ ...i, name: localize(i.name, language) })) };
}

export const getCurrencies: PublicMethod = ({ state, language }) => ({
  result: state.currencies.map((c) => currencyView(c, language)),
});

export const getExchanges: PublicMethod = ({ state, language }) => ({
  result: state.directions.map((d) => directionView(d, language, false)),
});

export const getExchange: PublicMethod = ({ state, params, language }) => {
  const id = params.get("id");
  if (id === undefined) throw new SandboxError("required", { name: "id" });
  const direction = findDirection(state, id.trim());
  if (!direction) throw new SandboxError("directionNotFound", { id });
  return { result: directionView(direction, language, true) };
};

export const getStatus: PublicMethod = ({ now }) => ({
  result: {
    online: true,
    time: Math.floor(now / 1000),
    datetime: formatDateTime(now),
    timezone: "UTC",
    version: SANDBOX_VERSION,
    name: "Sandbox Exchanger",
    maintenance: false,
  },
});

export const getReferralProgram: PublicMethod = ({ language }) => ({
  result: {
    enabled: true,
    percent: "0.5",
    levels: 2,
    levels_percent: ["0.5", "0.1"],
    min_payout: "10.00",
    payout_currency: "USD",
    cookie_days: 90,
    description: localize(REFERRAL_DESCRIPTION, language),
  },
});
