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

/**
 * Sets parse_mode "HTML" on formatted methods; a call that chose its own parse_mode keeps it. The
 * payload is the object grammY builds for this one call (`{ chat_id, text, ...other }`), so it is set
 * in place: a copy per message (a screen's keyboard is most of it) bought nothing.
 */
export function htmlParseMode(): Transformer {
  return (prev, method, payload, signal) => {
    const fields = payload as Record<string, unknown>;
    if (FORMATTED_METHODS.has(method) && fields.parse_mode === undefined)
      fields.parse_mode = "HTML";
    return prev(method, payload, signal);
  };
}
