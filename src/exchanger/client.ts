/**
 * The Exchanger CMS User API + public API client (docs/exchanger-api.md).
 *
 * - One undici Pool per client for the base URL's origin: keep-alive, so a busy bot reuses a handful of
 *   TCP/TLS connections instead of paying a handshake per call.
 * - Every call ends in a result or exactly one of ExchangerError / Unauthorized / Unavailable
 *   (errors.ts). Raw undici/Node errors never escape: they are rebuilt from their code only, so nothing
 *   they might carry (headers, request options) reaches a message, a stack or a log.
 * - Reads are retried on Unavailable with backoff; writes are attempted exactly once.
 * - Logs (debug) carry the method, HTTP status, duration and attempt number — never parameters.
 */
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import type { Logger } from "../logger.js";
import { toFormBody, toMultipart, toQueryString, type Params } from "./encoding.js";
import {
  interpret,
  isNothing,
  isPlainObject,
  parseEnvelope,
  toRecord,
  type Success,
} from "./envelope.js";
import { ExchangerError, Unauthorized, Unavailable, type UnavailableReason } from "./errors.js";
import { readCurrencies } from "./normalize/currencies.js";
import { readDirectionMap } from "./normalize/directions.js";
import { readSocial } from "./normalize/social.js";
import { readPublicInfo } from "./normalize/public-info.js";
import { readVerification } from "./normalize/verification.js";
import { readSavedFields, type SavedFields } from "./normalize/saved-fields.js";
import { readDirection } from "./normalize/direction.js";
import { accountOf, readAccount, type Account } from "./normalize/account.js";
import { withRetry, type RetryPolicy } from "./retry.js";
import { METHODS } from "./read/methods.js";
import { idOf } from "./normalize/values.js";
import { ServerProfile, readerOf } from "./server/profile.js";
import { learnLayout, LEARNING_LIMIT, type Row } from "./layouts/learn.js";
import { listPage, orderPage as orders } from "./list-page.js";
import {
  learnCurrencyLayout,
  learnDirectionFieldLayout,
  learnDirectionLayout,
  learnFromSubmission,
  learnSavedFieldLayout,
  learnVerificationLayout,
} from "./layouts/objects.js";
import type { Layout, LayoutObject } from "./normalize/layout.js";
import type {
  Caller,
  Currency,
  DetailFilters,
  Direction,
  DirectionLink,
  ExchangerClient,
  Id,
  Language,
  ListParams,
  Order,
  OrderFilters,
  Page,
  PaymentDetail,
  PhotoUpload,
  PublicInfo,
  SocialInfo,
  VerificationFields,
  Verification,
} from "./types.js";
import { VERIFICATION_FIELDS } from "./records.js";

export interface ExchangerClientOptions {
  /** The exchanger's base address; may carry a path prefix (https://x.com/api). Methods are appended. */
  baseUrl: string;
  /** EXCHANGER_TIMEOUT_MS: connect, headers, body, and the whole of one attempt. */
  timeoutMs: number;
  logger?: Logger;
  /** Reads only. attempts = total tries (default 3); baseDelayMs = first backoff (default 200). */
  retry?: RetryPolicy;
  /** Most connections open at once (default 16; the bot passes EXCHANGER_CONNECTIONS). */
  connections?: number;
  /**
   * Sees each success envelope as it arrived (method without the slash, HTTP status, raw `result` and
   * `pagination`) just before the method's reader turns it into the bot's types. Only `npm run doctor`
   * sets it: it describes what the server sent next to whether the bot's reader could use it, from
   * one and the same response.
   */
  onSuccess?: (method: string, httpStatus: number, success: Success) => void;
  /**
   * Sees how each call ended (after its retries) and how long it took in all: metrics and the
   * exchanger health the operator alerts derive from it (src/operator/). Never sees parameters.
   */
  onCall?: (method: string, outcome: CallOutcome, durationMs: number) => void;
  /** What the bot knows of the server (server/profile.ts): layouts, statuses, list order, page size; default: in memory. */
  profile?: ServerProfile;
}

/**
 * How a call ended, as monitoring counts it: `ok` an answer; `refused` the server's error envelope (an
 * answer too: the exchanger works); `unauthorized` the key was rejected; `unavailable` no usable answer.
 */
