/**
 * What a flow leaves in the chat, and what it must not leave behind.
 *
 * - The 2FA QR code shows a secret: the flow deletes it when it ends; /cancel exits conversations
 *   without running their code, so the flow records the message (`flowmsg`, its own key: it must be
 *   found even after the flow lapsed) and /cancel deletes it.
 * - Prompts with buttons (the live-prompt record, `FlowPrompts`): every message a flow sends with a
 *   keyboard is recorded. A prompt the user has answered is retired (its buttons taken away at once,
 *   recorded with a minus sign: still the flow's, so a late press on it is answered by the flow, but
 *   not edited again). When the flow ends — done, cancelled, left for another screen, failed — their
 *   buttons are taken away, and how it ended is kept (`flowended`), so a button pressed on an old
 *   prompt can say "already done" or "expired" instead of acting (a stale [✖ Cancel] after a payment
 *   must not claim it cancelled it).
 * - Typed input: set by a form once the user typed something that leaving would lose; leaving such a
 *   flow is confirmed first (flow-exit.ts). Part of the live-prompt record.
 *
 * The live-prompt record belongs to the running flow and is stored with its state, in the same sealed
 * value (middlewares/conversations.ts): it arrives with the update's one read (chat-snapshot.ts), is
 * changed in memory on the update's context (`ctx.flowPrompts`) and saved by the flow state's one
 * write — no round trip of its own. Record and replay log are written together, so they
 * never disagree across a restart or between instances (a chat's updates run one at a time: the chat
 * lock). It goes when the flow's state goes (ended, left, lapsed).
 *
 * The other keys sit under `chat:<id>:`, so /logout wipes them too.
 */
import type { Api } from "grammy";
import type { KV } from "../../storage/kv.js";
import type { BaseFlavor, BotDeps, FlowPrompts } from "../context.js";
import { dropButtons } from "../ui/screen.js";
import { FLOW_TIMEOUT_MS } from "./flow-timeout.js";

const key = (chatId: number) => `chat:${chatId}:flowmsg`;
const endedKey = (chatId: number) => `chat:${chatId}:flowended`;

/** Where the update's record lives: the outer context (the conversations plugin loads it there). */
type HasFlowPrompts = Pick<BaseFlavor, "flowPrompts">;

/** Ended flows' prompts stay answerable ("already done") for a day; after that a press is simply "expired". */
export const PROMPT_RECORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Only the newest prompts of one flow are kept (a long form re-prompts many times). */
const MAX_PROMPTS = 30;

/** How a flow ended, as an old prompt's button reports it. */
export type FlowEnd = "done" | "cancelled" | "left" | "failed";
/** What a button on a prompt of no running flow is: from a flow that ended how, or unknown/too old. */
export type StalePrompt = FlowEnd | "expired";

export function rememberFlowMessage(kv: KV, chatId: number, messageId: number): Promise<void> {
  return kv.set(key(chatId), String(messageId), FLOW_TIMEOUT_MS);
}

export function forgetFlowMessage(kv: KV, chatId: number): Promise<void> {
  return kv.del(key(chatId));
}

/** Deletes the recorded message, if any (already gone is fine); its id, so nothing else edits it. */
export async function deleteFlowMessage(
  kv: KV,
  api: Api,
  chatId: number,
): Promise<number | undefined> {
  const id = Number(await kv.get(key(chatId)));
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  await api.deleteMessage(chatId, id).catch(() => undefined);
  await kv.del(key(chatId));
  return id;
}

const parseIds = (raw: string | undefined): number[] =>
  (raw ?? "")
    .split(",")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);

/** What the conversations plugin stores (`{ version, state }`), with the live-prompt record beside it. */
export type StoredFlows = { prompts?: FlowPrompts } & Record<string, unknown>;

/** The record as stored with the flow's state; anything else (an older value, none) is an empty one. */
export function readFlowPrompts(stored: unknown): FlowPrompts {
  const record = stored as Partial<FlowPrompts> | undefined;
  const entries = Array.isArray(record?.entries)
    ? record.entries.filter((id): id is number => Number.isSafeInteger(id) && id !== 0)
    : [];
  return { entries, ...(record?.typedInput === true && { typedInput: true as const }) };
}

/** Nothing to keep: no prompt recorded, nothing typed. */
export const isEmptyRecord = (record: FlowPrompts): boolean =>
  record.entries.length === 0 && record.typedInput !== true;

