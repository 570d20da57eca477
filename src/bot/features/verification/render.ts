/**
 * Verification screens as HTML: the request the exchanger holds (/verify) and the summary of a form
 * before it is submitted. Pure functions. Card and document numbers are always masked, photos
 * only counted; secrets and hashes never
 * shown (fieldLines drops them); fields this bot does not know are humanized.
 */
import type { Translator } from "../../context.js";
import {
  type Verification,
  type VerificationFields,
  maskNumber,
  isNumberField,
  readVerificationStatus,
  type VerificationMeaning,
  type VerificationStatus,
  VERIFICATION_FIELDS,
} from "../../../exchanger/index.js";
import { clip, escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";
import { formatDate } from "../../ui/dates.js";
import { formatNumber } from "../../ui/money.js";
import { fieldMessage } from "../../../field-names.js";
import { fieldLabel as translatedField } from "../../ui/field-names.js";

type T = Translator;

export type VerificationKind = "card" | "identity" | "service";

/** Form fields in the order the form asks for them (and the screens list them). */
export const FIELD_ORDER: readonly (keyof VerificationFields)[] = VERIFICATION_FIELDS;

/** Document types offered as buttons; the code is what the exchanger receives as `id_type`. */
export const ID_TYPES = ["passport", "id_card", "driver_license"] as const;

/** Card and document numbers: the one masking of the normalizer (any depth, exchanger/normalize/secrets.ts). */
export { maskNumber };

/** Field keys of uploaded pictures: shown as how many there are, never as file names and sizes. */
const PHOTOS_FIELD = /photo|image|file|scan|attachment|selfie/i;

/** What a request's status means (the vocabulary reads every form: word, number, object). */
export function statusGroup(status: unknown): Exclude<VerificationMeaning, "unknown"> | undefined {
  const meaning = readVerificationStatus(status).meaning;
  return meaning === "unknown" ? undefined : meaning;
}

export function statusLabel(ctx: T, status: VerificationStatus | unknown): string {
  const read = isVerificationStatus(status) ? status : readVerificationStatus(status);
  if (read.meaning !== "unknown") return ctx.t(`verification-status-${read.meaning}`);
  return escapeHtml(
    read.label !== undefined ? clip(read.label, 60) : ctx.t("verification-status-unknown"),
  );
}

const isVerificationStatus = (value: unknown): value is VerificationStatus =>
  typeof value === "object" && value !== null && "meaning" in value;

/** A request's field in the reader's language (ui/field-names.ts); any kind of upload reads "Photos". */
function fieldLabel(ctx: T, key: string): string {
  return fieldMessage(key, "verification") === undefined && PHOTOS_FIELD.test(key)
    ? ctx.t("field-photos")
    : translatedField(ctx, key, "verification");
}

export function kindLabel(ctx: T, kind: unknown): string | undefined {
  const word = String(kind ?? "").toLowerCase();
  if (word === "card") return ctx.t("verification-kind-card");
  if (word === "identity" || word === "document" || word === "passport")
    return ctx.t("verification-kind-identity");
  if (word === "service" || word === "third_party" || word === "external")
    return ctx.t("verification-kind-service");
  return undefined;
}

export function idTypeLabel(ctx: T, code: string): string {
  return (ID_TYPES as readonly string[]).includes(code)
    ? ctx.t(`verification-idtype-${code.replace(/_/g, "-")}`)
    : code;
}

/** The form's answers with card numbers masked and known codes translated, ready for fieldLines. */
function displayable(ctx: T, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (
      isNumberField(key) &&
      (typeof value === "string" || typeof value === "number") &&
      /\d/.test(String(value))
    )
      out[key] = maskNumber(String(value));
    else if (key === "id_type" && typeof value === "string") out[key] = idTypeLabel(ctx, value);
    else out[key] = value;
  }
  return out;
}

/** The /verify screen: status first, the exchanger's comment next, then every submitted field. */
export function renderVerificationRequest(ctx: T, request: Verification | null): string {
  if (request === null) return `${ctx.t("verification-title")}\n\n${ctx.t("verification-none")}`;
  const lines = [
    ctx.t("verification-title"),
    "",
    ctx.t("verification-status-line", { status: statusLabel(ctx, request.status) }),
  ];
  if (request.comment !== undefined)
    lines.push(
      ctx.t("verification-comment-line", { comment: escapeHtml(clip(request.comment, 1000)) }),
    );
  if (request.status.meaning === "rejected") lines.push("", ctx.t("verification-rejected-hint"));
  // The request's own facts, then what was submitted (masked by the normalizer), in form order.
  const head: Record<string, unknown> = {};
  if (request.kind !== undefined) head.type = kindLabel(ctx, request.kind) ?? request.kind;
  if (request.id !== undefined) head.id = request.id;
  const fields = displayable(ctx, request.fields);
  const tail: Record<string, unknown> = {};
  if (request.photos !== undefined) tail.photos = request.photos;
  // "Submitted" / "Updated": the one date format (ui/dates.ts), in the reader's language, UTC stated.
  if (request.createdAt !== undefined) tail.created_at = formatDate(ctx, request.createdAt);
  if (request.updatedAt !== undefined) tail.updated_at = formatDate(ctx, request.updatedAt);
  const ordered = { ...head, ...orderFields(fields), ...tail };
  const details = fieldLines(ordered, {
    label: (key) => fieldLabel(ctx, key),
    number: (value) => formatNumber(ctx, value),
  });
  if (details.length > 0) lines.push("", ...details);
  if (request.unplaced !== undefined)
    lines.push("", ctx.t("unplaced-values", { count: request.unplaced }));
  return fitMessage(lines);
}

/** Known fields in form order first, the server's other fields after them as they came. */
function orderFields(record: Record<string, unknown>): Record<string, unknown> {
  const first = ["type", ...FIELD_ORDER].filter((key) => key in record);
  const rest = Object.keys(record).filter((key) => !first.includes(key));
  return Object.fromEntries([...first, ...rest].map((key) => [key, record[key]]));
}

/** The form's summary before submitting: kind, every answer (card masked), number of photos. */
export function renderSummary(
  ctx: T,
  kind: VerificationKind,
  fields: VerificationFields,
  photoCount: number,
): string {
  const lines = [
    ctx.t("verification-summary-title"),
    "",
    ctx.t("verification-summary-kind", { kind: kindLabel(ctx, kind) ?? kind }),
  ];
  const shown = displayable(ctx, fields as Record<string, unknown>);
  lines.push(
    ...fieldLines(orderFields(shown), {
      label: (key) => fieldLabel(ctx, key),
      number: (value) => formatNumber(ctx, value),
    }),
  );
  if (kind !== "service") lines.push(ctx.t("verification-summary-photos", { count: photoCount }));
  else lines.push("", ctx.t("verification-summary-service"));
  lines.push("", ctx.t("verification-summary-confirm"));
  return fitMessage(lines);
}
