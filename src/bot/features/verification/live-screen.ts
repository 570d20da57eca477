/**
 * The form's button screens (photos, summary, the clean-up offer): each step has one live message with
 * buttons, and presses are accepted only on it. Presses on other messages, or with data the step does
 * not expect, are passed on to the rest of the bot ("This button has expired", the menu…). Typed
 * questions go through the ask step instead (core/ask.ts), which keeps the same one-live-prompt rule.
 */
import { InlineKeyboard } from "grammy";
import type { Message } from "grammy/types";
import type { FlowContext } from "../../context.js";
import { CANCEL_DATA } from "../../core/codec.js";
import { markTypedInput } from "../../core/flow-messages.js";
import { retireFlowPrompt, trackFlowPrompt, type Flow } from "../../core/flows.js";
import { sendScreen, showScreenAt, type Screen } from "../../ui/screen.js";

/** The message whose buttons are live at the current step, and what it shows. */
export interface LiveScreen {
  messageId: number;
  shown: Screen;
  hasButtons: boolean;
}

export type UserAction =
  | { type: "button"; ctx: FlowContext; data: string }
  | { type: "text"; ctx: FlowContext; text: string }
  | { type: "media"; ctx: FlowContext; message: Message };

export const cancelRow = (ctx: FlowContext, keyboard = new InlineKeyboard()) =>
  keyboard.text(ctx.t("btn-cancel"), CANCEL_DATA);

/** The user's next action at a step whose live screen is `live`; a command leaves the form. */
export async function nextAction(
  conversation: Flow,
  live: LiveScreen,
  accept: (data: string) => boolean,
): Promise<UserAction> {
  // The live screen's buttons are the form's own; any other button leaves the form (core/flow-exit.ts).
  if (live.hasButtons) await trackFlowPrompt(conversation, live.messageId);
  const ctx = await conversation.wait();
  const query = ctx.callbackQuery;
  if (query) {
    const data = query.data ?? "";
    if (query.message?.message_id === live.messageId && accept(data))
      return { type: "button", ctx, data };
    return conversation.skip({ next: true });
  }
  const message = ctx.message;
  if (!message) return conversation.skip({ next: true }); // edits, reactions…: not answers
  if (message.text?.startsWith("/")) return conversation.halt({ next: true });
  // From now on leaving the form loses what was typed: flow-exit asks first.
  await conversation.external((outer) => markTypedInput(outer));
  if (message.text !== undefined) return { type: "text", ctx, text: message.text };
  return { type: "media", ctx, message };
}

/** `protect`: the message shows personal data (the summary, later the request): not forwardable. */
export async function show(
  ctx: FlowContext,
  text: string,
  keyboard?: InlineKeyboard,
  protect = false,
): Promise<LiveScreen> {
  const shown: Screen = { text, keyboard, protect };
  return { messageId: await sendScreen(ctx, shown), shown, hasButtons: keyboard !== undefined };
}

/**
 * Replaces a screen's text and buttons in place. Should the user have deleted it, the step comes as a
 * new message and its buttons are the live ones. What was protected stays protected.
 */
export async function replace(
  conversation: Flow,
  ctx: FlowContext,
  live: LiveScreen,
  text: string,
  keyboard?: InlineKeyboard,
) {
  const shown: Screen = { text, keyboard, protect: live.shown.protect };
  const messageId = await showScreenAt(
    ctx.api,
    { chatId: ctx.chatId!, messageId: live.messageId, shows: live.shown },
    shown,
  );
  // Its buttons went with the edit: the flow's end has nothing left to take away there.
  if (keyboard === undefined && live.hasButtons && messageId === live.messageId)
    await retireFlowPrompt(conversation, messageId, true);
  return { messageId, shown, hasButtons: keyboard !== undefined };
}

/** Takes the buttons off a screen the user has moved past, so only the current step has live ones. */
export async function retire(conversation: Flow, screen: LiveScreen): Promise<void> {
  if (screen.hasButtons) await retireFlowPrompt(conversation, screen.messageId);
}
