/** Callback data of the /notify screen (the buttons carry the wanted state, see index.ts). */
import { callbackData, oneOf } from "../../ui/callback-data.js";

/** Order notices (new, status, quiet: only with notifications on) and account notices (verif, acct: always). */
export const KINDS = ["new", "status", "quiet", "verif", "acct"] as const;
export type Kind = (typeof KINDS)[number];

/** One switch set to a wanted state: notify:k:<kind>:<1|0>. */
export const SHOW_NOTIFY = "notify:show";
/** The offer under "Account linked": turns notifications on from there. */
export const OFFER_NOTIFY = "notify:offer";
/** The wanted state, not "toggle": a double press or an old screen cannot flip it back. */
export const TURN_ON = "notify:on";
export const TURN_OFF = "notify:off";
export const switchData = callbackData("notify:k", {
  kind: oneOf(KINDS),
  on: oneOf(["1", "0"] as const),
});
