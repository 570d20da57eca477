/** The user object as a readable card: balance first, secrets never, unknown fields humanized. */
import type { Account } from "../../../exchanger/index.js";
import type { Translator } from "../../context.js";
import { escapeHtml, fieldLines, fitMessage } from "../../ui/html.js";
import { fieldLabel, fieldLabels } from "../../ui/field-names.js";
import { formatDate } from "../../ui/dates.js";
import { balancesText, formatNumber } from "../../ui/money.js";
import { presentFieldValues } from "../../ui/field-values.js";

/** Fields holding a moment ("created_at", "last_login"…): shown in the one date format of every screen. */
const DATE_FIELD = /(^|_)(date|at)$|^date_|At$|^last_login$/;

/** Dates in the one format; switches, facts and percentages in words at any depth (ui/field-values.ts). */
function presentable(ctx: Translator, user: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(user))
    out[key] = DATE_FIELD.test(key) ? formatDate(ctx, value) : value;
  return presentFieldValues(ctx, out);
}

/** `exchanger`: the exchanger's name, HTML-escaped (ui/branding.ts exchangerName). */
export function renderAccountCard(ctx: Translator, account: Account, exchanger: string): string {
  const line = (label: string, value: string) =>
    ctx.t("account-balance", { label: escapeHtml(label), value: escapeHtml(value) });
  const withCurrency = (b: { amount: string; currency?: string }) => balancesText(ctx, [b]);
  // The balance first — one line per currency when the server gives one value per currency — then the
  // other amount fields named like a balance (partner balance…), each with its currency when given.
  const lines = [ctx.t("account-title", { exchanger })];
  // Not the vendor's user object: nothing of it is shown (any value could be a secret).
  if (account.unreadable) return fitMessage([...lines, "", ctx.t("account-unreadable")]);
  lines.push(...account.balances.map((b) => line(ctx.t("account-balance-label"), withCurrency(b))));
  lines.push(
    ...account.others.map((b) => line(fieldLabel(ctx, b.key, "account"), withCurrency(b))),
  );
  if (account.twoFactor !== undefined)
    lines.push(ctx.t(account.twoFactor ? "account-2fa-on" : "account-2fa-off"));
  lines.push("");
  lines.push(
    ...fieldLines(presentable(ctx, account.fields), {
      label: fieldLabels(ctx, "account"),
      number: (value) => formatNumber(ctx, value),
    }),
  );
  return fitMessage(lines);
}
