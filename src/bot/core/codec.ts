/** Callback data of the flow machinery's own buttons (Cancel, "Leave the form?"). */
export const CANCEL_DATA = "flow:cancel";
export const LEAVE_YES = "flow:leave";
export const LEAVE_NO = "flow:stay";
/** "Back to that step" under the notice for a secret typed after its prompt was left (lapsed-prompt.ts). */
export const LAPSED_BACK_DATA = "lapsed:back";