/**
 * This update's record. The conversations plugin loads it before any flow step or flow exit runs; a
 * context it did not reach (no chat) has none, which is what "no flow" means.
 */
export function flowPromptsOf(ctx: HasFlowPrompts): FlowPrompts {
  return (ctx.flowPrompts ??= { entries: [] });
}

/** Records a prompt the running flow sent with buttons (call inside `conversation.external`). */
export function trackPrompt(ctx: HasFlowPrompts, messageId: number): void {
  setEntry(flowPromptsOf(ctx), messageId, messageId);
}

/** A prompt that became the flow's result screen (its new buttons are not the flow's): not closed with it. */
export function untrackPrompt(ctx: HasFlowPrompts, messageId: number): void {
  setEntry(flowPromptsOf(ctx), messageId, undefined);
}

/** A prompt whose buttons are gone (answered): still the flow's, never edited again. */
export function retirePrompt(ctx: HasFlowPrompts, messageId: number): void {
  setEntry(flowPromptsOf(ctx), messageId, -messageId);
}

function setEntry(record: FlowPrompts, messageId: number, entry: number | undefined): void {
  const entries = record.entries.filter((id) => Math.abs(id) !== messageId);
  if (entry !== undefined) entries.push(entry);
  record.entries = entries.slice(-MAX_PROMPTS);
}

/** The newest prompt that still has its buttons, if any. */
export function newestLivePrompt(ctx: HasFlowPrompts): number | undefined {
  return flowPromptsOf(ctx)
    .entries.filter((id) => id > 0)
    .at(-1);
}

/** True when `messageId` is a prompt (live or retired) of the running flow. */
export function isFlowPrompt(ctx: HasFlowPrompts, messageId: number): boolean {
  return flowPromptsOf(ctx).entries.some((id) => Math.abs(id) === messageId);
}

/**
 * The flow ended: its prompts lose their buttons (best effort: a deleted or unchanged message is
 * fine), and how it ended is kept for presses on them that still arrive (sent before the edit landed).
 */
export async function closePrompts(
  ctx: HasFlowPrompts & { deps: Pick<BotDeps, "kv">; api: Api; chatId?: number },
  outcome: FlowEnd,
  /** Messages whose buttons need no edit: deleted a moment ago (the QR code) or about to be replaced. */
  spare: readonly (number | undefined)[] = [],
): Promise<void> {
  const chatId = ctx.chatId;
  const record = flowPromptsOf(ctx);
  const entries = record.entries;
  // Emptied in place: the flow state's write (or delete) at the end of the update saves it.
  record.entries = [];
  delete record.typedInput;
  if (chatId === undefined || entries.length === 0) return;
  const { kv } = ctx.deps;
  const ids = entries.map(Math.abs);
  const ended = parseIds((await kv.get(endedKey(chatId)))?.split(":")[1]).filter(
    (id) => !ids.includes(id),
  );
  await kv.set(
    endedKey(chatId),
    `${outcome}:${[...ended, ...ids].slice(-MAX_PROMPTS).join(",")}`,
    PROMPT_RECORD_TTL_MS,
  );
  // Retired prompts have no buttons left: editing them again would be a wasted call.
  // So do the messages spared (deleted, or edited into something else by the caller).
  for (const id of entries)
    if (id > 0 && !spare.includes(id)) await dropButtons(ctx.api, chatId, id);
}

/**
 * A button of no running flow was pressed on `messageId`: how that message's flow ended. A prompt
 * of a flow that lapsed (timed out) is unknown here: "expired", like anything else.
 */
export async function stalePrompt(kv: KV, chatId: number, messageId: number): Promise<StalePrompt> {
  const raw = await kv.get(endedKey(chatId));
  if (raw === undefined) return "expired";
  const [outcome, ids] = raw.split(":");
  const known: readonly string[] = ["done", "cancelled", "left", "failed"];
  return parseIds(ids).includes(messageId) && known.includes(outcome ?? "")
    ? (outcome as FlowEnd)
    : "expired";
}

/** The user typed something a form would lose by leaving (cleared with the flow's prompts). */
export function markTypedInput(ctx: HasFlowPrompts): void {
  flowPromptsOf(ctx).typedInput = true;
}

/** What was typed has been sent (or saved): leaving no longer loses anything. */
export function clearTypedInput(ctx: HasFlowPrompts): void {
  delete flowPromptsOf(ctx).typedInput;
}

export function hasTypedInput(ctx: HasFlowPrompts): boolean {
  return flowPromptsOf(ctx).typedInput === true;
}
