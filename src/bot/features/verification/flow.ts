/**
 * The verification form (conversations v2): pick a kind → answer its fields → send photos →
 * summary → submit. Read ARCHITECTURE §2 before changing anything here.
 *
 * Replay rules this file keeps:
 * - everything the user sent (answers, photo file ids, message ids) lives in the replay log, which
 *   the adapter encrypts; nothing is downloaded while collecting, so a restart loses nothing;
 * - "today" comes from conversation.now(); the exchanger is only reached through callExchanger;
 * - getFile runs as an ordinary (replayed) API call, and the downloads happen inside the same
 *   external as the upload, so photo bytes never enter the log (§2.6, §2.7).
 *
 * Screens: each step has at most one "live" message with buttons. Button presses are accepted only on
 * that message; anything else (old buttons, other screens' buttons) is passed on to the rest of the
 * bot, which answers it ("This button has expired", the menu…).
 */
import { GrammyError, InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import { ExchangerError, Unavailable } from "../../../exchanger/errors.js";
import type { PhotoUpload, Verification, VerificationFields } from "../../../exchanger/types.js";
import type { FlowContext } from "../../context.js";
import { callExchanger, defineFlow, releaseFlowPrompt, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { clearTypedInput, markTypedInput } from "../../core/flow-messages.js";
import { describeError } from "../../core/errors.js";
import { idTypeLabel, kindLabel, renderSummary, renderVerificationRequest, type VerificationKind } from "./render.js";
import { escapeHtml } from "../../ui/html.js";
import { dropButtons, sendScreen, showScreenAt, type Screen } from "../../ui/screen.js";
import {
  FORM_STEPS,
  KINDS,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  NEEDS_PHOTOS,
  photoFromMessage,
  type CollectedPhoto,
  type FieldStep,
} from "./form.js";
import { MENU_DATA } from "../menu/public.js";
import { ACCEPTED_IMAGE_TYPES, cleanUploadImage } from "./upload-image.js";

export const VERIFICATION_FLOW = "verification";

// ---- waiting for the user ---------------------------------------------------------------------------

/** The message whose buttons are live at the current step, and what it shows. */
interface LiveScreen {
  messageId: number;
  shown: Screen;
  hasButtons: boolean;
}

type UserAction =
  | { type: "button"; ctx: FlowContext; data: string }
  | { type: "text"; ctx: FlowContext; text: string }
  | { type: "command"; ctx: FlowContext }
  | { type: "media"; ctx: FlowContext; message: Message };

/**
 * The user's next action here. Presses on other messages or with data this step does not expect are
 * not ours: skipped with `next`, so the bot's other handlers (or the fallback) answer them.
 */
async function nextAction(conversation: Flow, live: LiveScreen | undefined, accept: (data: string) => boolean): Promise<UserAction> {
  // The live screen's buttons are the form's own; any other button leaves the form (core/flow-exit.ts).
  if (live?.hasButtons) await trackFlowPrompt(conversation, live.messageId);
  const ctx = await conversation.wait();
  const query = ctx.callbackQuery;
  if (query) {
    const data = query.data ?? "";
    if (live && query.message?.message_id === live.messageId && accept(data)) return { type: "button", ctx, data };
    return conversation.skip({ next: true });
  }
  const message = ctx.message;
  if (!message) return conversation.skip({ next: true }); // edits, reactions…: not answers
  if (message.text?.startsWith("/")) return { type: "command", ctx };
  // From now on leaving the form loses what was typed: flow-exit asks first.
  await conversation.external((outer) => markTypedInput(outer.deps.kv, outer.chatId!));
  if (message.text !== undefined) return { type: "text", ctx, text: message.text };
  return { type: "media", ctx, message };
}

// ---- small screen helpers ---------------------------------------------------------------------------

const cancelRow = (ctx: FlowContext, keyboard = new InlineKeyboard()) => keyboard.text(ctx.t("btn-cancel"), "flow:cancel");

/** `protect`: the message shows personal data (the summary, later the request): not forwardable. */
async function show(ctx: FlowContext, text: string, keyboard?: InlineKeyboard, protect = false): Promise<LiveScreen> {
  const shown: Screen = { text, keyboard, protect };
  return { messageId: await sendScreen(ctx, shown), shown, hasButtons: keyboard !== undefined };
}

/**
 * Replaces a screen's text and buttons in place (the message stays where it is in the chat). Should
 * the user have deleted it, the step comes as a new message and its buttons are the live ones. What
 * was protected stays protected (the summary, then the result).
 */
async function replace(ctx: FlowContext, live: LiveScreen, text: string, keyboard?: InlineKeyboard): Promise<LiveScreen> {
  const shown: Screen = { text, keyboard, protect: live.shown.protect };
  const messageId = await showScreenAt(ctx.api, { chatId: ctx.chatId!, messageId: live.messageId, shows: live.shown }, shown);
  return { messageId, shown, hasButtons: keyboard !== undefined };
}

/** Takes the buttons off a screen the user has moved past, so only the current step has live ones. */
async function retire(ctx: FlowContext, screen: LiveScreen): Promise<void> {
  if (screen.hasButtons) await dropButtons(ctx.api, ctx.chatId!, screen.messageId);
}

/** Commands other than /cancel (handled before any flow) do not interrupt the form: a hint instead. */
const inFormHint = (ctx: FlowContext) => ctx.reply(ctx.t("verification-in-form"));

// ---- steps ------------------------------------------------------------------------------------------

async function askKind(conversation: Flow, ctx: FlowContext, editInPlace: boolean): Promise<VerificationKind> {
  const keyboard = new InlineKeyboard();
  for (const kind of KINDS) keyboard.text(ctx.t(`verification-btn-kind-${kind}`), `verif:kind:${kind}`).row();
  cancelRow(ctx, keyboard);
  const text = ctx.t("verification-ask-kind");
  const entry = ctx.callbackQuery?.message;
  let screen =
    editInPlace && entry
      ? await replace(ctx, { messageId: entry.message_id, shown: { text: "" }, hasButtons: true }, text, keyboard)
      : await show(ctx, text, keyboard);

  for (;;) {
    const action = await nextAction(conversation, screen, (data) => KINDS.some((kind) => data === `verif:kind:${kind}`));
    if (action.type === "button") {
      const kind = action.data.slice("verif:kind:".length) as VerificationKind;
      await action.ctx.answerCallbackQuery();
      screen = await replace(ctx, screen, ctx.t("verification-kind-chosen", { kind: kindLabel(ctx, kind) ?? kind }));
      return kind;
    }
    if (action.type === "command") await inFormHint(action.ctx);
    else await action.ctx.reply(ctx.t("verification-use-buttons"));
  }
}

function fieldKeyboard(ctx: FlowContext, step: FieldStep): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const code of step.choices ?? []) keyboard.text(idTypeLabel(ctx, code), `verif:pick:${code}`).row();
  if (step.optional) keyboard.text(ctx.t("verification-btn-skip"), "verif:skip");
  return cancelRow(ctx, keyboard);
}

