/** What other features may use of the main menu: its button under their screens, and the menu keyboard. */
import { InlineKeyboard } from "grammy";
import type { FlowContext, MenuItem, Translator } from "../../context.js";
import { startRow } from "../../ui/rows.js";

import { MENU_DATA, MORE_DATA } from "./codec.js";

export { MENU_DATA };

type MenuContext = Pick<FlowContext, "t" | "layout">;

/** The installed screens' items this chat may open (without a key only those that need none). */
function visibleItems(ctx: MenuContext, linked: boolean): readonly MenuItem[] {
  return ctx.layout.menu.filter((item) => linked || item.needsKey === false);
}

/** Items two per row, a lone last one on its own row. */
function itemRows(ctx: MenuContext, items: readonly MenuItem[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  items.forEach((item, index) => {
    keyboard.text(ctx.t(item.labelKey), item.data);
    // Between pairs only: a trailing row() would send an empty row.
    if (index % 2 === 1 && index < items.length - 1) keyboard.row();
  });
  return keyboard;
}

/** The everyday actions (items marked `primary`), then "⋯ More" when other items are installed. */
export function mainMenuKeyboard(ctx: MenuContext, linked: boolean): InlineKeyboard {
  const visible = visibleItems(ctx, linked);
  const keyboard = itemRows(
    ctx,
    visible.filter((item) => item.primary === true),
  );
  if (visible.some((item) => item.primary !== true))
    startRow(keyboard).text(ctx.t("menu-more"), MORE_DATA);
  return keyboard;
}

/** "⋯ More": every item not on the main menu, and the way back to it. */
export function moreMenuKeyboard(ctx: MenuContext, linked: boolean): InlineKeyboard {
  const keyboard = itemRows(
    ctx,
    visibleItems(ctx, linked).filter((item) => item.primary !== true),
  );
  return startRow(keyboard).text(ctx.t("btn-back"), MENU_DATA);
}

/** A "☰ Menu" button row to put under screens. */
export function backToMenuRow(ctx: Translator, keyboard = new InlineKeyboard()): InlineKeyboard {
  return startRow(keyboard).text(ctx.t("btn-menu"), MENU_DATA);
}
