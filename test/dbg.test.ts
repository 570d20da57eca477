import { it } from "vitest";
import { Harness } from "./harness/harness.js";
it("dbg", async () => {
  const h = await Harness.start({ dialect: "framework" });
  const u = await h.linkedUser("main");
  for (const status of ["not_completed", "Не выполнена", "Не виконана", "Not paid"]) {
    const order = h.sandbox.addOrder("main", { status });
    await u.send(`/order ${String(order.id)}`);
    console.log(
      status,
      JSON.stringify(
        (u.lastBotMessage().replyMarkup?.inline_keyboard ?? []).flat().map((b) => b.text),
      ),
    );
  }
  await h.close();
});
