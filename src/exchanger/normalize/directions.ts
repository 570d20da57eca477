/**
 * The directions catalogue (`public-api-get-exchanges`). Documented shape: a map keyed by send-currency
 * id whose values map receive-currency ids to the direction's slug — `{"1": {"2": "eth-btc"}}` — and the
 * slug is what `public-api-get-exchange` takes as `pair`. Ids may be strings or numbers, and a PHP map
 * whose keys happen to be 0..n arrives as a JSON list, so both levels accept either.
 *
 * Older scripts answered with a list of direction objects instead; those are still read, their slug
 * taken from `slug`/`pair` (else the id), and switched-off ones (`active: false`) left out.
 */
import { isPlainObject } from "../envelope.js";
import type { Direction } from "./direction.js";
import { readDirection } from "./direction.js";

/**
 * One entry of the directions map (`public-api-get-exchanges`): what is sent, what is received, and the
 * slug that `public-api-get-exchange` takes as `pair`. Ids are kept as text.
 */
export interface DirectionLink {
  sendCurrencyId: string;
  receiveCurrencyId: string;
  pair: string;
  /** Only from old-style servers that list whole direction objects: what the list said about it. */
  summary?: Direction;
}

/** An entry of an old-style list: a whole direction object as the server wrote it. */
type RawDirection = Record<string, unknown>;

/** The links of every direction, or undefined when the result is neither a map nor a list of directions. */
export function readDirectionMap(result: unknown): DirectionLink[] | undefined {
  if (result === null || result === undefined || result === false || result === "") return [];
  const outer = entriesOf(result);
  if (outer === undefined) return undefined;
  const links: DirectionLink[] = [];
  for (const [sendKey, value] of outer) {
    if (isDirectionObject(value)) {
      const link = linkFromObject(value);
      if (link) links.push(link);
      continue;
    }
    const inner = entriesOf(value);
    if (inner === undefined) continue;
    for (const [receiveKey, target] of inner) {
      const pair = slugOf(target);
      if (pair !== undefined && idText(sendKey) && idText(receiveKey))
        links.push({ sendCurrencyId: sendKey, receiveCurrencyId: receiveKey, pair });
    }
  }
  return links;
}

/** A slug written as text, a number, or (some builds) an object carrying it. */
function slugOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (isPlainObject(value)) return slugOf(value.slug) ?? slugOf(value.pair) ?? slugOf(value.id);
  return undefined;
}

function isDirectionObject(value: unknown): value is RawDirection {
  return isPlainObject(value) && "send_currency_id" in value && "receive_currency_id" in value;
}

function linkFromObject(direction: RawDirection): DirectionLink | undefined {
  const active = direction.active;
  if (active === false || active === 0 || active === "0") return undefined;
  const send = idText(direction.send_currency_id);
  const receive = idText(direction.receive_currency_id);
  const pair = slugOf(direction.slug) ?? slugOf(direction.pair) ?? slugOf(direction.id);
  if (!send || !receive || pair === undefined) return undefined;
  return {
    sendCurrencyId: send,
    receiveCurrencyId: receive,
    pair,
    summary: readDirection(direction, pair)!,
  };
}

/** [key, value] pairs of an object, or of a list with its indexes as keys. */
function entriesOf(value: unknown): Array<[string, unknown]> | undefined {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (isPlainObject(value)) return Object.entries(value);
  return undefined;
}

function idText(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim() !== "") return value.trim();
  return undefined;
}