export type CallOutcome = "ok" | "refused" | "unauthorized" | "unavailable";

export function callOutcome(error: unknown): CallOutcome {
  if (error === undefined) return "ok";
  if (error instanceof Unauthorized) return "unauthorized";
  if (error instanceof ExchangerError) return "refused";
  return "unavailable";
}

export interface ExchangerClientStats {
  /** TCP connections opened so far (the Pool's 'connect' events). */
  connectionsOpened: number;
}

/**
 * One POST under a key of its own, attempted exactly once (never retried: the caller cannot know whether
 * a lost answer was acted on). The Private API client (private-client.ts) sends through it, so both
 * APIs share this pool, the envelope rules, the error classes, the scrubbing of the key, logs and metrics.
 */
export interface WriteOnce {
  path: string;
  apiKey: string;
  params: Params;
  /** Values the server might echo back, scrubbed from its messages with the key. */
  secrets?: ReadonlyArray<string | undefined>;
}

export type ExchangerClientWithStats = ExchangerClient & {
  stats(): ExchangerClientStats;
  writeOnce(spec: WriteOnce): Promise<Success>;
  /** The server profile this client reads by (the order pages and the doctor consult it). */
  readonly profile: ServerProfile;
  /**
   * An orders list's rows exactly as the server wrote them (positional servers), for the money proofs,
   * which compare them with the order shown independently of any layout; [] for named records.
   */
  orderRows(caller: Caller, params: OrderFilters & ListParams): Promise<readonly Row[]>;
};

/** A response bigger than this is not the API; reading on would only exhaust memory. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);

/** One API call as the transport sees it. */
interface CallSpec {
  /** "/user-api-get-orders"; also the method name in errors and logs (without the slash). */
  path: string;
  http: "GET" | "POST";
  /** User methods only; its presence makes the call authenticated. */
  apiKey?: string;
  params: Params;
  /** When set, the body is multipart/form-data with these photos under `photos[]`. */
  photos?: readonly PhotoUpload[];
  /** Reads may be retried; anything else is attempted exactly once. */
  read: boolean;
  /** Values the server might echo back (passwords, codes), scrubbed from its messages with the key. */
  secrets?: ReadonlyArray<string | undefined>;
}

/** Abort reason of our own per-attempt deadline, recognised when undici rejects with it. */
class DeadlineExceeded extends Error {
  override name = "DeadlineExceeded";
}

class ResponseTooLarge extends Error {
  override name = "ResponseTooLarge";
}

export function createExchangerClient(options: ExchangerClientOptions): ExchangerClientWithStats {
  const transport = new Transport(options);
  const user: UserCall = (path, caller, params, read, secrets) =>
    transport.call({
      path,
      http: "POST",
      apiKey: caller.apiKey,
      params: { ...params, language: caller.language },
      read,
      secrets,
    });
  const publicGet: PublicGet = (path, language, params = {}) =>
    transport.call({ path, http: "GET", params: { ...params, language }, read: true });
  const profile = options.profile ?? new ServerProfile();
  return {
    ...userReads(user, publicGet, profile),
    ...dataWrites(user, transport, profile),
    ...securedWrites(user),
    ...publicReads(publicGet, profile),
    close: () => transport.close(),
    stats: () => transport.stats(),
    writeOnce: ({ path, apiKey, params, secrets }) =>
      transport.call({ path, http: "POST", apiKey, params, read: false, secrets }),
    profile,
    orderRows: async (caller, params) =>
      rowsOf((await user(METHODS.orders.path, caller, orderParams(params), true)).result),
  };
}

/**
 * The HTTP side, shared by every method: one keep-alive pool for the origin, retries for reads only,
 * a deadline over each whole attempt, the envelope's verdict, and logs without parameters.
 */
class Transport {
  readonly #options: ExchangerClientOptions;
  readonly #pool: Pool;
  /** The pool talks to the origin; a path prefix of the base URL is put in front of every method path. */
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #retryPolicy: RetryPolicy;
  readonly #log: Logger | undefined;
  #connectionsOpened = 0;
  #closing: Promise<void> | undefined;