/** A typed answer that names one of the step's choices ("Passport", "passport") becomes its code. */
function choiceCode(ctx: FlowContext, step: FieldStep, answer: string): string | undefined {
  const typed = answer.toLocaleLowerCase();
  return step.choices?.find((code) => code === typed || idTypeLabel(ctx, code).toLocaleLowerCase() === typed);
}

/** Asks one field until a valid answer (or Skip, for optional ones). undefined = skipped. */
async function askField(conversation: Flow, ctx: FlowContext, kind: VerificationKind, step: FieldStep): Promise<string | undefined> {
  const prompt =
    ctx.t(`verification-ask-${step.field.replace(/_/g, "-")}`, { kind }) + (step.optional ? `\n${ctx.t("verification-optional")}` : "");
  const keyboard = fieldKeyboard(ctx, step);
  let screen = await show(ctx, prompt, keyboard);
  const accept = (data: string) =>
    (step.optional === true && data === "verif:skip") || (step.choices ?? []).some((code) => data === `verif:pick:${code}`);

  for (;;) {
    const action = await nextAction(conversation, screen, accept);
    switch (action.type) {
      case "button": {
        await action.ctx.answerCallbackQuery();
        if (action.data === "verif:skip") {
          await replace(ctx, screen, `${prompt}\n\n${ctx.t("verification-skipped")}`);
          return undefined;
        }
        const code = action.data.slice("verif:pick:".length);
        await replace(ctx, screen, `${prompt}\n\n✔ ${escapeHtml(idTypeLabel(ctx, code))}`);
        return code;
      }
      case "text": {
        // The full card number is not left in the chat history; the summary shows it masked.
        if (step.sensitive) await action.ctx.deleteMessage().catch(() => undefined);
        const parsed = step.parse(action.text, new Date(await conversation.now()));
        if (parsed.ok) {
          await retire(ctx, screen);
          return choiceCode(ctx, step, parsed.value) ?? parsed.value;
        }
        await retire(ctx, screen);
        screen = await show(ctx, `${ctx.t(`verification-error-${parsed.error}`)}\n\n${prompt}`, keyboard);
        break;
      }
      case "command":
        await inFormHint(action.ctx);
        break;
      case "media":
        await action.ctx.reply(ctx.t("verification-send-text"));
        break;
    }
  }
}

