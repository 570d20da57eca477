/** What other features may use of exchanging: the direction card's "Exchange" button (its data). */
export { exchangeData } from "./codec.js";
