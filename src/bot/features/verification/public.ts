/** What other screens and the account notices may use: the button that opens the verification screen. */
export { SHOW_VERIFICATION } from "./codec.js";
