/**
 * Public lookup methods (GET, no key). Names are localized by `language`; ids are numbers here.
 *
 * Every dialect speaks the documented directions shape: get-exchanges is the map
 * `{send_currency_id: {receive_currency_id: slug}}` and get-exchange takes the slug as `pair` (an `id`
 * is accepted too, as some scripts do; the bot sends `pair`); a `positionalDirections` variant
 * writes the direction it answers as an array (positional.ts). The other results are undocumented and
 * written as the dialect says (dialect.ts): currencies as a list or keyed by id under its own field
 * names, status as an object, a sentence or a boolean, the referral program as an object, a list or text.
 */
import type { Language } from "../../languages.js";
import type { Dialect } from "../dialect.js";
import { SandboxError } from "../errors.js";
import { formatDateTime } from "../format.js";
import { localize, type LocalizedText } from "../i18n.js";
import {
  findDirection,
  findDirectionBySlug,
  type SandboxCurrency,
  type SandboxDirection,
} from "../state.js";
import type { PublicMethod } from "./types.js";
import {
  CURRENCY_POSITIONS,
  DIRECTION_INPUT_POSITIONS,
  DIRECTION_POSITIONS,
  REFERRAL_POSITIONS,
  STATUS_POSITIONS,
  toPositional,
} from "../positional.js";

export const SANDBOX_VERSION = "Exchanger CMS 3.8 (sandbox)";

const REFERRAL_DESCRIPTION: LocalizedText = {
  en: "Invite friends with your referral link and receive 0.5% of every exchange they complete, plus 0.1% from their referrals.",
  ru: "Приглашайте друзей по реферальной ссылке и получайте 0,5% с каждого их обмена и 0,1% с обменов их рефералов.",
  uk: "Запрошуйте друзів за реферальним посиланням і отримуйте 0,5% з кожного їхнього обміну та 0,1% з обмінів їхніх рефералів.",
};

/** The referral levels as a script that answers with a list writes them: one sentence per level. */
const REFERRAL_LEVELS: LocalizedText[] = [
  {
    en: "Level 1: 0.5% of every exchange",
    ru: "Уровень 1: 0,5% с каждого обмена",
    uk: "Рівень 1: 0,5% з кожного обміну",
  },
  {
    en: "Level 2: 0.1% of every exchange",
    ru: "Уровень 2: 0,1% с каждого обмена",
    uk: "Рівень 2: 0,1% з кожного обміну",
  },
];

/** The status as a script that answers with one sentence writes it. */
const STATUS_SENTENCE: LocalizedText = {
  en: "All systems are working normally",
  ru: "Все системы работают в обычном режиме",
  uk: "Усі системи працюють у звичайному режимі",
};

function currencyView(
  { name, code, ...rest }: SandboxCurrency,
  language: Language,
  dialect: Dialect,
) {
  const { nameKey, codeKey } = dialect.currencies;
  return { ...rest, [nameKey]: localize(name, language), [codeKey]: code };
}

function directionView({ inputs, ...rest }: SandboxDirection, language: Language) {
  return { ...rest, inputs: inputs.map((i) => ({ ...i, name: localize(i.name, language) })) };
}

/** A direction's fields as a framework keys a collection: by id, each with its title. */
function keyedInputs(inputs: ReadonlyArray<{ id: number; name: string; required?: boolean }>) {
  return Object.fromEntries(
    inputs.map((input) => [
      String(input.id),
      { title: input.name, required: input.required === false ? 0 : 1 },
    ]),
  );
}

export const getCurrencies: PublicMethod = ({ state, language, dialect }) => {
  if (dialect.positional)
    return {
      result: state.currencies.map((c) =>
        toPositional({ ...c, name: localize(c.name, language) }, CURRENCY_POSITIONS),
      ),
    };
  const views = state.currencies.map((c) => currencyView(c, language, dialect));
  if (dialect.currencies.shape === "list") return { result: views };
  return { result: Object.fromEntries(views.map((view) => [String(view.id), view])) };
};

/** The directions map. Ids become keys, so they are strings on the wire, as PHP writes them. */
export const getExchanges: PublicMethod = ({ state }) => {
  const map: Record<string, Record<string, string>> = {};
  for (const d of state.directions) {
    if (d.active === false) continue;
    (map[String(d.send_currency_id)] ??= {})[String(d.receive_currency_id)] = d.slug;
  }
  return { result: map };
};

export const getExchange: PublicMethod = ({ state, params, language, dialect }) => {
  const pair = params.get("pair")?.trim();
  const id = params.get("id")?.trim();
  if (pair === undefined && id === undefined) throw new SandboxError("required", { name: "pair" });
  const direction =
    pair !== undefined ? findDirectionBySlug(state, pair) : findDirection(state, id);
  if (!direction) throw new SandboxError("directionNotFound", { id: pair ?? id ?? "" });
  const view = directionView(direction, language);
  if (dialect.framework) return { result: { ...view, inputs: keyedInputs(view.inputs) } };
  if (!dialect.positionalDirections) return { result: view };
  const inputs = view.inputs.map((input) => toPositional(input, DIRECTION_INPUT_POSITIONS));
  return { result: toPositional({ ...view, inputs }, DIRECTION_POSITIONS) };
};

export const getStatus: PublicMethod = ({ now, language, dialect }) => {
  if (dialect.status === "boolean") return { result: true };
  if (dialect.status === "string") return { result: localize(STATUS_SENTENCE, language) };
  const status = {
    online: true,
    time: Math.floor(now / 1000),
    datetime: formatDateTime(now),
    timezone: "UTC",
    version: SANDBOX_VERSION,
    name: "Sandbox Exchanger",
    maintenance: false,
  };
  return { result: dialect.positional ? toPositional(status, STATUS_POSITIONS) : status };
};

export const getReferralProgram: PublicMethod = ({ language, dialect }) => {
  if (dialect.referralProgram === "string")
    return { result: localize(REFERRAL_DESCRIPTION, language) };
  if (dialect.referralProgram === "array")
    return { result: REFERRAL_LEVELS.map((level) => localize(level, language)) };
  const program = {
    enabled: true,
    percent: "0.5",
    levels: 2,
    levels_percent: ["0.5", "0.1"],
    min_payout: "10.00",
    payout_currency: "USD",
    cookie_days: 90,
    description: localize(REFERRAL_DESCRIPTION, language),
  };
  return { result: dialect.positional ? toPositional(program, REFERRAL_POSITIONS) : program };
};

/** The site's name and contacts, as the state holds them (a positional array by default). */
export const getSocial: PublicMethod = ({ state }) => ({ result: state.social });
