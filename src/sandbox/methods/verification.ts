/**
 * Verification request: read the current one, submit a new one (multipart with photos[]).
 * A submission replaces the previous request and starts as "pending".
 */
import { SandboxError } from "../errors.js";
import { formatDateTime } from "../format.js";
import { nothingObject } from "../nothing.js";
import type { UserMethod } from "./types.js";
import { nestVerification } from "../reshape.js";
import { toPositional, VERIFICATION_POSITIONS } from "../positional.js";
import type { Dialect } from "../dialect.js";
import type { SandboxAccount } from "../state.js";
import { VERIFICATION_FIELDS } from "../../exchanger/index.js";
import { emitVerificationChanged } from "../webhooks.js";

/** Per photo, 9000 KB as the exchanger's upload form states. */
export const MAX_PHOTO_BYTES = 9000 * 1024;

export const getVerification: UserMethod = ({ account, dialect }) => {
  if (!account.verification) return { result: nothingObject(dialect) };
  if (dialect.positional) return { result: positionalRequest(account) };
  if (dialect.framework) return { result: frameworkRequest(account.verification) };
  if (dialect.verification === "flat") return { result: { ...account.verification } };
  // The `shapes` dialect: the submitted data one level down, the status as an object.
  const nested = nestVerification(account.verification, "data");
  const status = String(nested.status ?? "");
  return {
    result: {
      ...nested,
      status: { name: status, title: status.charAt(0).toUpperCase() + status.slice(1) },
    },
  };
};

/** The request as a framework writes a JSON-cast column it did not cast: the submitted data as JSON text. */
function frameworkRequest(request: Record<string, unknown>) {
  const { id, status, comment, created_at, updated_at, ...data } = request;
  return { id, status, comment, created_at, updated_at, data: JSON.stringify(data) };
}

/** The request as the `positional` dialect writes it (positional.ts), dates as unix seconds. */
const positionalRequest = (account: SandboxAccount) =>
  toPositional(account.verification!, VERIFICATION_POSITIONS);

export const submitVerification: UserMethod = ({ state, account, params, now, dialect }) => {
  const photos = params.filesOf("photos");
  for (const photo of photos) {
    if (photo.size > MAX_PHOTO_BYTES)
      throw new SandboxError("photoTooLarge", { name: photo.filename, max: 9000 });
    if (!photo.contentType.toLowerCase().startsWith("image/"))
      throw new SandboxError("photoNotImage", { name: photo.filename });
  }

  const fields: Record<string, string> = {};
  for (const name of VERIFICATION_FIELDS) {
    const value = params.get(name)?.trim();
    if (value) fields[name] = value;
  }
  if (fields.birth_date !== undefined && !isBirthDate(fields.birth_date))
    throw new SandboxError("invalidBirthDate");

  // Card verification is the one kind with mandatory data; third-party services need none.
  if (fields.card_number !== undefined) {
    const digits = fields.card_number.replace(/[\s-]/g, "");
    if (!/^\d{12,19}$/.test(digits)) throw new SandboxError("invalidCardNumber");
    if (!fields.first_name || !fields.last_name || photos.length === 0)
      throw new SandboxError("cardVerificationIncomplete");
    // Stored masked, as the account area shows it; the full number never comes back.
    fields.card_number = `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
  }

  const stamp = formatDateTime(now);
  account.verification = {
    id: state.nextIds.verification++,
    status: "pending",
    type:
      fields.card_number !== undefined
        ? "card"
        : Object.keys(fields).length > 0
          ? "identity"
          : "service",
    ...fields,
    photos: photos.length,
    comment: "",
    created_at: stamp,
    updated_at: stamp,
  };
  emitVerificationChanged(state, account);
  return { result: written(dialect, account) };
};

const written = (dialect: Dialect, account: SandboxAccount) =>
  dialect.positional ? positionalRequest(account) : { ...account.verification };

function isBirthDate(value: string): boolean {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
