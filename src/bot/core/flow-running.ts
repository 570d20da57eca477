/**
 * Whether a flow runs, and ending them all: the one reading of the conversations plugin's controls
 * (flow-exit.ts, enter-flow.ts, the cancel button, verification and logout ask here). Kept apart
 * from flow-exit.ts so that entering a flow can ask without importing what leaving one needs.
 */
import type { BotContext } from "../context.js";

/**
 * The plugin's controls, or undefined when this update skipped the plugin: a button of features
 * without flows while the chat had no flow state stored (createBot) — then no flow runs.
 */
const flowControls = (ctx: BotContext) =>
  (ctx as Partial<Pick<BotContext, "conversation">>).conversation;

export const flowRunning = (ctx: BotContext): boolean =>
  Object.keys(flowControls(ctx)?.active() ?? {}).length > 0;

/** Ends every flow of the chat (nothing to end when the update skipped the plugin: none runs). */
export async function exitAllFlows(ctx: BotContext): Promise<void> {
  await flowControls(ctx)?.exitAll();
}
