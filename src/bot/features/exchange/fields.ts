/**
 * The direction's fields in the exchange flow, free of Telegram: which values to offer as one-tap
 * buttons (the user's saved field for that id, and their saved payment details of the receive
 * currency for a field that takes a wallet, card or account), how a value is shown (card numbers
 * masked: secrets.ts's one rule), and the check of a typed value.
 *
 * Saved fields arrive masked (normalize/saved-fields.ts: a saved card shows as 537541******9876). A
 * masked value cannot be sent to create-order, so it is offered only when one of the user's saved
 * payment details masks to exactly it (that detail's full value is used); otherwise it is not offered.
 */
import {
  isCardNumber,
  isNumberField,
  maskNumber,
  type PaymentDetail,
  type SavedField,
} from "../../../exchanger/index.js";
import { clip } from "../../ui/html.js";
import type { PlanField } from "./plan.js";

/** Most characters a field value may have (a wallet address, a name, an e-mail all fit). */
export const MAX_FIELD_LENGTH = 255;
/** Most values offered as buttons for one field. */
const MAX_CHOICES = 6;

/** Words of a field name (any of the three languages) that say it takes a wallet, card or account. */
const PAYMENT_WORDS =
  /card|wallet|address|account|purse|iban|карт|кошел|гаман|адрес|счёт|счет|рахун|реквиз|реквіз/i;
/** …unless it is about the person or a contact (the card HOLDER's name, an e-mail address). */
const PERSON_WORDS = /name|holder|mail|phone|telegram|имя|ім.я|власник|держател|пошт|почт|телефон/i;
const CARD_WORDS = /card|карт/i;
const EMAIL_WORDS = /e-?mail|почт|пошт/i;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

const wordsOf = (field: PlanField) => `${field.name} ${field.label} ${field.param}`;

/** A field the user's saved payment details can fill (a card number, a wallet address, an account). */
export function takesPaymentDetails(field: PlanField): boolean {
  const words = wordsOf(field);
  return PAYMENT_WORDS.test(words) && !PERSON_WORDS.test(words);
}

const isCardField = (field: PlanField) =>
  takesPaymentDetails(field) && (CARD_WORDS.test(wordsOf(field)) || isNumberField(field.name));

/** How a value is shown anywhere in the chat: card and document numbers masked. */
export function shownValue(field: PlanField, value: string): string {
  const numberField = isNumberField(field.name) || isNumberField(field.param);
  // As secrets.ts does: a number field is masked when it holds digits (a holder's name is not).
  return isCardNumber(value) || (numberField && /\d/.test(value)) ? maskNumber(value) : value;
}

export interface FieldChoice {
  value: string;
  /** The button's label (masked, clipped). */
  label: string;
}

/** The one-tap values for a field: the saved field first, then saved details of the receive currency. */
export function fieldChoices(
  field: PlanField,
  saved: readonly SavedField[],
  details: readonly PaymentDetail[],
  receiveCurrencyId: string,
): FieldChoice[] {
  const values: string[] = [];
  const savedValue = saved.find((s) => s.id === field.id)?.value.trim();
  if (savedValue) {
    const usable = savedValue.includes("*")
      ? details.map((d) => String(d.value).trim()).find((v) => maskNumber(v) === savedValue)
      : savedValue;
    if (usable !== undefined) values.push(usable);
  }
  if (takesPaymentDetails(field))
    for (const detail of details)
      if (String(detail.currency_id) === receiveCurrencyId)
        values.push(String(detail.value).trim());
  const unique = [...new Set(values)].filter((v) => v !== "" && v.length <= MAX_FIELD_LENGTH);
  return unique
    .slice(0, MAX_CHOICES)
    .map((value) => ({ value, label: clip(shownValue(field, value), 40) }));
}

export type FieldProblem = "too-long" | "card" | "email" | "empty";

/** A typed value → the value to send, or what is wrong with it. */
export function checkFieldValue(
  field: PlanField,
  text: string,
): { ok: true; value: string } | { ok: false; problem: FieldProblem } {
  const value = text.trim();
  if (value === "") return { ok: false, problem: "empty" };
  if (value.length > MAX_FIELD_LENGTH) return { ok: false, problem: "too-long" };
  if (isCardField(field) && /^[\d\s-]+$/.test(value) && !isCardNumber(value))
    return { ok: false, problem: "card" };
  if (EMAIL_WORDS.test(wordsOf(field)) && !EMAIL.test(value))
    return { ok: false, problem: "email" };
  return { ok: true, value };
}

/** Whether typed text for this field should not stay in the chat (a card number). */
export const isSensitiveField = (field: PlanField): boolean =>
  isCardField(field) || isNumberField(field.name);
