/**
 * Adding a payment detail: pick the currency (inline picker, narrowed by typing), send the value,
 * the exchanger saves it (create-details), the refreshed list is sent. A card number is deleted from
 * the chat as it is read and confirmed masked; other requisites are confirmed as they are.
 *
 * Replay rules (conversations v2): everything here runs again on every update of the flow, so the
 * only side effects are Telegram calls (recorded and replayed) and `callExchanger` / `external`
 * (run once). /cancel, other commands and other screens' buttons leave it (core/flow-exit.ts).
 */
import { ExchangerError, isCardNumber, maskIfCard } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { loadDetailsPage, renderDetailsList } from "./list.js";
import {
  callExchanger,
  defineFlow,
  releaseFlowPrompt,
  retireFlowPrompt,
  trackFlowPrompt,
  type Flow,
} from "../../core/flows.js";
import { accept, ask, refuse, showPrompt } from "../../core/ask.js";
import {
  filterCurrencies,
  kindProblem,
  pickerKeyboard,
  pickerPageCount,
  toPickable,
  type PickableCurrency,
} from "./currency-picker.js";
import { describeError } from "../../core/errors.js";
import { escapeHtml, quoteInput } from "../../ui/html.js";
import { sendScreen, showScreen } from "../../ui/screen.js";
import { pickCurrencyData, pickerPageData } from "./codec.js";
import { NOOP_DATA } from "../../ui/callback-data.js";
import { tellAccount } from "../../core/account-events.js";

export const ADD_DETAIL_FLOW = "add-detail";
/** What create-details accepts (the sandbox enforces the same limit, in characters). */
export const MAX_DETAIL_VALUE = 255;

/** Why a value cannot be saved, as a translation key with its variables; undefined when it is fine. */
export function valueProblem(
  raw: string,
): { key: string; vars?: Record<string, number> } | undefined {
  const value = raw.trim();
  // Only zero-width / format characters (U+200B, U+FEFF…) looks empty on every screen: as good as empty.
  if (value === "" || !/[^\p{Cf}\p{Z}]/u.test(value)) return { key: "details-add-value-empty" };
  const length = [...value].length;
  if (length > MAX_DETAIL_VALUE)
    return { key: "details-add-value-too-long", vars: { length, max: MAX_DETAIL_VALUE } };
  // Bidi overrides/isolates would make a requisite display differently from what it is (U+202E "txt.exe").
  if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value))
    return { key: "details-add-value-control" };
  return undefined;
}

/**
 * Answers a button press the flow does not expect (an older screen's button, the menu…): the flow
 * keeps waiting, and the user learns how to leave it. Every callback query is answered once.
 */
async function answerStrayButton(ctx: FlowContext): Promise<void> {
  if (ctx.callbackQuery?.data === NOOP_DATA) await ctx.answerCallbackQuery();
  else await ctx.answerCallbackQuery({ text: ctx.t("details-add-busy") });
}

/** The picker as it stands: what it lists, on which page, under which intro, in which message. */
interface Picker {
  list: PickableCurrency[];
  /** Indexes into `list`. */
  shown: number[];
  page: number;
  intro: string;
  messageId: number;
}

const pickerScreen = (at: FlowContext, p: Picker) => ({
  text: p.intro,
  keyboard: pickerKeyboard(p.list, p.shown, p.page, at.t("btn-cancel")),
});

async function pickCurrency(conversation: Flow, ctx: FlowContext): Promise<PickableCurrency> {
  const list = await callExchanger(conversation, async (caller, deps) =>
    toPickable((await deps.currencies.byId(caller.language)).values()),
  );
  if (list.length === 0) {
    await ctx.reply(ctx.t("details-add-no-currencies"));
    return conversation.halt();
  }
  const picker: Picker = {
    list,
    shown: filterCurrencies(list, ""),
    page: 1,
    intro: ctx.t("details-add-pick"),
    messageId: 0,
  };
  const first = pickerScreen(ctx, picker);
  picker.messageId = await showPrompt(conversation, first.text, first.keyboard);
  for (;;) {
    const update = await conversation.wait();
    if (update.callbackQuery) {
      const picked = await pressed(conversation, update, picker);
      if (picked) return picked;
    } else if (update.message) await typed(conversation, update, picker);
    // Anything else (edits of earlier messages, service updates) is no answer to this prompt.
  }
}