async function askFields(conversation: Flow, ctx: FlowContext, kind: VerificationKind): Promise<VerificationFields> {
  const fields: VerificationFields = {};
  for (const step of FORM_STEPS[kind]) {
    const value = await askField(conversation, ctx, kind, step);
    if (value !== undefined) fields[step.field] = value;
  }
  return fields;
}

/**
 * Collects photos until "Done". `userMediaMessages` gathers the ids of every photo/file message the
 * user sent (accepted or not), so they can be deleted from the chat after submission.
 */
async function collectPhotos(
  conversation: Flow,
  ctx: FlowContext,
  kind: VerificationKind,
  userMediaMessages: number[],
): Promise<CollectedPhoto[]> {
  const photos: CollectedPhoto[] = [];
  let screen = await show(ctx, ctx.t(`verification-ask-photos-${kind}`, { max: MAX_PHOTOS }), cancelRow(ctx));

  for (;;) {
    const action = await nextAction(conversation, screen, (data) => data === "verif:done" && photos.length > 0);
    switch (action.type) {
      case "button":
        await action.ctx.answerCallbackQuery();
        await retire(ctx, screen);
        return photos;
      case "media": {
        const intake = photoFromMessage(action.message);
        if (intake === undefined) {
          await action.ctx.reply(ctx.t("verification-photo-expected"));
          break;
        }
        userMediaMessages.push(action.message.message_id);
        if (!intake.ok) {
          const text =
            intake.reason === "too-large"
              ? ctx.t("verification-photo-too-large", { size: String(intake.sizeKb), max: String(MAX_PHOTO_BYTES / 1024) })
              : ctx.t("verification-photo-not-image");
          await action.ctx.reply(text, { reply_parameters: { message_id: action.message.message_id, allow_sending_without_reply: true } });
          break;
        }
        if (photos.length >= MAX_PHOTOS) {
          await action.ctx.reply(ctx.t("verification-photo-limit", { max: MAX_PHOTOS }));
          break;
        }
        photos.push(intake.photo);
        await retire(ctx, screen);
        const done = new InlineKeyboard().text(ctx.t("verification-btn-done", { count: photos.length }), "verif:done");
        screen = await show(ctx, ctx.t("verification-photo-received", { n: photos.length, max: MAX_PHOTOS }), cancelRow(ctx, done));
        break;
      }
      case "text":
        await action.ctx.reply(ctx.t(photos.length > 0 ? "verification-photo-or-done" : "verification-photo-expected"));
        break;
      case "command":
        await inFormHint(action.ctx);
        break;
    }
  }
}

// ---- submission -------------------------------------------------------------------------------------

type SubmitOutcome =
  | { ok: true }
  | { ok: false; problem: "download" | "too-large" }
  /** The photo at index `photo` cannot be sent (upload-image.ts): left out, the others may go. */
  | { ok: false; problem: "not-image" | "too-many-pixels"; photo: number };

/**
 * Downloads every photo from Telegram and uploads them all in one submit call, inside one external
 * (callExchanger): the bytes exist only in memory for this call and never reach the replay log.
 */
