/** "☰ Menu": opens the main menu in place. */
export const MENU_DATA = "menu";
/** "⋯ More": the menu's other items, in place. */
export const MORE_DATA = "menu:more";
