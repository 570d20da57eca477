export const ACCOUNT_DATA = "acct:show";
