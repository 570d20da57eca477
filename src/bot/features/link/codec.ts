/** Callback data of the logout card: both buttons carry the card's single-use confirmation. */
import { confirmIdField } from "../../core/confirmations.js";
import { callbackData } from "../../ui/callback-data.js";

export const logoutYes = callbackData("logout:yes", { confirmId: confirmIdField });
export const logoutNo = callbackData("logout:no", { confirmId: confirmIdField });
