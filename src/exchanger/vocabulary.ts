/**
 * The ONE place that knows what an order status means.
 *
 * Real Exchanger CMS servers write an order's `status` as the spec's number (0–4), as that number in
 * a string ("0"), or as the script's own name ("awaiting_payment", "@completed", "Success"…), and
 * many have statuses beyond the spec's five (docs/exchanger-api.md). Whatever arrives is
 * mapped here to a MEANING, and everything the bot decides about a status derives from that meaning:
 *
 *   payable  (isPayableStatus)  "awaiting-payment", and any status whose meaning the bot cannot tell:
 *                               the Pay button, the pay card, /pay <token>. An unknown status never
 *                               blocks paying — the server decides, and its refusal is shown;
 *   active   (isActiveStatus)   what the watcher polls on its short schedule;
 *   label    (statusLabel)      "⏳ Awaiting payment" in the reader's language; an unknown name is
 *                               humanized ("partially_refunded" → "Partially refunded"), an unknown
 *                               number is "Other status (7)" — never a bare id behind ❔.
 *
 * "Active" is awaiting payment, in progress AND problem. A problem (suspended, hold, error) is not
 * final: the operator resolves it, and the customer waits for that news as eagerly as for a payout,
 * so a chat with such an order is polled often. Done and canceled are final. An unknown status is
 * treated as final too: every in-flight status real scripts use is known here, the unknown ones seen
 * in practice are rare end states (partially refunded, archived), and polling a chat every minute
 * forever because of one old odd order would cost the exchanger for nothing.
 *
 * Pure: no I/O, no state. Translation keys live in the bot's orders.ftl; `statusLabel` takes any
 * translator (a context, or the watcher's per-language one).
 */

export const STATUS_MEANINGS = [
  "awaiting-payment",
  "in-progress",
  "problem",
  "done",
  "canceled",
  "unknown",
] as const;
export type StatusMeaning = (typeof STATUS_MEANINGS)[number];

interface KnownStatus {
  /** The spec's numeric id, for the five statuses of the spec's table. */
  id?: number;
  meaning: StatusMeaning;
  emoji: string;
  /** Other spellings real scripts use for the same status (lower case, `_` between words). */
  aliases: readonly string[];
}

/**
 * Known statuses by their canonical key (also the suffix of their label's translation key,
 * `orders-status-<key>` with `_` as `-`). Extend here, and in the three orders.ftl, when a real
 * server shows a new one.
 */
const KNOWN = {
  created: { id: 0, meaning: "awaiting-payment", emoji: "🆕", aliases: ["new", "create"] },
  awaiting_payment: {
    meaning: "awaiting-payment",
    emoji: "⏳",
    aliases: [
      "waiting",
      "waiting_payment",
      "wait_payment",
      "wait",
      "pending",
      "pending_payment",
      "unpaid",
      "not_paid",
      "awaiting",
    ],
  },
  paid: {
    id: 1,
    meaning: "in-progress",
    emoji: "💸",
    aliases: ["payed", "payment_received", "received"],
  },
  processing: {
    meaning: "in-progress",
    emoji: "⚙️",
    aliases: [
      "in_progress",
      "inprogress",
      "progress",
      "in_work",
      "in_process",
      "process",
      "checking",
      "confirming",
      "payout",
      "sending",
    ],
  },
  suspended: {
    id: 2,
    meaning: "problem",
    emoji: "⏸",
    aliases: ["hold", "on_hold", "frozen", "freeze", "paused", "stopped"],
  },
  error: { meaning: "problem", emoji: "⚠️", aliases: ["failed", "fail", "failure", "err"] },
  canceled: {
    id: 3,
    meaning: "canceled",
    emoji: "❌",
    aliases: ["cancelled", "cancel", "declined", "rejected", "deleted"],
  },
  expired: { meaning: "canceled", emoji: "⌛", aliases: ["timeout", "timed_out", "overdue"] },
  refund: {
    meaning: "canceled",
    emoji: "↩️",
    aliases: ["refunded", "returned", "return", "chargeback"],
  },
  completed: {
    id: 4,
    meaning: "done",
    emoji: "✅",
    aliases: ["success", "successful", "done", "finished", "complete", "executed", "closed"],
  },
} as const satisfies Record<string, KnownStatus>;

