import { callbackData, oneOf, textField } from "../../ui/callback-data.js";
import type { VerificationKind } from "./render.js";

export const SHOW_VERIFICATION = "verif:show";
export const START_FORM = "verif:new";
export const SKIP_FIELD = "verif:skip";
export const PHOTOS_DONE = "verif:done";
export const SUBMIT = "verif:send";
export const EDIT = "verif:edit";
export const CLEAN_PHOTOS = "verif:clean";
export const KEEP_PHOTOS = "verif:keep";
export const chooseKind = callbackData("verif:kind", {
  kind: oneOf<VerificationKind>(["card", "identity", "service"]),
});
/** One of a field's choices (an id type code; the field checks it is one of its own). */
export const pickChoice = callbackData("verif:pick", { code: textField("[a-z_]{1,20}") });
