/**
 * Reading the direction inside the exchange flow, through the same path as every other exchanger call
 * (callExchanger's stored errors): the exchanger not answering or refusing is the exchanger's doing,
 * told in the user's language (core/errors.ts) and logged at warn — never "Something went wrong on our
 * side" and an "unhandled error".
 */
import { ExchangerError, Unavailable } from "../../../exchanger/index.js";
import type { FlowContext } from "../../context.js";
import { describeError } from "../../core/errors.js";
import { callPublicExchanger, type Flow } from "../../core/flows.js";
import { readPlan, type PlanReading } from "./plan.js";

/** The exchanger failed: `unavailable` (try again in a minute) or refused (its message); `text` says which. */
export interface ExchangerTrouble {
  trouble: true;
  unavailable: boolean;
  text: string;
}

export async function readPlanInFlow(
  conversation: Flow,
  ctx: FlowContext,
  pair: { sendId: string; receiveId: string },
): Promise<PlanReading | ExchangerTrouble> {
  try {
    return await callPublicExchanger(conversation, (deps, outer) =>
      readPlan(deps, outer.language, pair),
    );
  } catch (error) {
    if (!(error instanceof Unavailable || error instanceof ExchangerError)) throw error;
    const unavailable = error instanceof Unavailable;
    await conversation.external((outer) =>
      outer.logger.warn(
        { method: error.method, err: { name: error.name } },
        unavailable
          ? "the exchanger is not answering while reading a direction: the exchange flow says so"
          : "the exchanger refused a direction: the exchange flow shows its message",
      ),
    );
    return { trouble: true, unavailable, text: describeError(ctx, error) };
  }
}
