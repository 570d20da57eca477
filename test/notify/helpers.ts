/** Shared by the notification tests: watchers built over a harness, a movable schedule clock. */
import type { Harness } from "../harness/harness.js";
import type { SimUser } from "../harness/user.js";
import { Notifier, type NotifierDeps, type NotifierOptions } from "../../src/notify/watcher.js";

/** The schedule's clock: real time plus whatever the test skipped ahead. */
export class TestClock {
  offset = 0;
  readonly now = (): number => Date.now() + this.offset;
  advance(ms: number): void {
    this.offset += ms;
  }
}

/** A watcher using the harness's bot Api (its Telegram fake), storage, exchanger client and i18n (or `deps`). */
export function notifierFor(
  h: Harness,
  options: NotifierOptions = {},
  deps: Partial<NotifierDeps> = {},
): Notifier {
  const { app, config } = h;
  return new Notifier(
    {
      ...app.deps,
      api: app.bot.api,
      i18n: app.i18n,
      defaultLanguage: config.defaultLanguage,
      notify: config.notify,
      // A test's own exchanger is read through order pages of its own (not the app's, which read the app's client).
      ...(deps.exchanger && { orders: undefined }),
      ...deps,
    },
    { perChatGapMs: 10, ...options },
  );
}

/** Texts (tags stripped) of every sendMessage to one chat, across every instance's Telegram fake. */
export function messagesTo(harnesses: Harness[], chatId: number): string[] {
  return harnesses.flatMap((h) =>
    h.fake
      .callsOf("sendMessage", chatId)
      .map((c) => String(c.payload.text).replace(/<[^>]+>/g, "")),
  );
}

/** Only what the watcher sent (its headlines), not the bot's replies to the user. */
export function notificationsTo(harnesses: Harness[], chatId: number): string[] {
  return messagesTo(harnesses, chatId).filter((t) =>
    /^(🔔 (#|New order #|Several of your orders)|🔕 Order notifications stopped)/.test(t),
  );
}

/** A linked user with notifications switched on through /notify (as a person would). */
export async function subscribedUser(
  h: Harness,
  account: "main" | "twofa" | "empty" = "main",
  languageCode = "en",
): Promise<SimUser> {
  const user = await h.linkedUser(account, { languageCode });
  await user.send("/notify"); // shows the state; the button switches on
  await user.press(/^🔔 /);
  if (!(await h.app.deps.settings.get(user.chatId)).notify)
    throw new Error(`/notify did not switch on: ${user.transcript()}`);
  return user;
}

/** The newest order of an account in one of the given statuses (within the first page the watcher reads). */
export function newestOrderWithStatus(
  h: Harness,
  account: string,
  statuses: number[],
): { id: string; status: number } {
  const orders = [...h.sandbox.state.accounts[account]!.orders]
    .sort((a, b) => Number(b.id) - Number(a.id))
    .slice(0, 20);
  const order = orders.find((o) => statuses.includes(Number(o.status)));
  if (!order) throw new Error(`no order of ${account} in statuses ${statuses.join(",")}`);
  return { id: String(order.id), status: Number(order.status) };
}
