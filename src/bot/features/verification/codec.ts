import { callbackData, oneOf } from "../../ui/callback-data.js";
import { ID_TYPES, type VerificationKind } from "./render.js";

export const SHOW_VERIFICATION = "verif:show";
export const START_FORM = "verif:new";
export const SKIP_FIELD = "verif:skip";
export const PHOTOS_DONE = "verif:done";
export const SUBMIT = "verif:send";
export const EDIT = "verif:edit";
export const CLEAN_PHOTOS = "verif:clean";
export const KEEP_PHOTOS = "verif:keep";
export const chooseKind = callbackData("verif:kind", { kind: oneOf<VerificationKind>(["card", "identity", "service"]) });
export const pickChoice = callbackData("verif:pick", { code: oneOf(ID_TYPES) });
