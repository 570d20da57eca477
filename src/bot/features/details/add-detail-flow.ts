/**
 * Adding a payment detail: pick the currency (inline picker, narrowed by typing), send the value,
 * the exchanger saves it (create-details), the refreshed list is sent.
 *
 * Replay rules (conversations v2): everything here runs again on every update of the flow, so the
 * only side effects are Telegram calls (recorded and replayed) and `callExchanger` / `external`
 * (run once). /cancel, the Cancel button, other commands and other screens' buttons are handled
 * before the flow (help/index.ts, core/flow-exit.ts): they leave it.
 */
import { ExchangerError } from "../../../exchanger/errors.js";
import type { FlowContext } from "../../context.js";
import { loadDetailsPage, renderDetailsList } from "./list.js";
import { callExchanger, defineFlow, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { cancelKeyboard } from "../../core/secure-prompts.js";
import { filterCurrencies, pickerKeyboard, pickerPageCount, toPickable, type PickableCurrency } from "./currency-picker.js";
import { describeError } from "../../core/errors.js";
import { escapeHtml, quoteInput } from "../../ui/html.js";
import { sendScreen, showScreen } from "../../ui/screen.js";
import { pickCurrencyData, pickerPageData } from "./codec.js";

export const ADD_DETAIL_FLOW = "add-detail";
/** What create-details accepts (the sandbox enforces the same limit, in characters). */
export const MAX_DETAIL_VALUE = 255;

/** Why a value cannot be saved, as a translation key with its variables; undefined when it is fine. */
export function valueProblem(raw: string): { key: string; vars?: Record<string, number> } | undefined {
  const value = raw.trim();
  // Only zero-width / format characters (U+200B, U+FEFF…) looks empty on every screen: as good as empty.
  if (value === "" || !/[^\p{Cf}\p{Z}]/u.test(value)) return { key: "details-add-value-empty" };
  const length = [...value].length;
  if (length > MAX_DETAIL_VALUE) return { key: "details-add-value-too-long", vars: { length, max: MAX_DETAIL_VALUE } };
  // Bidi overrides/isolates would make a requisite display differently from what it is (U+202E "txt.exe").
  if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value)) return { key: "details-add-value-control" };
  return undefined;
}

const isCommand = (ctx: FlowContext): boolean => ctx.message?.text?.startsWith("/") === true;

/**
 * Answers a button press the flow does not expect (an older screen's button, the menu…): the flow
 * keeps waiting, and the user learns how to leave it. Every callback query is answered once.
 */
async function answerStrayButton(ctx: FlowContext): Promise<void> {
  if (ctx.callbackQuery?.data === "noop") await ctx.answerCallbackQuery();
  else await ctx.answerCallbackQuery({ text: ctx.t("details-add-busy") });
}

async function pickCurrency(conversation: Flow, ctx: FlowContext): Promise<PickableCurrency> {
  const list = await callExchanger(conversation, async (caller, deps) =>
    toPickable((await deps.currencies.byId(caller.language)).values()),
  );
  if (list.length === 0) {
    await ctx.reply(ctx.t("details-add-no-currencies"));
    return conversation.halt();
  }
  let shown = filterCurrencies(list, "");
  let page = 1;
  let intro = ctx.t("details-add-pick");
  const send = async (at: FlowContext) =>
    trackFlowPrompt(
      conversation,
      (await at.reply(intro, { reply_markup: pickerKeyboard(list, shown, page, at.t("btn-cancel")) })).message_id,
    );
  let pickerId = await send(ctx);

  for (;;) {
    const update = await conversation.wait();
    if (update.callbackQuery) {
      const data = update.callbackQuery.data ?? "";
      const choice = pickCurrencyData.unpack(data);
      const currency = choice ? list[choice.index] : undefined;
      if (currency) {
        await showScreen(update, { text: update.t("details-add-picked", { currency: escapeHtml(currency.label) }) });
        return currency;
      }
      const target = pickerPageData.unpack(data)?.page ?? 0;
      if (target >= 1 && target <= pickerPageCount(shown)) {
        page = target;
        const at = await showScreen(update, { text: intro, keyboard: pickerKeyboard(list, shown, page, update.t("btn-cancel")) });
        // The picker was gone and came as a new message: that one is the flow's prompt now.
        if (at !== pickerId) pickerId = await trackFlowPrompt(conversation, at);
        continue;
      }
      await answerStrayButton(update);
      continue;
    }
    // Edits of earlier messages and service updates are no answer to this prompt.
    if (!update.message) continue;

    const text = update.message.text;
    if (text === undefined || isCommand(update)) {
      await update.reply(update.t(text === undefined ? "details-add-pick-text-only" : "details-add-busy"));
      continue;
    }
    // Typing narrows the list; the new picker replaces the old one below the user's message.
    const matches = filterCurrencies(list, text);
    const query = quoteInput(text);
    if (!/[\p{L}\p{N}]/u.test(text)) {
      // Only punctuation, emoji or invisible characters: nothing to search by; say how it works.
      await update.reply(update.t("details-add-pick-text-only"));
      continue;
    }
    if (matches.length === 0) {
      intro = `${update.t("details-add-no-match", { query })}\n\n${update.t("details-add-pick")}`;
    } else {
      shown = matches;
      page = 1;
      intro = update.t("details-add-matches", { query });
    }
    await update.api.deleteMessage(update.chat!.id, pickerId).catch(() => undefined);
    pickerId = await send(update);
  }
}

async function saveValue(conversation: Flow, ctx: FlowContext, currency: PickableCurrency): Promise<string> {
  const prompt = async (at: FlowContext, problem?: string) => {
    const text = `${problem ? `${problem}\n\n` : ""}${at.t("details-add-value", { currency: escapeHtml(currency.label), max: MAX_DETAIL_VALUE })}`;
    await trackFlowPrompt(conversation, (await at.reply(text, { reply_markup: cancelKeyboard(at) })).message_id);
  };
  await prompt(ctx);

  for (;;) {
    const update = await conversation.wait();
    if (update.callbackQuery) {
      await answerStrayButton(update);
      continue;
    }
    if (!update.message) continue;
    const text = update.message.text;
    if (text === undefined || isCommand(update)) {
      await update.reply(update.t(text === undefined ? "details-add-value-text-only" : "details-add-busy"));
      continue;
    }
    const problem = valueProblem(text);
    if (problem) {
      await prompt(update, update.t(problem.key, problem.vars));
      continue;
    }
    const value = text.trim();
    try {
      await callExchanger(conversation, (caller, deps) => deps.exchanger.createDetails(caller, { currency_id: currency.id, value }));
      return value;
    } catch (error) {
      // The exchanger refused this value (format, duplicate…): say why and let the user try again.
      if (!(error instanceof ExchangerError)) throw error;
      await prompt(update, describeError(update, error));
    }
  }
}

async function addDetail(conversation: Flow, ctx: FlowContext): Promise<void> {
  const currency = await pickCurrency(conversation, ctx);
  const value = await saveValue(conversation, ctx, currency);
  await ctx.reply(ctx.t("details-add-saved", { currency: escapeHtml(currency.label), value: escapeHtml(value) }));
  const list = await callExchanger(conversation, (caller, deps) => loadDetailsPage(deps, caller, 1));
  const screen = renderDetailsList(ctx, list);
  await sendScreen(ctx, screen);
}

/** The flow's middleware, built anew for each bot (createDetailsFeature). */
export const addDetailFlow = () => defineFlow(ADD_DETAIL_FLOW, addDetail);
