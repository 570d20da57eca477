/**
 * Order status notifications, the background side (the Telegram side is bot/features/notify/).
 *
 * Wiring (main.ts, after the bot is initialised; app.ts holds everything it needs):
 *   const notifier = startNotifier({ ...app.deps, api: app.bot.api, i18n: app.i18n,
 *                                    defaultLanguage: config.defaultLanguage, notify: config.notify });
 *   ...on shutdown, before app.close(): await notifier.stop();
 */
import { Notifier, type NotifierDeps, type NotifierOptions } from "./watcher.js";

export {
  Notifier,
  type NotifierDeps,
  type NotifierOptions,
  type PollOutcome,
  type TickReport,
} from "./watcher.js";
export { enableNotifications, disableNotifications } from "./schedule.js";

export interface RunningNotifier {
  /** Stops polling; resolves once the polls in flight are done. */
  stop(): Promise<void>;
  /** Checks one chat now (an event of the exchanger's webhooks concerns it): Notifier.checkNow. */
  checkNow(chatId: string): Promise<unknown>;
}

export function startNotifier(deps: NotifierDeps, options?: NotifierOptions): RunningNotifier {
  const notifier = new Notifier(deps, options);
  notifier.start();
  return { stop: () => notifier.stop(), checkNow: (chatId) => notifier.checkNow(chatId) };
}
