/**
 * The ONE table of the methods the bot reads: what each returns, which object its positional records
 * are (and so which layout reads them), how its result is read into the bot's objects, and which facts
 * its screens — money above all — need proved. The client reads by it, the doctor describes by it
 * (what a user would meet, what must be certain), and the tests check through it.
 */
import { toObjectList, unwrapList } from "../envelope.js";
import { MONEY_NAMES, type LayoutObject } from "../normalize/layout.js";
import { type ShapeNotes } from "../normalize/notes.js";
import { readOrders } from "../normalize/order.js";
import { readSavedFields } from "../normalize/saved-fields.js";
import { readVerification } from "../normalize/verification.js";
import { readDirection } from "../normalize/direction.js";

export interface MethodSpec {
  /** "/user-api-get-orders": the path, and without the slash the method's name in errors and logs. */
  path: string;
  /** User methods take the caller's key; public ones none. */
  api: "user" | "public";
  /** Where a user meets it (the doctor says what they would see when it cannot be read). */
  screen: string;
  /** The object its positional records are, when it has any (the layout that reads them). */
  object?: LayoutObject;
  /** An object read inside each of its records (a direction's input fields). */
  inner?: LayoutObject;
  /** One record rather than a list of them. */
  single?: true;
  /** The record a result is about, as an operator calls it, and its reader (the doctor's notes). */
  record?: { name: string; read: (result: unknown, notes: ShapeNotes) => unknown };
}

/** A list method's records, out of a paginator object when the server wraps them (envelope.ts). */
const listOf = (result: unknown) => toObjectList(unwrapList(result).list) ?? [];

const orders = { name: "order", read: (r: unknown, n: ShapeNotes) => readOrders(listOf(r), n) };

/** Every method the bot reads (writes are sent once and read by their own callers). */
export const METHODS = {
  currencies: {
    path: "/public-api-get-currencies",
    api: "public",
    screen: "currency names on every screen and the currency pickers",
    object: "currency",
  },
  directions: { path: "/public-api-get-exchanges", api: "public", screen: "/directions" },
  direction: {
    path: "/public-api-get-exchange",
    api: "public",
    screen: "a direction's card (its rate, limits and fields)",
    object: "direction",
    inner: "direction field",
    single: true,
    record: { name: "direction", read: (r, n) => readDirection(r, undefined, n) },
  },
  status: { path: "/public-api-get-status", api: "public", screen: "/status" },
  referralProgram: { path: "/public-api-get-referral-program", api: "public", screen: "/referral" },
  info: {
    path: "/user-api-get-info",
    api: "user",
    screen: "linking, /account, the balance on the pay card",
    object: "user",
    single: true,
  },
  orders: {
    path: "/user-api-get-orders",
    api: "user",
    screen: "/orders, paying an order, order notifications",
    object: "order",
    record: orders,
  },
  referralOrders: {
    path: "/user-api-get-referral-orders",
    api: "user",
    screen: "/referrals",
    object: "referral order",
    record: { ...orders, name: "referral order" },
  },
  details: {
    path: "/user-api-get-details",
    api: "user",
    screen: "/details (saved payment details)",
    object: "detail",
  },
  verification: {
    path: "/user-api-get-verification",
    api: "user",
    screen: "/verification",
    object: "verification",
    single: true,
    record: { name: "verification", read: (r, n) => readVerification(r, n) },
  },
  inputs: {
    path: "/user-api-get-inputs",
    api: "user",
    screen: "/inputs (saved exchange fields)",
    object: "saved field",
    record: { name: "saved fields", read: (r, n) => readSavedFields(r, n) },
  },
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;

/** Every method's spec, as the general type (for walks over the table). */
export const METHOD_SPECS: readonly MethodSpec[] = Object.values(METHODS);

/** The spec of a method by its name without the slash ("user-api-get-orders"), when the bot reads it. */
export function methodOf(name: string): MethodSpec | undefined {
  return METHOD_SPECS.find((m) => m.path === `/${name}`);
}

/**
 * What each object's screens need proved, and what a user sees when it is not: the facts money
 * depends on, the ids a delete or a saved field is addressed by, what a direction card shows.
 */
export const CERTAIN_NEEDS: Readonly<Record<LayoutObject, { names: string[]; otherwise: string }>> =
  {
    user: { names: [], otherwise: "" },
    order: {
      names: ["id", ...MONEY_NAMES.order!],
      otherwise: "order cards say they cannot read it, and offer the website instead of Pay",
    },
    "referral order": {
      names: ["id", ...MONEY_NAMES["referral order"]!],
      otherwise: "/referrals says it cannot read it",
    },
    detail: { names: ["id"], otherwise: "/details offers no Delete" },
    "saved field": { names: ["id"], otherwise: "/inputs cannot name the saved fields" },
    verification: {
      names: ["status"],
      otherwise: "/verification cannot say how the request stands",
    },
    currency: { names: ["id"], otherwise: "currencies are not named by their id on screens" },
    direction: {
      names: ["send_currency_id", "receive_currency_id", "rate", "min_amount", "max_amount"],
      otherwise: "the direction card and the calculator show no rate or limits",
    },
    "direction field": {
      names: ["name"],
      otherwise: "the exchange asks for the direction's fields by a guess",
    },
  };
