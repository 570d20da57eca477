/**
 * /alerts — rate alerts: the chat's alerts ("4/10"), each opened to change its target or delete it,
 * and a new one for any direction (the pickers of /directions, or "Rate alert" under a direction card
 * and the calculator: public.ts). No account needed. The watcher that reads the rates and tells the
 * chats is src/notify/rate-alerts/; the alerts themselves live in storage/rate-alerts.ts
 * (deps.rateAlerts). The list shows each direction's shared read: opening it reads nothing.
 */
import { Composer, InlineKeyboard } from "grammy";
import { MAX_ALERTS, pairKey, type RateAlert } from "../../../storage/rate-alert-rules.js";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { defineFlow } from "../../core/flows.js";
import { enterFlow } from "../../core/enter-flow.js";
import { flowRunning } from "../../core/flow-running.js";
import { leaveFlows } from "../../core/flow-exit.js";
import { onCallback } from "../../ui/callback-data.js";
import {
  labelOf,
  labelsOf,
  showReceivePicker,
  showSendPicker,
  type PickerRoutes,
} from "../../ui/direction-pickers.js";
import { formatDate } from "../../ui/dates.js";
import { fitMessage } from "../../ui/html.js";
import { showScreen, type Screen } from "../../ui/screen.js";
import { backToMenuRow } from "../menu/public.js";
import {
  ALERTS_DATA,
  alertReceivePage,
  alertSendPage,
  deleteAlert,
  editAlert,
  newAlert,
  openAlert,
} from "./codec.js";
import { ALERT_FLOW, alertFlow } from "./flow.js";
import { pairText, rateLine, statusText, targetText, type PairNames } from "./render.js";

const ROUTES: PickerRoutes = {
  titleKey: "alerts-new-title",
  sendPage: (page) => alertSendPage.pack({ page }),
  receivePage: (sendId, page) => alertReceivePage.pack({ sendId, page }),
  pick: (sendId, receiveId) => newAlert.pack({ sendId, receiveId }),
  footer: (ctx, keyboard) =>
    backToMenuRow(ctx, keyboard.row().text(ctx.t("alerts-btn-mine"), ALERTS_DATA)),
};
/** Alert buttons per row on the list. */
const PER_ROW = 5;

async function namesOf(ctx: BotContext, alert: RateAlert): Promise<PairNames> {
  const labels = await labelsOf(ctx);
  return { send: labelOf(labels, alert.sendId), receive: labelOf(labels, alert.receiveId) };
}

async function listScreen(ctx: BotContext): Promise<Screen> {
  const { alerts } = await ctx.deps.rateAlerts.list(ctx.chatId!);
  const lines = [ctx.t("alerts-title", { count: alerts.length, max: MAX_ALERTS })];
  lines.push(ctx.t("alerts-explain", { minutes: minutes(ctx) }), "");
  if (alerts.length === 0) lines.push(ctx.t("alerts-empty"));
  const reads = await Promise.all(alerts.map((a) => ctx.deps.rateAlerts.pairRead(pairKey(a))));
  const keyboard = new InlineKeyboard();
  for (const [i, alert] of alerts.entries()) {
    const names = await namesOf(ctx, alert);
    lines.push(`${i + 1}. ${pairText(names)}: ${targetText(ctx, alert)}`);
    const value = reads[i]?.value;
    if (value !== undefined)
      lines.push(`    ${ctx.t("alerts-now", { rate: rateLine(ctx, names, value) })}`);
    if (i > 0 && i % PER_ROW === 0) keyboard.row();
    keyboard.text(ctx.t("alerts-btn-open", { n: i + 1 }), openAlert.pack({ id: alert.id }));
  }
  keyboard.row();
  if (alerts.length < MAX_ALERTS)
    keyboard.text(ctx.t("alerts-btn-new"), alertSendPage.pack({ page: 1 }));
  else lines.push("", ctx.t("alerts-full", { max: MAX_ALERTS }));
  return { text: fitMessage(lines), keyboard: backToMenuRow(ctx, keyboard) };
}

const minutes = (ctx: BotContext) =>
  Math.max(1, Math.round(ctx.deps.rateAlerts.intervalMs / 60_000));