export type KnownStatusKey = keyof typeof KNOWN;
export const KNOWN_STATUS_KEYS = Object.keys(KNOWN) as KnownStatusKey[];

/** Lookup tables built once from KNOWN, never changed. */
const BY_SPELLING: ReadonlyMap<string, KnownStatusKey> = new Map(
  KNOWN_STATUS_KEYS.flatMap((key) =>
    [key, ...(KNOWN[key] as KnownStatus).aliases].map((spelled) => [spelled, key] as const),
  ),
);
const BY_ID: ReadonlyMap<number, KnownStatusKey> = new Map(
  KNOWN_STATUS_KEYS.flatMap((key) => {
    const id = (KNOWN[key] as KnownStatus).id;
    return id === undefined ? [] : [[id, key] as const];
  }),
);

/** How the server wrote the status: its form decides how a filter on it is sent back. */
export type StatusForm = "number" | "name";

/** Everything the bot knows about one status value. */
export interface StatusInfo {
  meaning: StatusMeaning;
  /** A known status's canonical key; undefined for statuses outside the vocabulary. */
  key?: KnownStatusKey;
  emoji: string;
  /** "number" for 4 and "4", "name" for "@completed" and "success"; undefined when unreadable. */
  form?: StatusForm;
  /** The server's value as it would go into a filter: "4", or the name without `@` ("success"). */
  value?: string;
  /**
   * Nothing the server proved says which value is the status (a positional order whose layout could
   * not place it with certainty): the screens say they cannot read it, never guess.
   */
  unreadable?: true;
}

/** 🔹: a status we cannot name still gets a neutral mark, not a question mark. */
const UNKNOWN_EMOJI = "🔹";

/** The status of an order whose status no evidence places (normalize/order.ts). */
export const UNREADABLE_STATUS: StatusInfo = Object.freeze({
  meaning: "unknown",
  emoji: "❔",
  unreadable: true,
});

