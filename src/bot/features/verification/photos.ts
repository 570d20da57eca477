/**
 * Collecting photos until "Done": each accepted photo moves the live screen (with the Done button)
 * below it. Each photo's first bytes are read as it arrives (its header: is it an image we can send, not
 * too large, not too many pixels) and then let go: the photos are kept by Telegram file id until
 * submission, which downloads them whole, once, and cleans them.
 */
import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { FlowContext } from "../../context.js";
import type { Flow } from "../../core/flows.js";
import { PHOTOS_DONE } from "./codec.js";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, photoFromMessage, type CollectedPhoto } from "./form.js";
import { checkOnArrival } from "./upload.js";
import { cancelRow, nextAction, retire, show, type LiveScreen } from "./live-screen.js";
import type { VerificationKind } from "./render.js";

/**
 * Collects photos until "Done". `userMediaMessages` gathers the ids of every photo/file message the
 * user sent (accepted or not), so they can be deleted from the chat after submission.
 */
export async function collectPhotos(
  conversation: Flow,
  ctx: FlowContext,
  kind: VerificationKind,
  userMediaMessages: number[],
) {
  const photos: CollectedPhoto[] = [];
  let screen = await show(
    ctx,
    ctx.t(`verification-ask-photos-${kind}`, { max: MAX_PHOTOS }),
    cancelRow(ctx),
  );
  for (;;) {
    const action = await nextAction(
      conversation,
      screen,
      (data) => data === PHOTOS_DONE && photos.length > 0,
    );
    const typedDone = action.type === "text" && photos.length > 0 && isDone(ctx, action.text);
    if (action.type === "button" || typedDone) {
      if (action.type === "button") await action.ctx.answerCallbackQuery();
      await retire(conversation, screen);
      return photos;
    }
    const refusal =
      action.type === "text"
        ? ctx.t(photos.length > 0 ? "verification-photo-or-done" : "verification-photo-expected")
        : await takePhoto(conversation, ctx, action.ctx, action.message, photos, userMediaMessages);
    // Every answer of the step is its live screen: a refusal carries Done (once a photo is in) and Cancel.
    screen = await nextScreen(conversation, ctx, screen, photos, refusal);
  }
}

/** "done" typed instead of pressed (in the chat's language too): the photos are complete. */
function isDone(ctx: FlowContext, text: string): boolean {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[.!]+$/, "");
  return word === "done" || word === ctx.t("verification-done-word").toLowerCase();
}

/**
 * Adds the photo in `message` when it is one the exchanger can take; otherwise why not (undefined:
 * added). `at`: the update that brought it.
 */
async function takePhoto(
  conversation: Flow,
  ctx: FlowContext,
  at: FlowContext,
  message: Message,
  photos: CollectedPhoto[],
  media: number[],
): Promise<string | undefined> {
  const intake = photoFromMessage(message);
  if (intake === undefined) return ctx.t("verification-photo-expected");
  media.push(message.message_id);
  // What Telegram's message says first (no download), then the first bytes (the header only).
  const refusal = intake.ok ? await checkOnArrival(conversation, at, intake.photo) : intake;
  if (refusal !== undefined)
    return refusal.reason === "too-large"
      ? ctx.t("verification-photo-too-large", {
          size: String(refusal.sizeKb),
          max: String(MAX_PHOTO_BYTES / 1024),
        })
      : ctx.t(`verification-photo-${refusal.reason}`);
  if (!intake.ok) return ctx.t("verification-photo-not-image");
  if (photos.length >= MAX_PHOTOS) return ctx.t("verification-photo-limit", { max: MAX_PHOTOS });
  photos.push(intake.photo);
  return undefined;
}

/** The live screen moves below the user's newest message; only it keeps the Done button. */
async function nextScreen(
  conversation: Flow,
  ctx: FlowContext,
  screen: LiveScreen,
  photos: CollectedPhoto[],
  refusal: string | undefined,
): Promise<LiveScreen> {
  await retire(conversation, screen);
  const done = new InlineKeyboard();
  if (photos.length > 0)
    done.text(ctx.t("verification-btn-done", { count: photos.length }), PHOTOS_DONE);
  const text =
    refusal ?? ctx.t("verification-photo-received", { n: photos.length, max: MAX_PHOTOS });
  return show(ctx, text, cancelRow(ctx, done));
}
