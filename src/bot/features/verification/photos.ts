/**
 * Collecting photos until "Done": each accepted photo moves the live screen (with the Done button)
 * below it. Each photo's bytes are looked at as it arrives (its header: is it an image we can send, not
 * too large, not too many pixels) and then let go: the photos are kept by Telegram file id until
 * submission, which fetches and cleans them.
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
    if (action.type === "button") {
      await action.ctx.answerCallbackQuery();
      await retire(conversation, screen);
      return photos;
    }
    if (action.type === "text") {
      await action.ctx.reply(
        ctx.t(photos.length > 0 ? "verification-photo-or-done" : "verification-photo-expected"),
      );
      continue;
    }
    if (await takePhoto(conversation, ctx, action.ctx, action.message, photos, userMediaMessages))
      screen = await nextScreen(conversation, ctx, screen, photos);
  }
}

/** Adds the photo in `message` when it is one the exchanger can take, or says why not. True when added. */
async function takePhoto(
  conversation: Flow,
  ctx: FlowContext,
  at: FlowContext,
  message: Message,
  photos: CollectedPhoto[],
  media: number[],
) {
  const intake = photoFromMessage(message);
  if (intake === undefined) {
    await at.reply(ctx.t("verification-photo-expected"));
    return false;
  }
  media.push(message.message_id);
  // What Telegram's message says first (no download), then the bytes themselves (the header only).
  const refusal = intake.ok ? await checkOnArrival(conversation, at, intake.photo) : intake;
  if (refusal !== undefined) {
    const text =
      refusal.reason === "too-large"
        ? ctx.t("verification-photo-too-large", {
            size: String(refusal.sizeKb),
            max: String(MAX_PHOTO_BYTES / 1024),
          })
        : ctx.t(`verification-photo-${refusal.reason}`);
    await at.reply(text, {
      reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true },
    });
    return false;
  }
  if (!intake.ok) return false;
  if (photos.length >= MAX_PHOTOS) {
    await at.reply(ctx.t("verification-photo-limit", { max: MAX_PHOTOS }));
    return false;
  }
  photos.push(intake.photo);
  return true;
}

/** The live screen moves below the newest photo; only it keeps a Done button. */
async function nextScreen(
  conversation: Flow,
  ctx: FlowContext,
  screen: LiveScreen,
  photos: CollectedPhoto[],
): Promise<LiveScreen> {
  await retire(conversation, screen);
  const done = new InlineKeyboard().text(
    ctx.t("verification-btn-done", { count: photos.length }),
    PHOTOS_DONE,
  );
  return show(
    ctx,
    ctx.t("verification-photo-received", { n: photos.length, max: MAX_PHOTOS }),
    cancelRow(ctx, done),
  );
}
