/**
 * The ONE way a screen is shown. A command (or any message) sends it as a new message; a button press
 * answers its callback query exactly once and edits the pressed message in place. When Telegram
 * refuses the edit because the message is too old or gone, the screen comes as a new message instead;
 * an edit to the very same screen is not sent (ui/unchanged.ts compares with the pressed message), and
 * should Telegram still answer "message is not modified", the screen is already right.
 *
 * Load data BEFORE calling this: when loading fails, the error boundary is then the only one that
 * answers the callback query (answering twice is an error at Telegram). A handler that must stop the
 * spinner before a slow step answers it itself and passes `answered: true`.
 */
import type { Api, InlineKeyboard } from "grammy";
import { isRefusal } from "../../telegram/refusals.js";
import type { FlowContext } from "../context.js";
import { sameRows, showsAlready, showsButtonsAlready } from "./unchanged.js";

export interface Screen {
  text: string;
  keyboard?: InlineKeyboard;
  /**
   * Personal data (verification): sent with protect_content, so it cannot be forwarded or saved.
   * An edit cannot add that protection, so such a screen replaces only a message that already has it
   * and otherwise comes as a new message.
   */
  protect?: boolean;
}

export interface ShowOptions {
  /** A short notice shown with the callback answer. */
  toast?: string;
  /** The callback query was answered already (before a slow step). */
  answered?: boolean;
}

/** Drops empty rows (left by `.row()` after a full row or before an absent pager). */
export function tidyKeyboard(keyboard: InlineKeyboard | undefined): InlineKeyboard | undefined {
  if (!keyboard) return undefined;
  for (let i = keyboard.inline_keyboard.length - 1; i >= 0; i--)
    if (keyboard.inline_keyboard[i]!.length === 0) keyboard.inline_keyboard.splice(i, 1);
  return keyboard;
}

/** Where a screen stands in the chat, as a flow remembers it between updates (no callback query at hand). */
export interface ScreenAt {
  chatId: number;
  messageId: number;
  /** What the message shows now, when known: the very same screen is then not sent again. */
  shows?: Screen;
}

const extraOf = (screen: Screen) => ({
  reply_markup: tidyKeyboard(screen.keyboard),
  link_preview_options: { is_disabled: true },
  ...(screen.protect ? { protect_content: true } : {}),
});

/** Same text and buttons: an edit from one to the other would change nothing. */
const sameScreen = (a: Screen, b: Screen): boolean =>
  a.text === b.text && sameRows(a.keyboard, b.keyboard);

/**
 * The edit every screen goes through: in place; as a new message when Telegram cannot edit the old
 * one (deleted, too old) or when protection would have to be added. Returns the id of the message
 * that shows the screen now (a new one after a fallback: whoever waits for its buttons must know).
 */
async function editOrSend(
  api: Api,
  at: { chatId: number; messageId: number },
  screen: Screen,
  state: { unchanged: boolean; isProtected: boolean; pressed?: boolean },
): Promise<number> {
  const extra = extraOf(screen);
  const send = async () => (await api.sendMessage(at.chatId, screen.text, extra)).message_id;
  if (screen.protect && !state.isProtected)
    return state.pressed ? replaceWithProtected(api, at, send) : send();
  // Nothing changed (the active chip, Refresh of an unchanged order): no request at all.
  if (state.unchanged) return at.messageId;
  // Without reply_markup the edit takes the old buttons away, as a screen without buttons should.
  return editOr(
    at.messageId,
    () => api.editMessageText(at.chatId, at.messageId, screen.text, extra),
    send,
  );
}

/**
 * An edit cannot add protection, so a protected screen opened by a button on an ordinary one
 * (Verification from the menu) is sent and the old message deleted: it takes the old one's place like every other screen
 * instead of leaving the menu behind it. A message Telegram will not delete (gone, too old) stays.
 */
async function replaceWithProtected(
  api: Api,
  at: { chatId: number; messageId: number },
  send: () => Promise<number>,
): Promise<number> {
  const shown = await send();
  try {
    await api.deleteMessage(at.chatId, at.messageId);
  } catch (error) {
    if (!isRefusal(error, "message-gone", "cannot-delete")) throw error;
  }
  return shown;
}

/** Runs an edit of `messageId`: "not modified" means done, "cannot be edited" runs `instead` (a new message). */
async function editOr(
  messageId: number,
  edit: () => Promise<unknown>,
  instead: () => Promise<number>,
): Promise<number> {
  try {
    await edit();
    return messageId;
  } catch (error) {
    if (isRefusal(error, "not-modified")) return messageId;
    if (isRefusal(error, "message-gone", "cannot-edit")) return instead();
    throw error;
  }
}

