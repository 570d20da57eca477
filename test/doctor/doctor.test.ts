/**
 * `npm run doctor` (src/doctor), run in-process: it passes against the sandbox in every dialect,
 * fails naming the method against a server whose answers the bot cannot read, never calls a method
 * that changes anything, and never prints the key.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config.js";
import { parseDoctorConfig } from "../../src/doctor/config.js";
import { runDoctor, type DoctorReport } from "../../src/doctor/run.js";
import { DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { closedPortUrl, json, startFakeServer, type FakeServer } from "../exchanger/fake-server.js";

const READ_ONLY = new Set([
  "/public-api-get-currencies",
  "/public-api-get-exchanges",
  "/public-api-get-exchange",
  "/public-api-get-status",
  "/public-api-get-referral-program",
  "/user-api-get-info",
  "/user-api-get-orders",
  "/user-api-get-referral-orders",
  "/user-api-get-details",
  "/user-api-get-verification",
  "/user-api-get-inputs",
]);

let sandbox: Sandbox | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await sandbox?.close();
  await fake?.close();
  sandbox = fake = undefined;
});

async function doctor(
  baseUrl: string,
  apiKey?: string,
): Promise<{ report: DoctorReport; output: string }> {
  const lines: string[] = [];
  const report = await runDoctor({ baseUrl, apiKey, language: "en", timeoutMs: 2_000 }, (line) =>
    lines.push(line),
  );
  return { report, output: lines.join("\n") };
}

const lineOf = (output: string, method: string) =>
  output.split("\n").find((l) => l.includes(` ${method} `)) ?? "";

describe("doctor and secret field names", () => {
  it("lists the fields every screen hides because their names denote a secret, at any depth, never their values", async () => {
    sandbox = await startSandbox();
    Object.assign(sandbox.state.accounts.main!.profile, {
      private_key: "PK-VALUE-1",
      // Seven digits: no port or count in the report can hold them by chance (a port once held "737").
      card_cvv: "7370914",
      security: { "Recovery-Phrase": "abandon ability", note: "x" },
      devices: [{ name: "phone", sessionToken: "SESSION-VALUE-2" }],
    });
    const { output } = await doctor(sandbox.baseUrl, sandbox.accounts.main.apiKey);
    const line = lineOf(output, "user-api-get-info");
    expect(line).toMatch(/understood · hidden on every screen \(secret names\): /);
    for (const path of [
      "private_key",
      "card_cvv",
      "security.Recovery-Phrase",
      "devices[].sessionToken",
      "two_factor_authentication",
    ]) {
      expect(line).toContain(path);
    }
    expect(line).not.toMatch(/security\.note|devices\[\]\.name/);
    for (const value of ["PK-VALUE-1", "7370914", "abandon", "SESSION-VALUE-2"])
      expect(output).not.toContain(value);
  });
});

/**
 * What the doctor cannot prove on each dialect: on the positional one, saved details carry no id a
 * filter of the spec confirms (so /details offers no Delete there, and the doctor says so).
 */
const UNCERTAIN: Readonly<Record<string, readonly string[]>> = {
  positional: ["user-api-get-details"],
};

describe.each(DIALECT_NAMES)("doctor against the sandbox (%s dialect)", (dialect) => {
  it("understands every method it can prove, calls only read-only ones, and never prints the key", async () => {
    sandbox = await startSandbox({ dialect });
    const key = sandbox.accounts.main.apiKey;
    const { report, output } = await doctor(sandbox.baseUrl, key);
    const uncertain = UNCERTAIN[dialect] ?? [];
    expect(report.ok, output).toBe(uncertain.length === 0);
    expect(report.methods.map((m) => m.method)).toEqual([...READ_ONLY].map((p) => p.slice(1)));
    for (const m of report.methods) {
      if (uncertain.includes(m.method)) {
        expect(m.verdict, output).toBe("uncertain");
        expect(m.line).toMatch(/ · NOT certain: /);
        continue;
      }
      expect(m.verdict, output).toBe("understood");
      expect(m.line).toMatch(
        /reachable · .+ · understood( · hidden on every screen \(secret names\): .+)?$/,
      );
    }
    expect(output).toMatch(
      uncertain.length === 0 ? /understands all 11 answers/ : /1 of 11 methods need attention/,
    );
    expect(sandbox.requests.every((r) => READ_ONLY.has(r.path))).toBe(true);
    expect(output).not.toContain(key);
  });
});

