/**
 * Rate alerts, the background side (the screens are bot/features/alerts/, the alerts themselves
 * storage/rate-alerts.ts). Wiring (main.ts, once the bot is initialised):
 *   const alerts = startRateAlerts(app, config);   ...on shutdown: await alerts.stop();
 */
import type { App } from "../../app.js";
import type { Config } from "../../config.js";
import { sendRateAlert } from "./telegram.js";
import { RateAlertWatcher, type RateAlertWatcherOptions } from "./watcher.js";

export {
  RateAlertWatcher,
  type FiredAlert,
  type RateAlertWatcherDeps,
  type RateAlertWatcherOptions,
  type RateTickReport,
} from "./watcher.js";
export { sendRateAlert } from "./telegram.js";

/** The watcher over an app's store, exchanger (its public reads) and bot Api. */
export function rateAlertWatcher(
  app: Pick<App, "deps" | "bot" | "i18n">,
  config: Pick<Config, "defaultLanguage">,
  options?: RateAlertWatcherOptions,
): RateAlertWatcher {
  const { deps } = app;
  return new RateAlertWatcher(
    {
      store: deps.rateAlerts,
      kv: deps.kv,
      exchanger: deps.exchanger,
      logger: deps.logger,
      language: config.defaultLanguage,
      tell: sendRateAlert({
        api: app.bot.api,
        i18n: app.i18n,
        kv: deps.kv,
        currencies: deps.currencies,
      }),
    },
    options,
  );
}

export function startRateAlerts(
  app: Pick<App, "deps" | "bot" | "i18n">,
  config: Pick<Config, "defaultLanguage">,
): { stop(): Promise<void> } {
  const watcher = rateAlertWatcher(app, config);
  watcher.start();
  return { stop: () => watcher.stop() };
}
