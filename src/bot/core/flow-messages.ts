/**
 * Messages a flow must not leave behind when it is left from outside — today the 2FA QR code, which
 * shows a secret. The flow itself deletes them when it ends; /cancel exits conversations without
 * running their code, so the flow records the message here and /cancel deletes it.
 *
 * One key per chat (`chat:<id>:flowmsg`, so /logout wipes it too), expiring with the flow.
 */
import type { Api } from "grammy";
import type { KV } from "../../storage/kv.js";
import { FLOW_TIMEOUT_MS } from "./flows.js";

const key = (chatId: number) => `chat:${chatId}:flowmsg`;

export function rememberFlowMessage(kv: KV, chatId: number, messageId: number): Promise<void> {
  return kv.set(key(chatId), String(messageId), FLOW_TIMEOUT_MS);
}

export function forgetFlowMessage(kv: KV, chatId: number): Promise<void> {
  return kv.del(key(chatId));
}

/** Deletes the recorded message, if any (already gone is fine). */
export async function deleteFlowMessage(kv: KV, api: Api, chatId: number): Promise<void> {
  const id = Number(await kv.get(key(chatId)));
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await api.deleteMessage(chatId, id).catch(() => undefined);
  await kv.del(key(chatId));
}
