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
  isPlainObject,
  type Caller,
  type ExchangerClient,
  type Language,
} from "../exchanger/index.js";

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

export const CHECKS: readonly Check[] = [
  {
    method: "public-api-get-currencies",
    needsKey: false,
    screen: "currency names on every screen and the currency pickers",
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
    method: "public-api-get-exchanges",
    needsKey: false,
    screen: "/directions",
    async read(ctx) {
      const directions = await ctx.client.getExchanges(ctx.language);
      return emptiedBy(this.method, entriesIn(directions), ctx);
    },
  },
  {
    method: "public-api-get-exchange",
    needsKey: false,
    screen: "a direction's card (its rate, limits and fields)",
    async read(ctx) {
      // The first direction as the bot itself reads get-exchanges (its slug, sent as `pair`).
      const links = await ctx.client.getExchanges(ctx.language).catch(() => []);
      const pair = links[0]?.pair;
      if (pair === undefined) return { notAsked: "get-exchanges listed no direction to ask about" };
      await ctx.client.getExchange(ctx.language, pair);
      return undefined;
    },
  },
  {
    method: "public-api-get-status",
    needsKey: false,
    screen: "/status",
    async read(ctx) {
      await ctx.client.getStatus(ctx.language);
      return undefined;
    },
  },
  {
    method: "public-api-get-referral-program",
    needsKey: false,
    screen: "/referral",
    async read(ctx) {
      await ctx.client.getReferralProgram(ctx.language);
      return undefined;
    },
  },
  {
    method: "user-api-get-info",
    needsKey: true,
    screen: "linking, /account, the balance on the pay card",
    async read(ctx) {
      await ctx.client.getInfo(needCaller(ctx));
      return undefined;
    },
  },
  {
    method: "user-api-get-orders",
    needsKey: true,
    screen: "/orders, paying an order, order notifications",
    async read(ctx) {
      return emptiedBy(
        this.method,
        (await ctx.client.getOrders(needCaller(ctx), { page: 1, limit: 5 })).items.length,
        ctx,
      );
    },
  },
  {
    method: "user-api-get-referral-orders",
    needsKey: true,
    screen: "/referrals",
    async read(ctx) {
      return emptiedBy(
        this.method,
        (await ctx.client.getReferralOrders(needCaller(ctx), { page: 1, limit: 5 })).items.length,
        ctx,
      );
    },
  },
  {
    method: "user-api-get-details",
    needsKey: true,
    screen: "/details (saved payment details)",
    async read(ctx) {
      return emptiedBy(
        this.method,
        (await ctx.client.getDetails(needCaller(ctx), { page: 1, limit: 5 })).items.length,
        ctx,
      );
    },
  },
  {
    method: "user-api-get-verification",
    needsKey: true,
    screen: "/verification",
    async read(ctx) {
      await ctx.client.getVerification(needCaller(ctx));
      return undefined;
    },
  },
  {
    method: "user-api-get-inputs",
    needsKey: true,
    screen: "/inputs (saved exchange fields)",
    async read(ctx) {
      await ctx.client.getInputs(needCaller(ctx));
      return undefined;
    },
  },
];
