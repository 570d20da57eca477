/**
 * Public screens as text: the currency list, one exchange direction, the exchanger's status and its
 * referral program. The spec leaves these shapes open ("not shown"), so the well-known fields get a
 * translated label and a place of honour, everything else is shown humanized. Every value is escaped.
 */
import {
  type Currency,
  type Direction,
  type Extras,
  type PublicInfo,
  currencyLabel,
} from "../../../exchanger/index.js";
import type { Translator } from "../../context.js";
import {
  clip,
  displayValue,
  escapeHtml,
  fieldLines,
  fitMessage,
  looksSecret,
} from "../../ui/html.js";
import { fieldLabel, fieldLabels } from "../../ui/field-names.js";
import { formatAmount, formatNumber, formatPercent } from "../../ui/money.js";
import { presentFieldValues } from "../../ui/field-values.js";
import { formatDate } from "../../ui/dates.js";

type T = Translator;

/** "2 450 000,00 Visa/Mastercard UAH": a value with the currency it is counted in, escaped. */
const withUnit = (value: string, unit: string): string =>
  escapeHtml(unit ? `${clip(value, 60)} ${clip(unit, 60)}` : clip(value, 60));

// ---- currencies ---------------------------------------------------------------------------------------

/** Fields that say nothing to a customer (ids, pictures, sort order) or are shown already. */
const CURRENCY_SKIP =
  /^(id|name|code|reserve|decimals)$|icon|logo|image|img|url|sort|position|order|hidden|visible/i;
const MAX_CURRENCY_EXTRAS = 3;

export function currencyLines(ctx: T, currency: Currency): string[] {
  // The name a customer knows, not the exchanger's internal code ("CARDUAH"); the reserve in it.
  const name = currencyLabel(currency);
  const head = `<b>${escapeHtml(clip(name, 80))}</b>`;
  const extras: string[] = [];
  const reserve = displayValue(currency.reserve);
  if (reserve !== undefined) {
    const amount = formatAmount(ctx, reserve, currency.decimals);
    extras.push(ctx.t("info-currency-reserve", { value: withUnit(amount, name) }));
  }
  let others = 0;
  for (const [key, raw] of Object.entries(currency)) {
    if (others >= MAX_CURRENCY_EXTRAS || CURRENCY_SKIP.test(key) || looksSecret(key, raw)) continue;
    const value = typeof raw === "object" ? undefined : extraValue(ctx, currency, key, raw);
    if (value === undefined) continue;
    const label = fieldLabel(ctx, key, "currency");
    extras.push(`${escapeHtml(label)}: ${escapeHtml(clip(value, 40))}`);
    others++;
  }
  return extras.length > 0 ? [head, extras.join(" · ")] : [head];
}

/** The kinds of currency Exchanger CMS lists, in the reader's words (any other kind as written). */
const CURRENCY_TYPES = new Set(["crypto", "fiat", "ewallet"]);

/** A currency's extra field as shown: amounts (limits) in the reader's language, kinds in words. */
function extraValue(ctx: T, currency: Currency, key: string, raw: unknown): string | undefined {
  const value = displayValue(raw);
  if (value === undefined) return undefined;
  if (/(^|_)(min|max)(_|$)|amount/i.test(key)) return formatAmount(ctx, value, currency.decimals);
  const kind = value.trim().toLowerCase();
  if (key === "type" && CURRENCY_TYPES.has(kind)) return ctx.t(`info-currency-type-${kind}`);
  return value;
}

// ---- one direction ------------------------------------------------------------------------------------

/** What the direction asks the customer to fill in, optional ones marked. */
function inputLines(ctx: T, fields: Direction["fields"]): string[] {
  if (fields.length === 0)
    return [ctx.t("info-direction-inputs"), ctx.t("info-direction-no-inputs")];
  return [
    ctx.t("info-direction-inputs"),
    ...fields.map(
      (field) =>
        `• ${escapeHtml(clip(field.label, 100))}${field.required ? "" : ` ${ctx.t("info-direction-optional")}`}`,
    ),
  ];
}

