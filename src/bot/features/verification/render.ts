/**
 * Verification screens as HTML: the request the exchanger holds (/verify) and the summary of a form
 * before it is submitted. Pure functions. Card and document numbers are always masked, photos
 * only counted; secrets and hashes never
 * shown (fieldLines drops them); fields this bot does not know are humanized.
 */
import type { FlowContext } from "../../context.js";
import type { VerificationFields } from "../../../exchanger/types.js";
import { displayValue, escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";
import { formatDate } from "../../ui/dates.js";
import { fieldLabel as translatedField, fieldMessage } from "../../ui/field-names.js";

type T = Pick<FlowContext, "t">;

export type VerificationKind = "card" | "identity" | "service";

/** Form fields in the order the form asks for them (and the screens list them). */
export const FIELD_ORDER: readonly (keyof VerificationFields)[] = [
  "card_number",
  "id_type",
  "id_number",
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "phone",
  "country",
  "city",
  "address",
  "zip_code",
];

/** Document types offered as buttons; the code is what the exchanger receives as `id_type`. */
export const ID_TYPES = ["passport", "id_card", "driver_license"] as const;

/** Most characters a masked number shows (first 6 + last 4, as card issuers print them). */
const MAX_SHOWN = 10;
/** Fewest characters a masked number hides: shorter numbers show less, down to nothing. */
const MIN_HIDDEN = 6;

/**
 * "411111******1111": a card or document number with at most its first 6 and last 4 characters
 * shown and at least 6 hidden (a 12-character number shows 2 + 4, an 8-character one only its last 2).
 * A value the server masked already (it has * or • and shows no more than we would) stays as it is.
 */
export function maskNumber(value: string): string {
  const chars = [...value.replace(/[\s-]/g, "")];
  if (/[*•]/.test(value) && chars.filter((c) => /[\p{L}\p{N}]/u.test(c)).length <= MAX_SHOWN) return value;
  const shown = Math.min(MAX_SHOWN, Math.max(0, chars.length - MIN_HIDDEN));
  const last = Math.min(4, shown);
  const first = Math.min(6, shown - last);
  return chars.slice(0, first).join("") + "*".repeat(chars.length - first - last) + chars.slice(chars.length - last).join("");
}

/** Field keys that may carry a card number (the known one, and look-alikes a server may add). */
const CARD_FIELD = /card|pan\b/i;
/** Field keys that carry a document's number: masked like a card. */
const DOCUMENT_NUMBER_FIELD = /^(id|passport|document|doc|identity|license|licence)_?(number|no|num|code|series)$|^passport$/i;
/** Field keys of uploaded pictures: shown as how many there are, never as file names and sizes. */
const PHOTOS_FIELD = /photo|image|file|scan|attachment|selfie/i;

/** Status words of Exchanger CMS builds, grouped; anything else is shown as the server sent it. */
const STATUS_GROUPS: Record<string, readonly string[]> = {
  none: ["none", "", "null", "not_submitted", "unverified", "not_verified", "no"],
  pending: ["pending", "new", "waiting", "wait", "review", "in_review", "processing", "moderation", "0"],
  approved: ["approved", "verified", "accepted", "confirmed", "success", "done", "1"],
  rejected: ["rejected", "declined", "denied", "refused", "canceled", "cancelled", "failed", "2"],
};

export function statusGroup(status: unknown): keyof typeof STATUS_GROUPS | undefined {
  const word = String(status ?? "")
    .trim()
    .toLowerCase();
  return Object.keys(STATUS_GROUPS).find((group) => STATUS_GROUPS[group]!.includes(word));
}

export function statusLabel(ctx: T, status: unknown): string {
  const group = statusGroup(status);
  if (group) return ctx.t(`verification-status-${group}`);
  return escapeHtml(displayValue(status) ?? ctx.t("verification-status-unknown"));
}

/** A request's field in the reader's language (ui/field-names.ts); any kind of upload reads "Photos". */
function fieldLabel(ctx: T, key: string): string {
  return fieldMessage(key, "verification") === undefined && PHOTOS_FIELD.test(key)
    ? ctx.t("field-photos")
    : translatedField(ctx, key, "verification");
}

export function kindLabel(ctx: T, kind: unknown): string | undefined {
  const word = String(kind ?? "").toLowerCase();
  if (word === "card") return ctx.t("verification-kind-card");
  if (word === "identity" || word === "document" || word === "passport") return ctx.t("verification-kind-identity");
  if (word === "service" || word === "third_party" || word === "external") return ctx.t("verification-kind-service");
  return undefined;
}

export function idTypeLabel(ctx: T, code: string): string {
  return (ID_TYPES as readonly string[]).includes(code) ? ctx.t(`verification-idtype-${code.replace(/_/g, "-")}`) : code;
}

/** The request object with card numbers masked and known codes translated, ready for fieldLines. */
function displayable(ctx: T, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const sensitive = CARD_FIELD.test(key) || DOCUMENT_NUMBER_FIELD.test(key);
    // Names on a card (card_holder) carry no digits and stay readable; anything with digits is masked.
    if (sensitive && (typeof value === "string" || typeof value === "number") && /\d/.test(String(value)))
      out[key] = maskNumber(String(value));
    else if (PHOTOS_FIELD.test(key) && Array.isArray(value)) out[key] = value.length;
    else if (key === "type") out[key] = kindLabel(ctx, value) ?? value;
    else if (key === "id_type" && typeof value === "string") out[key] = idTypeLabel(ctx, value);
    // "Submitted" / "Updated": the one date format (ui/dates.ts), in the reader's language, UTC stated.
    else if (key === "created_at" || key === "updated_at") out[key] = formatDate(ctx, value) ?? value;
    else out[key] = value;
  }
  return out;
}

