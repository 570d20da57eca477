/** /notify's account notices: offered only where the exchanger's webhooks can bring them; each switch its own, on by default. */
import { afterEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { webhookEnv } from "../../../events/helpers.js";

describe("/notify: account notices", () => {
  let h: Harness;
  afterEach(() => h.close());

  it("with webhooks: both on by default, each switched on its own, whether order notifications are on or off", async () => {
    h = await Harness.start({ env: webhookEnv() });
    const user = await h.linkedUser("main");
    await user.send("/notify");
    expect(user.lastText()).toContain("Status: off");
    expect(user.lastText()).toContain("Account notices");
    expect(user.lastText()).toContain("✅ Verification decisions");
    expect(user.lastText()).toContain("✅ Account blocked or unblocked");
    const screen = user.lastBotMessage();

    await user.press("✅ Verification");
    expect(user.lastBotMessage().messageId).toBe(screen.messageId);
    expect(user.lastText()).toContain("⬜ Verification decisions");
    expect(user.lastText()).toContain("Status: off"); // order notifications untouched
    await user.press("✅ Account status");
    expect(await h.app.deps.settings.get(user.chatId)).toMatchObject({
      notifyVerification: false,
      notifyAccount: false,
    });
    expect((await h.app.deps.settings.get(user.chatId)).notify).toBeUndefined();

    await user.press("⬜ Verification");
    expect(user.lastText()).toContain("✅ Verification decisions");
    expect((await h.app.deps.settings.get(user.chatId)).notifyVerification).toBeUndefined();
  });

  it("in Russian and Ukrainian too", async () => {
    h = await Harness.start({ env: webhookEnv() });
    const ru = await h.linkedUser("main", { languageCode: "ru" });
    await ru.send("/notify");
    expect(ru.lastText()).toContain("✅ Решения по верификации");
    await ru.press("✅ Статус аккаунта");
    expect(ru.lastText()).toContain("⬜ Блокировка и разблокировка аккаунта");
    const uk = await h.linkedUser("main", { languageCode: "uk" });
    await uk.send("/notify");
    expect(uk.lastText()).toContain("✅ Рішення щодо верифікації");
    await uk.press("✅ Верифікація");
    expect(uk.lastText()).toContain("⬜ Рішення щодо верифікації");
  });

  it("without webhooks nothing would bring them: the screen does not offer them", async () => {
    h = await Harness.start();
    const user = await h.linkedUser("main");
    await user.send("/notify");
    expect(user.lastText()).not.toContain("Account notices");
    expect(user.lastText()).not.toContain("Verification");
  });
});