/**
 * `names`: the two currencies as the currency list names them (`#id` when it does not know one); the
 * direction's own name stands in for an unknown one. Rates, limits and the reserve are written in the
 * reader's language with those names as units, amounts at the currency's precision.
 */
export function directionCard(
  ctx: T,
  direction: Direction,
  send: Currency | undefined,
  receive: Currency | undefined,
  names: { send: string; receive: string },
): string {
  const sendName = send ? names.send : (direction.send.name ?? direction.send.code ?? names.send);
  const receiveName = receive
    ? names.receive
    : (direction.receive.name ?? direction.receive.code ?? names.receive);
  const lines = [
    ctx.t("info-direction-title", { send: escapeHtml(sendName), receive: escapeHtml(receiveName) }),
  ];
  const sendAmount = (value: string) =>
    withUnit(formatAmount(ctx, value, send?.decimals), sendName);
  const receiveAmount = (value: string) =>
    withUnit(formatAmount(ctx, value, receive?.decimals), receiveName);

  if (direction.rate)
    lines.push(
      ctx.t("info-direction-rate", {
        send: withUnit(formatNumber(ctx, direction.rate.send), sendName),
        receive: withUnit(formatNumber(ctx, direction.rate.receive), receiveName),
      }),
    );
  if (direction.min !== undefined)
    lines.push(ctx.t("info-direction-min", { value: sendAmount(direction.min) }));
  if (direction.max !== undefined)
    lines.push(ctx.t("info-direction-max", { value: sendAmount(direction.max) }));
  // The direction's own reserve when it has one, else what the exchanger holds of the receive currency.
  const reserve = direction.reserve ?? displayValue(receive?.reserve);
  if (reserve !== undefined)
    lines.push(ctx.t("info-direction-reserve", { value: receiveAmount(reserve) }));

  const rest = fieldLines(direction.extras, {
    maxValue: 200,
    label: fieldLabels(ctx, "direction"),
    number: (value) => formatNumber(ctx, value),
  });
  if (rest.length > 0) lines.push("", ...rest);

  if (direction.listsFields) lines.push("", ...inputLines(ctx, direction.fields));
  if (direction.unplaced !== undefined)
    lines.push("", ctx.t("unplaced-values", { count: direction.unplaced }));
  return fitMessage(lines);
}

// ---- status -------------------------------------------------------------------------------------------

/** true/false from the ways a PHP server says yes and no; undefined when it does not say. */
function flag(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string" && /^(0|1|true|false|yes|no|on|off)$/i.test(value.trim()))
    return /^(1|true|yes|on)$/i.test(value.trim());
  return undefined;
}

/** A list answer as bullet lines, one per item (never "0: …, 1: …"). */
function listLines(items: unknown[], label: (key: string) => string): string[] {
  return items
    .map((item) => displayValue(item, label))
    .filter((v): v is string => v !== undefined)
    .map((v) => `• ${escapeHtml(clip(v, 500))}`);
}

/** The values of a positional answer that have no names: said to be there (never guessed at). */
const unplacedLine = (ctx: T, info: { unplaced?: number }): string[] =>
  info.unplaced === undefined ? [] : ["", ctx.t("unplaced-values", { count: info.unplaced })];

/** A sentence answer, unless it is only a yes/no word ("1", "online"…), which reads better as words. */
const textLines = (text: string): string[] => (text === "" ? [] : [escapeHtml(clip(text, 3000))]);

const ONLINE_WORD = /^(online|ok|up|working|open)$/i;
const OFFLINE_WORD = /^(offline|down|closed|maintenance)$/i;

function statusFlag(text: string): boolean | undefined {
  const word = text.trim();
  if (ONLINE_WORD.test(word)) return true;
  if (OFFLINE_WORD.test(word)) return false;
  return flag(word);
}

