/**
 * /activity — the security feed's screen: the last events of the chat's exchanger account (from every
 * chat linked to it: linking, password and 2FA changes, payment details, a key that stopped working,
 * the exchanger blocking the account), and this chat's switches for the notices it may mute. "Another
 * chat linked" and "key no longer works" have no switch: they always come.
 *
 * The notices themselves are sent by src/notify/account-events/ (deps.accountEvents) in the words of
 * render.ts.
 */
import { Composer, InlineKeyboard } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { accountIdOf } from "../../core/account-events.js";
import { fitMessage } from "../../ui/html.js";
import { showScreen, type Screen } from "../../ui/screen.js";
import { onCallback } from "../../ui/callback-data.js";
import { backToMenuRow } from "../menu/public.js";
import { ACCOUNT_NOTICE_SWITCH_LIST, type AccountNoticeSwitch } from "../../../storage/settings.js";
import { ACTIVITY_DATA, muteData } from "./codec.js";
import { eventLine } from "./render.js";

const mark = (on: boolean) => (on ? "✅" : "⬜");
const isOn = (ctx: BotContext, name: AccountNoticeSwitch) => ctx.chatSettings[name] !== false;

async function requireLinked(ctx: BotContext): Promise<number> {
  if (ctx.chatId === undefined || !(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
  return ctx.chatId;
}

async function activityScreen(ctx: BotContext): Promise<Screen> {
  const chatId = await requireLinked(ctx);
  const accountId = await accountIdOf(ctx);
  const events =
    accountId === undefined ? [] : await ctx.deps.accountEvents.recent(accountId, String(chatId));
  const lines = [ctx.t("activity-title"), ctx.t("activity-explain"), ""];
  if (accountId === undefined) lines.push(ctx.t("activity-no-account"));
  else if (events.length === 0) lines.push(ctx.t("activity-empty"));
  for (const event of events) lines.push(eventLine(ctx, event));
  lines.push("", ctx.t("activity-switches-title"));
  for (const name of ACCOUNT_NOTICE_SWITCH_LIST)
    lines.push(`${mark(isOn(ctx, name))} ${ctx.t(`activity-switch-${name}`)}`);
  lines.push(ctx.t("activity-always"));
  const keyboard = new InlineKeyboard();
  for (const name of ACCOUNT_NOTICE_SWITCH_LIST) {
    const on = isOn(ctx, name);
    keyboard
      .text(
        `${mark(on)} ${ctx.t(`activity-btn-${name}`)}`,
        muteData.pack({ name, on: on ? "0" : "1" }),
      )
      .row();
  }
  keyboard.text(ctx.t("btn-refresh"), ACTIVITY_DATA);
  return { text: fitMessage(lines), keyboard: backToMenuRow(ctx, keyboard) };
}

/** Sets one switch to the wanted state (nothing written when it is so already: a double press). */
async function setSwitch(ctx: BotContext, name: AccountNoticeSwitch, on: boolean): Promise<void> {
  const chatId = await requireLinked(ctx);
  if (isOn(ctx, name) === on) return;
  ctx.chatSettings = await ctx.deps.settings.update(chatId, { [name]: on ? undefined : false });
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createActivityFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("activity", async (ctx) => showScreen(ctx, await activityScreen(ctx)));
  privateChat.callbackQuery(ACTIVITY_DATA, async (ctx) =>
    showScreen(ctx, await activityScreen(ctx)),
  );
  onCallback(privateChat, muteData, async (ctx, { name, on }) => {
    await setSwitch(ctx, name, on === "1");
    const toast = `${ctx.t(`activity-btn-${name}`)}: ${ctx.t(on === "1" ? "activity-toast-on" : "activity-toast-off")}`;
    await showScreen(ctx, await activityScreen(ctx), { toast });
  });
  return {
    name: "activity",
    callbacks: ["act"],
    composer,
    menu: [{ labelKey: "activity-menu", data: ACTIVITY_DATA, order: 68 }],
    commands: [{ command: "activity", descriptionKey: "activity-cmd" }],
  };
}
