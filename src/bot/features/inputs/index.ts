/**
 * /inputs: the exchange form fields the exchanger saved for the user (get-inputs), as "field: value".
 * Field names come from the directions' cards, read with `pair` (cached, see directions.ts); a field
 * no direction names any more is shown as "Field #<id>" in the reader's language.
 */
import { SHOW_INPUTS } from "./codec.js";
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext, Translator } from "../../context.js";
import type { Feature } from "../../feature.js";
import {
  clip,
  displayValue,
  escapeHtml,
  fitMessage,
  humanizeKey,
  looksSecret,
} from "../../ui/html.js";
import { formatNumber } from "../../ui/money.js";
import { type SavedField, isHiddenField, maskDeep } from "../../../exchanger/index.js";
import { showScreen, type Screen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";

export function renderInputs(
  ctx: Translator,
  inputs: readonly SavedField[] & { unplaced?: number },
  names: Map<string, string>,
): Screen {
  const keyboard = backToMenuRow(ctx, new InlineKeyboard().text(ctx.t("btn-refresh"), SHOW_INPUTS));
  const lines: string[] = [];
  for (const field of inputs) {
    const name = names.get(field.id) ?? field.name;
    // A field whose id or name denotes a secret (a card's CVV, a PIN) is never shown (normalize/secrets.ts).
    if (looksSecret(field.id, field.value) || (name !== undefined && isHiddenField(name))) continue;
    // The directions' own name first (the catalogue's), else the name the server sent with the value.
    const label = name ?? ctx.t("inputs-unnamed-field", { id: clip(field.id, 20) });
    // Masked again under the name it is shown with: a card number saved under a bare id is known for one only now.
    const masked = maskDeep(field.value, name ?? field.id);
    const value = displayValue(masked, humanizeKey, (v) => formatNumber(ctx, v)) ?? "";
    lines.push(`<b>${escapeHtml(clip(label, 100))}:</b> ${escapeHtml(clip(value, 300))}`);
  }
  // Saved values a positional answer held without saying which field each is for: said, not shown.
  if (inputs.unplaced !== undefined)
    lines.push(
      ...(lines.length > 0 ? [""] : []),
      ctx.t("unplaced-values", { count: inputs.unplaced }),
    );
  if (lines.length === 0)
    return { text: `${ctx.t("inputs-title")}\n\n${ctx.t("inputs-empty")}`, keyboard };
  return {
    text: fitMessage([ctx.t("inputs-title"), ctx.t("inputs-hint"), "", ...lines]),
    keyboard,
  };
}

async function showInputs(ctx: BotContext): Promise<void> {
  const inputs = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInputs(caller));
  // Names are a nicety: when the public catalogue cannot be read, the raw ids still tell the values apart.
  const names =
    inputs.length === 0
      ? new Map<string, string>()
      : await ctx.deps.directions.inputNames(ctx.language).catch(() => new Map<string, string>());
  await showScreen(ctx, renderInputs(ctx, inputs, names));
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createInputsFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("inputs", showInputs);
  privateChat.callbackQuery(SHOW_INPUTS, showInputs);

  return {
    name: "inputs",
    callbacks: ["in"],
    composer,
    menu: [{ labelKey: "inputs-menu", data: SHOW_INPUTS, order: 45 }],
    commands: [{ command: "inputs", descriptionKey: "inputs-cmd" }],
  };
}
