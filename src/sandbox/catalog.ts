/**
 * The exchanger's public catalogue: currencies, exchange directions and their input fields.
 * Currency and direction ids are numbers here; orders refer to them as strings (see data.ts), so a
 * client has to compare ids by value, as it must with real servers.
 */
import type { SandboxCurrency, SandboxDirection, SandboxInput } from "./state.js";

export function seedCurrencies(): SandboxCurrency[] {
  return [
    {
      id: 1,
      name: "Bitcoin",
      code: "BTC",
      decimals: 8,
      reserve: "3.51204118",
      type: "crypto",
      min_amount: "0.0005",
    },
    {
      id: 2,
      name: "Ethereum",
      code: "ETH",
      decimals: 6,
      reserve: "48.205100",
      type: "crypto",
      min_amount: "0.01",
    },
    {
      id: 3,
      name: "Tether TRC20",
      code: "USDTTRC20",
      decimals: 2,
      reserve: "152340.12",
      type: "crypto",
      network: "TRON",
    },
    {
      id: 4,
      name: "Tether ERC20",
      code: "USDTERC20",
      decimals: 2,
      reserve: "80210.00",
      type: "crypto",
      network: "Ethereum",
    },
    {
      id: 5,
      name: "Visa/Mastercard UAH",
      code: "CARDUAH",
      decimals: 2,
      reserve: "2450000.00",
      type: "fiat",
    },
    {
      id: 6,
      name: { en: "Sberbank RUB", ru: "Сбербанк RUB", uk: "Сбербанк RUB" },
      code: "SBERRUB",
      decimals: 2,
      reserve: "9800000.00",
      type: "fiat",
    },
    {
      id: 7,
      name: { en: "Monobank UAH", ru: "Монобанк UAH", uk: "Монобанк UAH" },
      code: "MONOBUAH",
      decimals: 2,
      reserve: "1320500.50",
      type: "fiat",
    },
    { id: 8, name: "Payeer USD", code: "PRUSD", decimals: 2, reserve: "35120.77", type: "ewallet" },
  ];
}

/** Input fields by id; ids are global, as direction fields are in Exchanger CMS. */
const FIELDS = {
  cardNumber: { id: 11, name: { en: "Card number", ru: "Номер карты", uk: "Номер картки" } },
  cardHolder: {
    id: 12,
    name: { en: "Card holder name", ru: "Имя держателя карты", uk: "Ім'я власника картки" },
  },
  phone: { id: 13, name: { en: "Phone number", ru: "Номер телефона", uk: "Номер телефону" } },
  btcAddress: {
    id: 21,
    name: { en: "Bitcoin address", ru: "Адрес Bitcoin", uk: "Адреса Bitcoin" },
  },
  ethAddress: {
    id: 22,
    name: { en: "Ethereum address", ru: "Адрес Ethereum", uk: "Адреса Ethereum" },
  },
  trc20Address: {
    id: 23,
    name: { en: "TRC20 wallet address", ru: "Адрес кошелька TRC20", uk: "Адреса гаманця TRC20" },
  },
  email: { id: 31, name: { en: "E-mail", ru: "E-mail", uk: "E-mail" } },
  telegram: {
    id: 32,
    name: { en: "Telegram username", ru: "Имя в Telegram", uk: "Ім'я в Telegram" },
  },
} as const;

type FieldName = keyof typeof FIELDS;

function inputs(required: FieldName[], optional: FieldName[] = []): SandboxInput[] {
  return [
    ...required.map((f) => ({ ...FIELDS[f], required: true })),
    ...optional.map((f) => ({ ...FIELDS[f], required: false })),
  ];
}

export function seedDirections(): SandboxDirection[] {
  const d = (
    id: number,
    slug: string,
    send: number,
    receive: number,
    rate: string,
    min: string,
    max: string,
    fields: SandboxInput[],
  ): SandboxDirection => ({
    id,
    slug,
    send_currency_id: send,
    receive_currency_id: receive,
    rate,
    min_amount: min,
    max_amount: max,
    commission: "0.5",
    active: true,
    inputs: fields,
  });
  return [
    d(1, "btc-usdttrc20", 1, 3, "61250.00", "0.001", "5", inputs(["trc20Address", "email"])),
    d(
      2,
      "usdttrc20-carduah",
      3,
      5,
      "40.85",
      "20",
      "50000",
      inputs(["cardNumber", "cardHolder", "email"], ["telegram"]),
    ),
    d(3, "carduah-btc", 5, 1, "0.00000040", "1000", "500000", inputs(["btcAddress", "email"])),
    d(
      4,
      "eth-sberrub",
      2,
      6,
      "245000.00",
      "0.02",
      "30",
      inputs(["cardNumber", "email"], ["phone"]),
    ),
    d(5, "usdterc20-monobuah", 4, 7, "40.70", "20", "50000", inputs(["cardNumber", "email"])),
    d(
      6,
      "monobuah-usdttrc20",
      7,
      3,
      "0.0242",
      "500",
      "1000000",
      inputs(["trc20Address", "email"], ["telegram"]),
    ),
    d(7, "prusd-eth", 8, 2, "0.000405", "10", "20000", inputs(["ethAddress", "email"])),
    d(8, "sberrub-usdttrc20", 6, 3, "0.0107", "3000", "3000000", inputs(["trc20Address", "email"])),
  ];
}
