/**
 * A new rate alert, or a new target for one: the direction's rate now, then the target — a button
 * (rises above, falls below, moves by %) and a number, or the number typed at once (the side is the
 * one it is on; "5 %" or "+5" is a move) — then saved (storage/rate-alerts.ts), with the way to the list.
 */
import { InlineKeyboard } from "grammy";
import { Unavailable, ExchangerError } from "../../../exchanger/index.js";
import { randomBytes } from "node:crypto";
import { MAX_ALERTS, type RateAlert } from "../../../storage/rate-alert-rules.js";
import type { FlowContext } from "../../context.js";
import { ask, type Verdict } from "../../core/ask.js";
import { CANCEL_DATA } from "../../core/codec.js";
import { describeError } from "../../core/errors.js";
import { callPublicExchanger, type Flow } from "../../core/flows.js";
import { sendScreen } from "../../ui/screen.js";
import { exchangeData } from "../exchange/public.js";
import { ALERTS_DATA, TARGET_KINDS, targetKind } from "./codec.js";
import { lookAtPair, type PairLook } from "./pair.js";
import { pairText, rateLine, targetText } from "./render.js";
import { readTarget, type Target } from "./target.js";

export const ALERT_FLOW = "rate-alert";

type Seen = Extract<PairLook, { ok: true }>;

export async function alertFlow(
  conversation: Flow,
  ctx: FlowContext,
  sendId: string,
  receiveId: string,
  editId?: string,
): Promise<void> {
  const look = await look_(conversation, ctx, { sendId, receiveId });
  if (typeof look === "string") return void (await sendScreen(ctx, endScreen(ctx, look)));
  if (!look.ok) {
    const names = { send: look.send, receive: look.receive };
    return void (await sendScreen(
      ctx,
      endScreen(ctx, ctx.t(`alerts-${look.problem}`, { pair: pairText(names) })),
    ));
  }
  const editing = await conversation.external(async (outer) => {
    const { alerts } = await outer.deps.rateAlerts.list(outer.chatId!);
    return { count: alerts.length, alert: alerts.find((a) => a.id === editId) ?? null };
  });
  if (editId !== undefined && editing.alert === null)
    return void (await sendScreen(ctx, endScreen(ctx, ctx.t("alerts-edit-gone"))));
  if (editId === undefined && editing.count >= MAX_ALERTS)
    return void (await sendScreen(ctx, endScreen(ctx, ctx.t("alerts-full", { max: MAX_ALERTS }))));
  const target = await askTarget(conversation, ctx, look, editing.alert ?? undefined);
  const saved = await conversation.external((outer) =>
    save(outer, { sendId, receiveId }, look, target, editing.alert ?? undefined),
  );
  await sendScreen(ctx, savedScreen(ctx, saved, { sendId, receiveId }, look, target));
}

/** The direction now, or the text saying why the exchanger could not be asked. */
async function look_(
  conversation: Flow,
  ctx: FlowContext,
  pair: { sendId: string; receiveId: string },
): Promise<PairLook | string> {
  try {
    return await callPublicExchanger(conversation, (deps, outer) =>
      lookAtPair(deps, outer.language, pair),
    );
  } catch (error) {
    if (!(error instanceof Unavailable || error instanceof ExchangerError)) throw error;
    return describeError(ctx, error);
  }
}

/** A screen that ends the flow, with the way to the list. */
function endScreen(ctx: FlowContext, text: string) {
  return { text, keyboard: new InlineKeyboard().text(ctx.t("alerts-btn-mine"), ALERTS_DATA) };
}

/** The rate now and the question; a button picks the kind (then the number), or the target is typed at once. */
async function askTarget(
  conversation: Flow,
  ctx: FlowContext,
  look: Seen,
  editing?: RateAlert,
): Promise<Target> {
  const head = [
    ctx.t(editing ? "alerts-edit-title" : "alerts-new-title"),
    pairText(look),
    ctx.t("alerts-now", { rate: rateLine(ctx, look, look.value) }),
    ...(editing ? [ctx.t("alerts-edit-was", { target: targetText(ctx, editing) })] : []),
    "",
  ].join("\n");
  const kinds = new InlineKeyboard();
  for (const kind of TARGET_KINDS)
    kinds.text(ctx.t(`alerts-btn-${kind}`), targetKind.pack({ kind })).row();
  kinds.text(ctx.t("btn-cancel"), CANCEL_DATA);
  const first = await ask<Target | Target["kind"]>(conversation, ctx, {
    prompt: head + ctx.t("alerts-ask-target"),
    keyboard: kinds,
    notText: ctx.t("alerts-ask-target"),
    buttons: (data) => targetKind.unpack(data)?.kind,
    pressedText: (kind) => head + ctx.t(`alerts-chose-${kind as string}`),
    check: (text): Verdict<Target> => readTarget(ctx, text, look.value),
  });
  if (typeof first !== "string") return first;
  return ask<Target>(conversation, ctx, {
    prompt: ctx.t(`alerts-ask-${first}`, { now: rateLine(ctx, look, look.value) }),
    notText: ctx.t(`alerts-ask-${first}`, { now: rateLine(ctx, look, look.value) }),
    check: (text) => readTarget(ctx, text, look.value, first),
  });
}

type Saved = "added" | "changed" | "full" | "gone";

/** Stores the alert (a new one, or the edited one with its new target, armed again). */
async function save(
  outer: FlowContext,
  pair: { sendId: string; receiveId: string },
  look: Seen,
  target: Target,
  editing?: RateAlert,
): Promise<Saved> {
  const alert: RateAlert = {
    id: editing?.id ?? newAlertId(),
    ...pair,
    ...target,
    ...(target.kind === "move" && { anchor: look.value }),
    armed: true,
  };
  const store = outer.deps.rateAlerts;
  if (editing)
    return (await store.replace(outer.chatId!, alert, outer.language)) ? "changed" : "gone";
  return (await store.add(outer.chatId!, alert, outer.language, look.slug)) === "added"
    ? "added"
    : "full";
}

/** Six letters and digits: an alert's id in its buttons. */
function newAlertId(): string {
  return [...randomBytes(6)].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
}
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function savedScreen(
  ctx: FlowContext,
  saved: Saved,
  pair: { sendId: string; receiveId: string },
  look: Seen,
  target: Target,
) {
  if (saved === "full") return endScreen(ctx, ctx.t("alerts-full", { max: MAX_ALERTS }));
  if (saved === "gone") return endScreen(ctx, ctx.t("alerts-edit-gone"));
  const anchored = { ...target, ...(target.kind === "move" && { anchor: look.value }) };
  const text = [
    ctx.t(saved === "added" ? "alerts-saved" : "alerts-changed"),
    `${pairText(look)}: ${targetText(ctx, anchored)}`,
    "",
    ctx.t("alerts-how", {
      minutes: Math.max(1, Math.round(ctx.deps.rateAlerts.intervalMs / 60_000)),
    }),
  ].join("\n");
  const keyboard = new InlineKeyboard()
    .text(ctx.t("alerts-btn-mine"), ALERTS_DATA)
    .row()
    .text(ctx.t("alerts-btn-exchange"), exchangeData(pair.sendId, pair.receiveId));
  return { text, keyboard };
}