async function submit(conversation: Flow, ctx: FlowContext, fields: VerificationFields, photos: CollectedPhoto[]): Promise<SubmitOutcome> {
  // getFile outside external (ARCHITECTURE §2.6); file paths are valid for about an hour.
  const files: { path: string; photo: CollectedPhoto }[] = [];
  for (const photo of photos) {
    try {
      const file = await ctx.api.getFile(photo.fileId);
      if (!file.file_path) return { ok: false, problem: "download" };
      if (file.file_size !== undefined && file.file_size > MAX_PHOTO_BYTES) return { ok: false, problem: "too-large" };
      files.push({ path: file.file_path, photo });
    } catch (error) {
      // Replayed API errors may come back as plain errors, so any failure here means "cannot fetch".
      const description = error instanceof GrammyError ? error.description : error instanceof Error ? error.message : String(error);
      await conversation.external((outer) => outer.logger.warn({ err: description }, "verification photo: getFile failed"));
      return { ok: false, problem: "download" };
    }
  }
  return callExchanger(conversation, async (caller, deps): Promise<SubmitOutcome> => {
    const uploads: PhotoUpload[] = [];
    for (const [index, { path }] of files.entries()) {
      let data: Uint8Array;
      try {
        data = await deps.downloadFile(path);
      } catch (error) {
        deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "verification photo download failed");
        return { ok: false, problem: "download" };
      }
      if (data.length > MAX_PHOTO_BYTES) return { ok: false, problem: "too-large" };
      const clean = await cleanUploadImage(data, index + 1);
      if (!clean.ok) return { ok: false, problem: clean.reason, photo: index };
      if (clean.image.data.length > MAX_PHOTO_BYTES) return { ok: false, problem: "too-large" };
      uploads.push({ filename: clean.image.fileName, contentType: clean.image.contentType, data: clean.image.data });
    }
    await deps.exchanger.submitVerification(caller, fields, uploads);
    return { ok: true };
  });
}

/** The request as the exchanger now holds it; undefined when it cannot say right now. */
async function freshRequest(conversation: Flow): Promise<Verification | null | undefined> {
  try {
    return await callExchanger(conversation, (caller, deps) => deps.exchanger.getVerification(caller));
  } catch (error) {
    if (error instanceof ExchangerError || error instanceof Unavailable) return undefined;
    throw error;
  }
}

/** Summary with Submit / Edit / Cancel until it is submitted ("sent") or the user wants to edit. */
async function confirmAndSubmit(
  conversation: Flow,
  ctx: FlowContext,
  kind: VerificationKind,
  fields: VerificationFields,
  photos: CollectedPhoto[],
): Promise<{ result: "edit" } | { result: "sent"; screen: LiveScreen }> {
  let summary = renderSummary(ctx, kind, fields, photos.length);
  let keyboard = cancelRow(
    ctx,
    new InlineKeyboard().text(ctx.t("verification-btn-submit"), "verif:send").text(ctx.t("verification-btn-edit"), "verif:edit").row(),
  );
  // Protected; the result after submitting replaces this message, so it stays protected too.
  let screen = await show(ctx, summary, keyboard, true);

  for (;;) {
    const canSend = !NEEDS_PHOTOS[kind] || photos.length > 0;
    const action = await nextAction(conversation, screen, (data) => (data === "verif:send" && canSend) || data === "verif:edit");
    if (action.type !== "button") {
      if (action.type === "command") await inFormHint(action.ctx);
      else await action.ctx.reply(ctx.t("verification-use-buttons"));
      continue;
    }
    await action.ctx.answerCallbackQuery();
    if (action.data === "verif:edit") {
      await replace(ctx, screen, `${summary}\n\n${ctx.t("verification-editing")}`);
      return { result: "edit" };
    }
    screen = await replace(ctx, screen, `${summary}\n\n${ctx.t("verification-sending")}`);
    let problem: string | undefined;
    try {
      const outcome = await submit(conversation, ctx, fields, photos);
      if (outcome.ok) {
        // Submitted: leaving from here on loses nothing, so no "Leave the form?" question.
        await conversation.external((outer) => clearTypedInput(outer.deps.kv, outer.chatId!));
        return { result: "sent", screen };
      }
      if (outcome.problem === "not-image" || outcome.problem === "too-many-pixels") {
        photos.splice(outcome.photo, 1); // left out; the others may still go
        summary = renderSummary(ctx, kind, fields, photos.length);
        if (photos.length === 0) keyboard = cancelRow(ctx, new InlineKeyboard().text(ctx.t("verification-btn-edit"), "verif:edit").row());
        problem = ctx.t(`verification-submit-${outcome.problem}`, {
          n: outcome.photo + 1,
          types: ACCEPTED_IMAGE_TYPES,
          left: photos.length,
        });
      } else problem = ctx.t(outcome.problem === "too-large" ? "verification-submit-too-large" : "verification-submit-download-failed");
    } catch (error) {
      // The exchanger's refusal (e.g. a field it does not accept) or an outage: keep the form, let
      // the user retry or edit. A rejected key (Unauthorized) goes to the error boundary.
      if (!(error instanceof ExchangerError || error instanceof Unavailable)) throw error;
      problem = describeError(ctx, error);
    }
    screen = await replace(ctx, screen, `${problem}\n\n${summary}`, keyboard);
  }
}

