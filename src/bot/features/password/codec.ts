export const START_PASSWORD = "pwd:start";
