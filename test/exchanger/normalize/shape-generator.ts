/**
 * The test dialect generator: from canonical fixtures (the sandbox's own shapes) it produces server
 * variants by combining the transformations real servers apply (src/sandbox/reshape.ts) — scalars
 * wrapped as objects, sides nested or grouped or renamed, numbers stringified or localized, dates in
 * every form, maps as lists, synonyms, HTML-encoded text, reordered keys. Seeded: a seed always makes
 * the same variant, so a failure is reproduced by its seed.
 */
import { seededRandom, type Random } from "../../../src/sandbox/random.js";
import {
  htmlEncode,
  mapToList,
  nestVerification,
  positional,
  reorder,
  titleSentence,
  writeDate,
  writeList,
  writeNumber,
  writeRate,
  writeSides,
  type DateForm,
  type ListForm,
  type NumberForm,
  type RateForm,
  type Rec,
  type SideForm,
} from "../../../src/sandbox/reshape.js";

export const CURRENCY_NAMES: ReadonlyMap<string, string> = new Map([
  ["1", "Bitcoin"],
  ["3", "Tether TRC20"],
]);
export const CODES: Readonly<Record<string, string>> = { "1": "BTC", "3": "USDTTRC20" };
/** A card number passing the Luhn check: it must never reach a screen unmasked, in any variant. */
export const CARD = "4111111111111111";
export const CARD_SPACED = "4111 1111 1111 1111";

/** The forms one status may be written in; every form means the same status. */
interface StatusSpec {
  id?: number;
  name: string;
  title: string;
}

const STATUSES: readonly StatusSpec[] = [
  { id: 0, name: "created", title: "Created" },
  { name: "awaiting_payment", title: "Ожидает оплаты" },
  { id: 1, name: "paid", title: "Paid" },
  { id: 4, name: "completed", title: "Completed" },
];

export const ORDER_FIXTURES: readonly Rec[] = STATUSES.map((status, i) => ({
  id: String(1041 + i),
  token: `3f9a1c0de4b54f7e8a1b2c3d4e5f6a7${i}`,
  status,
  send_amount: ["0.03", "1.25", "0.5", "2"][i],
  send_currency_id: "1",
  receive_amount: ["1837.5", "76562.5", "30625", "122500.25"][i],
  receive_currency_id: "3",
  rate: "61250",
  created_at: "2025-01-06 12:00:00",
  updated_at: "2025-01-06 12:17:00",
  comment: "Visa & MasterCard <fast>",
  receive_wallet: CARD_SPACED,
  user_login: "ivan",
  extra: { fee: "1.5", note: "manual check" },
}));

export const USER_FIXTURE: Rec = {
  id: 77,
  login: "ivan",
  email: "ivan@example.com",
  balance: "1500.5",
  balance_currency: "USD",
  created_at: "2024-03-01 09:30:00",
  two_factor_authentication: 1,
  card: CARD,
};

export const VERIFICATION_FIXTURE: Rec = {
  id: 12,
  status: "pending",
  type: "card",
  card_number: CARD,
  id_number: "AB1234567",
  first_name: "Ivan",
  last_name: "Petrenko",
  photos: 2,
  comment: "Photo & selfie OK",
  created_at: "2025-02-01 10:00:00",
};

export const INPUT_NAMES: ReadonlyMap<string, string> = new Map([
  ["11", "Card number"],
  ["31", "E-mail"],
]);
export const INPUTS_FIXTURE: Rec = { "11": CARD_SPACED, "31": "ivan@example.com" };

export const DIRECTION_FIXTURE: Rec = {
  id: 5,
  slug: "btc-usdttrc20",
  send_currency_id: 1,
  receive_currency_id: 3,
  rate: "61250",
  min_amount: "0.001",
  max_amount: "2.5",
  reserve: "150000.75",
  inputs: [
    { id: 11, name: "Card number" },
    { id: 31, name: "E-mail" },
  ],
  description: "Fast & safe",
};

const one = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const NUMBER_FORMS: readonly NumberForm[] = [
  "string",
  "number",
  "decimal-comma",
  "thousands-comma",
  "thousands-space",
];
const DATE_FORMS: readonly DateForm[] = [
  "naive",
  "unix",
  "unix-string",
  "unix-ms",
  "iso",
  "dotted",
  "offset",
];
const RATE_FORMS: readonly RateForm[] = ["scalar", "pair", "object", "text", "coded"];
const SIDE_FORMS: readonly SideForm[] = ["flat", "nested", "grouped", "synonyms"];

