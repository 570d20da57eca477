/** `npm run sandbox`'s console: the admin panel's actions typed on standard input. */
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "../../src/sandbox/console.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";

describe("sandbox console", () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.close());

  it("moves an order, decides a verification, blocks an account; explains what it does not know", async () => {
    sandbox = await startSandbox();
    const order = [...sandbox.state.accounts.main!.orders]
      .sort((a, b) => Number(b.id) - Number(a.id))
      .find((o) => Number(o.status) === 0)!;
    expect(await runCommand(sandbox, `status main ${order.id} 1`)).toBe(
      `order #${order.id} of main is now 1`,
    );
    expect(order.status).toBe(1);
    expect(await runCommand(sandbox, "orders main")).toContain(`#${order.id}  status 1`);
    expect(await runCommand(sandbox, "verify main rejected The photo is blurry")).toBe(
      "verification of main is now rejected",
    );
    expect(sandbox.state.accounts.main!.verification).toMatchObject({
      status: "rejected",
      comment: "The photo is blurry",
    });
    await runCommand(sandbox, "block twofa");
    expect(sandbox.state.accounts.twofa!.active).toBe(0);
    expect(await runCommand(sandbox, "send")).toBe("webhooks are off (--webhook-url)");
    expect(await runCommand(sandbox, "block nobody")).toBe('sandbox: no account named "nobody"');
    expect(await runCommand(sandbox, "dance")).toContain("Commands");
  });
});
