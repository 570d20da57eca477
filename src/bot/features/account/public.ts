/** The account card, which linking shows as its first screen, and the button data that opens it. */
export { renderAccountCard } from "./render.js";
export { ACCOUNT_DATA } from "./codec.js";
