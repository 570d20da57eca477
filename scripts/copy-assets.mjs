// tsc compiles only .ts; the Fluent translation files must travel with the compiled bot.
import { cpSync, existsSync } from "node:fs";

if (existsSync("src/bot/locales")) {
  cpSync("src/bot/locales", "dist/bot/locales", { recursive: true });
}