/** The /verify screen: status first, the exchanger's comment next, then every submitted field. */
export function renderVerificationRequest(ctx: T, request: Record<string, unknown> | null): string {
  if (request === null) return `${ctx.t("verification-title")}\n\n${ctx.t("verification-none")}`;
  const lines = [ctx.t("verification-title"), "", ctx.t("verification-status-line", { status: statusLabel(ctx, request.status) })];
  const comment = displayValue(request.comment);
  if (comment !== undefined) lines.push(ctx.t("verification-comment-line", { comment: escapeHtml(comment) }));
  if (statusGroup(request.status) === "rejected") lines.push("", ctx.t("verification-rejected-hint"));
  const ordered = orderFields(displayable(ctx, request));
  const details = fieldLines(ordered, { skip: ["status", "comment"], label: (key) => fieldLabel(ctx, key) });
  if (details.length > 0) lines.push("", ...details);
  return fitMessage(lines);
}

/** Known fields in form order first, the server's other fields after them as they came. */
function orderFields(record: Record<string, unknown>): Record<string, unknown> {
  const first = ["type", ...FIELD_ORDER].filter((key) => key in record);
  const rest = Object.keys(record).filter((key) => !first.includes(key));
  return Object.fromEntries([...first, ...rest].map((key) => [key, record[key]]));
}

/** The form's summary before submitting: kind, every answer (card masked), number of photos. */
export function renderSummary(ctx: T, kind: VerificationKind, fields: VerificationFields, photoCount: number): string {
  const lines = [ctx.t("verification-summary-title"), "", ctx.t("verification-summary-kind", { kind: kindLabel(ctx, kind) ?? kind })];
  const shown = displayable(ctx, fields as Record<string, unknown>);
  lines.push(...fieldLines(orderFields(shown), { label: (key) => fieldLabel(ctx, key) }));
  if (kind !== "service") lines.push(ctx.t("verification-summary-photos", { count: photoCount }));
  else lines.push("", ctx.t("verification-summary-service"));
  lines.push("", ctx.t("verification-summary-confirm"));
  return fitMessage(lines);
}
