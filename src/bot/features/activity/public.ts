/** What others may use of the security feed's screens: the notice's text and its way to /activity. */
export { ACTIVITY_DATA } from "./codec.js";
export { accountNoticeText } from "./render.js";