/** A press on the picker: the currency picked, or another page shown (undefined). */
async function pressed(
  conversation: Flow,
  update: FlowContext,
  picker: Picker,
): Promise<PickableCurrency | undefined> {
  const data = update.callbackQuery?.data ?? "";
  const choice = pickCurrencyData.unpack(data);
  const currency = choice ? picker.list[choice.index] : undefined;
  if (currency) {
    await showScreen(update, {
      text: update.t("details-add-picked", { currency: escapeHtml(currency.label) }),
    });
    await retireFlowPrompt(conversation, picker.messageId, true);
    return currency;
  }
  const target = pickerPageData.unpack(data)?.page ?? 0;
  if (target < 1 || target > pickerPageCount(picker.shown)) {
    await answerStrayButton(update);
    return undefined;
  }
  picker.page = target;
  const at = await showScreen(update, pickerScreen(update, picker));
  // The picker was gone and came as a new message: that one is the flow's prompt now.
  if (at !== picker.messageId) picker.messageId = await trackFlowPrompt(conversation, at);
  return undefined;
}

/** Typing narrows the list; the new picker replaces the old one below the user's message. */
async function typed(conversation: Flow, update: FlowContext, picker: Picker): Promise<void> {
  const text = update.message?.text;
  // Only punctuation, emoji or invisible characters: nothing to search by; say how it works.
  if (text === undefined || !/[\p{L}\p{N}]/u.test(text)) {
    await update.reply(update.t("details-add-pick-text-only"));
    return;
  }
  if (text.startsWith("/")) return conversation.halt({ next: true });
  const matches = filterCurrencies(picker.list, text);
  const query = quoteInput(text);
  if (matches.length === 0)
    picker.intro = `${update.t("details-add-no-match", { query })}\n\n${update.t("details-add-pick")}`;
  else
    Object.assign(picker, {
      shown: matches,
      page: 1,
      intro: update.t("details-add-matches", { query }),
    });
  // The old picker is deleted, not closed: it leaves the flow's prompts first.
  await releaseFlowPrompt(conversation, picker.messageId);
  await update.api.deleteMessage(update.chat!.id, picker.messageId).catch(() => undefined);
  const screen = pickerScreen(update, picker);
  picker.messageId = await showPrompt(conversation, screen.text, screen.keyboard);
}

/** Asks the value until the exchanger saves it (its refusal is said, and asked again). */
async function saveValue(
  conversation: Flow,
  ctx: FlowContext,
  currency: PickableCurrency,
): Promise<string> {
  const prompt = ctx.t("details-add-value", {
    currency: escapeHtml(currency.label),
    max: MAX_DETAIL_VALUE,
  });
  return ask(conversation, ctx, {
    prompt,
    notText: ctx.t("details-add-value-text-only"),
    // A card number does not stay in the chat (as in the verification and exchange forms).
    sensitive: (text) => isCardNumber(text.trim()),
    check: async (text) => {
      const problem = valueProblem(text);
      if (problem) return refuse(`${ctx.t(problem.key, problem.vars)}\n\n${prompt}`);
      const value = text.trim();
      // The currency list says what it takes (a card, a crypto address): "x" is neither; asked again.
      const unfit = kindProblem(currency.kind, value);
      if (unfit)
        return refuse(`${ctx.t(unfit, { currency: escapeHtml(currency.label) })}\n\n${prompt}`);
      try {
        await callExchanger(conversation, (caller, deps) =>
          deps.exchanger.createDetails(caller, { currency_id: currency.id, value }),
        );
        return accept(value);
      } catch (error) {
        // The exchanger refused this value (format, duplicate…): say why and let the user try again.
        if (!(error instanceof ExchangerError)) throw error;
        return refuse(`${describeError(ctx, error)}\n\n${prompt}`);
      }
    },
  });
}

async function addDetail(conversation: Flow, ctx: FlowContext): Promise<void> {
  const currency = await pickCurrency(conversation, ctx);
  const value = await saveValue(conversation, ctx, currency);
  await ctx.reply(
    ctx.t("details-add-saved", {
      currency: escapeHtml(currency.label),
      value: escapeHtml(maskIfCard(value)),
    }),
  );
  await conversation.external((outer) => tellAccount(outer, "detail-added"));
  const list = await callExchanger(conversation, (caller, deps) =>
    loadDetailsPage(deps, caller, 1),
  );
  await sendScreen(ctx, renderDetailsList(ctx, list));
}

/** The flow's middleware, built anew for each bot (createDetailsFeature). */
export const addDetailFlow = () => defineFlow(ADD_DETAIL_FLOW, addDetail);
