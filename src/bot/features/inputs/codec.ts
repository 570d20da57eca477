export const SHOW_INPUTS = "in:show";
