/**
 * Callback data of /activity (≤ 64 bytes):
 *   act:show                    the account's activity and this chat's notice switches
 *   act:m:<switch>:<1|0>        a switch set to the wanted state (not "toggle": a double press or an
 *                               old screen cannot flip it back)
 */
import { ACCOUNT_NOTICE_SWITCH_LIST } from "../../../storage/settings.js";
import { callbackData, oneOf } from "../../ui/callback-data.js";

export const ACTIVITY_DATA = "act:show";
export const muteData = callbackData("act:m", {
  name: oneOf(ACCOUNT_NOTICE_SWITCH_LIST),
  on: oneOf(["1", "0"] as const),
});
