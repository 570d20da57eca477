/**
 * Exchanging from the chat: `/exchange` and the menu's "Exchange" (the direction pickers, then the
 * flow), and the "Calculate / Exchange" button of every direction card (public.ts). The calculator
 * needs no account; creating the order needs a linked account and the operator's PRIVATE_API_KEY.
 *
 * Callback data: codec.ts.
 */
import { Composer } from "grammy";
import type { BotContext } from "../../context.js";
import type { Feature } from "../../feature.js";
import { enterFlow } from "../../core/enter-flow.js";
import { defineFlow } from "../../core/flows.js";
import { onCallback } from "../../ui/callback-data.js";
import {
  showReceivePicker,
  showSendPicker,
  type PickerRoutes,
} from "../../ui/direction-pickers.js";
import { backToMenuRow } from "../menu/public.js";
import { exchangeReceivePage, exchangeSendPage, startExchange } from "./codec.js";
import { EXCHANGE_FLOW, exchangeFlow } from "./flow.js";
import { resumeInterruptedCreates } from "./resume.js";

/** The pickers of /exchange end in the exchange flow. */
const EXCHANGE_ROUTES: PickerRoutes = {
  titleKey: "exchange-title",
  sendPage: (page) => exchangeSendPage.pack({ page }),
  receivePage: (sendId, page) => exchangeReceivePage.pack({ sendId, page }),
  pick: (sendId, receiveId) => startExchange.pack({ sendId, receiveId }),
  footer: (ctx, keyboard) => backToMenuRow(ctx, keyboard),
};

/** This feature's handlers, built once per bot by createBot (no module-level composer). */
export function createExchangeFeature(): Feature {
  const composer = new Composer<BotContext>();
  const privateChat = composer.chatType("private");
  privateChat.command("exchange", (ctx) => showSendPicker(ctx, 1, EXCHANGE_ROUTES));
  onCallback(privateChat, exchangeSendPage, (ctx, { page }) =>
    showSendPicker(ctx, page, EXCHANGE_ROUTES),
  );
  onCallback(privateChat, exchangeReceivePage, (ctx, { sendId, page }) =>
    showReceivePicker(ctx, sendId, page, EXCHANGE_ROUTES),
  );
  onCallback(privateChat, startExchange, (ctx, { sendId, receiveId }) =>
    enterFlow(ctx, EXCHANGE_FLOW, sendId, receiveId),
  );
  return {
    name: "exchange",
    callbacks: ["exc"],
    composer,
    flows: [defineFlow(EXCHANGE_FLOW, exchangeFlow)],
    menu: [
      {
        labelKey: "exchange-menu",
        data: exchangeSendPage.pack({ page: 1 }),
        order: 5,
        needsKey: false,
        primary: true,
      },
    ],
    commands: [{ command: "exchange", descriptionKey: "exchange-cmd", inMenu: true }],
    atStart: resumeInterruptedCreates,
  };
}
