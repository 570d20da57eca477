/**
 * A button press is answered once. Handlers answer a press where it suits them (a toast before a slow
 * step, a screen beside its answer), and the last-resort paths (the error boundary, a failure after a
 * money-moving request) answer "in case nobody did" — inside a flow the press may have been answered
 * by the flow's own context, which the outer one cannot see. Telegram refuses a second answer ("query
 * is too old … or query ID is invalid"): a wasted request against the bot's limits and a warning in
 * the log. This remembers the presses answered (per bot, the most recent MAX_REMEMBERED) and answers
 * a repeat on bot.api itself, without a request.
 *
 * One instance per bot (createBot): `skipRepeats` on bot.api, `record` inside conversations. Inside a
 * flow a call is never skipped: the flow's replay expects every call it made to happen again in the
 * same order, so there the answers are only noted. A failed answer is forgotten, so a retry still goes out.
 */
import type { Transformer } from "grammy";

/** Presses remembered: far more than one bot has in flight at once. */
export const MAX_REMEMBERED = 10_000;

export interface AnswerOnce {
  /** bot.api: a press answered before is answered again without a request. */
  skipRepeats: Transformer;
  /** Inside conversations: answers are noted, every call goes out. */
  record: Transformer;
}

export function answerOnce(): AnswerOnce {
  const answered = new Set<string>();
  const note = (id: string) => {
    answered.delete(id);
    answered.add(id);
    if (answered.size > MAX_REMEMBERED) answered.delete(answered.values().next().value!);
  };
  const idOf = (payload: unknown) =>
    String((payload as { callback_query_id?: unknown }).callback_query_id);
  const sendNoting: Transformer = async (prev, method, payload, signal) => {
    if (method !== "answerCallbackQuery") return prev(method, payload, signal);
    const id = idOf(payload);
    note(id);
    try {
      const result = await prev(method, payload, signal);
      if (!result.ok) answered.delete(id);
      return result;
    } catch (error) {
      answered.delete(id);
      throw error;
    }
  };
  return {
    record: sendNoting,
    skipRepeats: (prev, method, payload, signal) => {
      if (method === "answerCallbackQuery" && answered.has(idOf(payload)))
        return Promise.resolve({ ok: true, result: true } as Awaited<ReturnType<typeof prev>>);
      return sendNoting(prev, method, payload, signal);
    },
  };
}
