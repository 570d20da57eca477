/**
 * Deterministic seed data: three demo accounts ("main" with everything, "twofa" with 2FA on,
 * "empty" with nothing). Same seed → same keys, tokens and orders on every start.
 *
 * Deliberate quirks a real exchanger also has: order ids are strings, referral orders carry their
 * status as a string, one old order has a status outside 0-4, one comment holds HTML special
 * characters, and one saved input refers to a field no direction has any more.
 *
 * A dialect whose script writes status names also has orders in the statuses such scripts add
 * (new, processing, error: order-status.ts); they come last, so every other id stays the same.
 */
import { Secret } from "otpauth";
import { seedCurrencies, seedDirections } from "./catalog.js";
import { formatDateTime } from "./format.js";
import { buildOrder, randomToken, walletFor } from "./order-factory.js";
import { HEX, randomString, seededRandom, type Random } from "./random.js";
import { DIALECTS, type Dialect } from "./dialect.js";
import type { SandboxAccount, SandboxDirection, SandboxOrder, SandboxState } from "./state.js";

/** Seed orders start here and move forward in time; fixed so the data is reproducible. */
const BASE_TIME = Date.UTC(2025, 0, 6, 9, 0, 0);
const HOUR = 3_600_000;

export const DEMO_PASSWORDS = {
  main: "main-demo-pass",
  twofa: "twofa-demo-pass",
  empty: "empty-demo-pass",
} as const;

/** Status of the i-th seeded main order; covers all five spec statuses, "completed" most often. */
const STATUS_PATTERN = [4, 0, 1, 4, 3, 2, 4, 1, 0, 4] as const;

/**
 * Created (unpaid) orders of "main", newest last: [direction id, send amount]. Amounts straddle the
 * 1500.00 balance on purpose (spend-balance compares numerically), so tests find both cases.
 */
const MAIN_CREATED: ReadonlyArray<readonly [number, string]> = [
  [2, "250.00"],
  [3, "5000.00"],
  [7, "120.00"],
  [4, "0.050000"],
  [6, "12500.00"],
  [8, "1499.99"],
  [1, "0.01500000"],
  [5, "1800.00"],
];

const HTML_COMMENT = `Please <b>hurry</b> & pay "today", it's urgent`;

export function createSeedState(seed = 20250106, dialect: Dialect = DIALECTS.spec): SandboxState {
  const rand = seededRandom(seed);
  const state: SandboxState = {
    currencies: seedCurrencies(),
    directions: seedDirections(),
    accounts: {},
    nextIds: { order: 1001, detail: 501, verification: 301 },
    // As documented: unused contact positions are empty strings.
    social: [
      "Sandbox Exchanger",
      "support@sandbox.exchanger.example",
      "",
      "https://t.me/sandbox_exchanger_support",
      "",
      "",
    ],
    privateApi: { keys: [], enabled: true },
  };
  state.accounts.main = seedMain(state, rand);
  state.accounts.twofa = seedTwofa(state, rand);
  state.accounts.empty = seedEmpty(rand);
  if (dialect.orderStatus === "name") seedNamedStatuses(state, rand);
  // Drawn last so every other seeded value stays what it was before the Private API existed.
  state.privateApi.keys.push(`pk_${apiKey(rand)}`);
  return state;
}

/** Canonical ids of the statuses beyond the spec's five, with a direction and amount each: newest last. */
const NAMED_EXTRAS: ReadonlyArray<readonly [status: number, direction: number, amount: string]> = [
  [7, 3, "700.00"],
  [6, 2, "420.00"],
  [8, 2, "100.00"],
];

function seedNamedStatuses(state: SandboxState, rand: Random): void {
  const main = state.accounts.main!;
  NAMED_EXTRAS.forEach(([status, dirId, amount], i) => {
    const dir = direction(state, dirId);
    main.orders.push(
      buildOrder(state, {
        id: state.nextIds.order++,
        token: randomToken(rand),
        status,
        direction: dir,
        sendAmount: amount,
        createdAtMs: BASE_TIME + (500 + i) * HOUR,
        extras: {
          receive_wallet: walletFor(dir.receive_currency_id, rand),
          email: "ivan.petrenko@example.com",
          comment: "",
        },
      }),
    );
  });
}

