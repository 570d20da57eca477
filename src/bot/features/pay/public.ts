/** What other features may use of paying: the order card's Pay button (its callback data). */
export { openPayCard, PASTE_TOKEN_DATA, payBelowData, payData } from "./codec.js";
