/** /password: changing the account password (the steps live in password-flow.ts). */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { defineFlow } from "../../core/flows.js";
import { enterCodeFlow } from "../../core/enter-flow.js";
import { START_PASSWORD } from "./codec.js";
import { PASSWORD_FLOW, passwordFlow } from "./flow.js";

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createPasswordFeature(): Feature {
  const composer = new Composer<BotContext>();
  composer.command("password", (ctx) => enterCodeFlow(ctx, PASSWORD_FLOW));
  composer.callbackQuery(START_PASSWORD, (ctx) => enterCodeFlow(ctx, PASSWORD_FLOW));

  return {
    name: "password",
    callbacks: ["pwd"],
    composer,
    flows: [defineFlow(PASSWORD_FLOW, passwordFlow)],
    menu: [{ labelKey: "password-menu", data: START_PASSWORD, order: 70 }],
    commands: [{ command: "password", descriptionKey: "password-cmd" }],
  };
}