  constructor(options: ExchangerClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== "http:" && base.protocol !== "https:") {
      throw new Error("The exchanger base URL must start with http:// or https://");
    }
    this.#options = options;
    this.#prefix = base.pathname.replace(/\/+$/, "");
    this.#timeoutMs = options.timeoutMs;
    this.#retryPolicy = {
      attempts: options.retry?.attempts ?? 3,
      baseDelayMs: options.retry?.baseDelayMs ?? 200,
    };
    this.#log = options.logger?.child({ component: "exchanger" });
    this.#pool = new Pool(base.origin, {
      connections: options.connections ?? 16,
      connect: { timeout: options.timeoutMs },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.#pool.on("connect", () => {
      this.#connectionsOpened++;
    });
  }

  stats(): ExchangerClientStats {
    return { connectionsOpened: this.#connectionsOpened };
  }

  close(): Promise<void> {
    this.#closing ??= this.#pool.close();
    return this.#closing;
  }

  async call(spec: CallSpec): Promise<Success> {
    const method = spec.path.slice(1);
    if (spec.apiKey !== undefined && !isUsableKey(spec.apiKey)) {
      // A key with control characters or spaces can never be accepted (and undici would refuse the
      // header); status 0 marks that it was rejected here, before any request.
      throw new Unauthorized(method, undefined, 0);
    }
    const scrub = scrubber([spec.apiKey, ...(spec.secrets ?? [])]);
    const policy = spec.read ? this.#retryPolicy : { attempts: 1, baseDelayMs: 0 };
    const started = performance.now();
    try {
      const success = await withRetry(
        policy,
        (attempt) => this.#attemptOnce(spec, method, attempt, scrub),
        // A closing client stops retrying: the bot is shutting down, not waiting for the exchanger.
        (error) => error instanceof Unavailable && this.#closing === undefined,
      );
      this.#options.onCall?.(method, "ok", performance.now() - started);
      return success;
    } catch (error) {
      this.#options.onCall?.(method, callOutcome(error), performance.now() - started);
      throw error;
    }
  }

  async #attemptOnce(
    spec: CallSpec,
    method: string,
    attempt: number,
    scrub: (s: string) => string,
  ): Promise<Success> {
    const started = performance.now();
    let status: number | undefined;
    try {
      const text = await this.#exchange(spec, method, (s) => (status = s));
      const success = interpret(method, status!, parseEnvelope(text), scrub);
      this.#options.onSuccess?.(method, status!, success);
      this.#log?.debug({ method, status, durationMs: elapsed(started), attempt }, "exchanger call");
      return success;
    } catch (error) {
      this.#log?.debug(
        { method, status, durationMs: elapsed(started), attempt, error: describe(error) },
        "exchanger call failed",
      );
      throw error;
    }
  }

  /** Sends one request and reads the whole body (which also frees the connection for reuse). */
  async #exchange(
    spec: CallSpec,
    method: string,
    onStatus: (status: number) => void,
  ): Promise<string> {
    const controller = new AbortController();
    // undici's timeouts are per phase and the body timeout restarts with every chunk, so a server that
    // trickles bytes could hold a call forever; this deadline bounds the whole attempt.
    const deadline = setTimeout(() => controller.abort(new DeadlineExceeded()), this.#timeoutMs);
    let status: number | undefined;
    try {
      const response = await this.#pool.request({
        ...requestOf(spec, this.#prefix),
        signal: controller.signal,
      });
      status = response.statusCode;
      onStatus(status);
      const text = await readText(response.body);
      // undici hands a keep-alive socket back to the pool only one event-loop turn after the response
      // ends (it checks that the server did not close it meanwhile). A caller that sends its next
      // request right away would find the connection still busy and open a second one; yielding that
      // one turn here keeps sequential traffic on a single connection.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return text;
    } catch (error) {
      throw toUnavailable(method, error, status);
    } finally {
      clearTimeout(deadline);
    }
  }
}

