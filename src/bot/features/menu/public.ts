/** What other features may use of the main menu: its button under their screens, and the menu keyboard. */
import { InlineKeyboard } from "grammy";
import type { FlowContext, Translator } from "../../context.js";
import { startRow } from "../../ui/rows.js";

import { MENU_DATA } from "./codec.js";

export { MENU_DATA };

/** One button per installed screen (ctx.layout), two per row; without a key only those that need none. */
export function mainMenuKeyboard(
  ctx: Pick<FlowContext, "t" | "layout">,
  linked: boolean,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const visible = ctx.layout.menu.filter((item) => linked || item.needsKey === false);
  visible.forEach((item, index) => {
    keyboard.text(ctx.t(item.labelKey), item.data);
    // Between pairs only: a trailing row() would send an empty row.
    if (index % 2 === 1 && index < visible.length - 1) keyboard.row();
  });
  return keyboard;
}

/** A "☰ Menu" button row to put under screens. */
export function backToMenuRow(ctx: Translator, keyboard = new InlineKeyboard()): InlineKeyboard {
  return startRow(keyboard).text(ctx.t("btn-menu"), MENU_DATA);
}
