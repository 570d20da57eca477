/**
 * How each dialect answers errors (dialect.ts: rejectedKeyStatus, errorStatus, errorMessage): the bot
 * must cope with a revoked key or a refusal that comes back as HTTP 200 and only `success: false`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, DIALECT_NAMES } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { get, post, type Answer } from "./helpers.js";

let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

/** The error envelope, with or without `message`; returns the message (undefined when absent). */
function envelopeMessage(answer: Answer): string | undefined {
  expect(answer.body).toMatchObject({ success: false, result: false });
  return answer.body.message;
}

describe("error answers per dialect", () => {
  it("spec: a revoked key is 401, an unknown path 404, a wrong HTTP method 405, each with a message", async () => {
    sb = await startSandbox({ dialect: "spec" });
    const key = sb.accounts.main.apiKey;
    sb.revokeKey("main");
    const revoked = await post(sb, "/user-api-get-info", key, { language: "en" });
    expect(revoked.status).toBe(401);
    expect(envelopeMessage(revoked)).toBe("Invalid API key");
    const unknown = await get(sb, "/public-api-no-such-method");
    expect(unknown.status).toBe(404);
    expect(envelopeMessage(unknown)).toEqual(expect.any(String));
    const wrongMethod = await get(sb, "/user-api-get-info");
    expect(wrongMethod.status).toBe(405);
  });

  it("names: a revoked key and every other error come with HTTP 200 and a message", async () => {
    sb = await startSandbox({ dialect: "names" });
    const key = sb.accounts.main.apiKey;
    sb.revokeKey("main");
    const revoked = await post(sb, "/user-api-get-orders", key, { language: "ru" });
    expect(revoked.status).toBe(200);
    expect(envelopeMessage(revoked)).toBe("Неверный API ключ");
    const unknown = await get(sb, "/public-api-no-such-method");
    expect(unknown.status).toBe(200);
    expect(envelopeMessage(unknown)).toEqual(expect.any(String));
    expect((await get(sb, "/user-api-get-info")).status).toBe(200);
  });

  it("legacy: errors come with HTTP 200 and without a message", async () => {
    sb = await startSandbox({ dialect: "legacy" });
    const key = sb.accounts.main.apiKey;
    sb.revokeKey("main");
    const revoked = await post(sb, "/user-api-get-info", key);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: false, result: false });
    const refused = await post(sb, "/user-api-create-details", sb.accounts.twofa.apiKey, {
      currency_id: 1,
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: false, result: false });
  });

  it.each(DIALECT_NAMES)(
    "%s: a working key still gets the success envelope with HTTP 200",
    async (name) => {
      sb = await startSandbox({ dialect: name });
      const answer = await post(sb, "/user-api-get-info", sb.accounts.main.apiKey);
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
    },
  );

  it.each(DIALECT_NAMES)(
    "%s: an injected 500 keeps its status; the envelope follows the dialect",
    async (name) => {
      sb = await startSandbox({ dialect: name });
      sb.injectFault({ path: "/public-api-get-status", kind: "envelope500" });
      const answer = await get(sb, "/public-api-get-status");
      expect(answer.status).toBe(500);
      expect(envelopeMessage(answer) !== undefined).toBe(DIALECTS[name].errorMessage);
    },
  );
});
