/**
 * `npm run doctor` with PRIVATE_API_KEY (src/doctor/private-api.ts): the operator key is judged without
 * creating anything, the first direction's fields are listed under the names the bot would send, and
 * the key is never printed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseDoctorConfig } from "../../src/doctor/config.js";
import { runDoctor, type DoctorReport } from "../../src/doctor/run.js";
import { DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { json, startFakeServer, type FakeServer } from "../exchanger/fake-server.js";

let sandbox: Sandbox | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  await fake?.close();
  sandbox = fake = undefined;
});

async function doctor(
  baseUrl: string,
  privateApiKey?: string,
): Promise<{ report: DoctorReport; output: string }> {
  const lines: string[] = [];
  const report = await runDoctor(
    { baseUrl, apiKey: undefined, privateApiKey, language: "en", timeoutMs: 2_000 },
    (l) => lines.push(l),
  );
  return { report, output: lines.join("\n") };
}

const CREATE = "/private-api-create-order";
const rowOf = (report: DoctorReport) =>
  report.methods.find((m) => m.method === "private-api-create-order");

describe.each(DIALECT_NAMES)(
  "doctor with PRIVATE_API_KEY against the sandbox (%s dialect)",
  (dialect) => {
    it("accepts the key without creating anything and lists the first direction's fields as the bot sends them", async () => {
      sandbox = await startSandbox({ dialect });
      const key = sandbox.operatorKey;
      const before = sandbox.state.nextIds.order;
      const { report, output } = await doctor(sandbox.baseUrl, key);
      expect(report.ok, output).toBe(true);
      const row = rowOf(report)!;
      expect(row.verdict).toBe("understood");
      expect(row.line).toMatch(
        dialect === "legacy" ? /cannot tell/ : /the key is accepted \(nothing was created\)/,
      );
      expect(output).toContain(
        "fields of direction btc-usdttrc20 (en), sent with each order as: trc20_wallet_address ← “TRC20 wallet address”, e_mail ← “E-mail”",
      );
      expect(sandbox.state.nextIds.order).toBe(before);
      const creates = sandbox.requests.filter((r) => r.path === CREATE);
      expect(creates.length).toBeGreaterThan(0);
      expect(
        creates.every((r) => r.fields.slug === undefined && r.fields.send_amount === undefined),
      ).toBe(true);
      expect(output).not.toContain(key);
    });
  },
);

describe("doctor with PRIVATE_API_KEY", () => {
  it.each(["spec", "names"] as const)(
    "reports a regenerated key or a switched-off Private API as refused (%s dialect)",
    async (dialect) => {
      sandbox = await startSandbox({ dialect });
      const key = sandbox.operatorKey;
      sandbox.revokeOperatorKey();
      const revoked = await doctor(sandbox.baseUrl, key);
      expect(revoked.report.ok).toBe(false);
      expect(rowOf(revoked.report)).toMatchObject({ verdict: "refused" });
      expect(rowOf(revoked.report)!.line).toMatch(
        /^FAIL .*PRIVATE_API_KEY is refused or the Private API is switched off/,
      );
      expect(revoked.output).not.toContain(key);

      sandbox.setPrivateApi(false);
      const off = await doctor(sandbox.baseUrl, sandbox.operatorKey);
      expect(rowOf(off.report)).toMatchObject({ verdict: "refused" });
      expect(off.output).not.toContain(sandbox.operatorKey);
    },
  );

  it("without PRIVATE_API_KEY says how to check it and calls no Private API method", async () => {
    sandbox = await startSandbox();
    const { report, output } = await doctor(sandbox.baseUrl);
    expect(rowOf(report)).toBeUndefined();
    expect(output).toMatch(/Set PRIVATE_API_KEY to check the operator's Private API key/);
    expect(sandbox.requests.some((r) => r.path.startsWith("/private-api-"))).toBe(false);
  });

  it("fails a direction whose field has no name to send it under, and scrubs a key the server echoes", async () => {
    const key = "pk_doctor_0123456789abcdef";
    fake = await startFakeServer((req, res) => {
      if (req.path === "/public-api-get-exchanges")
        return json(res, { success: true, result: { "1": { "2": "btc-eth" } } });
      if (req.path === "/public-api-get-exchange")
        return json(res, {
          success: true,
          result: {
            id: 1,
            inputs: [
              { id: 5, name: "—" },
              { id: 6, name: "Memo", required: 0 },
            ],
          },
        });
      if (req.path === CREATE) {
        const known = req.headers["x-authorization"] === key;
        return json(res, {
          success: false,
          message: known
            ? "slug is required"
            : `Unknown key ${String(req.headers["x-authorization"])}`,
        });
      }
      return json(res, { success: true, result: [] });
    });
    const { report, output } = await doctor(fake.url, key);
    expect(rowOf(report)).toMatchObject({ verdict: "not understood" });
    expect(output).toMatch(
      /our key: error envelope with HTTP 200: slug is required · a bogus key: error envelope with HTTP 200: Unknown key \[redacted\]/,
    );
    expect(output).toMatch(/NOT understood: the direction field "—" has no name to send it under/);
    expect(output).toMatch(/1 optional field not sent/);
    expect(output).not.toContain(key);
  });

  it("reads PRIVATE_API_KEY, the bot's own variable", () => {
    expect(
      parseDoctorConfig({ EXCHANGER_BASE_URL: "https://x.example", PRIVATE_API_KEY: " pk_1 " })
        .privateApiKey,
    ).toBe("pk_1");
  });
});