/** "  @Awaiting-Payment " → "awaiting_payment": case, `@`, spaces and dashes do not matter. */
function spelling(text: string): string {
  return text
    .trim()
    .replace(/^@/, "")
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * Titles servers show instead of a name (the status's human label in ru, uk or en), spelled as
 * `spelling` writes them. English titles are covered by the aliases ("Awaiting payment" is
 * awaiting_payment); these are the Cyrillic ones.
 */
const TITLES: Readonly<Record<KnownStatusKey, readonly string[]>> = {
  created: ["новая", "новый", "создана", "создан", "нова", "новий", "створена", "створено"],
  awaiting_payment: [
    "ожидает_оплаты",
    "ожидание_оплаты",
    "ждет_оплаты",
    "ждёт_оплаты",
    "не_оплачена",
    "очікує_оплати",
    "очікування_оплати",
    "не_оплачено",
  ],
  paid: ["оплачена", "оплачен", "оплачено", "оплата_получена", "оплату_отримано"],
  processing: [
    "в_обработке",
    "обрабатывается",
    "в_работе",
    "выплата",
    "в_обробці",
    "обробляється",
    "в_роботі",
    "виплата",
  ],
  suspended: ["приостановлена", "заморожена", "на_удержании", "призупинена", "заморожено"],
  error: ["ошибка", "помилка"],
  canceled: ["отменена", "отменен", "отклонена", "удалена", "скасована", "скасовано", "відхилена"],
  expired: ["просрочена", "истекла", "истекло_время", "прострочена", "час_вичерпано"],
  refund: ["возврат", "возвращена", "повернення", "повернена"],
  completed: [
    "выполнена",
    "выполнено",
    "завершена",
    "успешно",
    "успешна",
    "виконана",
    "виконано",
    "завершено",
    "успішно",
  ],
};

/** Lookup tables built once from KNOWN and TITLES, never changed. */
const BY_TITLE: ReadonlyMap<string, KnownStatusKey> = new Map(
  KNOWN_STATUS_KEYS.flatMap((key) => TITLES[key].map((title) => [title, key] as const)),
);

/**
 * Words of a status title that say nothing of the status ("Order completed", "Waiting for your
 * payment", «Заявка выполнена»): dropped before the words are matched.
 */
const FILLER = new Set(
  [
    ...["order", "orders", "status", "your", "the", "for", "is", "has", "been", "was", "a", "an"],
    ...["of", "by", "to", "we", "are", "our", "exchange", "request", "application", "now"],
    ...["заявка", "заявки", "заявку", "заказ", "заказа", "статус", "ваша", "ваш", "вашей", "вашу"],
    ...["вашего", "для", "по", "от", "обмен", "обмена", "замовлення", "вашої", "від", "обмін"],
  ].map((word) => word.toLowerCase()),
);

/**
 * Word beginnings that decide a status on their own, in en, ru and uk, when no run of a title's
 * words is a known spelling ("Order cancelled by operator", «Отменена оператором»): whatever else
 * the title says, such an order is never offered Pay.
 */
const STEMS: ReadonlyArray<readonly [string, KnownStatusKey]> = [
  ["refund", "refund"],
  ["возвр", "refund"],
  ["поверн", "refund"],
  ["error", "error"],
  ["fail", "error"],
  ["ошиб", "error"],
  ["помил", "error"],
  ["cancel", "canceled"],
  ["reject", "canceled"],
  ["declin", "canceled"],
  ["отмен", "canceled"],
  ["отклон", "canceled"],
  ["скасов", "canceled"],
  ["відхил", "canceled"],
  ["expir", "expired"],
  ["просроч", "expired"],
  ["простроч", "expired"],
  ["complet", "completed"],
  ["success", "completed"],
  ["выполн", "completed"],
  ["заверш", "completed"],
  ["успе", "completed"],
  ["викон", "completed"],
  ["успі", "completed"],
];

const wordsOf = (spelled: string): string[] =>
  spelled.split(/[_.,:;!()«»"'/]+/).filter((word) => word !== "" && !FILLER.has(word));

/** A known status from its spelling: the whole of it, or all its words but fillers ("Order completed"). */
function byWords(spelled: string): KnownStatusKey | undefined {
  const whole = wordsOf(spelled).join("_");
  return (
    BY_SPELLING.get(spelled) ??
    BY_TITLE.get(spelled) ??
    BY_SPELLING.get(whole) ??
    BY_TITLE.get(whole)
  );
}

/**
 * The status a longer title stands for, when not all its words are known: the longest run of its
 * words that is a known spelling, else its first word beginning with a deciding stem. It gives the
 * meaning and the mark; the label stays the server's own words ("↩️ Partially refunded").
 */
function byPart(spelled: string): KnownStatusKey | undefined {
  const words = wordsOf(spelled);
  for (let length = words.length - 1; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length).join("_");
      const key = BY_SPELLING.get(run) ?? BY_TITLE.get(run);
      if (key !== undefined) return key;
    }
  }
  for (const word of words) {
    const stem = STEMS.find(([begins]) => word.startsWith(begins));
    if (stem) return stem[1];
  }
  return undefined;
}

/**
 * A status as the bot holds it once read (normalize/order.ts): what it means, and the server's own
 * label when it sent one (`{"name": "…", "title": "Awaiting payment"}`), shown for statuses the
 * vocabulary does not know.
 */
export interface OrderStatus extends StatusInfo {
  label?: string;
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "object" && value !== null && "meaning" in value && "emoji" in value;
}

/** Keys of a status object, by what they carry. */
const STATUS_NAME_KEYS = ["name", "code", "slug", "key", "alias", "status"];
const STATUS_ID_KEYS = ["id", "value", "status_id"];
const STATUS_TITLE_KEYS = ["title", "label", "text", "caption", "description"];

function scalarIn(
  record: Record<string, unknown>,
  keys: readonly string[],
): string | number | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "number" && Number.isFinite(value)) return value;
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

/**
 * Any form of a status — 4, "4", "@completed", "success", "Ожидает оплаты", an object
 * `{"id": "0", "name": "awaiting_payment", "title": "Awaiting payment"}`, or one already read — as
 * an OrderStatus. An object is understood by its name first (the most specific), then its id, then
 * its title; its form and value (for filters) come from what was understood.
 */
export function readStatus(status: unknown): OrderStatus {
  if (isOrderStatus(status)) return status;
  if (typeof status !== "object" || status === null || Array.isArray(status))
    return describeScalar(status);
  const record = status as Record<string, unknown>;
  const name = scalarIn(record, STATUS_NAME_KEYS);
  const id = scalarIn(record, STATUS_ID_KEYS);
  const title = scalarIn(record, STATUS_TITLE_KEYS);
  const label =
    title !== undefined ? String(title).trim() : typeof name === "string" ? name.trim() : undefined;
  for (const candidate of [name, id, title]) {
    if (candidate === undefined) continue;
    const info = describeScalar(candidate);
    if (info.key !== undefined) return { ...info, ...(label !== undefined && { label }) };
  }
  const first = describeScalar(name ?? id ?? title);
  return { ...first, ...(label !== undefined && { label }) };
}

export function describeStatus(status: unknown): StatusInfo {
  return readStatus(status);
}

function describeScalar(status: unknown): StatusInfo {
  if (typeof status === "number" && Number.isInteger(status) && status >= 0)
    return fromNumber(status);
  if (typeof status !== "string" || status.trim() === "")
    return { meaning: "unknown", emoji: UNKNOWN_EMOJI };
  const text = status.trim();
  if (/^\d{1,9}$/.test(text)) return fromNumber(Number(text));
  const name = text.replace(/^@/, "").trim();
  const key = byWords(spelling(text));
  if (key === undefined) {
    const part = byPart(spelling(text));
    if (part !== undefined)
      return { meaning: KNOWN[part].meaning, emoji: KNOWN[part].emoji, form: "name", value: name };
    return { meaning: "unknown", emoji: UNKNOWN_EMOJI, form: "name", value: name };
  }
  return { meaning: KNOWN[key].meaning, key, emoji: KNOWN[key].emoji, form: "name", value: name };
}

function fromNumber(id: number): StatusInfo {
  const key = BY_ID.get(id);
  const value = String(id);
  if (key === undefined) return { meaning: "unknown", emoji: UNKNOWN_EMOJI, form: "number", value };
  return { meaning: KNOWN[key].meaning, key, emoji: KNOWN[key].emoji, form: "number", value };
}

export function statusMeaning(status: unknown): StatusMeaning {
  return describeStatus(status).meaning;
}

/**
 * An order awaiting payment can be paid from the balance; so may one whose status the bot cannot tell
 * (a script's own word, a number beyond the spec): the bot offers, spend-balance decides.
 */
export function isPayableStatus(status: unknown): boolean {
  const meaning = statusMeaning(status);
  return meaning === "awaiting-payment" || meaning === "unknown";
}

/** Still moving: the watcher polls a chat with such an order on its short schedule (see the header). */
export function isActiveStatus(status: unknown): boolean {
  const meaning = statusMeaning(status);
  return meaning === "awaiting-payment" || meaning === "in-progress" || meaning === "problem";
}

/**
 * One spelling per status, for comparing statuses over time: the known ones by their key (0, "0",
 * "@created" → "created"), others by their trimmed text. Its own input maps to itself.
 */
export function statusKey(status: unknown): string {
  const info = readStatus(status);
  if (typeof status === "object" && status !== null)
    return info.key ?? info.value ?? info.label ?? "";
  return info.key ?? info.value ?? String(status ?? "").trim();
}

/** The spec's numeric id of a status key, when it has one ("created" → 0). */
export function specStatusId(key: string): number | undefined {
  return Object.hasOwn(KNOWN, key) ? (KNOWN as Record<string, KnownStatus>)[key]!.id : undefined;
}

/** "partially_refunded" → "Partially refunded". Letters and digits only, so always HTML-safe. */
export function humanizeStatus(name: string): string {
  const words = name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase()
    .slice(0, 40)
    .trim();
  return words === "" ? "" : words[0]!.toUpperCase() + words.slice(1);
}

/**
 * What `t()` needs, for everything that only words a text (a status here; amounts, dates and whole
 * screens in the bot): a bot context, or the watcher's per-language translator. The one translator
 * type: the bot re-exports it (bot/context.ts).
 */
export interface Translator {
  t(key: string, variables?: Record<string, string | number>): string;
}

/** The translation keys of the known statuses' labels, spelled once (a list screen asks for a dozen). */
const LABEL_KEYS = new Map(
  (Object.keys(KNOWN) as KnownStatusKey[]).map((key) => [
    key,
    `orders-status-${key.replace(/_/g, "-")}`,
  ]),
);

/** The translation key of a known status's label: "awaiting_payment" → "orders-status-awaiting-payment". */
export const statusLabelKey = (key: KnownStatusKey): string => LABEL_KEYS.get(key)!;

/** The status in words, no emoji: "Awaiting payment", "Partially refunded", "Other status (7)". HTML-safe. */
export function statusWords(tr: Translator, status: unknown): string {
  const info = readStatus(status);
  if (info.unreadable) return tr.t("orders-status-unreadable");
  if (info.key) return tr.t(statusLabelKey(info.key));
  // The server's own label first (a status object's title), else its name.
  const own = info.label ?? (info.form === "name" ? info.value : undefined);
  const human = own !== undefined ? humanizeStatus(own) : "";
  if (human !== "") return human;
  // A number outside the vocabulary (or nothing readable): say it is some other status; the digits
  // help when the customer asks the exchanger's support about it.
  return tr.t("orders-status-other", {
    status: info.form === "number" && info.value !== undefined ? info.value : "?",
  });
}

export function statusEmoji(status: unknown): string {
  return describeStatus(status).emoji;
}

/** "⏳ Awaiting payment". HTML-safe. */
export function statusLabel(tr: Translator, status: unknown): string {
  return `${statusEmoji(status)} ${statusWords(tr, status)}`;
}

/** Meanings in the order a list of chips shows them: what needs the customer first. */
export function meaningRank(meaning: StatusMeaning): number {
  return STATUS_MEANINGS.indexOf(meaning);
}

// ---- verification requests ------------------------------------------------------------------------

/**
 * What a verification request's status means. Exchanger CMS builds write it as a word, a number, or
 * an object (`{"name": "pending", "title": "На проверке"}`); every form is read here.
 */
export const VERIFICATION_MEANINGS = [
  "none",
  "pending",
  "approved",
  "rejected",
  "unknown",
] as const;
export type VerificationMeaning = (typeof VERIFICATION_MEANINGS)[number];

/** Status words of Exchanger CMS builds, grouped; anything else means "unknown" (shown as the server wrote it). */
const VERIFICATION_WORDS: Readonly<
  Record<Exclude<VerificationMeaning, "unknown">, readonly string[]>
> = {
  none: ["none", "", "null", "not_submitted", "unverified", "not_verified", "no"],
  pending: [
    "pending",
    "new",
    "waiting",
    "wait",
    "review",
    "in_review",
    "processing",
    "moderation",
    "on_review",
    "0",
    "на_проверке",
    "на_перевірці",
    "ожидает_проверки",
  ],
  approved: [
    "approved",
    "verified",
    "accepted",
    "confirmed",
    "success",
    "done",
    "1",
    "одобрена",
    "подтверждена",
    "підтверджена",
    "схвалена",
  ],
  rejected: [
    "rejected",
    "declined",
    "denied",
    "refused",
    "canceled",
    "cancelled",
    "failed",
    "2",
    "отклонена",
    "відхилена",
  ],
};

export interface VerificationStatus {
  meaning: VerificationMeaning;
  /** The server's own word or title, for a status outside the groups. */
  label?: string;
}

/** A verification status in any form (word, number, `{name|id|title}` object) as its meaning and label. */
export function readVerificationStatus(status: unknown): VerificationStatus {
  const record =
    typeof status === "object" && status !== null && !Array.isArray(status)
      ? (status as Record<string, unknown>)
      : undefined;
  const candidates = record
    ? [
        scalarIn(record, STATUS_NAME_KEYS),
        scalarIn(record, STATUS_ID_KEYS),
        scalarIn(record, STATUS_TITLE_KEYS),
      ]
    : [status as string | number | undefined];
  const title = record ? scalarIn(record, STATUS_TITLE_KEYS) : undefined;
  for (const candidate of candidates) {
    if (candidate === undefined || (typeof candidate !== "string" && typeof candidate !== "number"))
      continue;
    const word = spelling(String(candidate));
    const meaning = (
      Object.keys(VERIFICATION_WORDS) as Array<keyof typeof VERIFICATION_WORDS>
    ).find((group) => VERIFICATION_WORDS[group].includes(word));
    if (meaning !== undefined)
      return { meaning, ...(title !== undefined && { label: String(title).trim() }) };
  }
  const shown = [title, ...candidates].find(
    (c) => (typeof c === "string" && c.trim() !== "") || typeof c === "number",
  );
  return { meaning: "unknown", ...(shown !== undefined && { label: String(shown).trim() }) };
}