/** One alert: what it waits for, the rate as last read, what it did; change or delete it. */
async function cardScreen(ctx: BotContext, id: string): Promise<Screen | undefined> {
  const { alerts } = await ctx.deps.rateAlerts.list(ctx.chatId!);
  const index = alerts.findIndex((a) => a.id === id);
  const alert = alerts[index];
  if (alert === undefined) return undefined;
  const [names, read] = await Promise.all([
    namesOf(ctx, alert),
    ctx.deps.rateAlerts.pairRead(pairKey(alert)),
  ]);
  const lines = [
    ctx.t("alerts-card-title", { n: index + 1 }),
    `${pairText(names)}: ${targetText(ctx, alert)}`,
  ];
  if (read?.value !== undefined && read.at !== undefined)
    lines.push(
      ctx.t("alerts-now-at", {
        rate: rateLine(ctx, names, read.value),
        when: formatDate(ctx, new Date(read.at)) ?? "",
      }),
    );
  lines.push(statusText(ctx, alert));
  const keyboard = new InlineKeyboard()
    .text(ctx.t("alerts-btn-edit"), editAlert.pack({ id }))
    .text(ctx.t("alerts-btn-delete"), deleteAlert.pack({ id }))
    .danger()
    .row()
    .text(ctx.t("btn-back"), ALERTS_DATA);
  return { text: lines.join("\n"), keyboard: backToMenuRow(ctx, keyboard) };
}

/** An alert gone meanwhile (deleted from another screen): the list, with a toast saying so. */
async function showCard(ctx: BotContext, id: string): Promise<void> {
  const card = await cardScreen(ctx, id);
  if (card !== undefined) return void (await showScreen(ctx, card));
  await showScreen(ctx, await listScreen(ctx), { toast: ctx.t("alerts-gone-toast") });
}

/**
 * Starts the flow for a pair. Pressed on the calculator's prompt (a flow of its own), that flow is left
 * first; a full list is said before anything is asked.
 */
async function startAlert(ctx: BotContext, sendId: string, receiveId: string, editId?: string) {
  if (editId === undefined) {
    const { alerts } = await ctx.deps.rateAlerts.list(ctx.chatId!);
    if (alerts.length >= MAX_ALERTS) {
      const text = ctx.t("alerts-full", { max: MAX_ALERTS });
      await ctx.answerCallbackQuery({ text, show_alert: true });
      return;
    }
  }
  if (flowRunning(ctx)) await leaveFlows(ctx, "left");
  await enterFlow(ctx, ALERT_FLOW, sendId, receiveId, ...(editId === undefined ? [] : [editId]));
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createAlertsFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("alerts", async (ctx) => showScreen(ctx, await listScreen(ctx)));
  privateChat.callbackQuery(ALERTS_DATA, async (ctx) => showScreen(ctx, await listScreen(ctx)));
  onCallback(privateChat, alertSendPage, (ctx, { page }) => showSendPicker(ctx, page, ROUTES));
  onCallback(privateChat, alertReceivePage, (ctx, { sendId, page }) =>
    showReceivePicker(ctx, sendId, page, ROUTES),
  );
  onCallback(privateChat, newAlert, (ctx, { sendId, receiveId }) =>
    startAlert(ctx, sendId, receiveId),
  );
  onCallback(privateChat, openAlert, (ctx, { id }) => showCard(ctx, id));
  onCallback(privateChat, editAlert, async (ctx, { id }) => {
    const alert = (await ctx.deps.rateAlerts.list(ctx.chatId)).alerts.find((a) => a.id === id);
    if (alert === undefined) return showCard(ctx, id);
    await startAlert(ctx, alert.sendId, alert.receiveId, id);
  });
  onCallback(privateChat, deleteAlert, async (ctx, { id }) => {
    const gone = await ctx.deps.rateAlerts.remove(ctx.chatId, id);
    const toast = ctx.t(gone ? "alerts-deleted" : "alerts-gone-toast");
    await showScreen(ctx, await listScreen(ctx), { toast });
  });
  return {
    name: "alerts",
    callbacks: ["alr"],
    composer,
    flows: [defineFlow(ALERT_FLOW, alertFlow)],
    menu: [{ labelKey: "alerts-menu", data: ALERTS_DATA, order: 63, needsKey: false }],
    commands: [{ command: "alerts", descriptionKey: "alerts-cmd" }],
  };
}
