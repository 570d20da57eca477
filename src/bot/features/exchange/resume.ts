/**
 * A create-order that was in flight when the process died (in-flight.ts): at the next start the
 * record is claimed by one instance (compare-and-delete), the account's newest orders are read with
 * the chat's own key and the order that appeared is looked for (create.ts `lostAnswer`, the same
 * lookup as a lost answer), and the summary that still says "Creating the order…" becomes the
 * outcome: the order's card with its token, or "not known yet: check /orders before creating again".
 * A record whose sender's lease lapsed (in-flight.ts) belongs to a dead process — killed as much as
 * stopped — and is finished at once. One whose sender still renews it, or an older version's record
 * (no lease) younger than the grace period, may belong to a live instance: looked at again later.
 */
import { InlineKeyboard } from "grammy";
import { type Language, ORDER_TOKEN } from "../../../exchanger/index.js";
import type { StartEnv } from "../../feature.js";
import { fitMessage, MESSAGE_LIMIT } from "../../ui/html.js";
import { showScreenAt, tidyKeyboard, type Screen } from "../../ui/screen.js";
import type { Translator } from "../../context.js";
import { endChatFlows, storedFlowPrompts } from "../../core/flow-exit.js";
import { isFlowPrompt } from "../../core/flow-messages.js";
import {
  addPayToButtons,
  renderOrderCard,
  sendPayToQr,
  type CurrencyNames,
} from "../orders/public.js";
import { lostAnswer, type CreateOutcome } from "./create.js";
import { creatingRecords, LEASE_TTL_MS, senderAlive, type CreateInFlight } from "./in-flight.js";
import { loggedError } from "../../../log-error.js";

export async function resumeInterruptedCreates(env: StartEnv): Promise<void> {
  const now = Date.now();
  let later: number | undefined;
  for (const { key, raw, record } of await creatingRecords(env.deps.kv)) {
    const wait = await waitFor(env, record, now - record.at);
    if (wait > 0) {
      later = Math.min(later ?? wait, wait);
      continue;
    }
    // One instance tells the user: whoever deletes the record it read.
    if (!(await env.deps.kv.delIf(key, raw))) continue;
    await resumeOne(env, record).catch((error: unknown) =>
      env.deps.logger.error(
        { err: loggedError(error) },
        "could not tell a chat what became of a create-order interrupted by a restart",
      ),
    );
  }
  if (later !== undefined)
    setTimeout(
      () => void resumeInterruptedCreates(env).catch(() => undefined),
      later + 1000,
    ).unref();
}

/** How long a record must wait before it is taken for a dead process's (0: now). */
async function waitFor(env: StartEnv, record: CreateInFlight, age: number): Promise<number> {
  if (age >= env.graceMs) return 0;
  if (record.leased !== true) return env.graceMs - age;
  return (await senderAlive(env.deps.kv, record.chatId)) ? LEASE_TTL_MS : 0;
}

async function resumeOne(env: StartEnv, record: CreateInFlight): Promise<void> {
  const outcome = await outcomeOf(env, record);
  env.deps.logger.warn(
    { outcome: outcome.kind },
    "a create-order in flight when the previous process stopped: the user is told its outcome",
  );
  // The exchange flow whose Create was in flight is still parked at the summary in the store (its
  // state is saved only after an update is handled): left now, once, so nothing can be created from
  // it again, and a late press on its buttons is answered "already done". Only while the summary is
  // still that chat's flow prompt: a flow the user started since is theirs to keep.
  const { chatId, summaryId } = record;
  if (summaryId !== undefined) {
    const flowPrompts = await storedFlowPrompts(env.deps, chatId);
    if (isFlowPrompt({ flowPrompts }, summaryId))
      await endChatFlows(
        { deps: env.deps, api: env.api, chatId, flowPrompts, replacing: summaryId },
        "done",
      );
  }
  const t = translatorOf(env, record.language);
  const screen = await screenOf(env, t, record.language, outcome);
  if (summaryId === undefined)
    await env.api.sendMessage(chatId, screen.text, {
      reply_markup: tidyKeyboard(screen.keyboard),
    });
  else await showScreenAt(env.api, { chatId, messageId: summaryId }, screen);
  // Where to pay, as under every order card: the address's QR code (orders/pay-to.ts).
  if (outcome.kind === "created")
    await sendPayToQr(env.api, chatId, t, outcome.order).catch((error: unknown) =>
      env.deps.logger.warn(
        { err: String(error) },
        "could not send the QR code of an order's address",
      ),
    );
}

const translatorOf = (env: StartEnv, language: Language): Translator => ({
  t: (key, args) => env.i18n.t(language, key, args),
});

/** The order that appeared since the request left, read with the chat's own key; unknown without one. */
async function outcomeOf(env: StartEnv, record: CreateInFlight): Promise<CreateOutcome> {
  const apiKey = await env.deps.vault.get(record.chatId).catch(() => undefined);
  if (apiKey === undefined) return { kind: "unknown" };
  return lostAnswer(
    env.deps,
    { apiKey, language: record.language },
    record,
    record.before,
    new Date(record.at),
  ).catch((): CreateOutcome => ({ kind: "unknown" }));
}

async function screenOf(
  env: StartEnv,
  { t }: Translator,
  language: Language,
  outcome: CreateOutcome,
): Promise<Screen> {
  if (outcome.kind !== "created") return { text: t("exchange-resumed-unknown") };
  const order = outcome.order;
  const names: CurrencyNames = await env.deps.currencies
    .labels(language)
    .catch(() => new Map<string, string>());
  const head = t("exchange-resumed-created");
  const card = renderOrderCard({ t }, order, names).split("\n");
  const keyboard = new InlineKeyboard();
  if (order.token && ORDER_TOKEN.test(order.token))
    keyboard.copyText(t("exchange-btn-copy-token"), order.token).row();
  addPayToButtons({ t }, order, keyboard);
  return {
    text: [head, "", fitMessage(card, MESSAGE_LIMIT - head.length - 2)].join("\n"),
    keyboard,
  };
}
