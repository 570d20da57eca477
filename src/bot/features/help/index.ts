/**
 * /help, /cancel and the fallbacks that make sure nothing goes unanswered:
 * unknown commands and stray text get a hint, unknown or stale buttons get "this button has expired".
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { CommandSpec, Feature } from "../../feature.js";
import { isFlowPrompt } from "../../core/flow-messages.js";
import { answerStaleButton, CANCEL_DATA, leaveFlows } from "../../core/flow-exit.js";
import { flowRunning } from "../../core/flow-running.js";
import { secretNotice, settleLapsedPrompt } from "../../core/secret-prompt.js";
import { showScreen } from "../../ui/screen.js";
import { NOOP_DATA } from "../../ui/callback-data.js";
import { backToMenuRow } from "../menu/public.js";

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createHelpFeature(): Feature {
  const composer = new Composer<BotContext>();
  // Every command: the everyday ones (those in Telegram's command menu) first, then the rest.
  composer.command("help", async (ctx) => {
    const line = (c: CommandSpec) => `/${c.command} — ${ctx.t(c.descriptionKey)}`;
    const everyday = ctx.layout.commands.filter((c) => c.inMenu === true).map(line);
    const more = ctx.layout.commands.filter((c) => c.inMenu !== true).map(line);
    await ctx.reply(
      [ctx.t("help-intro"), "", ...everyday, "", ctx.t("help-more"), ...more].join("\n"),
    );
  });

  // Position labels on pagers and other display-only buttons.
  composer.callbackQuery(NOOP_DATA, (ctx) => ctx.answerCallbackQuery());

  return {
    name: "help",
    callbacks: [NOOP_DATA],
    composer,
    commands: [
      { command: "help", descriptionKey: "cmd-help", inMenu: true },
      { command: "cancel", descriptionKey: "cmd-cancel" },
    ],
  };
}

/** /cancel leaves any flow. Installed before every conversation so it always wins. */
export function createCancelComposer(): Composer<BotContext> {
  const cancelComposer = new Composer<BotContext>();
  cancelComposer.command("cancel", async (ctx) => {
    const left = await leaveFlows(ctx, "cancelled");
    // A way on from a flow left (☰ Menu); "nothing to cancel" needs none.
    if (!left) return void (await ctx.reply(ctx.t("cancel-nothing")));
    await ctx.reply(ctx.t("cancel-done"), { reply_markup: backToMenuRow(ctx) });
  });
  // Cancel buttons inside flows use the same data everywhere. Only a prompt of the running flow
  // cancels it: the Cancel of a flow that is over (a paid order's code prompt) says so and does nothing.
  cancelComposer.callbackQuery(CANCEL_DATA, async (ctx) => {
    const messageId = ctx.callbackQuery.message?.message_id;
    const ours = flowRunning(ctx) && messageId !== undefined && isFlowPrompt(ctx, messageId);
    if (!ours) return answerStaleButton(ctx, true);
    await leaveFlows(ctx, "cancelled");
    const ended = { text: ctx.t("cancel-done"), keyboard: backToMenuRow(ctx) };
    await showScreen(ctx, ended, { toast: ctx.t("cancel-done") });
  });
  return cancelComposer;
}

/** The last middleware: whatever nobody handled. */
export function createFallback(): Composer<BotContext> {
  const fallback = new Composer<BotContext>();
  // Unknown or stale buttons: an old flow prompt says how its flow ended, anything else "expired".
  fallback.on("callback_query", (ctx) => answerStaleButton(ctx));
  // A message the secret guard deleted and no flow took: say why it disappeared.
  fallback.on(["message", "edited_message"], async (ctx, next) => {
    await settleLapsedPrompt(ctx);
    const notice = secretNotice(ctx);
    if (notice === undefined) return next();
    await ctx.reply(notice);
  });
  fallback.on("message:text", async (ctx) => {
    if (ctx.message.text.startsWith("/")) await ctx.reply(ctx.t("unknown-command"));
    else await ctx.reply(ctx.t("unknown-text"));
  });
  fallback.on("message", (ctx) => ctx.reply(ctx.t("unknown-text")));
  return fallback;
}
