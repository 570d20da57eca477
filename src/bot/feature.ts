/**
 * What a screen family contributes to the bot. createBot collects these so that the main menu,
 * /help and the per-language command lists always match the screens that really exist.
 */
import type { Composer, Middleware } from "grammy";
import type { BotContext } from "./context.js";

export interface MenuItem {
  /** Translation key of the button label. */
  labelKey: string;
  /** Callback data the feature itself answers. */
  data: string;
  /** Lower comes first. */
  order: number;
  /** Shown only when the chat has a linked key (default true). */
  needsKey?: boolean;
}

export interface CommandSpec {
  command: string;
  /** Translation key of the one-line description (setMyCommands, /help). */
  descriptionKey: string;
  /**
   * In Telegram's command menu (setMyCommands): only the handful a customer uses every day, so the
   * menu stays short (profile.ts says which and why). /help lists every command either way. Default false.
   */
  inMenu?: boolean;
}

export interface Feature {
  name: string;
  /** Handlers for commands, callbacks and messages outside flows. */
  composer: Composer<BotContext>;
  /** createConversation(...) middleware: installed after /cancel so /cancel always wins. */
  flows?: Middleware<BotContext>[];
  menu?: MenuItem[];
  commands?: CommandSpec[];
}

/**
 * What createBot collected from the installed features: the main menu's buttons (sorted) and the
 * commands. Built once per bot and carried on the context (ctx.layout), never held in a module.
 */
export interface BotLayout {
  menu: readonly MenuItem[];
  commands: readonly CommandSpec[];
}

export function layoutOf(features: readonly Feature[]): BotLayout {
  return {
    menu: features.flatMap((f) => f.menu ?? []).sort((a, b) => a.order - b.order),
    commands: features.flatMap((f) => f.commands ?? []),
  };
}
