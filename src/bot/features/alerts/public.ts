/**
 * What others may use of rate alerts: the "Rate alert" button's data under a direction card and the
 * calculator, and the message the watcher sends when a rate crosses a target.
 */
export { alertData, ALERTS_DATA } from "./codec.js";
export { rateAlertNotice, type PairNames } from "./render.js";
