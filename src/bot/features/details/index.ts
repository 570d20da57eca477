/**
 * /details: saved payment details (requisites) — paged list, adding (add-detail flow), deleting several
 * at once.
 *
 * Callback data: codec.ts (anything that does not unpack falls through to "button expired").
 */
import { Composer, InlineKeyboard, type NextFunction } from "grammy";
import { withCaller } from "../../core/caller.js";
import type { BotContext } from "../../context.js";
import { ADD_DETAIL_FLOW, addDetailFlow } from "./add-detail-flow.js";
import {
  DETAILS_PAGE_SIZE,
  detailLines,
  loadDetailsPage,
  renderDetailsList,
  type DetailsPageData,
} from "./list.js";
import {
  dropSelection,
  loadSelection,
  newNonce,
  saveSelection,
  toggle,
  type DetailSelection,
} from "./delete-selection.js";
import type { Feature } from "../../feature.js";
import { NotLinked } from "../../core/errors.js";
import { clip, escapeHtml, fitMessage } from "../../ui/html.js";
import { showButtons, showScreen, type Screen } from "../../ui/screen.js";
import { enterFlow } from "../../core/enter-flow.js";
import { Confirmations } from "../../core/confirmations.js";
import { onCallback } from "../../ui/callback-data.js";
import {
  backToTicking,
  confirmDelete,
  deleteNow,
  DETAILS_ADD,
  detailsPage,
  tickOne,
  tickPage,
} from "./codec.js";
import { tellAccount } from "../../core/account-events.js";

const loadPage = (ctx: BotContext, page: number) =>
  withCaller(ctx, (caller) => loadDetailsPage(ctx.deps, caller, page));

async function showList(ctx: BotContext, page: number, toast?: string): Promise<void> {
  await showScreen(ctx, renderDetailsList(ctx, await loadPage(ctx, page)), { toast });
}

// ---- ticking details for deletion ---------------------------------------------------------------------

function selectionKeyboard(ctx: BotContext, selection: DetailSelection): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const first = (selection.page - 1) * DETAILS_PAGE_SIZE;
  selection.ids.forEach((id, index) => {
    const box = selection.selected.includes(id) ? "☑" : "☐";
    keyboard
      .text(
        `${box} ${first + index + 1}. ${clip(selection.currencies[index] ?? "", 40)}`,
        tickOne.pack({ nonce: selection.nonce, index }),
      )
      .row();
  });
  keyboard
    .text(
      ctx.t("details-btn-delete-selected", { count: selection.selected.length }),
      confirmDelete.pack({ nonce: selection.nonce }),
    )
    .row();
  return keyboard.text(ctx.t("btn-back"), detailsPage.pack({ page: selection.page }));
}

/**
 * Loads the page fresh and opens a new selection on it, keeping still-present ticks: the ticking
 * screen (or the plain list, when nothing on the page can be deleted).
 */
async function selectionScreen(
  ctx: BotContext,
  page: number,
  keep: string[] = [],
): Promise<Screen> {
  const data = await loadPage(ctx, page);
  const deletable = data.items.filter(
    (item): item is typeof item & { id: string } => item.id !== undefined,
  );
  if (deletable.length === 0) return renderDetailsList(ctx, data);
  const selection: DetailSelection = {
    nonce: newNonce(),
    page: data.page,
    ids: deletable.map((item) => item.id),
    currencies: deletable.map((item) => item.currency),
    selected: deletable.map((item) => item.id).filter((id) => keep.includes(id)),
  };
  await saveSelection(ctx.deps.kv, ctx.chatId!, selection);
  const shown: DetailsPageData = { ...data, items: deletable };
  const text = fitMessage([
    ctx.t("details-delete-title"),
    ctx.t("details-delete-hint"),
    "",
    ...detailLines(shown),
  ]);
  return { text, keyboard: selectionKeyboard(ctx, selection) };
}

const openSelection = async (ctx: BotContext, page: number, keep: string[] = []): Promise<void> => {
  await showScreen(ctx, await selectionScreen(ctx, page, keep));
};

function confirmScreen(
  ctx: BotContext,
  selection: DetailSelection,
  data: DetailsPageData,
  missing: number,
): Screen {
  const chosen = data.items.filter(
    (item) => item.id !== undefined && selection.selected.includes(item.id),
  );
  const lines = [ctx.t("details-delete-confirm", { count: chosen.length }), ""];
  for (const item of chosen)
    lines.push(
      `• ${escapeHtml(item.currency)} — <code>${escapeHtml(clip(item.value, 200))}</code>`,
    );
  if (missing > 0) lines.push("", ctx.t("details-delete-some-gone", { count: missing }));
  const keyboard = new InlineKeyboard()
    .text(
      ctx.t("details-btn-delete-yes", { count: chosen.length }),
      deleteNow.pack({ nonce: selection.nonce }),
    )
    // Red where the client shows button styles (Bot API, grammY 1.46); older ones show it plain.
    .danger()
    .row()
    .text(ctx.t("btn-back"), backToTicking.pack({ nonce: selection.nonce }));
  return { text: fitMessage(lines), keyboard };
}

