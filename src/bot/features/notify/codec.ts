/** Callback data of the /notify screen (the buttons carry the wanted state, see index.ts). */
import { callbackData, oneOf } from "../../ui/callback-data.js";

export const KINDS = ["new", "status", "quiet"] as const;
export type Kind = (typeof KINDS)[number];

/** One switch set to a wanted state: notify:k:<kind>:<1|0>. */
export const switchData = callbackData("notify:k", { kind: oneOf(KINDS), on: oneOf(["1", "0"] as const) });