describe("doctor", () => {
  it("without DOCTOR_API_KEY asks only the public methods and still passes", async () => {
    sandbox = await startSandbox();
    const { report, output } = await doctor(sandbox.baseUrl);
    expect(report.ok).toBe(true);
    expect(report.methods.filter((m) => m.verdict === "not asked").map((m) => m.method)).toEqual(
      [...READ_ONLY].filter((p) => p.startsWith("/user-")).map((p) => p.slice(1)),
    );
    expect(sandbox.requests.some((r) => r.path.startsWith("/user-api-"))).toBe(false);
    expect(output).toMatch(/Set DOCTOR_API_KEY/);
  });

  it("fails naming each method whose answer the bot cannot read, and says what a user would see", async () => {
    fake = await startFakeServer((req, res) => {
      switch (req.path) {
        case "/public-api-get-currencies":
          return json(res, { success: true, result: 42 });
        case "/public-api-get-exchanges":
          return json(res, {
            success: true,
            result: [{ id: 7, send_currency_id: 1, receive_currency_id: 2 }],
          });
        case "/public-api-get-exchange":
          return json(res, { success: true, result: { id: 7, inputs: [] } });
        case "/user-api-get-referral-orders":
          return json(res, { success: true, result: [] });
        case "/user-api-get-orders":
          return json(res, { success: true, result: "three orders" });
        case "/user-api-get-details":
          res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
          return;
        default:
          return json(res, { success: true, result: { ok: 1 } });
      }
    });
    const { report, output } = await doctor(fake.url, "doctor-test-key-0123456789");
    expect(report.ok).toBe(false);
    const failed = report.methods.filter((m) => m.verdict !== "understood").map((m) => m.method);
    expect(failed).toEqual([
      "public-api-get-currencies",
      "user-api-get-orders",
      "user-api-get-details",
    ]);
    expect(lineOf(output, "public-api-get-currencies")).toMatch(
      /^FAIL .*reachable · number · NOT understood: a user would see “The exchanger is not answering right now” on currency names/,
    );
    expect(lineOf(output, "user-api-get-orders")).toMatch(
      /string \(12 characters\) · NOT understood: .* on \/orders/,
    );
    expect(lineOf(output, "user-api-get-details")).toMatch(
      /not an API envelope with HTTP 200 · NOT understood/,
    );
    expect(lineOf(output, "public-api-get-exchange")).toMatch(/^ok .* understood$/);
    expect(output).toMatch(
      /3 of 11 methods need attention: public-api-get-currencies, user-api-get-orders, user-api-get-details\./,
    );
    // The direction asked about is the one get-exchanges listed (an old-style list without slugs: its id, as `pair`).
    expect(
      fake.requests.find((r) => r.path === "/public-api-get-exchange")?.query.get("pair"),
    ).toBe("7");
  });

  it("reports an error envelope with HTTP 200 and its message, with the key scrubbed from it", async () => {
    const key = "doctor-secret-key-9876543210";
    fake = await startFakeServer((req, res) => {
      if (req.path.startsWith("/user-api-"))
        return json(res, { success: false, message: `Wrong API key ${key}`, result: false });
      if (req.path === "/public-api-get-exchanges")
        return json(res, {
          success: true,
          result: { "1": { "2": "btc-eth", "3": "btc-usdt" }, "4": { "1": "usdt-btc" } },
        });
      return json(res, { success: true, result: { ok: 1 } });
    });
    const { report, output } = await doctor(fake.url, key);
    expect(report.ok).toBe(false);
    // The bot's rejected-key rule: get-info refused with the envelope means the key is not accepted.
    expect(lineOf(output, "user-api-get-info")).toMatch(
      /^FAIL .*error envelope with HTTP 200: Wrong API key \[redacted\] · the key is rejected: DOCTOR_API_KEY is not accepted/,
    );
    expect(lineOf(output, "user-api-get-orders")).toMatch(/the key is rejected/);
    expect(lineOf(output, "public-api-get-exchanges")).toMatch(/map of 2×2 strings \(3 in all\)/);
    expect(output).not.toContain(key);
    expect(fake.requests.every((r) => READ_ONLY.has(r.path))).toBe(true);
  });

  it("a method switched off (refused while the key is fine) is named with the server's reason", async () => {
    fake = await startFakeServer((req, res) => {
      if (req.path === "/user-api-get-inputs")
        return json(res, { success: false, message: "Method disabled", result: false });
      if (req.path === "/public-api-get-referral-program")
        return json(res, { success: false, result: false });
      return json(res, {
        success: true,
        result: req.path.includes("orders") || req.path.includes("details") ? [] : { ok: 1 },
      });
    });
    const { report, output } = await doctor(fake.url, "doctor-test-key-0123456789");
    expect(report.methods.filter((m) => m.verdict === "refused").map((m) => m.method)).toEqual([
      "public-api-get-referral-program",
      "user-api-get-inputs",
    ]);
    expect(lineOf(output, "user-api-get-inputs")).toMatch(
      /error envelope with HTTP 200: Method disabled · refused: a user would see “The exchanger says: …” with this message on \/inputs/,
    );
    expect(lineOf(output, "public-api-get-referral-program")).toMatch(
      /HTTP 200 \(no message\) · refused: a user would see “The exchanger refused the request without saying why” on \/referral/,
    );
  });

  it("an exchanger that does not answer: every public method unreachable, the report fails", async () => {
    const { report, output } = await doctor(await closedPortUrl());
    expect(report.ok).toBe(false);
    const publicMethods = report.methods.filter(
      (m) => m.method.startsWith("public-") && m.method !== "public-api-get-exchange",
    );
    expect(publicMethods.map((m) => m.verdict)).toEqual([
      "unreachable",
      "unreachable",
      "unreachable",
      "unreachable",
    ]);
    // Without the directions list there is no direction to ask get-exchange about.
    expect(lineOf(output, "public-api-get-exchange")).toMatch(/^-- .*not asked/);
    expect(lineOf(output, "public-api-get-status")).toMatch(/^FAIL .*unreachable \(network\)/);
  });
});

