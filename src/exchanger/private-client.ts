/**
 * The operator's Private API (docs/exchanger-api.md, "Private API"): creating an order for a customer with
 * the key the exchanger's administrator issued (PRIVATE_API_KEY). Separate from the user client: its
 * key is the operator's, not a chat's, so its failures mean different things.
 *
 * Every call goes through the user client's transport (`writeOnce`): one pool, one envelope reading,
 * the same error classes, the key scrubbed from server messages, never logged.
 *
 * How a call ends:
 * - the order object (a raw record, as get-orders lists it);
 * - OperatorKeyRefused: the server refuses the operator key, or the Private API (or this method) is
 *   switched off. The user must never hear that THEIR key is wrong (it is not theirs): this is never
 *   Unauthorized, which the bot's error handling answers with "link again";
 * - ExchangerError: the server refused this order (amount out of limits, a field it does not accept…);
 *   `serverMessage` says why, when the server says anything;
 * - Unavailable: no usable answer. For createOrder the outcome is UNKNOWN: the order may exist. It is
 *   never sent again by this client; the flow must look at the user's orders (get-orders, newest first)
 *   for an order of this direction and amount that was not there before, and otherwise say "check your
 *   orders" — never "failed", never an invitation to press Create again.
 *
 * A refusal under HTTP 401/403 names the key. Many servers send every refusal with HTTP 200, where a
 * rejected key and a bad amount look alike; then `probeKey` decides (see there).
 */
import { readOrder } from "./normalize/order.js";
import { randomBytes } from "node:crypto";
import type { Params } from "./encoding.js";
import type { ExchangerClientWithStats } from "./client.js";
import { ExchangerError, Unauthorized, Unavailable } from "./errors.js";
import { fieldParameterName } from "./field-parameter.js";
import type { Language, Order } from "./types.js";

export const CREATE_ORDER_PATH = "/private-api-create-order";
const METHOD = CREATE_ORDER_PATH.slice(1);

/** The server refuses the operator's key, or the Private API is switched off. */
export class OperatorKeyRefused extends Error {
  constructor(
    readonly method: string,
    readonly serverMessage: string | undefined,
    readonly httpStatus: number,
  ) {
    super(
      `${method}: the exchanger refuses the Private API key or has the Private API switched off (HTTP ${httpStatus})`,
    );
    this.name = "OperatorKeyRefused";
  }
}

/** One required field of the direction, by the name the direction gives it (in the order's language). */
export interface OrderField {
  name: string;
  value: string;
}

export interface CreateOrderRequest {
  /** The direction's slug, as in the directions map. */
  slug: string;
  /** The amount to send as a decimal string (exchange-quote.ts formats it); never a float. */
  sendAmount: string;
  /** The customer's login, read with their own key (get-info) just before; the order is theirs then. */
  userLogin?: string;
  referrerLogin?: string;
  /** Each required field of the direction; sent under fieldParameterName(name). */
  fields: readonly OrderField[];
  /** The language the direction (and so its field names) was read in; the server answers in it too. */
  language: Language;
}

/**
 * What probing the key found. `undetermined`: the server answers a bogus key exactly like ours and
 * says nothing (an error envelope without `message`, same HTTP status), so nothing tells them apart.
 */
export type KeyVerdict = "accepted" | "refused" | "undetermined";

/** The answer a probe got, for `npm run doctor` to show. */
export interface ProbeAnswer {
  httpStatus: number;
  serverMessage: string | undefined;
}

export interface KeyProbe {
  verdict: KeyVerdict;
  /** How the server answered our key, and (when asked) a key it cannot know. */
  ours: ProbeAnswer | "success";
  bogus?: ProbeAnswer | "success" | "refused-by-status";
}

export interface PrivateClient {
  /** Sent exactly once; see the module comment for what each failure means. */
  createOrder(request: CreateOrderRequest): Promise<Order>;
  /** Tells whether the server accepts the key, creating nothing. */
  probeKey(language: Language): Promise<KeyProbe>;
}

/** The form parameters of a create-order call, in the documented names. */
export function createOrderParams(request: CreateOrderRequest): Params {
  const params: Params = {
    slug: request.slug,
    send_amount: request.sendAmount,
    user_login: request.userLogin,
    referrer_login: request.referrerLogin,
  };
  for (const field of request.fields) {
    const name = fieldParameterName(field.name);
    // A field whose name has no letter or digit has no parameter name; sending "" would be ignored
    // by the server and end in a confusing "field required".
    if (name === "")
      throw new Error(`the direction field "${field.name}" has no name to send it under`);
    if (Object.hasOwn(params, name))
      throw new Error(`the direction field "${field.name}" collides with the parameter ${name}`);
    params[name] = field.value;
  }
  params.language = request.language;
  return params;
}