function apiKey(rand: Random): string {
  return randomString(rand, HEX, 48);
}

function direction(state: SandboxState, id: number): SandboxDirection {
  const found = state.directions.find((d) => d.id === id);
  if (!found) throw new Error(`seed: no direction ${id}`);
  return found;
}

/** A send amount in the direction's currency, within its usual range. */
function amountFor(state: SandboxState, dir: SandboxDirection, rand: Random): string {
  const decimals = state.currencies.find((c) => c.id === dir.send_currency_id)?.decimals ?? 2;
  const min = Number(dir.min_amount);
  const max = Math.min(Number(dir.max_amount), min * 40);
  return (min + rand() * (max - min)).toFixed(decimals);
}

function seedMain(state: SandboxState, rand: Random): SandboxAccount {
  const key = apiKey(rand);
  const orders: SandboxOrder[] = [];
  let time = BASE_TIME;

  // The oldest order carries a status this CMS build added later (5); clients must not choke on it.
  const nextOrder = (
    status: number,
    dir: SandboxDirection,
    amount: string,
    extras: Record<string, unknown> = {},
  ) => {
    time += (3 + Math.floor(rand() * 30)) * HOUR + Math.floor(rand() * 3600) * 1000;
    const order = buildOrder(state, {
      id: state.nextIds.order++,
      token: randomToken(rand),
      status,
      direction: dir,
      sendAmount: amount,
      createdAtMs: time,
      extras: {
        receive_wallet: walletFor(dir.receive_currency_id, rand),
        email: "ivan.petrenko@example.com",
        comment: "",
        ...extras,
      },
    });
    orders.push(order);
  };

  nextOrder(5, direction(state, 2), "300.00", { comment: "Refunded to the sender's card" });
  let created = 0;
  for (let i = 0; i < 40; i++) {
    const status = STATUS_PATTERN[i % STATUS_PATTERN.length]!;
    if (status === 0) {
      const [dirId, amount] = MAIN_CREATED[created++ % MAIN_CREATED.length]!;
      nextOrder(0, direction(state, dirId), amount);
      continue;
    }
    const dir = state.directions[Math.floor(rand() * state.directions.length)]!;
    // One comment with HTML special characters, so renderers prove they escape.
    nextOrder(status, dir, amountFor(state, dir, rand), i === 37 ? { comment: HTML_COMMENT } : {});
  }

  const referralOrders: SandboxOrder[] = [];
  const referralLogins = ["oleg_m", "anna.s", "dmytro88", "kate_v"];
  for (let i = 0; i < 8; i++) {
    time += 9 * HOUR;
    const dir = state.directions[(i * 3) % state.directions.length]!;
    const order = buildOrder(state, {
      id: state.nextIds.order++,
      token: randomToken(rand),
      // PHP servers often send every column as a string; referral orders do so here.
      status: String([4, 4, 1, 0, 3, 4, 2, 4][i]),
      direction: dir,
      sendAmount: amountFor(state, dir, rand),
      createdAtMs: time,
      extras: {
        user_login: referralLogins[i % referralLogins.length],
        partner_reward: (0.4 + rand() * 6).toFixed(2),
      },
    });
    referralOrders.push(order);
  }

  const detailValues: Array<[number, string]> = [
    [5, "4149 4993 0000 1234"],
    [7, "5375 4141 2222 9876"],
    [1, "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"],
    [3, "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9"],
    [8, "P1000123456"],
    [6, "2202 2000 1111 3333"],
    [2, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
    [8, "P1000999000 & backup <old>"],
  ];
  const details = detailValues.map(([currency_id, value], i) => ({
    id: state.nextIds.detail++,
    currency_id,
    value,
    created_at: formatDateTime(BASE_TIME - (60 - i * 5) * 24 * HOUR),
  }));

  return {
    name: "main",
    apiKey: key,
    revoked: false,
    password: DEMO_PASSWORDS.main,
    twoFactorSecret: null,
    balance: 1500,
    profile: {
      id: 1024,
      login: "ivan_p",
      email: "ivan.petrenko@example.com",
      first_name: "Ivan",
      last_name: "Petrenko",
      phone: "+380501234567",
      balance_currency: "USD",
      verified: 1,
      discount: "0.25",
      referral_link: "https://sandbox.exchanger.example/?ref=1024",
      referrals_count: 4,
      partner_balance: "12.40",
      group_name: "Silver",
      // A field this bot has no label for (real servers send more than any list): shown humanized.
      preferred_currency: "USD",
      created_at: "2023-03-14 10:22:31",
      last_login_at: formatDateTime(BASE_TIME - 2 * HOUR),
    },
    orders,
    referralOrders,
    details,
    verification: {
      id: state.nextIds.verification++,
      status: "approved",
      type: "card",
      card_number: "4149 **** **** 1234",
      first_name: "Ivan",
      last_name: "Petrenko",
      photos: 2,
      comment: "",
      created_at: "2024-11-02 14:05:10",
      updated_at: "2024-11-02 16:40:00",
    },
    inputs: {
      "11": "5375 4141 2222 9876",
      "12": "IVAN PETRENKO",
      "21": "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
      "23": "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9",
      "31": "ivan.petrenko@example.com",
      // A field id no direction uses any more: saved inputs outlive the fields they were for.
      "97": "legacy value",
    },
  };
}

function seedTwofa(state: SandboxState, rand: Random): SandboxAccount {
  const key = apiKey(rand);
  const secretBytes = new Uint8Array(20).map(() => Math.floor(rand() * 256));
  const orders: SandboxOrder[] = [];
  const plan: Array<[number, number, string]> = [
    [4, 1, "0.00400000"],
    [0, 2, "50.00"],
    [0, 7, "120.00"],
    [0, 3, "900.00"],
  ];
  plan.forEach(([status, dirId, amount], i) => {
    const dir = direction(state, dirId);
    orders.push(
      buildOrder(state, {
        id: state.nextIds.order++,
        token: randomToken(rand),
        status,
        direction: dir,
        sendAmount: amount,
        createdAtMs: BASE_TIME + (400 + i * 5) * HOUR,
        extras: {
          receive_wallet: walletFor(dir.receive_currency_id, rand),
          email: "olena.k@example.com",
          comment: "",
        },
      }),
    );
  });
  return {
    name: "twofa",
    apiKey: key,
    revoked: false,
    password: DEMO_PASSWORDS.twofa,
    twoFactorSecret: new Secret({ buffer: secretBytes.buffer }).base32,
    balance: 300,
    profile: {
      id: 2048,
      login: "olena_k",
      email: "olena.k@example.com",
      first_name: "Olena",
      last_name: "Kovalenko",
      balance_currency: "USD",
      verified: 0,
      created_at: "2024-05-20 08:00:00",
    },
    orders,
    referralOrders: [],
    details: [],
    verification: {
      id: state.nextIds.verification++,
      status: "rejected",
      type: "card",
      card_number: "5168 **** **** 4321",
      first_name: "Olena",
      last_name: "Kovalenko",
      photos: 1,
      comment: "The photo is blurry, please upload a sharper one",
      created_at: "2025-01-10 12:00:00",
      updated_at: "2025-01-10 15:30:00",
    },
    inputs: { "31": "olena.k@example.com" },
  };
}

function seedEmpty(rand: Random): SandboxAccount {
  return {
    name: "empty",
    apiKey: apiKey(rand),
    revoked: false,
    password: DEMO_PASSWORDS.empty,
    twoFactorSecret: null,
    balance: 0,
    profile: {
      id: 4096,
      login: "newbie",
      email: "newbie@example.com",
      balance_currency: "USD",
      verified: 0,
      created_at: "2025-02-01 00:00:00",
    },
    orders: [],
    referralOrders: [],
    details: [],
    verification: null,
    inputs: {},
  };
}