describe("doctor configuration", () => {
  it("needs EXCHANGER_BASE_URL; DOCTOR_API_KEY is optional; the bot's variables are not required", () => {
    expect(() => parseDoctorConfig({})).toThrow(ConfigError);
    expect(() => parseDoctorConfig({})).toThrow(/EXCHANGER_BASE_URL is required/);
    expect(parseDoctorConfig({ EXCHANGER_BASE_URL: "https://x.example/api/" })).toEqual({
      baseUrl: "https://x.example/api",
      apiKey: undefined,
      language: "en",
      timeoutMs: 15_000,
      // The webhook's lines say how to turn them on (doctor/webhooks.ts).
      webhook: {
        secret: undefined,
        path: "/exchanger/webhook",
        localPort: 8081,
        publicBase: undefined,
        timeoutMs: 5_000,
      },
    });
    expect(
      parseDoctorConfig({
        EXCHANGER_BASE_URL: "https://x.example",
        DOCTOR_API_KEY: " k ",
        DEFAULT_LANGUAGE: "uk",
      }),
    ).toMatchObject({
      apiKey: "k",
      language: "uk",
    });
  });
});

describe("doctor: fields the bot could not place", () => {
  it("says per method what it understood from an unusual shape and which fields are unknown", async () => {
    sandbox = await startSandbox({ dialect: "shapes" });
    sandbox.addOrder("main", { extra_fee: "0.5" });
    const { report, output } = await doctor(sandbox.baseUrl, sandbox.accounts.main.apiKey);
    expect(report.ok, output).toBe(true);
    const lines = output.split("\n");
    const after = (method: string) =>
      lines[lines.findIndex((l) => l.includes(` ${method} `)) + 1] ?? "";
    expect(after("user-api-get-orders")).toMatch(/^\s+order: .*`status` understood from an object/);
    expect(after("user-api-get-orders")).toContain("`send` nested per side");
    expect(after("user-api-get-orders")).toContain("`rate` a pair");
    expect(after("user-api-get-orders")).toContain("`extra_fee` unknown, shown as is");
    expect(after("user-api-get-verification")).toContain(
      "`data` submitted fields nested one level down",
    );
    expect(after("user-api-get-inputs")).toContain("each value inside an object");
  });

  it("says nothing more where the server sends the documented shapes", async () => {
    sandbox = await startSandbox({ dialect: "spec" });
    const { output } = await doctor(sandbox.baseUrl, sandbox.accounts.main.apiKey);
    expect(output).not.toMatch(/understood from an object|nested per side/);
  });
});