type Transport = Pick<ExchangerClientWithStats, "writeOnce">;

export function createPrivateClient(transport: Transport, operatorKey: string): PrivateClient {
  const send = (key: string, params: Params, secrets: ReadonlyArray<string | undefined> = []) =>
    transport.writeOnce({
      path: CREATE_ORDER_PATH,
      apiKey: key,
      params,
      secrets: [operatorKey, ...secrets],
    });

  /**
   * A create-order call WITHOUT slug and amount, which no server can turn into an order, sent with our
   * key and then (when that is refused with HTTP 200) with a random key no server knows. A server that
   * accepts our key refuses the first for the missing slug — not as it refuses the bogus key; a server
   * that refuses our key (or has the Private API off) answers both alike. A call that cannot reach the
   * server throws Unavailable.
   */
  async function probeKey(language: Language): Promise<KeyProbe> {
    const ours = await answerOf(() => send(operatorKey, { language }));
    if (ours === "success") return { verdict: "accepted", ours };
    if (ours instanceof Unauthorized) return { verdict: "refused", ours: probeAnswer(ours) };
    const bogusKey = `probe-${randomBytes(16).toString("hex")}`;
    const bogus = await answerOf(() => send(bogusKey, { language }, [bogusKey]));
    const oursAnswer = probeAnswer(ours);
    if (bogus === "success") return { verdict: "undetermined", ours: oursAnswer, bogus };
    if (bogus instanceof Unauthorized)
      return { verdict: "accepted", ours: oursAnswer, bogus: "refused-by-status" };
    const bogusAnswer = probeAnswer(bogus);
    return { verdict: compared(oursAnswer, bogusAnswer), ours: oursAnswer, bogus: bogusAnswer };
  }

  return {
    async createOrder(request) {
      let result: unknown;
      // The values the user typed are secrets of the trace log too.
      const typed = request.fields.map((f) => f.value);
      try {
        result = (await send(operatorKey, createOrderParams(request), typed)).result;
      } catch (error) {
        throw await settle(error, () => probeKey(request.language));
      }
      // The order object is the documented answer. Anything else cannot be shown, yet the order may well
      // exist: Unavailable, the same "outcome unknown" as a lost answer (look it up in get-orders).
      // Read like every listed order (normalize/order.ts): the same shapes are tolerated.
      const order = readOrder(result);
      if (order === undefined)
        throw new Unavailable(METHOD, "bad-response", "result is not an order object");
      return order;
    },
    probeKey,
  };
}

/**
 * A refused creation: the key's fault (OperatorKeyRefused) or this order's (the error as it was).
 * Only a plain refusal asks the probe, since only then can the key be the reason.
 */
async function settle(error: unknown, probeKey: () => Promise<KeyProbe>): Promise<unknown> {
  if (error instanceof Unauthorized)
    return new OperatorKeyRefused(METHOD, error.serverMessage, error.httpStatus);
  // An error envelope under 5xx is a crash report, not a verdict: the script may have failed after
  // writing the order. Like a lost answer, its outcome is unknown.
  if (error instanceof ExchangerError && error.httpStatus >= 500) {
    return new Unavailable(
      METHOD,
      "server-error",
      "an error envelope under a 5xx status",
      error.httpStatus,
    );
  }
  if (!(error instanceof ExchangerError)) return error;
  try {
    const probe = await probeKey();
    return probe.verdict === "refused"
      ? new OperatorKeyRefused(METHOD, error.serverMessage, error.httpStatus)
      : error;
  } catch {
    // A probe that cannot reach the server proves nothing: the refusal stands as the server said it.
    return error;
  }
}

/**
 * Our key's refusal beside the bogus key's: answered differently, ours was accepted (the refusal is
 * about the missing slug); alike with a message, ours is refused too; alike without one, nothing tells.
 */
function compared(ours: ProbeAnswer, bogus: ProbeAnswer): KeyVerdict {
  const alike = bogus.httpStatus === ours.httpStatus && bogus.serverMessage === ours.serverMessage;
  if (!alike) return "accepted";
  return ours.serverMessage === undefined ? "undetermined" : "refused";
}

/** How one probe call ended: "success", or its refusal. Unavailable (and anything else) propagates. */
async function answerOf(
  run: () => Promise<unknown>,
): Promise<"success" | ExchangerError | Unauthorized> {
  try {
    await run();
    return "success";
  } catch (error) {
    if (error instanceof Unauthorized) return error;
    if (error instanceof ExchangerError && error.httpStatus < 500) return error;
    throw error;
  }
}

function probeAnswer(error: ExchangerError | Unauthorized): ProbeAnswer {
  return { httpStatus: error.httpStatus, serverMessage: error.serverMessage };
}
