/**
 * /verify: the verification request the exchanger holds (status, comment, submitted fields) or that
 * there is none, with a button that starts the submission form (flow.ts).
 */
import { Composer, InlineKeyboard } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import { VERIFICATION_FLOW, verificationConversation } from "./flow.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { flowRunning } from "../../core/flow-running.js";
import { renderVerificationRequest } from "./render.js";
import { backToMenuRow } from "../menu/public.js";
import { showScreen, type Screen } from "../../ui/screen.js";
import type { Verification } from "../../../exchanger/index.js";
import { SHOW_VERIFICATION, START_FORM } from "./codec.js";

/** Under review or approved: nothing to submit, so no "Submit verification" (and an old one says why). */
const settled = (request: Verification | null): "pending" | "approved" | undefined => {
  const meaning = request?.status.meaning;
  return meaning === "pending" || meaning === "approved" ? meaning : undefined;
};

function verificationScreen(ctx: BotContext, request: Verification | null): Screen {
  const keyboard = new InlineKeyboard();
  if (settled(request) === undefined)
    keyboard.text(ctx.t("verification-btn-start"), START_FORM).row();
  keyboard.text(ctx.t("verification-btn-refresh"), SHOW_VERIFICATION);
  const text = renderVerificationRequest(ctx, request);
  // Protected: the screen holds the user's personal data (masked or not), not for forwarding.
  return { text, keyboard: backToMenuRow(ctx, keyboard), protect: true };
}

const readRequest = (ctx: BotContext) =>
  withCaller(ctx, (caller) => ctx.deps.exchanger.getVerification(caller));

async function showVerification(ctx: BotContext): Promise<void> {
  await showScreen(ctx, verificationScreen(ctx, await readRequest(ctx)));
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createVerificationFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");

  privateChat.command("verify", showVerification);
  privateChat.callbackQuery(SHOW_VERIFICATION, showVerification);

  privateChat.callbackQuery(START_FORM, async (ctx) => {
    if (!(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
    // A button from before the request was sent or approved: the screen as it is now, and why.
    const request = await readRequest(ctx);
    const now = settled(request);
    if (now !== undefined) {
      const toast = ctx.t(`verification-no-form-${now}`);
      return void (await showScreen(ctx, verificationScreen(ctx, request), { toast }));
    }
    await ctx.answerCallbackQuery();
    // Starting the form again (or from another flow) replaces whatever form was open.
    if (flowRunning(ctx)) await ctx.conversation.exitAll();
    await ctx.conversation.enter(VERIFICATION_FLOW);
  });

  return {
    name: "verification",
    callbacks: ["verif"],
    composer,
    flows: [verificationConversation],
    menu: [{ labelKey: "verification-menu", data: SHOW_VERIFICATION, order: 60 }],
    commands: [{ command: "verify", descriptionKey: "verification-cmd" }],
  };
}
