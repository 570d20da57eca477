/**
 * The rejected-key rule (src/exchanger/key-check.ts) with the real client against the sandbox in each
 * dialect: a revoked key is Unauthorized however it is answered, an ordinary refusal stays what it
 * is, a refused write is never sent twice, and server trouble never counts as a rejection.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  createExchangerClient,
  type ExchangerClientWithStats,
} from "../../src/exchanger/client.js";
import { ExchangerError, Unauthorized } from "../../src/exchanger/errors.js";
import { withKeyCheck } from "../../src/exchanger/key-check.js";
import type { Caller } from "../../src/exchanger/types.js";
import { DIALECT_NAMES, type DialectName } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { failure } from "./failure.js";

let sandbox: Sandbox | undefined;
let client: ExchangerClientWithStats | undefined;

afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  client = sandbox = undefined;
});

async function world(
  dialect: DialectName,
): Promise<{ sb: Sandbox; api: ExchangerClientWithStats; main: Caller }> {
  sandbox = await startSandbox({ dialect });
  client = withKeyCheck(
    createExchangerClient({
      baseUrl: sandbox.baseUrl,
      timeoutMs: 5_000,
      retry: { attempts: 2, baseDelayMs: 5 },
    }),
  );
  return {
    sb: sandbox,
    api: client,
    main: { apiKey: sandbox.accounts.main.apiKey, language: "en" },
  };
}

const paths = (sb: Sandbox) => sb.requests.map((r) => r.path);

describe.each(DIALECT_NAMES)("key check (%s dialect)", (dialect) => {
  it("a revoked key is Unauthorized on get-info, without a second call", async () => {
    const { sb, api, main } = await world(dialect);
    sb.revokeKey("main");
    expect(await failure(api.getInfo(main))).toBeInstanceOf(Unauthorized);
    expect(paths(sb)).toEqual(["/user-api-get-info"]);
  });

  it("a revoked key is Unauthorized on any other method, with at most one get-info to confirm it", async () => {
    const { sb, api, main } = await world(dialect);
    sb.revokeKey("main");
    const error = await failure(api.getOrders(main, { page: 1 }));
    expect(error).toBeInstanceOf(Unauthorized);
    // 401 needs no confirmation; an error envelope with HTTP 200 is confirmed by exactly one get-info.
    const expected =
      sb.dialect.rejectedKeyStatus === 401
        ? ["/user-api-get-orders"]
        : ["/user-api-get-orders", "/user-api-get-info"];
    expect(paths(sb)).toEqual(expected);
  });

  it("an ordinary refusal of a write stays a refusal, and the write is sent once", async () => {
    const { sb, api, main } = await world(dialect);
    const error = await failure(api.createDetails(main, { currency_id: 99999, value: "x" }));
    expect(error).toBeInstanceOf(ExchangerError);
    expect(error).not.toBeInstanceOf(Unauthorized);
    expect(paths(sb).filter((p) => p === "/user-api-create-details")).toHaveLength(1);
    expect(paths(sb).filter((p) => p === "/user-api-get-info")).toHaveLength(1);
  });
});

describe("key check: what is not a rejection", () => {
  it("an error envelope with HTTP 500 is server trouble: no re-check, no rejection", async () => {
    const { sb, api, main } = await world("names");
    sb.injectFault({ path: "/user-api-get-info", kind: "envelope500" });
    const error = await failure(api.getInfo(main));
    expect(error).toBeInstanceOf(ExchangerError);
    expect(error).not.toBeInstanceOf(Unauthorized);
    expect(paths(sb)).toEqual(["/user-api-get-info"]);
  });

  it("a refusal whose re-check cannot reach the server stays the refusal", async () => {
    const { sb, api, main } = await world("names");
    sb.revokeKey("main");
    sb.injectFault({ path: "/user-api-get-info", kind: "html500", times: 2 });
    const error = await failure(api.getOrders(main));
    expect(error).toBeInstanceOf(ExchangerError);
    expect(error).not.toBeInstanceOf(Unauthorized);
  });

  it("public methods are passed through untouched", async () => {
    const { sb, api } = await world("names");
    await api.getCurrencies("en");
    expect(paths(sb)).toEqual(["/public-api-get-currencies"]);
  });
});
