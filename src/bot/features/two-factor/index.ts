/**
 * /2fa: whether two-factor authentication is on, with the button to turn it on or off.
 * The state comes from the user object when it says so, else from what the chat remembers.
 */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { defineFlow } from "../../core/flows.js";
import { enterCodeFlow } from "../../core/enter-flow.js";
import {
  TWOFA_DISABLE_FLOW,
  TWOFA_ENABLE_FLOW,
  twofaDisableFlow,
  twofaEnableFlow,
} from "./flows.js";
import { CANCEL_ENABLE, SHOW_TWOFA, TURN_OFF, TURN_ON } from "./codec.js";
import { MENU_DATA } from "../menu/public.js";
import { showScreen } from "../../ui/screen.js";

async function showStatus(ctx: BotContext): Promise<void> {
  const user = await withCaller(ctx, (caller) => ctx.deps.exchanger.getInfo(caller));
  const fromUser = user.twoFactor;
  if (fromUser !== undefined && fromUser !== ctx.chatSettings.twofa)
    ctx.chatSettings = await ctx.deps.settings.update(ctx.chatId!, { twofa: fromUser });
  const on = fromUser ?? ctx.chatSettings.twofa;

  const keyboard = new InlineKeyboard();
  if (on !== true) keyboard.text(ctx.t("twofa-btn-enable"), TURN_ON);
  if (on !== false) keyboard.text(ctx.t("twofa-btn-disable"), TURN_OFF);
  keyboard.row().text(ctx.t("btn-menu"), MENU_DATA);
  const state =
    on === undefined
      ? ctx.t("twofa-state-unknown")
      : on
        ? ctx.t("twofa-state-on")
        : ctx.t("twofa-state-off");
  const text = `${ctx.t("twofa-title")}\n${state}\n\n${ctx.t(on ? "twofa-explain-on" : "twofa-explain-off")}`;
  await showScreen(ctx, { text, keyboard });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createTwofaFeature(): Feature {
  const composer = new Composer<BotContext>();
  composer.command("2fa", showStatus);
  composer.callbackQuery(SHOW_TWOFA, showStatus);
  composer.callbackQuery(TURN_ON, (ctx) => enterCodeFlow(ctx, TWOFA_ENABLE_FLOW));
  composer.callbackQuery(TURN_OFF, (ctx) => enterCodeFlow(ctx, TWOFA_DISABLE_FLOW));
  // The QR message's Cancel after its flow is gone (expired, /cancel): the secret must not stay on screen.
  composer.callbackQuery(CANCEL_ENABLE, async (ctx) => {
    await ctx.answerCallbackQuery({ text: ctx.t("twofa-enable-cancelled") });
    await ctx.deleteMessage().catch(() => undefined);
  });

  return {
    name: "twofa",
    callbacks: ["tfa"],
    composer,
    flows: [
      defineFlow(TWOFA_ENABLE_FLOW, twofaEnableFlow),
      defineFlow(TWOFA_DISABLE_FLOW, twofaDisableFlow),
    ],
    menu: [{ labelKey: "twofa-menu", data: SHOW_TWOFA, order: 72 }],
    commands: [{ command: "2fa", descriptionKey: "twofa-cmd" }],
  };
}
