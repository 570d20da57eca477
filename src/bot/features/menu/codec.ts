/** "☰ Menu": opens the main menu in place. */
export const MENU_DATA = "menu";
