/**
 * The feature router (src/bot/feature.ts featureRoutes): buttons and commands reach only the features
 * that declare them, so a declaration that drifts from the handlers would turn a working button into
 * "This button has expired". The first block checks every feature's declarations against what its
 * composer really registers with grammY; the second drives the whole bot.
 */
import { Context, type Api } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FEATURE_FACTORIES } from "../../src/bot/index.js";
import { layoutOf, routePrefix, type Feature } from "../../src/bot/feature.js";
import type { BotContext } from "../../src/bot/context.js";
import { CANCEL_DATA } from "../../src/bot/core/flow-exit.js";
import type { ApiCall } from "../harness/telegram-fake.js";
import { Harness } from "../harness/harness.js";

const ME = { id: 1, is_bot: true, first_name: "Bot", username: "test_bot" } as UserFromGetMe;
const PRIVATE = { id: 5, type: "private", first_name: "Ann" } as const;
const FROM = { id: 5, is_bot: false, first_name: "Ann" };
const message = (extra: object) => ({
  message_id: 9,
  date: 0,
  chat: PRIVATE,
  from: FROM,
  ...extra,
});
/** Updates that are neither a button nor a command: the router gives them to no feature but those that ask. */
const OTHER_UPDATES = [
  { update_id: 1, message: message({ text: "hello" }) },
  {
    update_id: 2,
    message: message({
      text: "hi /orders",
      entities: [{ type: "bot_command", offset: 3, length: 7 }],
    }),
  },
  {
    update_id: 3,
    message: message({ photo: [{ file_id: "f", file_unique_id: "u", width: 1, height: 1 }] }),
  },
  { update_id: 4, message: message({ document: { file_id: "d", file_unique_id: "v" } }) },
  { update_id: 5, edited_message: message({ text: "/orders", edit_date: 1 }) },
  {
    update_id: 6,
    message: message({ chat: { id: -7, type: "group", title: "G" }, text: "hello" }),
  },
] as unknown as Update[];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Registered {
  feature: Feature;
  callbackTriggers: Array<string | RegExp>;
  commands: string[];
}

/** Builds each feature alone while recording the triggers its composers register (callbackQuery, command). */
function registered(): Registered[] {
  return FEATURE_FACTORIES.map((create) => {
    const callbackSpy = vi.spyOn(Context.has, "callbackQuery");
    const commandSpy = vi.spyOn(Context.has, "command");
    try {
      const feature = create();
      return {
        feature,
        callbackTriggers: callbackSpy.mock.calls.flatMap(([trigger]) =>
          Array.isArray(trigger) ? trigger : [trigger],
        ),
        commands: commandSpy.mock.calls.flatMap(([command]) =>
          Array.isArray(command) ? command : [command],
        ),
      };
    } finally {
      callbackSpy.mockRestore();
      commandSpy.mockRestore();
    }
  });
}

/** A regex trigger is covered when it can only match data under one declared prefix ("^pay:o(?::|$)" → "pay"). */
function regexCovered(trigger: RegExp, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => {
    const head = `^${escapeRegExp(prefix)}`;
    if (!trigger.source.startsWith(head)) return false;
    const rest = trigger.source.slice(head.length);
    return (
      rest.startsWith(":") || rest.startsWith("\\:") || rest.startsWith("(?::|$)") || rest === "$"
    );
  });
}

describe("feature declarations match their handlers", () => {
  const features = registered();

  it("records triggers for the features (the spies see grammY's registrations)", () => {
    expect(features.flatMap((f) => f.callbackTriggers).length).toBeGreaterThan(20);
    expect(features.flatMap((f) => f.commands)).toContain("orders");
  });

  it.each(features.map((f) => [f.feature.name, f] as const))(
    "%s answers buttons only under prefixes it declares",
    (_name, f) => {
      const declared = f.feature.callbacks ?? [];
      const undeclared = f.callbackTriggers.filter((trigger) =>
        typeof trigger === "string"
          ? !declared.includes(routePrefix(trigger))
          : !regexCovered(trigger, declared),
      );
      expect(undeclared).toEqual([]);
    },
  );

  it.each(features.map((f) => [f.feature.name, f] as const))(
    "%s answers only commands it declares",
    (_name, f) => {
      const declared = (f.feature.commands ?? []).map((c) => c.command);
      expect(f.commands.filter((command) => !declared.includes(command))).toEqual([]);
    },
  );

  it("every menu button belongs to a prefix its own feature declares", () => {
    const orphans = features.flatMap(({ feature }) =>
      (feature.menu ?? [])
        .filter((item) => !(feature.callbacks ?? []).includes(routePrefix(item.data)))
        .map((item) => item.data),
    );
    expect(orphans).toEqual([]);
  });

  it("no feature claims the flow steps' buttons (Cancel, Leave), which must never skip them", () => {
    const claimed = features.filter(({ feature }) =>
      (feature.callbacks ?? []).includes(routePrefix(CANCEL_DATA)),
    );
    expect(claimed.map(({ feature }) => feature.name)).toEqual([]);
  });

  it.each(features.map((f) => [f.feature.name, f] as const))(
    "%s takes no other update (text, media, edits) unless it declares otherUpdates",
    async (_name, { feature }) => {
      if (feature.otherUpdates) return;
      const run = feature.composer.middleware();
      for (const update of OTHER_UPDATES) {
        // Any use of the context's API would mean the feature acted on the update.
        const api = new Proxy({} as Api, {
          get: () => {
            throw new Error(`${feature.name} acted on ${JSON.stringify(update)}`);
          },
        });
        const next = vi.fn(() => Promise.resolve());
        await run(new Context(update, api, ME) as BotContext, next);
        expect(next, JSON.stringify(update)).toHaveBeenCalledTimes(1);
      }
    },
  );

  it("splits data at the first colon", () => {
    expect(routePrefix("ord:l:a:2")).toBe("ord");
    expect(routePrefix("menu")).toBe("menu");
    expect(routePrefix(":x")).toBe("");
  });
});