function statusVariant(rand: Random, status: StatusSpec): unknown {
  const forms: unknown[] = [
    status.name,
    `@${status.name}`,
    status.title,
    { name: status.name, title: status.title },
    { title: status.title },
    // A title with more words: "Order completed", «Заявка ожидает оплаты».
    titleSentence(status.title),
    { title: titleSentence(status.title) },
  ];
  if (status.id !== undefined)
    forms.push(
      status.id,
      String(status.id),
      { id: String(status.id), name: status.name, title: status.title },
      { id: status.id },
    );
  return one(rand, forms);
}

const maybeWrapped = (rand: Random, value: unknown): unknown =>
  rand() < 0.3 ? { id: value } : rand() < 0.5 ? Number(value) : value;

/** One server variant of an order: the canonical facts, another shape. */
export function orderVariant(rand: Random, canonical: Rec): Rec {
  const numbers = one(rand, NUMBER_FORMS);
  let order: Rec = { ...canonical, status: statusVariant(rand, canonical.status as StatusSpec) };
  order.id = rand() < 0.5 ? Number(order.id) : rand() < 0.3 ? { id: order.id } : order.id;
  order.send_currency_id = maybeWrapped(rand, order.send_currency_id);
  order.receive_currency_id = maybeWrapped(rand, order.receive_currency_id);
  const unwrap = (id: unknown) => (typeof id === "object" && id !== null ? (id as Rec).id : id);
  const sides = one(rand, SIDE_FORMS);
  // Nested and grouped sides carry the currency id themselves (and its code); flat ones keep what they had.
  if (sides !== "flat") {
    order.send_currency_id = unwrap(order.send_currency_id);
    order.receive_currency_id = unwrap(order.receive_currency_id);
  }
  order = writeSides(order, sides, CODES, (amount) => writeNumber(String(amount), numbers));
  const rateForm = one(rand, RATE_FORMS);
  order.rate =
    rateForm === "scalar"
      ? writeNumber(String(order.rate), numbers)
      : writeRate(String(order.rate), rateForm, [CODES["1"]!, CODES["3"]!]);
  const dates = one(rand, DATE_FORMS);
  order.created_at = writeDate(String(order.created_at), dates);
  order.updated_at = writeDate(String(order.updated_at), dates);
  if (rand() < 0.5) order.comment = htmlEncode(String(order.comment));
  if (rand() < 0.5) {
    delete order.user_login;
    order.user = { login: "ivan", id: 7 };
  }
  if (rand() < 0.3) order.receive_wallet = CARD;
  return rand() < 0.7 ? reorder(order, rand) : order;
}

export function userVariant(rand: Random): Rec {
  const user: Rec = { ...USER_FIXTURE };
  const numbers = one(rand, NUMBER_FORMS);
  const amount = writeNumber("1500.5", numbers);
  switch (one(rand, ["single", "per-currency", "list", "object"] as const)) {
    case "single":
      user.balance = amount;
      break;
    case "per-currency":
      delete user.balance_currency;
      user.balance = { USD: amount };
      break;
    case "list":
      delete user.balance_currency;
      user.balance = [{ currency: "USD", amount }];
      break;
    case "object":
      delete user.balance_currency;
      user.balance = { amount, currency: { code: "USD" } };
      break;
  }
  user.created_at = writeDate(String(user.created_at), one(rand, DATE_FORMS));
  if (rand() < 0.5) user.card = CARD_SPACED;
  return rand() < 0.7 ? reorder(user, rand) : user;
}

export function verificationVariant(rand: Random): Rec {
  let request: Rec = { ...VERIFICATION_FIXTURE };
  request.status = one(rand, [
    "pending",
    "0",
    0,
    { name: "pending", title: "Pending" },
    { id: "0", title: "На проверке" },
    "On review",
  ]);
  request.id = rand() < 0.5 ? "12" : 12;
  request.created_at = writeDate(String(request.created_at), one(rand, DATE_FORMS));
  if (rand() < 0.5) request.photos = ["front.jpg", "selfie.jpg"];
  if (rand() < 0.5) request.comment = htmlEncode(String(request.comment));
  const nesting = one(rand, ["top", "data", "fields", "list"] as const);
  if (nesting !== "top") request = nestVerification(request, nesting);
  return rand() < 0.7 ? reorder(request, rand) : request;
}

export function inputsVariant(rand: Random): unknown {
  switch (one(rand, ["map", "list-named", "list", "map-of-objects"] as const)) {
    case "map":
      return { ...INPUTS_FIXTURE };
    case "list-named":
      return mapToList(INPUTS_FIXTURE, "value", (id) => ({ name: INPUT_NAMES.get(id) }));
    case "list":
      return mapToList(INPUTS_FIXTURE);
    case "map-of-objects":
      return Object.fromEntries(
        Object.entries(INPUTS_FIXTURE).map(([id, value]) => [
          id,
          { value, name: INPUT_NAMES.get(id) },
        ]),
      );
  }
}

