/**
 * The end of the form: the summary with Submit / Edit / Cancel, the submission, and after it the new
 * status with an offer to delete the user's photo messages from the chat. The summary is protected,
 * and the result replaces it in place, so it stays protected too.
 */
import { InlineKeyboard } from "grammy";
import { ExchangerError, Unavailable, type VerificationFields } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { describeError } from "../../core/errors.js";
import { clearTypedInput } from "../../core/flow-messages.js";
import { releaseFlowPrompt, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { MENU_DATA } from "../menu/public.js";
import { CLEAN_PHOTOS, EDIT, KEEP_PHOTOS, SHOW_VERIFICATION, SUBMIT } from "./codec.js";
import { NEEDS_PHOTOS, type CollectedPhoto } from "./form.js";
import { ACCEPTED_IMAGE_TYPES } from "./upload-image.js";
import { cancelRow, nextAction, replace, retire, show, type LiveScreen } from "./live-screen.js";
import { renderSummary, renderVerificationRequest, type VerificationKind } from "./render.js";
import { freshRequest, submit } from "./upload.js";

export interface Answers {
  kind: VerificationKind;
  fields: VerificationFields;
  photos: CollectedPhoto[];
}

/** Summary with Submit / Edit / Cancel until it is submitted ("sent") or the user wants to edit. */
export async function confirmAndSubmit(conversation: Flow, ctx: FlowContext, answers: Answers) {
  let summary = renderSummary(ctx, answers.kind, answers.fields, answers.photos.length);
  let keyboard = summaryKeyboard(ctx, true);
  let screen = await show(ctx, summary, keyboard, true);
  for (;;) {
    const canSend = !NEEDS_PHOTOS[answers.kind] || answers.photos.length > 0;
    const action = await nextAction(
      conversation,
      screen,
      (data) => (data === SUBMIT && canSend) || data === EDIT,
    );
    if (action.type !== "button") {
      await action.ctx.reply(ctx.t("verification-use-buttons"));
      continue;
    }
    await action.ctx.answerCallbackQuery();
    if (action.data === EDIT) {
      await replace(conversation, ctx, screen, `${summary}\n\n${ctx.t("verification-editing")}`);
      return { result: "edit" as const };
    }
    screen = await replace(
      conversation,
      ctx,
      screen,
      `${summary}\n\n${ctx.t("verification-sending")}`,
    );
    const problem = await trySubmit(conversation, ctx, answers);
    if (problem === undefined) return { result: "sent" as const, screen };
    // A photo left out (not an image, too many pixels) changes the summary; without photos only Edit is left.
    summary = renderSummary(ctx, answers.kind, answers.fields, answers.photos.length);
    keyboard = summaryKeyboard(ctx, !NEEDS_PHOTOS[answers.kind] || answers.photos.length > 0);
    screen = await replace(conversation, ctx, screen, `${problem}\n\n${summary}`, keyboard);
  }
}

function summaryKeyboard(ctx: FlowContext, canSend: boolean): InlineKeyboard {
  const buttons = new InlineKeyboard();
  if (canSend) buttons.text(ctx.t("verification-btn-submit"), SUBMIT);
  return cancelRow(ctx, buttons.text(ctx.t("verification-btn-edit"), EDIT).row());
}

/** Submits; undefined when done, else what to tell the user (the form is kept for a retry or an edit). */
async function trySubmit(
  conversation: Flow,
  ctx: FlowContext,
  answers: Answers,
): Promise<string | undefined> {
  try {
    const outcome = await submit(conversation, ctx, answers.fields, answers.photos);
    if (!outcome.ok && (outcome.problem === "not-image" || outcome.problem === "too-many-pixels")) {
      answers.photos.splice(outcome.photo, 1); // left out; the others may still go
      const vars = {
        n: outcome.photo + 1,
        types: ACCEPTED_IMAGE_TYPES,
        left: answers.photos.length,
      };
      return ctx.t(`verification-submit-${outcome.problem}`, vars);
    }
    if (!outcome.ok)
      return ctx.t(
        outcome.problem === "too-large"
          ? "verification-submit-too-large"
          : "verification-submit-download-failed",
      );
    // Submitted: leaving from here on loses nothing, so no "Leave the form?" question.
    await conversation.external((outer) => clearTypedInput(outer));
    return undefined;
  } catch (error) {
    // The exchanger's refusal (e.g. a field it does not accept) or an outage: keep the form. A
    // rejected key (Unauthorized) goes to the error boundary.
    if (!(error instanceof ExchangerError || error instanceof Unavailable)) throw error;
    return describeError(ctx, error);
  }
}

/** After success: the new status, and an offer to delete the user's photo messages from the chat. */
export async function finish(
  conversation: Flow,
  ctx: FlowContext,
  screen: LiveScreen,
  userMediaMessages: number[],
): Promise<void> {
  const request = await freshRequest(conversation);
  const status = request === undefined ? "" : `\n\n${renderVerificationRequest(ctx, request)}`;
  const text = `${ctx.t("verification-sent")}${status}`;
  const after = new InlineKeyboard()
    .text(ctx.t("verification-btn-refresh"), SHOW_VERIFICATION)
    .text(ctx.t("btn-menu"), MENU_DATA);
  // The result keeps Refresh and Menu after the form ends: not a prompt whose buttons go with it.
  if (userMediaMessages.length === 0) {
    await releaseFlowPrompt(conversation, screen.messageId);
    await replace(conversation, ctx, screen, text, after);
    return;
  }
  const offer = new InlineKeyboard()
    .text(ctx.t("verification-btn-clean", { count: userMediaMessages.length }), CLEAN_PHOTOS)
    .text(ctx.t("verification-btn-keep"), KEEP_PHOTOS);
  screen = await replace(
    conversation,
    ctx,
    screen,
    `${text}\n\n${ctx.t("verification-clean-offer")}`,
    offer,
  );
  // The offer's buttons belong to the form; it may stand in a new message (the summary was deleted).
  await trackFlowPrompt(conversation, screen.messageId);
  await answerOffer(conversation, ctx, screen, { text, after }, userMediaMessages);
}

/** One more update: the answer to the offer. Anything else ends the form and is handled as usual. */
async function answerOffer(
  conversation: Flow,
  ctx: FlowContext,
  screen: LiveScreen,
  result: { text: string; after: InlineKeyboard },
  media: number[],
) {
  const next = await conversation.wait();
  const query = next.callbackQuery;
  if (
    !query ||
    query.message?.message_id !== screen.messageId ||
    (query.data !== CLEAN_PHOTOS && query.data !== KEEP_PHOTOS)
  ) {
    await retire(conversation, screen);
    return conversation.halt({ next: true });
  }
  await releaseFlowPrompt(conversation, screen.messageId);
  if (query.data === KEEP_PHOTOS) {
    await next.answerCallbackQuery();
    await replace(conversation, ctx, screen, result.text, result.after);
    return;
  }
  let deleted = 0;
  // Messages older than 48 hours cannot be deleted by bots; those are counted out.
  for (const messageId of media)
    if (
      await ctx.api.deleteMessage(ctx.chatId!, messageId).then(
        () => true,
        () => false,
      )
    )
      deleted++;
  await next.answerCallbackQuery({ text: ctx.t("verification-cleaned", { count: deleted }) });
  await replace(
    conversation,
    ctx,
    screen,
    `${result.text}\n\n${ctx.t("verification-cleaned", { count: deleted })}`,
    result.after,
  );
}
