/** The sandbox's webhooks, as the vendor's scheduler sends them: one form request per interval, every event of it. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { ORDER_POSITIONS } from "../../src/sandbox/positional.js";
import { until } from "../faults/own-sentinel.js";

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe("sandbox webhooks", () => {
  let sandbox: Sandbox;
  let server: Server;
  afterEach(async () => {
    await sandbox.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A receiver answering `status`, and a sandbox sending to it every `intervalMs`. */
  async function start(intervalMs: number, status = 200): Promise<Received[]> {
    const received: Received[] = [];
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    sandbox = await startSandbox({
      webhooks: { url: `http://127.0.0.1:${port}/hook`, secret: "s3cret-key", intervalMs },
    });
    return received;
  }

  it("one request per interval carries every event of it: form field, secret header, positional objects", async () => {
    const received = await start(300);
    const main = sandbox.state.accounts.main!;
    const [a, b] = main.orders.filter((o) => Number(o.status) === 0);
    sandbox.setOrderStatus("main", a!.id, 1);
    sandbox.setOrderStatus("main", b!.id, 3);
    sandbox.setAccountActive("main", 0);
    sandbox.setVerificationStatus("main", "rejected", "blurry");
    await until("a batch", async () => received.length > 0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(request!.headers["x-authorization"]).toBe("s3cret-key");
    const hooks = JSON.parse(new URLSearchParams(request!.body).get("web_hooks")!) as Record<
      string,
      unknown[][]
    >;
    expect(Object.keys(hooks).sort()).toEqual(["0", "1", "2"]);
    expect(hooks["1"]).toHaveLength(2);
    const order = hooks["1"]![0]!;
    expect(order[ORDER_POSITIONS.indexOf("token")]).toBe(a!.token);
    expect(order[ORDER_POSITIONS.indexOf("status")]).toBe(1);
    expect(order.at(-1)).toBe(1024); // the owner's user id
    const user = hooks["0"]![0]!;
    expect(user).toHaveLength(30);
    expect([user[0], user[3]]).toEqual([1024, 0]);
    expect(hooks["2"]![0]).toContain("rejected");
  });

  it("an interval without events sends nothing; a failed batch is not sent again", async () => {
    const received = await start(100, 500);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(received).toEqual([]);
    sandbox.setAccountActive("twofa", 0);
    await until("a batch", async () => received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(received).toHaveLength(1);
  });
});
