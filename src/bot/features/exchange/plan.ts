/**
 * What the exchange flow knows of a direction, read fresh (rates move) and kept as plain JSON (it sits
 * in the conversation's replay log): the slug create-order takes, both currencies with their display
 * names and decimals, the calculator's terms, and the required fields with their parameter names.
 * Read in the chat's language: field names come back translated, and create-order is sent in the same
 * language (private-client.ts).
 */
import {
  currencyLabel,
  quoteTermsOf,
  smallerReserve,
  type QuoteTerms,
  type Currency,
  type Language,
} from "../../../exchanger/index.js";
import type { BotDeps } from "../../context.js";

/** Decimals when neither the direction nor the currency list says: enough for any coin. */
const FALLBACK_DECIMALS = 8;

export interface PlanSide {
  id: string;
  /** "Tether TRC20": the name from the currency list (what follows an amount on every screen). */
  label: string;
  /** "USDTTRC20": the exchanger's code (matching saved fields and details). */
  code: string;
}

export interface PlanField {
  id: string;
  /** The server's name (translated): the parameter name derives from it. */
  name: string;
  label: string;
  param: string;
}

export interface ExchangePlan {
  slug: string;
  directionId?: string;
  send: PlanSide;
  receive: PlanSide;
  terms: QuoteTerms;
  fields: PlanField[];
}

export type PlanReading =
  | { ok: true; plan: ExchangePlan }
  /** The pair is no longer among the open directions, or its object has no usable rate. */
  | { ok: false; problem: "gone" | "no-rate" | "unsure-rate"; send: string; receive: string };

function sideOf(
  byId: Map<string, Currency>,
  labels: ReadonlyMap<string, string>,
  id: string,
  code?: string,
): PlanSide {
  const currency = byId.get(id);
  return {
    id,
    label: labels.get(id) ?? (currency ? currencyLabel(currency) : (code ?? `#${id}`)),
    code: currency?.code ?? code ?? currency?.name ?? `#${id}`,
  };
}

/** Reads the pair's direction now (get-exchange by its slug from the cached map). */
export async function readPlan(
  deps: BotDeps,
  language: Language,
  pair: { sendId: string; receiveId: string },
): Promise<PlanReading> {
  const [link, byId, labels] = await Promise.all([
    deps.directions.find(language, pair.sendId, pair.receiveId),
    deps.currencies.byId(language),
    deps.currencies.labels(language),
  ]);
  const send = sideOf(byId, labels, pair.sendId);
  const receive = sideOf(byId, labels, pair.receiveId);
  if (!link) return { ok: false, problem: "gone", send: send.label, receive: receive.label };
  const direction = await deps.exchanger.getExchange(language, link.pair);
  const terms = quoteTermsOf(direction, {
    send: byId.get(pair.sendId)?.decimals ?? FALLBACK_DECIMALS,
    receive: byId.get(pair.receiveId)?.decimals ?? FALLBACK_DECIMALS,
  });
  // A direction whose values a layout could not all place (a positional answer) may hold its rate
  // among them: said so, never calculated from a guess.
  const problem = direction.unplaced === undefined ? "no-rate" : "unsure-rate";
  if (!terms) return { ok: false, problem, send: send.label, receive: receive.label };
  // The reserve is the smaller of the direction's and the currency list's: either may be the stale one.
  const listed = byId.get(pair.receiveId)?.reserve;
  const reserve = smallerReserve(terms.reserve, typeof listed === "string" ? listed : undefined);
  if (reserve !== undefined) terms.reserve = reserve;
  const plan: ExchangePlan = {
    slug: direction.slug ?? link.pair,
    send: sideOf(byId, labels, pair.sendId, direction.send.code),
    receive: sideOf(byId, labels, pair.receiveId, direction.receive.code),
    terms,
    fields: direction.fields
      .filter((f) => f.required)
      .map(({ id, name, label, param }) => ({ id, name, label, param })),
  };
  if (direction.id !== undefined) plan.directionId = direction.id;
  return { ok: true, plan };
}