/** After success: the new status, and an offer to delete the user's photo messages from the chat. */
async function finish(conversation: Flow, ctx: FlowContext, screen: LiveScreen, userMediaMessages: number[]): Promise<void> {
  const request = await freshRequest(conversation);
  const status = request === undefined ? "" : `\n\n${renderVerificationRequest(ctx, request)}`;
  const text = `${ctx.t("verification-sent")}${status}`;
  const after = new InlineKeyboard().text(ctx.t("verification-btn-refresh"), "verif:show").text(ctx.t("btn-menu"), MENU_DATA);
  // The result keeps Refresh and Menu after the form ends: not a prompt whose buttons go with it.
  const release = () => releaseFlowPrompt(conversation, screen.messageId);
  if (userMediaMessages.length === 0) {
    await release();
    await replace(ctx, screen, text, after);
    return;
  }
  const offer = new InlineKeyboard()
    .text(ctx.t("verification-btn-clean", { count: userMediaMessages.length }), "verif:clean")
    .text(ctx.t("verification-btn-keep"), "verif:keep");
  screen = await replace(ctx, screen, `${text}\n\n${ctx.t("verification-clean-offer")}`, offer);
  // The offer's buttons belong to the form; it may stand in a new message (the summary was deleted).
  await trackFlowPrompt(conversation, screen.messageId);

  // One more update: the answer to the offer. Anything else ends the form and is handled as usual.
  const next = await conversation.wait();
  const query = next.callbackQuery;
  if (!query || query.message?.message_id !== screen.messageId || (query.data !== "verif:clean" && query.data !== "verif:keep")) {
    await retire(ctx, screen);
    return conversation.halt({ next: true });
  }
  await release();
  if (query.data === "verif:keep") {
    await next.answerCallbackQuery();
    await replace(ctx, screen, text, after);
    return;
  }
  let deleted = 0;
  for (const messageId of userMediaMessages) {
    // Messages older than 48 hours cannot be deleted by bots; those are counted out.
    if (
      await ctx.api.deleteMessage(ctx.chatId!, messageId).then(
        () => true,
        () => false,
      )
    )
      deleted++;
  }
  await next.answerCallbackQuery({ text: ctx.t("verification-cleaned", { count: deleted }) });
  await replace(ctx, screen, `${text}\n\n${ctx.t("verification-cleaned", { count: deleted })}`, after);
}

// ---- the flow ---------------------------------------------------------------------------------------

async function verificationFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const userMediaMessages: number[] = [];
  // Entered from the /verify screen's button: the picker replaces that screen.
  let editInPlace = ctx.callbackQuery?.message !== undefined;
  for (;;) {
    const kind = await askKind(conversation, ctx, editInPlace);
    editInPlace = false;
    const fields = await askFields(conversation, ctx, kind);
    const photos = NEEDS_PHOTOS[kind] ? await collectPhotos(conversation, ctx, kind, userMediaMessages) : [];
    const outcome = await confirmAndSubmit(conversation, ctx, kind, fields, photos);
    if (outcome.result === "edit") continue;
    await finish(conversation, ctx, outcome.screen, userMediaMessages);
    return;
  }
}

export const verificationConversation = defineFlow(VERIFICATION_FLOW, verificationFlow);
