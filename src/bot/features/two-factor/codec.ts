export const SHOW_TWOFA = "tfa:show";
export const TURN_ON = "tfa:on";
export const TURN_OFF = "tfa:off";
/** Cancel of the enable flow: handled inside it, so the QR message can be deleted first. */
export const CANCEL_ENABLE = "tfa:x";
