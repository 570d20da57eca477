/** What other features may use of paying: the order card's Pay button (its callback data). */
export { openPayCard, payData } from "./codec.js";
