import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { isRefusal, refusalOf } from "../../src/telegram/refusals.js";

const refused = (error_code: number, description: string, retry_after?: number) =>
  new GrammyError(
    "call failed",
    { ok: false, error_code, description, parameters: { retry_after } },
    "editMessageText",
    {},
  );

describe("Telegram refusals, classified once", () => {
  it("names each cause the bot acts on", () => {
    const cases: [GrammyError, string][] = [
      [
        refused(
          400,
          "Bad Request: message is not modified: specified new message content and reply markup are exactly the same",
        ),
        "not-modified",
      ],
      [refused(400, "Bad Request: message to edit not found"), "message-gone"],
      [refused(400, "Bad Request: message to delete not found"), "message-gone"],
      [refused(400, "Bad Request: message can't be edited"), "cannot-edit"],
      [refused(400, "Bad Request: message can't be deleted for everyone"), "cannot-delete"],
      [refused(403, "Forbidden: bot was blocked by the user"), "blocked"],
      [refused(400, "Bad Request: chat not found"), "chat-not-found"],
    ];
    for (const [error, cause] of cases)
      expect(refusalOf(error)?.cause, error.description).toBe(cause);
    expect(refusalOf(refused(429, "Too Many Requests: retry after 7", 7))).toEqual({
      cause: "too-many-requests",
      retryAfterSeconds: 7,
    });
  });

  it("anything else is no refusal it knows: other descriptions, network errors, plain errors", () => {
    expect(refusalOf(refused(400, "Bad Request: can't parse entities"))).toBeUndefined();
    expect(
      refusalOf(new HttpError("Network request failed", new Error("ECONNRESET"))),
    ).toBeUndefined();
    expect(refusalOf(new Error("message is not modified"))).toBeUndefined();
    expect(
      isRefusal(
        refused(400, "Bad Request: message to edit not found"),
        "message-gone",
        "cannot-edit",
      ),
    ).toBe(true);
    expect(isRefusal(refused(400, "Bad Request: message to edit not found"), "not-modified")).toBe(
      false,
    );
  });
});
