/**
 * Every text and caption the bot sends is HTML (every exchanger-provided string escaped, ui/html.ts),
 * so parse_mode is set once here instead of on every call.
 *
 * Why not @grammyjs/parse-mode: its 2.x line (the maintained one) dropped the `parseMode` transformer
 * in favour of building formatted strings, and the 1.x line that had it is no longer released. The
 * transformer itself is a few lines. Like auto-retry it is installed on bot.api AND inside
 * conversations (their Api is built separately: docs/design.md, "Facts about the libraries").
 */
import type { Transformer } from "grammy";

/** Bot API methods whose text or caption is parsed by `parse_mode`. */
const FORMATTED_METHODS = new Set([
  "sendMessage",
  "editMessageText",
  "sendPhoto",
  "sendDocument",
  "sendVideo",
  "sendAnimation",
  "sendAudio",
  "sendVoice",
  "editMessageCaption",
  "copyMessage",
]);

/** Sets parse_mode "HTML" on formatted methods; a call that chose its own parse_mode keeps it. */
export function htmlParseMode(): Transformer {
  return (prev, method, payload, signal) => {
    if (
      !FORMATTED_METHODS.has(method) ||
      (payload as Record<string, unknown>).parse_mode !== undefined
    )
      return prev(method, payload, signal);
    return prev(method, { ...payload, parse_mode: "HTML" } as typeof payload, signal);
  };
}
