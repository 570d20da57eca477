/**
 * What a flow leaves in the chat, and what it must not leave behind.
 *
 * - The 2FA QR code shows a secret: the flow deletes it when it ends; /cancel exits conversations
 *   without running their code, so the flow records the message (`flowmsg`) and /cancel deletes it.
 * - Prompts with buttons (`flowprompts`): every message a flow sends with a keyboard is recorded. A
 *   prompt the user has answered is retired (its buttons taken away at once, recorded with a minus
 *   sign: still the flow's, so a late press on it is answered by the flow, but not edited again). When
 *   the flow ends — done, cancelled, left for another screen, failed — their buttons are taken away, and
 *   how it ended is kept (`flowended`), so a button pressed on an old prompt can say "already done" or
 *   "expired" instead of acting (a stale [✖ Cancel] after a payment must not claim it cancelled it).
 * - Typed input (`flowinput`): set by a form once the user typed something that leaving would lose;
 *   leaving such a flow is confirmed first (flow-exit.ts).
 *
 * Keys sit under `chat:<id>:`, so /logout wipes them too. Each is one small value; the chat's updates
 * run one at a time (sequentialize), so read-then-write needs no lock.
 */
import type { Api } from "grammy";
import type { KV } from "../../storage/kv.js";
import { dropButtons } from "../ui/screen.js";
import { FLOW_TIMEOUT_MS } from "./flows.js";

const key = (chatId: number) => `chat:${chatId}:flowmsg`;
const promptsKey = (chatId: number) => `chat:${chatId}:flowprompts`;
const endedKey = (chatId: number) => `chat:${chatId}:flowended`;
const inputKey = (chatId: number) => `chat:${chatId}:flowinput`;

/** Old prompts stay answerable ("already done") for a day; after that a press is simply "expired". */
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

/** The flow's prompts: live ones as their id, retired ones as minus their id, newest last. */
const parseEntries = (raw: string | undefined): number[] =>
  (raw ?? "")
    .split(",")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id !== 0);

/** Records a prompt the running flow sent with buttons (call inside `conversation.external`). */
export async function trackPrompt(kv: KV, chatId: number, messageId: number): Promise<void> {
  await setEntry(kv, chatId, messageId, messageId);
}

/** A prompt that became the flow's result screen (its new buttons are not the flow's): not closed with it. */
export async function untrackPrompt(kv: KV, chatId: number, messageId: number): Promise<void> {
  await setEntry(kv, chatId, messageId, undefined);
}

/** A prompt whose buttons are gone (answered): still the flow's, never edited again. */
export async function retirePrompt(kv: KV, chatId: number, messageId: number): Promise<void> {
  await setEntry(kv, chatId, messageId, -messageId);
}

async function setEntry(
  kv: KV,
  chatId: number,
  messageId: number,
  entry: number | undefined,
): Promise<void> {
  const entries = parseEntries(await kv.get(promptsKey(chatId))).filter(
    (id) => Math.abs(id) !== messageId,
  );
  if (entry !== undefined) entries.push(entry);
  await kv.set(promptsKey(chatId), entries.slice(-MAX_PROMPTS).join(","), PROMPT_RECORD_TTL_MS);
}

/** The newest prompt that still has its buttons, if any. */
export async function newestLivePrompt(kv: KV, chatId: number): Promise<number | undefined> {
  return parseEntries(await kv.get(promptsKey(chatId)))
    .filter((id) => id > 0)
    .at(-1);
}

/** True when `messageId` is a prompt (live or retired) of the running (or last unfinished) flow. */
export async function isFlowPrompt(kv: KV, chatId: number, messageId: number): Promise<boolean> {
  return parseEntries(await kv.get(promptsKey(chatId))).some((id) => Math.abs(id) === messageId);
}

/**
 * The flow ended: its prompts lose their buttons (best effort: a deleted or unchanged message is
 * fine), and how it ended is kept for presses on them that still arrive (sent before the edit landed).
 */
export async function closePrompts(
  kv: KV,
  api: Api,
  chatId: number,
  outcome: FlowEnd,
  deleted?: number,
): Promise<void> {
  const entries = parseEntries(await kv.get(promptsKey(chatId)));
  await kv.del(promptsKey(chatId), inputKey(chatId));
  if (entries.length === 0) return;
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
  // So does the flow's message deleted a moment ago (`deleted`: the QR code).
  for (const id of entries) if (id > 0 && id !== deleted) await dropButtons(api, chatId, id);
}

/**
 * A button of no running flow was pressed on `messageId`: how that message's flow ended. A prompt still
 * recorded as live belongs to a flow that lapsed (timed out): "expired", like anything unknown.
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
export function markTypedInput(kv: KV, chatId: number): Promise<void> {
  return kv.set(inputKey(chatId), "1", PROMPT_RECORD_TTL_MS);
}

/** What was typed has been sent (or saved): leaving no longer loses anything. */
export function clearTypedInput(kv: KV, chatId: number): Promise<void> {
  return kv.del(inputKey(chatId));
}

export async function hasTypedInput(kv: KV, chatId: number): Promise<boolean> {
  return (await kv.get(inputKey(chatId))) !== undefined;
}