const toast = (calls: ApiCall[]) =>
  String(calls.find((c) => c.method === "answerCallbackQuery")?.payload.text ?? "");

describe("routing through the whole bot", () => {
  let h: Harness;
  beforeAll(async () => {
    // Every menu item is pressed and followed by /cancel: more than the default 30 updates a minute.
    h = await Harness.start({ env: { CHAT_UPDATES_PER_MINUTE: "100" } });
  });
  afterAll(async () => {
    await h.close();
  });

  it("every main-menu button reaches its feature (none says 'expired')", async () => {
    const user = await h.linkedUser();
    const layout = layoutOf(FEATURE_FACTORIES.map((create) => create()));
    expect(layout.menu.length).toBeGreaterThan(8);
    for (const item of layout.menu) {
      // A fresh menu each time: a protected screen (Verification) takes the menu message's place.
      await user.send("/menu");
      const menu = user.lastBotMessage();
      const calls = await user.pressData(item.data, menu.messageId);
      expect({ data: item.data, toast: toast(calls) }).not.toEqual({
        data: item.data,
        toast: expect.stringMatching(/expired/),
      });
      expect(calls.some((c) => /^(editMessageText|sendMessage|sendPhoto)$/.test(c.method))).toBe(
        true,
      );
      await user.send("/cancel"); // a menu item may open a flow (pay); the next one starts clean
    }
  });

  it("a page button of the orders list shows that page", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    const list = user.lastBotMessage();
    await user.pressData("ord:l:a:2", list.messageId);
    expect(user.lastText()).not.toMatch(/expired/);
    expect(user.lastText()).toMatch(/2/);
  });

  it.each([
    "zzz:1",
    "ordx:l:a:1",
    "ord:l:a:0",
    "constructor",
    "__proto__",
    "toString:x",
    "",
    "nobody",
    "data menu",
  ])(
    "data %j nobody declared (or that does not parse) reaches the fallback: 'button expired'",
    async (data) => {
      const user = await h.linkedUser();
      await user.send("/menu");
      const calls = await user.pressData(data, user.lastBotMessage().messageId);
      expect(toast(calls)).toBe("This button has expired.");
    },
  );

  it("commands reach their feature, also addressed to this bot; unknown ones get the hint", async () => {
    const user = await h.linkedUser();
    await user.send("/help");
    expect(user.lastText()).toMatch(/\/orders/);
    await user.send(`/menu@${h.fake.botInfo.username}`);
    const menu = user.lastBotMessage();
    expect(menu.replyMarkup?.inline_keyboard?.length ?? 0).toBeGreaterThan(2);
    for (const unknown of ["/constructor", "/Orders", "/nobody", "/stats"]) {
      await user.send(unknown);
      expect(user.lastText()).toBe("🤷 Unknown command. See /help.");
    }
  });

  it("a button of a feature without flows still leaves a running flow, and /cancel still answers without one", async () => {
    const user = await h.linkedUser();
    await user.send("/orders");
    const list = user.lastBotMessage();
    await user.send("/password");
    const prompt = user.lastBotMessage();
    expect(prompt.replyMarkup?.inline_keyboard?.length ?? 0).toBeGreaterThan(0);
    await user.pressData("ord:l:a:2", list.messageId);
    // The flow was left: its prompt lost its buttons, and /cancel finds nothing to cancel.
    expect(
      h.fake.message(user.chatId, prompt.messageId)!.replyMarkup?.inline_keyboard ?? [],
    ).toEqual([]);
    await user.send("/cancel");
    expect(user.lastText()).toMatch(/nothing to cancel/i);
  });

  it("plain text still reaches every feature's chain and the fallbacks", async () => {
    const user = await h.linkedUser();
    await user.send("hello there");
    expect(user.lastText()).not.toMatch(/Something went wrong/);
    expect(user.transcript()).not.toMatch(/expired/);
  });
});
