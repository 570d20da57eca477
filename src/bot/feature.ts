/**
 * What a screen family contributes to the bot. createBot collects these so that the main menu,
 * /help and the per-language command lists always match the screens that really exist.
 */
import { Composer, type Api, type Middleware, type MiddlewareFn } from "grammy";
import type { I18n } from "@grammyjs/i18n";
import type {
  BotConfig,
  BotContext,
  BotDeps,
  BotLayout,
  CommandSpec,
  FlowContext,
  MenuItem,
} from "./context.js";

/** What a feature's start-up work may use: no update, so no context — the bot's API and texts. */
export interface StartEnv {
  deps: BotDeps;
  api: Api;
  i18n: I18n<FlowContext>;
  botConfig: BotConfig;
  /** Work younger than this may still belong to a live instance: it is looked at again later. */
  graceMs: number;
}

export type { BotLayout, CommandSpec, MenuItem } from "./context.js";

export interface Feature {
  name: string;
  /** Handlers for commands, callbacks and messages outside flows. */
  composer: Composer<BotContext>;
  /**
   * Its composer takes updates other than its buttons and commands (text outside a flow, media, edited
   * messages): only such features see them (featureRoutes). None does today — flows take their text
   * in the flow step, the link and help fallbacks come after the router — and
   * test/bot/feature-router.test.ts fails when a feature takes one without saying so.
   */
  otherUpdates?: true;
  /**
   * createConversation(...) middleware: installed after /cancel so /cancel always wins. A feature that
   * enters a flow declares it here: buttons of features without flows skip the flow steps while no
   * flow runs (createBot), so a flow entered from such a button would not be registered.
   */
  flows?: Middleware<BotContext>[];
  menu?: MenuItem[];
  /** Every command its composer answers, listed or not: commands reach only their feature (featureRouter). */
  commands?: CommandSpec[];
  /**
   * The callback-data prefixes (text before the first ":", see routePrefix) its composer answers:
   * a button reaches only the features that declare its prefix. test/bot/feature-router.test.ts
   * fails when a feature answers data, or offers a menu item, under a prefix it did not declare.
   */
  callbacks?: readonly string[];
  /** Work a process that died left half done (a create-order in flight): finished once at start. */
  atStart?: (env: StartEnv) => Promise<void>;
}

export function layoutOf(features: readonly Feature[]): BotLayout {
  return {
    menu: features.flatMap((f) => f.menu ?? []).sort((a, b) => a.order - b.order),
    commands: features.flatMap((f) => f.commands ?? []),
  };
}

/** The part of callback data that names its feature: the text before the first ":" ("ord:l:a:2" → "ord"). */
export function routePrefix(data: string): string {
  const colon = data.indexOf(":");
  return colon === -1 ? data : data.slice(0, colon);
}

/**
 * The command an update carries, as grammY's `command()` filter sees it: a bot_command entity at the
 * start of a message's (or channel post's) text, "/name" or "/name@thisbot". "" for a command
 * addressed to another bot (no feature answers it); undefined when there is no command.
 */
export function commandOf(ctx: BotContext): string | undefined {
  const msg = ctx.message ?? ctx.channelPost;
  const text = msg?.text;
  const entity = msg?.entities?.find((e) => e.offset === 0 && e.type === "bot_command");
  if (text === undefined || entity === undefined) return undefined;
  const command = text.substring(1, entity.length);
  const at = command.indexOf("@");
  if (at === -1) return command;
  return command.substring(at + 1).toLowerCase() === ctx.me.username.toLowerCase()
    ? command.substring(0, at)
    : "";
}

/**
 * Who a button or a command is for, decided once per bot from the features' declarations: a button by
 * its data's prefix, a command by its name.
 */
export interface FeatureRoutes {
  /** The features a button or command is for ([] when no feature declared it); undefined for any other update. */
  ownersOf(ctx: BotContext): readonly Feature[] | undefined;
  /**
   * The features' handlers behind one dispatch step instead of a chain (every `command`/`callbackQuery`
   * filter an update passes costs grammY a Composer per update): a button or command runs only its
   * owners; one nobody declared runs no feature and goes on to the fallbacks ("button expired",
   * "unknown command"). Any other update (text, media, edited messages) goes through the features that
   * declare `otherUpdates`, in order — not through all of them.
   * A plain function picking a prebuilt chain (grammY's `route` is the same choice made through `lazy`,
   * which builds a Composer per update).
   */
  router: MiddlewareFn<BotContext>;
}

export function featureRoutes(features: readonly Feature[]): FeatureRoutes {
  const owners = new Map<string, Feature[]>();
  const own = (key: string, feature: Feature) => {
    const list = owners.get(key) ?? [];
    if (!list.includes(feature)) list.push(feature);
    owners.set(key, list);
  };
  for (const feature of features) {
    for (const prefix of feature.callbacks ?? []) own(`data ${prefix}`, feature);
    for (const { command } of feature.commands ?? []) own(`/${command}`, feature);
  }
  /** The route of a button or command: its key when declared, NOBODY when not, undefined for other updates. */
  const routeOf = (ctx: BotContext): string | undefined => {
    const data = ctx.callbackQuery?.data;
    let key: string;
    if (data !== undefined) key = `data ${routePrefix(data)}`;
    else {
      const command = commandOf(ctx);
      if (command === undefined) return undefined;
      key = `/${command}`;
    }
    return owners.has(key) ? key : NOBODY;
  };

  // A null-prototype object: a forged prefix such as "constructor" must not find Object's members.
  const routes: Record<string, MiddlewareFn<BotContext>> = Object.create(null);
  for (const [key, list] of owners)
    routes[key] = new Composer<BotContext>(...list.map((f) => f.composer)).middleware();
  routes[NOBODY] = (_ctx, next) => next();
  const otherUpdates = new Composer<BotContext>(
    ...features.filter((f) => f.otherUpdates).map((f) => f.composer),
  ).middleware();
  const router: MiddlewareFn<BotContext> = (ctx, next) => {
    const key = routeOf(ctx);
    return (key === undefined ? otherUpdates : routes[key]!)(ctx, next);
  };

  return {
    ownersOf(ctx) {
      const key = routeOf(ctx);
      return key === undefined ? undefined : (owners.get(key) ?? []);
    },
    router,
  };
}

/** The route of a button or command no feature declared: straight on to the fallbacks. */
const NOBODY = "nobody";