export function directionVariant(rand: Random): Rec {
  const numbers = one(rand, NUMBER_FORMS);
  const n = (text: unknown) => writeNumber(String(text), numbers);
  let direction: Rec = { ...DIRECTION_FIXTURE };
  const rateForm = one(rand, RATE_FORMS);
  direction.rate =
    rateForm === "scalar" ? n(direction.rate) : writeRate(String(direction.rate), rateForm);
  const limits = one(rand, ["flat", "nested", "synonyms"] as const);
  const [min, max] = [n(direction.min_amount), n(direction.max_amount)];
  delete direction.min_amount;
  delete direction.max_amount;
  if (limits === "flat") Object.assign(direction, { min_amount: min, max_amount: max });
  else if (limits === "nested") direction.limits = { min, max };
  else Object.assign(direction, { minimum: min, maximum: max });
  direction.reserve = n(direction.reserve);
  if (rand() < 0.5) {
    const { send_currency_id: send, receive_currency_id: receive, ...rest } = direction;
    direction = {
      ...rest,
      send: { currency: { id: send, code: CODES[String(send)] } },
      receive: { currency: { id: receive, code: CODES[String(receive)] } },
    };
  }
  const inputs = one(rand, ["list", "map", "titled"] as const);
  if (inputs === "map") direction.inputs = { "11": "Card number", "31": "E-mail" };
  else if (inputs === "titled")
    direction.inputs = [
      { id: "11", title: "Card number" },
      { id: "31", title: "E-mail" },
    ];
  if (rand() < 0.5) direction.description = htmlEncode(String(direction.description));
  if (rand() < 0.3) direction.id = { id: "5" };
  return rand() < 0.7 ? reorder(direction, rand) : direction;
}

/** The random source of variant `index` of a run seeded `seed`. */
export const variantRandom = (seed: number, index: number): Random =>
  seededRandom(seed * 1000 + index);

const LIST_FORMS: readonly ListForm[] = ["list", "laravel", "yii", "keyed", "json-text"];

/**
 * One server variant of a page of orders: each order another shape, the page a plain list, a
 * paginator object, a map keyed by id, or JSON text (writeList); `at`: its place in the whole list.
 */
export function listVariant(
  rand: Random,
  canonical: readonly Rec[],
  at: { total: number; page: number; perPage: number },
): { result: unknown; form: ListForm } {
  const form = one(rand, LIST_FORMS);
  const items = canonical.map((order) => orderVariant(rand, order));
  // A keyed map needs plain ids for keys.
  if (form === "keyed") items.forEach((item, i) => (item.id = canonical[i]!.id));
  const result = writeList(items, form, at);
  return { result: rand() < 0.2 && form !== "json-text" ? JSON.stringify(result) : result, form };
}

/** The flat canonical facts of an order fixture a positional server writes, one per position. */
const POSITIONAL_FIELDS = [
  "id",
  "token",
  "status",
  "send_amount",
  "send_currency_id",
  "receive_amount",
  "receive_currency_id",
  "rate",
  "created_at",
  "updated_at",
  "comment",
  "receive_wallet",
  "user_login",
  "extra",
] as const;

/**
 * A positional server's order list: every fixture as an array in a random layout (a seeded
 * permutation), statuses as the server's names, dates and numbers in one random form per run.
 * `positions` is the layout the server knows and the bot must learn.
 */
export function positionalOrders(rand: Random): { rows: unknown[][]; positions: string[] } {
  const positions = [...POSITIONAL_FIELDS];
  for (let i = positions.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [positions[i], positions[j]] = [positions[j]!, positions[i]!];
  }
  const dates = one(rand, ["naive", "unix", "unix-string", "unix-ms", "iso", "dotted"] as const);
  const numbers = one(rand, ["string", "number"] as const);
  const rows = ORDER_FIXTURES.map((fixture) => {
    const record: Rec = { ...fixture, status: (fixture.status as StatusSpec).name };
    for (const key of ["send_amount", "receive_amount", "rate"])
      record[key] = writeNumber(String(record[key]), numbers);
    for (const key of ["created_at", "updated_at"])
      record[key] = writeDate(String(record[key]), dates);
    return positional(record, positions);
  });
  return { rows, positions };
}

/** The server's filters over those rows, as a real server runs them (`{}`: the whole list). */
export function positionalFilters(rows: unknown[][], positions: readonly string[]) {
  return async (params: Record<string, string>): Promise<unknown[][] | undefined> => {
    const at = Object.entries(params).map(([name, value]) => [positions.indexOf(name), value]);
    if (at.some(([p]) => p === -1)) return undefined;
    // A status filter takes the documented `@name` form too.
    const bare = (value: unknown) => String(value).replace(/^@/, "");
    return rows.filter((row) => at.every(([p, value]) => String(row[p as number]) === bare(value)));
  };
}