/** Where the parameters go: the query string of a GET, else a form body (multipart with photos). */
function requestOf(spec: CallSpec, prefix: string) {
  const headers: Record<string, string> = { accept: "application/json" };
  let body: string | ReturnType<typeof toMultipart> | undefined;
  let path = prefix + spec.path;
  if (spec.apiKey !== undefined) headers["x-authorization"] = spec.apiKey;
  if (spec.http === "GET") {
    path += toQueryString(spec.params);
  } else if (spec.photos) {
    body = toMultipart(spec.params, spec.photos); // undici sets the multipart boundary header
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = toFormBody(spec.params);
  }
  return { method: spec.http, path, headers, body };
}

// ---- method helpers -------------------------------------------------------------------------------

/** A User API call under the caller's key and language; reads may be retried, writes never. */
type UserCall = (
  path: string,
  caller: Caller,
  params: Params,
  read: boolean,
  secrets?: CallSpec["secrets"],
) => Promise<Success>;

/** A public API read: no key, only the language. */
type PublicGet = (path: string, language: Language, params?: Params) => Promise<Success>;

/** A page of a list (list-page.ts listPage), or the "not a list" failure. */
function page<T>(path: string, success: Success, limit?: number): Page<T> {
  const read = listPage(success.result, success.pagination, limit);
  if (read === undefined) throw badShape(path, "a list");
  return read as Page<T>;
}

const orderParams = (p: (OrderFilters & ListParams) | undefined): Params => ({
  id: p?.id,
  token: p?.token,
  status: p?.status,
  exchange_id: p?.exchange_id,
  send_currency_id: p?.send_currency_id,
  receive_currency_id: p?.receive_currency_id,
  page: p?.page,
  limit: p?.limit,
});

/** Only the documented fields are sent, whatever else the object carries. */
function verificationParams(fields: VerificationFields, language: Language): Params {
  const params: Params = {};
  for (const name of VERIFICATION_FIELDS) params[name] = fields[name];
  return { ...params, language };
}

/**
 * The account id each key's user object named (get-info), by reader (a hash of the key): what lets
 * the profile see whose orders a list holds (server/owner-column.ts) at no extra call. Bounded.
 */
