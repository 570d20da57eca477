/** Saved payment details (requisites): list, create, delete. */
import { SandboxError } from "../errors.js";
import { formatDateTime } from "../format.js";
import { writtenList } from "../listing.js";
import { findCurrency, type SandboxDetail, type SandboxState } from "../state.js";
import type { UserMethod } from "./types.js";
import { DETAIL_POSITIONS, toPositional } from "../positional.js";

export const MAX_DETAIL_LENGTH = 255;

export const getDetails: UserMethod = ({ state, account, params, dialect }) => {
  const currencyId = params.get("currency_id");
  const value = params.get("value");
  const matching = account.details.filter(
    (d) =>
      (currencyId === undefined || String(d.currency_id) === currencyId.trim()) &&
      (value === undefined || d.value === value),
  );
  return writtenList(dialect, "details", matching, params, (d) =>
    dialect.positional
      ? toPositional(d, DETAIL_POSITIONS)
      : dialect.framework
        ? frameworkDetail(state, d)
        : d,
  );
};

/** A detail as a framework loads it with its relation: the currency as an object, no bare id. */
function frameworkDetail(state: SandboxState, { currency_id, ...detail }: SandboxDetail) {
  const currency = findCurrency(state, currency_id);
  return { ...detail, currency: { id: currency_id, code: currency?.code } };
}

export const createDetails: UserMethod = ({ state, account, params, now, dialect }) => {
  const currencyId = params.get("currency_id");
  if (currencyId === undefined) throw new SandboxError("required", { name: "currency_id" });
  const currency = findCurrency(state, currencyId.trim());
  if (!currency) throw new SandboxError("unknownCurrency", { id: currencyId });
  const value = params.get("value")?.trim();
  if (!value) throw new SandboxError("required", { name: "value" });
  if ([...value].length > MAX_DETAIL_LENGTH)
    throw new SandboxError("valueTooLong", { max: MAX_DETAIL_LENGTH });
  // A framework's unique rule: the same requisite is not saved twice.
  if (dialect.framework && account.details.some((d) => d.value === value))
    throw new SandboxError("detailExists", {}, 200, "value");
  const detail: SandboxDetail = {
    id: state.nextIds.detail++,
    currency_id: currency.id,
    value,
    created_at: formatDateTime(now),
  };
  account.details.push(detail);
  return { result: { ...detail } };
};

/** All-or-nothing: one foreign or unknown id fails the whole call and deletes nothing. */
export const deleteDetails: UserMethod = ({ account, params }) => {
  const ids = [...new Set(params.list("ids").map((id) => id.trim()))].filter((id) => id !== "");
  if (ids.length === 0) throw new SandboxError("required", { name: "ids[]" });
  const unknown = ids.find((id) => !account.details.some((d) => String(d.id) === id));
  if (unknown !== undefined) throw new SandboxError("detailNotFound", { id: unknown });
  const before = account.details.length;
  account.details = account.details.filter((d) => !ids.includes(String(d.id)));
  return { result: before - account.details.length };
};