/** /status in whichever form the server answered: fields, a list, a sentence or a yes/no. */
export function statusCard(ctx: T, info: PublicInfo): string {
  const lines = [ctx.t("info-status-title")];
  const online =
    info.kind === "flag" ? info.value : info.kind === "text" ? statusFlag(info.text) : undefined;
  if (online !== undefined)
    lines.push(ctx.t(online ? "info-status-online" : "info-status-offline"));
  else if (info.kind === "text") lines.push(...textLines(info.text));
  else if (info.kind === "list")
    lines.push(...listLines(info.items, fieldLabels(ctx, "status")), ...unplacedLine(ctx, info));
  else if (info.kind === "fields") lines.push(...statusFields(ctx, info.fields));
  if (lines.length === 1) lines.push(ctx.t("info-nothing"));
  return fitMessage(lines);
}

function statusFields(ctx: T, status: Extras): string[] {
  const lines: string[] = [];
  const online = flag(status.online);
  const maintenance = flag(status.maintenance);
  if (maintenance) lines.push(ctx.t("info-status-maintenance"));
  else if (online !== undefined)
    lines.push(ctx.t(online ? "info-status-online" : "info-status-offline"));
  // A unix `time` says nothing to a person when a readable `datetime` is there too.
  const skip = [
    "online",
    "maintenance",
    ...(displayValue(status.datetime) !== undefined ? ["time"] : []),
  ];
  // The server's clock in the one date format (ui/dates.ts): the reader's language, UTC stated.
  const shown: Extras = { ...status };
  if (skip.includes("time")) shown.datetime = formatDate(ctx, status.datetime);
  else if (status.time !== undefined) shown.time = formatDate(ctx, status.time);
  const rest = fieldLines(shown, {
    skip,
    label: fieldLabels(ctx, "status"),
    number: (value) => formatNumber(ctx, value),
  });
  if (rest.length > 0) lines.push("", ...rest);
  return lines;
}

// ---- referral program ---------------------------------------------------------------------------------

/** "0,5 %" in ru/uk, "0.5%" in English (ui/money.ts formatPercent: the one percentage format). */
export const percent = (ctx: T, value: string): string => formatPercent(ctx, value);

/** /referral in whichever form the server answered: fields, a list, a sentence or a yes/no. */
export function referralCard(ctx: T, info: PublicInfo): string {
  const lines = [ctx.t("info-referral-title"), ...referralProgramLines(ctx, info)];
  if (lines.length === 1) lines.push(ctx.t("info-nothing"));
  return fitMessage(lines);
}

/** The program's own lines (what the card shows under its title); none when the server says nothing. */
export function referralProgramLines(ctx: T, info: PublicInfo): string[] {
  const lines: string[] = [];
  if (info.kind === "flag")
    lines.push(ctx.t(info.value ? "info-referral-on" : "info-referral-off"));
  else if (info.kind === "text") lines.push(...textLines(info.text));
  else if (info.kind === "list")
    lines.push(
      ...listLines(info.items, fieldLabels(ctx, "referral-program")),
      ...unplacedLine(ctx, info),
    );
  else if (info.kind === "fields") lines.push(...referralFields(ctx, info.fields));
  while (lines.at(-1) === "") lines.pop();
  return lines;
}

