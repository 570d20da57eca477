/**
 * The one policy of what a log line says of an error (src/log-error.ts): name and message, never
 * what the message quotes, never a bot token, never more than a short line.
 */
import { describe, expect, it } from "vitest";
import { loggedError, loggedStack } from "../src/log-error.js";

describe("loggedError", () => {
  it("says an error's name and message", () => {
    const error = new TypeError("fetch failed");
    expect(loggedError(error)).toBe("TypeError: fetch failed");
    class Unavailable extends Error {
      override name = "Unavailable";
    }
    expect(loggedError(new Unavailable("timeout"))).toBe("Unavailable: timeout");
  });

  it("leaves out what a message quotes and anything shaped like a bot token", () => {
    let parseError: unknown;
    try {
      JSON.parse('{"token":"T-secret-order-token"');
    } catch (error) {
      parseError = error;
    }
    expect(loggedError(parseError)).toMatch(/^SyntaxError: /);
    expect(loggedError(parseError)).not.toContain("T-secret-order-token");
    const url = new Error(
      "request to https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe failed",
    );
    expect(loggedError(url)).not.toContain("AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw");
    expect(loggedError(url)).toContain("[bot token]");
    expect(loggedError(new Error("can't connect"))).toBe("Error: can't connect");
  });

  it("says something thrown that is not an Error by the same rule, and clips a long message", () => {
    expect(loggedError("boom")).toBe("boom");
    expect(loggedError(undefined)).toBe("undefined");
    const long = loggedError(new Error("x".repeat(1000)));
    expect(long.length).toBe(200);
    expect(long.endsWith("…")).toBe(true);
  });

  it("gives an error's frames without its message", () => {
    const error = new Error('bad "secret-value"');
    const stack = loggedStack(error)!;
    expect(stack).toMatch(/^\s+at /);
    expect(stack).not.toContain("secret-value");
    expect(loggedStack("text")).toBeUndefined();
  });
});