// ---- handlers -----------------------------------------------------------------------------------------

/** A tick on one detail: only the buttons change (no exchanger call), unless the message is gone. */
async function tick(
  ctx: BotContext,
  nonce: string,
  index: number,
  next: NextFunction,
): Promise<void> {
  const selection = await loadSelection(ctx.deps.kv, ctx.chatId!, nonce);
  if (!selection || index >= selection.ids.length) return next();
  const updated = toggle(selection, index);
  await saveSelection(ctx.deps.kv, ctx.chatId!, updated);
  await showButtons(ctx, selectionKeyboard(ctx, updated), () =>
    selectionScreen(ctx, updated.page, updated.selected),
  );
}

/** "Delete selected": fresh values for what is about to go; ticks whose detail is gone meanwhile are dropped. */
async function confirmSelected(ctx: BotContext, nonce: string, next: NextFunction): Promise<void> {
  const selection = await loadSelection(ctx.deps.kv, ctx.chatId!, nonce);
  if (!selection) return next();
  if (selection.selected.length === 0) {
    await ctx.answerCallbackQuery({ text: ctx.t("details-delete-nothing"), show_alert: true });
    return;
  }
  const data = await loadPage(ctx, selection.page);
  const present = new Set(data.items.map((item) => item.id));
  const still = selection.selected.filter((id) => present.has(id));
  if (still.length === 0) {
    await dropSelection(ctx.deps.kv, ctx.chatId!);
    await showScreen(ctx, renderDetailsList(ctx, data), {
      toast: ctx.t("details-delete-all-gone"),
    });
    return;
  }
  const confirmed = { ...selection, selected: still };
  await saveSelection(ctx.deps.kv, ctx.chatId!, confirmed);
  await showScreen(
    ctx,
    confirmScreen(ctx, confirmed, data, selection.selected.length - still.length),
  );
}

/** "Yes, delete": single use (core/confirmations.ts), one call for all (the exchanger deletes all or nothing). */
async function deleteSelected(ctx: BotContext, nonce: string, next: NextFunction): Promise<void> {
  const selection = await loadSelection(ctx.deps.kv, ctx.chatId!, nonce);
  if (!selection || selection.selected.length === 0) return next();
  if (!(await new Confirmations(ctx.deps.kv).consume(ctx.chatId!, `dt-${selection.nonce}`))) {
    await ctx.answerCallbackQuery({ text: ctx.t("confirm-stale"), show_alert: true });
    return;
  }
  await withCaller(ctx, (caller) => ctx.deps.exchanger.deleteDetails(caller, selection.selected));
  await dropSelection(ctx.deps.kv, ctx.chatId!);
  await showList(
    ctx,
    selection.page,
    ctx.t("details-deleted", { count: selection.selected.length }),
  );
  await tellAccount(ctx, "detail-deleted");
}

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createDetailsFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("details", (ctx) => showList(ctx, 1));
  onCallback(privateChat, detailsPage, (ctx, { page }) => showList(ctx, page));
  privateChat.callbackQuery(DETAILS_ADD, async (ctx) => {
    // Fails early (before any flow state) when the chat has no key; another flow running is said by enterFlow.
    if (!(await ctx.deps.vault.has(ctx.chatId))) throw new NotLinked();
    await enterFlow(ctx, ADD_DETAIL_FLOW);
  });
  onCallback(privateChat, tickPage, (ctx, { page }) => openSelection(ctx, page));
  onCallback(privateChat, tickOne, (ctx, { nonce, index }, next) => tick(ctx, nonce, index, next));
  onCallback(privateChat, confirmDelete, (ctx, { nonce }, next) =>
    confirmSelected(ctx, nonce, next),
  );
  onCallback(privateChat, backToTicking, async (ctx, { nonce }, next) => {
    const selection = await loadSelection(ctx.deps.kv, ctx.chatId, nonce);
    if (!selection) return next();
    await openSelection(ctx, selection.page, selection.selected);
  });
  onCallback(privateChat, deleteNow, (ctx, { nonce }, next) => deleteSelected(ctx, nonce, next));

  return {
    name: "details",
    callbacks: ["dt"],
    composer,
    flows: [addDetailFlow()],
    menu: [
      { labelKey: "details-menu", data: detailsPage.pack({ page: 1 }), order: 40 },
      // Adding a card or a wallet in 3 taps from /menu: More, this, the currency.
      { labelKey: "details-menu-add", data: DETAILS_ADD, order: 41 },
    ],
    commands: [{ command: "details", descriptionKey: "details-cmd" }],
  };
}
