/**
 * The exchange flow's steps as a user takes them on the seed's sandbox (account `main`): shared by the
 * exchange, lost-answer, notification and storage-fault tests so one change of the flow's screens is
 * followed in one place.
 */
import { expect } from "vitest";
import type { SimUser } from "../../../harness/user.js";

/** /exchange → Tether TRC20 → Visa/Mastercard UAH: the amount prompt. */
export async function pickDirection(user: SimUser): Promise<void> {
  await user.send("/exchange");
  await user.press(/^Tether TRC20/);
  await user.press(/Visa\/Mastercard UAH/);
  expect(user.lastText()).toContain("How much Tether TRC20 do you send?");
}

/** The amount, then every field from its buttons (the saved details' card): the summary. */
export async function fillOrder(user: SimUser, amount = "100.5"): Promise<void> {
  await user.send(amount);
  await user.press(/^414949\*+1234$/);
  await user.press("IVAN PETRENKO");
  await user.press("ivan.petrenko@example.com");
  expect(user.lastText()).toContain("Check the order before creating it");
}

/** From /exchange to the summary, every field from its buttons. */
export async function toSummary(user: SimUser, amount = "100.5"): Promise<void> {
  await pickDirection(user);
  await fillOrder(user, amount);
}
