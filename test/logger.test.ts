import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.js";

describe("logger", () => {
  it("redacts secrets wherever they appear in a logged object", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "debug",
      new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }),
    );
    logger.info(
      {
        apiKey: "KEY-1234567890",
        req: { headers: { "x-authorization": "KEY-abc" } },
        form: { password: "hunter22", two_factor_authentication_password: "123456" },
        config: { exchange: { privateApiKey: "PK-operator-secret" } },
        chatId: 42,
      },
      "call",
    );
    const out = lines.join("");
    for (const secret of ["KEY-1234567890", "KEY-abc", "hunter22", "123456", "PK-operator-secret"])
      expect(out).not.toContain(secret);
    expect(out).toContain('"chatId":42');
    expect(out).toContain("[redacted]");
  });
});

describe("LOG_FORMAT=pretty", () => {
  it("writes readable lines, not JSON, with the same redaction", () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }),
      "pretty",
    );
    logger.info({ apiKey: "KEY-1234567890", chatId: 42 }, "vault opened");
    const out = lines.join("");
    expect(out).toContain("INFO");
    expect(out).toContain("vault opened");
    expect(out).toContain("chatId: 42");
    expect(out).not.toContain("KEY-1234567890");
    expect(() => JSON.parse(out)).toThrow();
  });
});
