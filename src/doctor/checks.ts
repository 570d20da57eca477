/**
 * What `npm run doctor` checks: one row per exchanger method the bot reads, each calling the SAME
 * client method (and, where the bot reads further, the same bot reader) a screen would. A row never
 * calls a method that changes anything: only the public methods and the read-only user methods.
 *
 * When a client method's signature changes (e.g. getExchange taking the direction's `pair` slug),
 * only that row's `read` changes.
 */
import {
  currencyLabel,
  type Caller,
  type ExchangerClient,
  type Language,
  type ListParams,
} from "../exchanger/index.js";
import { METHODS, type MethodSpec, isPlainObject } from "../exchanger/inspect.js";

export interface CheckContext {
  client: ExchangerClient;
  language: Language;
  /** The operator's DOCTOR_API_KEY; user rows run only with it. */
  caller: Caller | undefined;
  /** The raw `result` an earlier row's method returned (success envelopes only), by method name. */
  rawResult(method: string): unknown;
}

/** Why a row could not be asked (not a failure of the exchanger). */
export interface NotAsked {
  notAsked: string;
}

/** A row's verdict on what its reader made of the answer: a problem a user would notice, or nothing. */
export type ReadVerdict = { problem: string } | NotAsked | undefined;

export interface Check {
  /** The method's path without the slash, as in the API and in error messages. */
  method: string;
  /** User methods need DOCTOR_API_KEY. */
  needsKey: boolean;
  /** Where a user meets this method, for "what a user would see" when the bot cannot use it. */
  screen: string;
  read(ctx: CheckContext): Promise<ReadVerdict>;
}

/** Entries in a result: list items, Map/Set members (a reader may return those), object keys; 0 for "nothing" and scalars. */
function entriesIn(raw: unknown): number {
  if (Array.isArray(raw)) return raw.length;
  if (raw instanceof Map || raw instanceof Set) return raw.size;
  return isPlainObject(raw) ? Object.keys(raw).length : 0;
}

/** The server listed something, the reader found nothing: the screen would look empty. */
function emptiedBy(method: string, readCount: number, ctx: CheckContext): ReadVerdict {
  return entriesIn(ctx.rawResult(method)) > 0 && readCount === 0
    ? { problem: "the server listed entries but the bot read none: the screen would look empty" }
    : undefined;
}

const needCaller = (ctx: CheckContext): Caller => {
  if (!ctx.caller) throw new Error("a user row ran without DOCTOR_API_KEY");
  return ctx.caller;
};

/** A row's method, whether it needs the key, and where users meet it: from the one table of methods. */
const row = (spec: MethodSpec): Pick<Check, "method" | "needsKey" | "screen"> => ({
  method: spec.path.slice(1),
  needsKey: spec.api === "user",
  screen: spec.screen,
});

/** A row whose method only has to answer (what its reader makes of it, the screen shows as is). */
const answered = (spec: MethodSpec, call: (ctx: CheckContext) => Promise<unknown>): Check => ({
  ...row(spec),
  async read(ctx) {
    await call(ctx);
    return undefined;
  },
});

/** A user list, its first page of five: read as a screen would, and empty only if the server's is. */
const listed = (
  spec: MethodSpec,
  list: (
    client: ExchangerClient,
    caller: Caller,
    first: ListParams,
  ) => Promise<{ items: readonly unknown[] }>,
): Check => ({
  ...row(spec),
  async read(ctx) {
    const page = await list(ctx.client, needCaller(ctx), { page: 1, limit: 5 });
    return emptiedBy(this.method, page.items.length, ctx);
  },
});

export const CHECKS: readonly Check[] = [
  {
    ...row(METHODS.currencies),
    async read(ctx) {
      const currencies = await ctx.client.getCurrencies(ctx.language);
      const unnamed = currencies.filter((c) => currencyLabel(c) === `#${c.id}`).length;
      if (unnamed > 0)
        return {
          problem: `${unnamed} of ${currencies.length} currencies have no name or code the bot can read: they would show as "#id"`,
        };
      return emptiedBy(this.method, currencies.length, ctx);
    },
  },
  {
    ...row(METHODS.directions),
    async read(ctx) {
      const directions = await ctx.client.getExchanges(ctx.language);
      return emptiedBy(this.method, entriesIn(directions), ctx);
    },
  },
  {
    ...row(METHODS.direction),
    async read(ctx) {
      // The first direction as the bot itself reads get-exchanges (its slug, sent as `pair`).
      const links = await ctx.client.getExchanges(ctx.language).catch(() => []);
      const pair = links[0]?.pair;
      if (pair === undefined) return { notAsked: "get-exchanges listed no direction to ask about" };
      await ctx.client.getExchange(ctx.language, pair);
      return undefined;
    },
  },
  answered(METHODS.status, (ctx) => ctx.client.getStatus(ctx.language)),
  answered(METHODS.referralProgram, (ctx) => ctx.client.getReferralProgram(ctx.language)),
  answered(METHODS.info, (ctx) => ctx.client.getInfo(needCaller(ctx))),
  listed(METHODS.orders, (client, caller, first) => client.getOrders(caller, first)),
  listed(METHODS.referralOrders, (client, caller, first) =>
    client.getReferralOrders(caller, first),
  ),
  listed(METHODS.details, (client, caller, first) => client.getDetails(caller, first)),
  answered(METHODS.verification, (ctx) => ctx.client.getVerification(needCaller(ctx))),
  answered(METHODS.inputs, (ctx) => ctx.client.getInputs(needCaller(ctx))),
];