/**
 * Answers the pressed button, once (unless the handler did already, before a slow step), BESIDE the
 * screen's own request: the edit does not wait a round trip for it. The returned promise never
 * rejects: a lost answer only leaves the spinner until Telegram drops it, never a failed screen.
 * Callers await it after the screen, so the update's handling still covers it.
 *
 * Not sent as a webhook reply (grammY's canUseWebhookReply), though it would save a request: the
 * reply ends the HTTP response, so Telegram takes the update as delivered before it is handled (a
 * crash mid-handling would lose it instead of it being redelivered), and its result is never known.
 * Run beside the edit, the answer no longer costs the user time either way.
 */
function answerPress(ctx: FlowContext, options: ShowOptions): Promise<void> {
  if (!ctx.callbackQuery || options.answered) return Promise.resolve();
  return ctx.answerCallbackQuery(options.toast ? { text: options.toast } : undefined).then(
    () => undefined,
    (error: unknown) => ctx.logger.info({ err: String(error) }, "could not answer a button press"),
  );
}

/** Runs the screen's request with the press being answered beside it; resolves once both are done. */
async function besideAnswer<T>(
  ctx: FlowContext,
  options: ShowOptions,
  show: () => Promise<T>,
): Promise<T> {
  const answering = answerPress(ctx, options);
  try {
    return await show();
  } finally {
    await answering;
  }
}

/**
 * A screen as a new message, whatever the update. For flows: a conversation's `ctx` is the update that
 * entered it (often a button press), so a result shown after the user's later answer goes below it.
 */
export async function sendScreen(ctx: FlowContext, screen: Screen): Promise<number> {
  return (await ctx.reply(screen.text, extraOf(screen))).message_id;
}

/**
 * A screen as a new message below the pressed one, which stays as it was (a notification's buttons:
 * the notice is not overwritten); the press is answered beside it, as showScreen does.
 */
export function showScreenBelow(
  ctx: FlowContext,
  screen: Screen,
  options: ShowOptions = {},
): Promise<number> {
  return besideAnswer(ctx, options, () => sendScreen(ctx, screen));
}

/**
 * Shows a screen in the pressed message (or as a new one for a command). Returns the id of the message
 * that shows it.
 */
export async function showScreen(
  ctx: FlowContext,
  screen: Screen,
  options: ShowOptions = {},
): Promise<number> {
  const pressed = ctx.callbackQuery?.message;
  if (!pressed || ctx.chatId === undefined)
    return besideAnswer(ctx, options, () => sendScreen(ctx, screen));
  const chatId = ctx.chatId;
  const unchanged = showsAlready(ctx, screen.text, tidyKeyboard(screen.keyboard));
  // A press that changes nothing on screen (Refresh of an unchanged order) still hears something.
  const answer =
    unchanged && !options.toast ? { ...options, toast: ctx.t("screen-unchanged") } : options;
  return besideAnswer(ctx, answer, () =>
    editOrSend(ctx.api, { chatId, messageId: pressed.message_id }, screen, {
      unchanged,
      isProtected: "has_protected_content" in pressed && pressed.has_protected_content === true,
      pressed: true,
    }),
  );
}

/**
 * Shows a screen in a message remembered by id (a flow's prompt, edited after the user typed an
 * answer): the same edit, fallback and "nothing changed" rules as showScreen. A protected screen
 * replaces only a message that showed a protected one.
 */
export async function showScreenAt(api: Api, at: ScreenAt, screen: Screen): Promise<number> {
  return editOrSend(api, at, screen, {
    unchanged: at.shows !== undefined && sameScreen(at.shows, screen),
    isProtected: at.shows?.protect === true,
  });
}

/**
 * Only the buttons change (ticking an item): the text stays. When the message cannot be edited, the
 * whole screen (`whole`, built only then) comes as a new message.
 */
export async function showButtons(
  ctx: FlowContext,
  keyboard: InlineKeyboard,
  whole: () => Screen | Promise<Screen>,
  options: ShowOptions = {},
): Promise<number> {
  return besideAnswer(ctx, options, async () => {
    const pressed = ctx.callbackQuery?.message;
    const chatId = ctx.chatId;
    const sendWhole = async () => sendScreen(ctx, await whole());
    if (!pressed || chatId === undefined) return sendWhole();
    const markup = tidyKeyboard(keyboard)!;
    if (showsButtonsAlready(ctx, markup)) return pressed.message_id;
    return editOr(
      pressed.message_id,
      () => ctx.api.editMessageReplyMarkup(chatId, pressed.message_id, { reply_markup: markup }),
      sendWhole,
    );
  });
}

/**
 * Takes the buttons off a message the user has moved past. Best effort: a message that is gone or
 * already has none needs nothing, and no step should fail over a stale keyboard.
 */
export async function dropButtons(api: Api, chatId: number, messageId: number): Promise<void> {
  await api
    .editMessageReplyMarkup(chatId, messageId, { reply_markup: { inline_keyboard: [] } })
    .catch(() => undefined);
}