class KnownAccounts {
  readonly #ids = new Map<string, string>();
  note(reader: string, accountId: string | undefined): void {
    if (accountId === undefined) return;
    this.#ids.delete(reader);
    this.#ids.set(reader, accountId);
    if (this.#ids.size > 10_000) this.#ids.delete(this.#ids.keys().next().value!);
  }
  of(reader: string): string | undefined {
    return this.#ids.get(reader);
  }
}

/** The positional rows of a list's result (arrays among its items); [] when it holds none. */
function rowsOf(result: unknown): Row[] {
  return Array.isArray(result) ? (result.filter(Array.isArray) as Row[]) : [];
}

/**
 * The rate (receive per one sent) the direction between two currencies quotes now, through the public
 * API (the directions map, then the direction): what tells an order's rate from its amounts when its
 * layout is learned (layouts/amounts.ts). The map is read once per learning.
 */
function quoter(publicGet: PublicGet, language: Language) {
  let map: Promise<DirectionLink[] | undefined> | undefined;
  return async (send: string, receive: string): Promise<number | undefined> => {
    map ??= publicGet(METHODS.directions.path, language).then((s) => readDirectionMap(s.result));
    const pair = (await map)?.find(
      (l) => l.sendCurrencyId === send && l.receiveCurrencyId === receive,
    )?.pair;
    if (pair === undefined) return undefined;
    const success = await publicGet(METHODS.direction.path, language, { pair });
    const record = toRecord(success.result);
    const rate =
      record && !Array.isArray(success.result) ? readDirection(record, pair)?.rate : undefined;
    if (rate === undefined) return undefined;
    const value = Number(rate.receive) / Number(rate.send);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
}

/**
 * A list answered as positional arrays, turned into named records by the layouts that fit them
 * (learned from the same method's filters when none does: layouts/learn.ts). Named lists pass unchanged.
 * `unread`: rows no layout fitted, never read.
 */
function positionalReader(
  user: UserCall,
  publicGet: PublicGet,
  profile: ServerProfile,
  accounts: KnownAccounts,
) {
  return async (object: LayoutObject, path: string, caller: Caller, params: Params) => {
    const success = await user(path, caller, params, true);
    const rows = rowsOf(success.result);
    if (rows.length === 0) return { success, unread: 0 };
    const ask = async (params: Record<string, string>) => {
      try {
        return rowsOf(
          (await user(path, caller, { ...params, limit: LEARNING_LIMIT }, true)).result,
        );
      } catch (error) {
        // A filter the server refuses confirms nothing; any other failure fails the read itself.
        if (error instanceof ExchangerError && !(error instanceof Unauthorized)) return undefined;
        throw error;
      }
    };
    const quote = quoter(publicGet, caller.language);
    const learn = (rows: readonly Row[]) => learnLayout(object, rows, { ask, quote });
    const reader = readerOf(caller.apiKey);
    const read = await profile.read(object, rows, learn, reader, accounts.of(reader));
    return {
      success: { ...success, result: read.records.map((r) => r.record) },
      unread: read.unread,
    };
  };
}

const GET_INFO = METHODS.info.path;

/** get-info, noting whose account each key is (KnownAccounts). */
const infoReader =
  (user: UserCall, accounts: KnownAccounts) =>
  async (caller: Caller): Promise<Account> => {
    const account = accountFrom(await user(GET_INFO, caller, {}, true));
    accounts.note(readerOf(caller.apiKey), account.id);
    return account;
  };

/** The user object read into the bot's Account: by the vendor's layout when positional (normalize/user-layout.ts). */
function accountFrom(success: Success): Account {
  // A PHP empty array (`[]`) or null where an object is meant is an object without fields.
  if (isNothing(success.result)) return readAccount({});
  const account = accountOf(success.result);
  if (account === undefined) throw badShape(GET_INFO, "an object");
  return account;
}

/**
 * A saved detail with its currency id wherever the server put it: `currency_id`, or a currency object
 * (`"currency": {"id": 5, "code": "BTC"}`, a framework's loaded relation) or a bare `currency`.
 */
function readDetail(raw: Record<string, unknown>): PaymentDetail {
  if (raw.currency_id !== undefined && raw.currency_id !== null) return raw as PaymentDetail;
  const { currency, ...rest } = raw;
  const id = idOf(currency);
  return (id === undefined ? raw : { ...rest, currency_id: id }) as PaymentDetail;
}

/** A result of positional rows (a list of arrays), else undefined. */
function positionalRows(result: unknown): unknown[][] | undefined {
  if (!Array.isArray(result) || result.length === 0 || !result.every(Array.isArray))
    return undefined;
  return result as unknown[][];
}

/** What a learning of an object without filters costs: `calls` public reads (objects.ts). */
const learned = (layout: Layout, calls = 0) => Promise.resolve({ layout, calls });

/**
 * A verification request written as one array, named by the layout held for it: learned from a
 * submission's answer (the values sent, objects.ts) or, before one, from its status words and dates.
 * Anything else passes unchanged; an array no layout fits stays an array (the reader refuses it).
 */
async function namedRequest(profile: ServerProfile, result: unknown): Promise<unknown> {
  if (!Array.isArray(result) || result.length === 0 || result.some(isPlainObject)) return result;
  const row = result as unknown[];
  const read = await profile.read("verification", [row], () =>
    learned(learnVerificationLayout(row)),
  );
  return read.records[0]?.record ?? result;
}

/** Most directions read for their input fields' ids when a saved-field layout is learned. */
const MAX_DIRECTIONS_READ = 20;

/**
 * The ids of every input field of the public directions (the map, then each direction): what tells
 * a saved field's id from its value (objects.ts). Read once per server, when that layout is learned.
 */
async function inputFieldIds(publicGet: PublicGet, language: Language): Promise<Set<string>> {
  const map = readDirectionMap((await publicGet(METHODS.directions.path, language)).result);
  const pairs = [...new Set((map ?? []).map((l) => l.pair))].slice(0, MAX_DIRECTIONS_READ);
  const directions = await Promise.all(
    pairs.map((pair) =>
      publicGet(METHODS.direction.path, language, { pair })
        .then((s) => (isPlainObject(s.result) ? readDirection(s.result, pair) : undefined))
        .catch(() => undefined),
    ),
  );
  return new Set(directions.flatMap((d) => d?.fields.map((f) => f.id) ?? []));
}

/** Saved fields whose field could not be told (namedInputs): how many there were. */
class UnplacedInputs {
  constructor(readonly rows: number) {}
}

/**
 * Saved fields written as rows, named by their layout (objects.ts); UnplacedInputs (with the count)
 * when which value is the field's id cannot be told (every value a number): said, never guessed.
 */
async function namedInputs(
  profile: ServerProfile,
  result: unknown,
  publicGet: PublicGet,
  language: Language,
): Promise<unknown> {
  const rows = positionalRows(result);
  if (rows === undefined) return result;
  const read = await profile.read("saved field", rows, async (r) =>
    learned(learnSavedFieldLayout(r, await inputFieldIds(publicGet, language)), 1),
  );
  const records = read.records.map((r) => r.record);
  if (read.unread === 0 && records.every((r) => "id" in r && "value" in r)) return records;
  return new UnplacedInputs(rows.length);
}

/**
 * Currencies written as arrays, named by their layout: the id is the column holding the directions
 * map's ids (one extra public read, once per server: the layout is kept). Anything else unchanged.
 */
async function namedCurrencies(
  profile: ServerProfile,
  result: unknown,
  publicGet: PublicGet,
  language: Language,
): Promise<unknown> {
  const rows = positionalRows(result);
  if (rows === undefined) return result;
  const read = await profile.read("currency", rows, async (r) => {
    const map = readDirectionMap((await publicGet(METHODS.directions.path, language)).result);
    const ids = new Set((map ?? []).flatMap((l) => [l.sendCurrencyId, l.receiveCurrencyId]));
    return learned(learnCurrencyLayout(r, ids), 1);
  });
  return read.records.map((r) => r.record);
}

/**
 * A direction written as an array, named by its layout (objects.ts): the slug where the pair asked
 * came back, the currency ids where the directions map puts them (one extra public read when the
 * layout is learned, once per server), the input fields as rows named by theirs. An array no layout
 * fits is answered as nothing readable (the reader refuses it); a named direction as it came.
 */
async function namedDirection(
  profile: ServerProfile,
  result: unknown,
  pair: string,
  publicGet: PublicGet,
  language: Language,
): Promise<unknown> {
  if (!Array.isArray(result) || result.length === 0 || result.some(isPlainObject)) return result;
  const row = result as unknown[];
  const read = await profile.read("direction", [row], async () => {
    const map = readDirectionMap((await publicGet(METHODS.directions.path, language)).result);
    const link = map?.find((l) => l.pair === pair);
    const ids = link && { send: link.sendCurrencyId, receive: link.receiveCurrencyId };
    return learned(learnDirectionLayout(row, pair, ids), 1);
  });
  const [first] = read.records;
  if (first === undefined) return result;
  const named = first.record;
  const rows = positionalRows(named.inputs);
  if (rows === undefined) return named;
  const fields = await profile.read("direction field", rows, (r) =>
    learned(learnDirectionFieldLayout(r)),
  );
  const records = fields.records.map((f) => f.record);
  if (fields.unread === 0 && records.every((f) => "name" in f))
    return { ...named, inputs: records };
  // Fields the bot cannot name are never read as "nothing to fill in": left unplaced, and counted.
  const { inputs: _inputs, ...rest } = named;
  const at = first.layout.fields.find((f) => f.name === "inputs")!.position;
  return { ...rest, [`field_${at}`]: rows };
}

// ---- the API --------------------------------------------------------------------------------------

/** What the User API lets a linked chat read: retried on a lost answer, since nothing changes. */
function userReads(
  user: UserCall,
  publicGet: PublicGet,
  profile: ServerProfile,
): Pick<
  ExchangerClient,
  "getInfo" | "getOrders" | "getReferralOrders" | "getDetails" | "getVerification" | "getInputs"
> {
  const accounts = new KnownAccounts();
  const named = positionalReader(user, publicGet, profile, accounts);
  /** An order list (own or referral orders): the same reading for both. */
  const orderList =
    ({ object, path }: typeof METHODS.orders | typeof METHODS.referralOrders) =>
    async (caller: Caller, params?: OrderFilters & ListParams): Promise<Page<Order>> => {
      const read = await named(object, path, caller, orderParams(params));
      return orders(page(path, read.success, params?.limit), read.unread, params?.limit);
    };
  return {
    getInfo: infoReader(user, accounts),
    getOrders: orderList(METHODS.orders),
    getReferralOrders: orderList(METHODS.referralOrders),

    async getDetails(caller, params?: DetailFilters & ListParams): Promise<Page<PaymentDetail>> {
      const path = METHODS.details.path;
      const fields: Params = {
        currency_id: params?.currency_id,
        value: params?.value,
        page: params?.page,
        limit: params?.limit,
      };
      const read = await named(METHODS.details.object, path, caller, fields);
      const details = page<Record<string, unknown>>(path, read.success, params?.limit);
      return { ...details, items: details.items.map(readDetail) };
    },

    async getVerification(caller): Promise<Verification | null> {
      const path = METHODS.verification.path;
      const result = await namedRequest(profile, (await user(path, caller, {}, true)).result);
      const request = readVerification(result);
      if (request === undefined) throw badShape(path, "an object");
      return request;
    },

    async getInputs(caller): Promise<SavedFields> {
      const path = METHODS.inputs.path;
      const answer = (await user(path, caller, {}, true)).result;
      const result = await namedInputs(profile, answer, publicGet, caller.language);
      if (result instanceof UnplacedInputs) return Object.assign([], { unplaced: result.rows });
      const fields = readSavedFields(result);
      if (fields === undefined) throw badShape(path, "saved fields");
      return fields;
    },
  };
}

/**
 * What the User API lets a linked chat store: saved details and the verification upload. Like every
 * write, attempted exactly once (a lost answer may have been acted on); document numbers are scrubbed.
 */
function dataWrites(
  user: UserCall,
  transport: Transport,
  profile: ServerProfile,
): Pick<ExchangerClient, "createDetails" | "deleteDetails" | "submitVerification"> {
  return {
    async createDetails(caller, detail): Promise<unknown> {
      const fields: Params = { currency_id: detail.currency_id, value: detail.value };
      return (await user("/user-api-create-details", caller, fields, false)).result;
    },

    async deleteDetails(caller, ids: Id[]): Promise<unknown> {
      return (await user("/user-api-delete-details", caller, { "ids[]": ids }, false)).result;
    },

    async submitVerification(
      caller,
      fields: VerificationFields,
      photos: PhotoUpload[],
    ): Promise<unknown> {
      const success = await transport.call({
        path: "/user-api-submit-verification",
        http: "POST",
        apiKey: caller.apiKey,
        params: verificationParams(fields, caller.language),
        photos,
        read: false,
        secrets: [fields.card_number, fields.id_number],
      });
      // A request answered as an array: where the values sent came back is its layout (no extra call).
      if (positionalRows([success.result]) !== undefined && !isNothing(success.result)) {
        const sent: Record<string, string> = {};
        for (const name of VERIFICATION_FIELDS) {
          const value = fields[name];
          if (typeof value === "string" && value.trim() !== "") sent[name] = value;
        }
        await profile.teach(learnFromSubmission(success.result as unknown[], sent));
      }
      return success.result;
    },
  };
}

/**
 * The writes a password or 2FA code guards: attempted exactly once, the codes scrubbed from the
 * server's messages (a refusal may quote what was sent).
 */
function securedWrites(
  user: UserCall,
): Pick<ExchangerClient, "spendBalance" | "changePassword" | "setupTwoFactor"> {
  return {
    async spendBalance(caller, { token, twoFactorCode }): Promise<unknown> {
      const fields: Params = { token, two_factor_authentication_password: twoFactorCode };
      return (await user("/user-api-spend-balance", caller, fields, false, [twoFactorCode])).result;
    },

    async changePassword(caller, { password, newPassword, twoFactorCode }): Promise<unknown> {
      const fields: Params = {
        password,
        new_password: newPassword,
        two_factor_authentication_password: twoFactorCode,
      };
      const secrets = [password, newPassword, twoFactorCode];
      return (await user("/user-api-change-password", caller, fields, false, secrets)).result;
    },

    async setupTwoFactor(caller, { enable, code, secret }): Promise<unknown> {
      const fields: Params = {
        two_factor_authentication_token: secret,
        two_factor_authentication_enable: enable ? 1 : 0,
        two_factor_authentication_password: code,
      };
      const path = "/user-api-setup-two-factor-authentication";
      return (await user(path, caller, fields, false, [code, secret])).result;
    },
  };
}

/** The public API: what anyone may read, without a key (the catalog and the info screens). */
function publicReads(
  publicGet: PublicGet,
  profile: ServerProfile,
): Pick<
  ExchangerClient,
  | "getCurrencies"
  | "getExchanges"
  | "getExchange"
  | "getStatus"
  | "getReferralProgram"
  | "getSocial"
> {
  return {
    async getCurrencies(language): Promise<Currency[]> {
      const path = METHODS.currencies.path;
      const result = (await publicGet(path, language)).result;
      const currencies = readCurrencies(
        await namedCurrencies(profile, result, publicGet, language),
      );
      if (currencies === undefined) throw badShape(path, "a currency list");
      profile.noteCurrencies(currencies.map((c) => String(c.id)));
      return currencies;
    },

    async getExchanges(language): Promise<DirectionLink[]> {
      const path = METHODS.directions.path;
      const links = readDirectionMap((await publicGet(path, language)).result);
      if (links === undefined) throw badShape(path, "a directions map");
      return links;
    },

    async getExchange(language, pair): Promise<Direction> {
      const path = METHODS.direction.path;
      const success = await publicGet(path, language, { pair });
      const named = await namedDirection(profile, success.result, pair, publicGet, language);
      const value = toRecord(named);
      // A direction is an object with fields; "nothing" here means the server did not answer the question.
      if (value === undefined || Array.isArray(named)) throw badShape(path, "an object");
      return readDirection(value, pair)!;
    },

    async getStatus(language): Promise<PublicInfo> {
      return readPublicInfo((await publicGet(METHODS.status.path, language)).result);
    },

    async getReferralProgram(language): Promise<PublicInfo> {
      return readPublicInfo((await publicGet(METHODS.referralProgram.path, language)).result);
    },

    async getSocial(language): Promise<SocialInfo> {
      return readSocial((await publicGet("/public-api-get-social", language)).result);
    },
  };
}

// ---- helpers ------------------------------------------------------------------------------------------

/** Visible ASCII only: what a header value may carry and what an API key looks like. */
function isUsableKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

/** Replaces every given secret in a text; longer first so that one secret inside another is covered. */
function scrubber(secrets: ReadonlyArray<string | undefined>): (text: string) => string {
  const values = [
    ...new Set(secrets.filter((s): s is string => typeof s === "string" && s !== "")),
  ].sort((a, b) => b.length - a.length);
  return (text) => values.reduce((out, secret) => out.split(secret).join("[redacted]"), text);
}

async function readText(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy();
      throw new ResponseTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Rebuilds a transport failure as Unavailable. Only the error's code (or class name) is kept: undici
 * error objects may reference the request, and their messages are not ours to vouch for.
 */
function toUnavailable(method: string, error: unknown, status: number | undefined): Unavailable {
  if (error instanceof Unavailable) return error;
  if (error instanceof ResponseTooLarge) {
    return new Unavailable(
      method,
      "bad-response",
      `response larger than ${MAX_RESPONSE_BYTES} bytes`,
      status,
    );
  }
  const code = errorCode(error);
  const reason: UnavailableReason =
    error instanceof DeadlineExceeded || TIMEOUT_CODES.has(code) || code === "TimeoutError"
      ? "timeout"
      : "network";
  return new Unavailable(method, reason, code, status);
}

function errorCode(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { code, name } = error as { code?: unknown; name?: unknown };
    if (typeof code === "string" && /^[A-Z0-9_]{2,64}$/.test(code)) return code;
    if (typeof name === "string" && /^[A-Za-z]{2,64}$/.test(name)) return name;
  }
  return "unknown error";
}

/** What a failure was, for logs: the error class and (Unavailable) its reason — never its message. */
function describe(error: unknown): string {
  if (error instanceof Unavailable) return `Unavailable:${error.reason}`;
  return error instanceof Error ? error.name : "unknown";
}

function badShape(path: string, expected: string): Unavailable {
  return new Unavailable(path.slice(1), "bad-response", `result is not ${expected}`);
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
