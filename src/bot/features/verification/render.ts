/**
 * Verification screens as HTML: the request the exchanger holds (/verify) and the summary of a form
 * before it is submitted. Pure functions. Card numbers are always masked; secrets and hashes never
 * shown (fieldLines drops them); fields this bot does not know are humanized.
 */
import type { FlowContext } from "../../context.js";
import type { VerificationFields } from "../../../exchanger/types.js";
import { displayValue, escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";

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

/** "4149 •••• •••• 1234" for anything holding 12–19 digits; already-masked values stay as they are. */
export function maskCardNumber(value: string): string {
  if (/[*•xX]/.test(value)) return value;
  const digits = value.replace(/\D/g, "");
  if (digits.length < 12 || digits.length > 19) return value;
  return `${digits.slice(0, 4)} •••• •••• ${digits.slice(-4)}`;
}

/** Field keys that may carry a card number (the known one, and look-alikes a server may add). */
const CARD_FIELD = /card|pan\b/i;

/** Status words of Exchanger CMS builds, grouped; anything else is shown as the server sent it. */
const STATUS_GROUPS: Record<string, readonly string[]> = {
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

/** A localized label for known request and form fields; undefined → fieldLines humanizes the key. */
export function fieldLabel(ctx: T, key: string): string | undefined {
  const known = [...FIELD_ORDER, "type", "photos", "created_at", "updated_at", "id"];
  return known.includes(key) ? ctx.t(`verification-field-${key.replace(/_/g, "-")}`) : undefined;
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
    if (CARD_FIELD.test(key) && (typeof value === "string" || typeof value === "number")) out[key] = maskCardNumber(String(value));
    else if (key === "type") out[key] = kindLabel(ctx, value) ?? value;
    else if (key === "id_type" && typeof value === "string") out[key] = idTypeLabel(ctx, value);
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
