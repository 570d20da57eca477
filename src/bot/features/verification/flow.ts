/**
 * The verification form (conversations v2): pick a kind → answer its fields → send photos →
 * summary → submit. Read docs/design.md, "Facts about the libraries" before changing anything here.
 *
 * Replay rules this form keeps:
 * - everything the user sent (answers, photo file ids, message ids) lives in the replay log, which
 *   the adapter encrypts; only each photo's head is read while collecting (upload.ts
 *   checkOnArrival), so a restart loses nothing;
 * - "today" comes from conversation.now(); the exchanger is only reached through callExchanger;
 * - photos are downloaded whole only in upload.ts, once, inside the external that uploads them.
 */
import { InlineKeyboard } from "grammy";
import type { VerificationFields } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { accept, ask, note, refuse } from "../../core/ask.js";
import { defineFlow, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { escapeHtml } from "../../ui/html.js";
import { showScreen } from "../../ui/screen.js";
import { chooseKind, pickChoice, SKIP_FIELD } from "./codec.js";
import { FORM_STEPS, KINDS, NEEDS_PHOTOS, type FieldStep } from "./form.js";
import { cancelRow } from "./live-screen.js";
import { collectPhotos } from "./photos.js";
import { idTypeLabel, kindLabel, type VerificationKind } from "./render.js";
import { confirmAndSubmit, finish } from "./summary.js";

export const VERIFICATION_FLOW = "verification";

async function verificationFlow(conversation: Flow, ctx: FlowContext): Promise<void> {
  const userMediaMessages: number[] = [];
  // Entered from the /verify screen's button: the picker replaces that screen.
  let editInPlace = ctx.callbackQuery?.message !== undefined;
  for (;;) {
    const kind = await askKind(conversation, ctx, editInPlace);
    editInPlace = false;
    const fields = await askFields(conversation, ctx, kind);
    const photos = NEEDS_PHOTOS[kind]
      ? await collectPhotos(conversation, ctx, kind, userMediaMessages)
      : [];
    const outcome = await confirmAndSubmit(conversation, ctx, { kind, fields, photos });
    if (outcome.result === "sent")
      return finish(conversation, ctx, outcome.screen, userMediaMessages);
  }
}

async function askKind(
  conversation: Flow,
  ctx: FlowContext,
  editInPlace: boolean,
): Promise<VerificationKind> {
  const keyboard = new InlineKeyboard();
  for (const kind of KINDS)
    keyboard.text(ctx.t(`verification-btn-kind-${kind}`), chooseKind.pack({ kind })).row();
  const text = ctx.t("verification-ask-kind");
  const inPlace = editInPlace && ctx.callbackQuery?.message !== undefined;
  // The /verify button's press was answered before the flow was entered.
  if (inPlace)
    await trackFlowPrompt(
      conversation,
      await showScreen(ctx, { text, keyboard: cancelRow(ctx, keyboard) }, { answered: true }),
    );
  const useButtons = note(ctx.t("verification-use-buttons"));
  return ask(conversation, ctx, {
    prompt: inPlace ? undefined : text,
    keyboard: cancelRow(ctx, keyboard),
    notText: useButtons,
    check: () => useButtons,
    buttons: (data) => chooseKind.unpack(data)?.kind,
    pressedText: (kind) =>
      ctx.t("verification-kind-chosen", { kind: kindLabel(ctx, kind) ?? kind }),
  });
}

async function askFields(
  conversation: Flow,
  ctx: FlowContext,
  kind: VerificationKind,
): Promise<VerificationFields> {
  const fields: VerificationFields = {};
  for (const step of FORM_STEPS[kind]) {
    const value = await askField(conversation, ctx, kind, step);
    if (value !== SKIPPED) fields[step.field] = value;
  }
  return fields;
}

const SKIPPED = Symbol("skipped");

/** One field until a valid answer, typed or by a button (a choice, or Skip for optional ones). */
async function askField(
  conversation: Flow,
  ctx: FlowContext,
  kind: VerificationKind,
  step: FieldStep,
): Promise<string | typeof SKIPPED> {
  const optional = step.optional ? `\n${ctx.t("verification-optional")}` : "";
  const prompt = ctx.t(`verification-ask-${step.field.replace(/_/g, "-")}`, { kind }) + optional;
  return ask<string | typeof SKIPPED>(conversation, ctx, {
    prompt,
    keyboard: fieldKeyboard(ctx, step),
    notText: note(ctx.t("verification-send-text")),
    check: async (text) => {
      const parsed = step.parse(text, new Date(await conversation.now()));
      if (!parsed.ok) return refuse(`${ctx.t(`verification-error-${parsed.error}`)}\n\n${prompt}`);
      return accept(choiceCode(ctx, step, parsed.value) ?? parsed.value);
    },
    buttons: (data) =>
      step.optional && data === SKIP_FIELD
        ? SKIPPED
        : step.choices?.find((code) => pickChoice.unpack(data)?.code === code),
    pressedText: (value) =>
      `${prompt}\n\n${value === SKIPPED ? ctx.t("verification-skipped") : `✔ ${escapeHtml(idTypeLabel(ctx, value))}`}`,
    // The full card number is not left in the chat history; the summary shows it masked.
    sensitive: step.sensitive,
    keepsInput: true,
  });
}

function fieldKeyboard(ctx: FlowContext, step: FieldStep): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const code of step.choices ?? [])
    keyboard.text(idTypeLabel(ctx, code), pickChoice.pack({ code })).row();
  if (step.optional) keyboard.text(ctx.t("verification-btn-skip"), SKIP_FIELD);
  return cancelRow(ctx, keyboard);
}

/** A typed answer that names one of the step's choices ("Passport", "passport") becomes its code. */
function choiceCode(ctx: FlowContext, step: FieldStep, answer: string): string | undefined {
  const typed = answer.toLocaleLowerCase();
  return step.choices?.find(
    (code) => code === typed || idTypeLabel(ctx, code).toLocaleLowerCase() === typed,
  );
}

export const verificationConversation = defineFlow(VERIFICATION_FLOW, verificationFlow);