function referralFields(ctx: T, program: Extras): string[] {
  const lines: string[] = [];
  const used = new Set([
    "enabled",
    "description",
    "percent",
    "levels",
    "levels_percent",
    "min_payout",
    "payout_currency",
    "cookie_days",
  ]);
  if (flag(program.enabled) === false) lines.push(ctx.t("info-referral-off"));
  const description = displayValue(program.description);
  if (description !== undefined) lines.push(escapeHtml(clip(description, 1500)));
  lines.push("");

  const reward = displayValue(program.percent);
  if (reward !== undefined)
    lines.push(ctx.t("info-referral-percent", { value: escapeHtml(percent(ctx, reward)) }));
  const levels = levelsLine(ctx, program);
  if (levels !== undefined) lines.push(levels);
  const payout = displayValue(program.min_payout);
  if (payout !== undefined) {
    const currency = displayValue(program.payout_currency);
    lines.push(
      ctx.t("info-referral-min-payout", {
        value: withUnit(formatAmount(ctx, payout), currency ?? ""),
      }),
    );
  } else if (displayValue(program.payout_currency) !== undefined) {
    used.delete("payout_currency");
  }
  const days = Number(program.cookie_days);
  if (program.cookie_days !== undefined && Number.isFinite(days))
    lines.push(ctx.t("info-referral-cookie", { days }));
  else used.delete("cookie_days");

  lines.push(
    ...fieldLines(presentFieldValues(ctx, program), {
      skip: used,
      label: fieldLabels(ctx, "referral-program"),
      number: (value) => formatNumber(ctx, value),
    }),
  );
  return lines;
}

/** The reward of each level when the exchanger lists them; otherwise only how many levels there are. */
function levelsLine(ctx: T, program: Extras): string | undefined {
  const levels = levelRewards(program.levels_percent) ?? levelRewards(program.levels) ?? [];
  if (levels.length > 0) {
    const list = levels.map(({ level, reward }) =>
      ctx.t("info-referral-level", { level, value: escapeHtml(percent(ctx, reward)) }),
    );
    return ctx.t("info-referral-levels", { value: list.join(", ") });
  }
  const levelCount = Array.isArray(program.levels)
    ? String(program.levels.length || "")
    : displayValue(program.levels);
  return levelCount === undefined || levelCount === ""
    ? undefined
    : ctx.t("info-referral-levels", { value: escapeHtml(levelCount) });
}

/** Where a level object keeps its number and its reward, as servers name them. */
const LEVEL_KEYS = ["level", "lvl", "depth", "tier", "number", "id"];
const REWARD_KEYS = ["percent", "percentage", "reward", "rate", "value", "commission", "bonus"];

export interface LevelReward {
  level: number;
  reward: string;
}

/**
 * The levels' rewards in any form servers send: a list of percentages (["0.5", "0.1"]), a list of
 * objects ([{level: 1, percent: "0.5"}]), a map by level ({"1": "0.5"} or {"1": {percent: 0.5}});
 * in level order. Undefined when the value holds no reward at all (a count: `levels: 2`).
 */
export function levelRewards(value: unknown): LevelReward[] | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  const levels = entries.flatMap(([key, item], i) => {
    const reward = rewardOf(item);
    if (reward === undefined) return [];
    return [{ level: levelOf(item) ?? levelFromKey(key) ?? i + 1, reward }];
  });
  return levels.length > 0 ? levels.sort((a, b) => a.level - b.level) : undefined;
}

function rewardOf(item: unknown): string | undefined {
  if (item === null || typeof item !== "object") return numeric(displayValue(item));
  const fields = item as Record<string, unknown>;
  for (const key of REWARD_KEYS) {
    const value = numeric(displayValue(fields[key]));
    if (value !== undefined) return value;
  }
  return undefined;
}

function levelOf(item: unknown): number | undefined {
  if (item === null || typeof item !== "object" || Array.isArray(item)) return undefined;
  const fields = item as Record<string, unknown>;
  for (const key of LEVEL_KEYS) {
    const level = Number(fields[key]);
    if (fields[key] !== undefined && Number.isInteger(level) && level > 0) return level;
  }
  return undefined;
}

const levelFromKey = (key: string | undefined): number | undefined => {
  const digits = key?.match(/\d+/)?.[0];
  return digits === undefined ? undefined : Number(digits);
};

/** "0.5", "0,5 %", 0.5 → the number as text; anything else (a word) is no reward. */
const numeric = (value: string | undefined): string | undefined =>
  value !== undefined && /^\s*\d+(?:[.,]\d+)?\s*%?\s*$/.test(value)
    ? value.trim().replace(",", ".")
    : undefined;
