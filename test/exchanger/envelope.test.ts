/**
 * The envelope as PHP frameworks write it (envelope.ts): a validation answer without `success` is a
 * refusal carrying its field messages and names; a message in (encoded) markup reads as words.
 */
import { describe, expect, it } from "vitest";
import { interpret, parseEnvelope, plainMessage } from "../../src/exchanger/envelope.js";
import { ExchangerError } from "../../src/exchanger/errors.js";

const refusal = (status: number, body: unknown): ExchangerError => {
  try {
    interpret("user-api-spend-balance", status, parseEnvelope(JSON.stringify(body)), (t) => t);
  } catch (error) {
    if (error instanceof ExchangerError) return error;
    throw error;
  }
  throw new Error("no refusal");
};

describe("the envelope of a PHP framework", () => {
  it("a 422 validation answer is a refusal with its field messages and the fields it names", () => {
    const error = refusal(422, {
      message: "The given data was invalid.",
      errors: { two_factor_authentication_password: ["This field is required."] },
    });
    expect(error.serverMessage).toBe("This field is required.");
    expect(error.fields).toEqual(["two_factor_authentication_password"]);
    expect(error.httpStatus).toBe(422);
  });

  it("field errors beside `success: false` are read too; an answer with neither is no envelope", () => {
    const error = refusal(200, {
      success: false,
      errors: { value: "Already saved", ids: ["Bad", "Worse"] },
    });
    expect(error.serverMessage).toBe("Already saved; Bad; Worse");
    expect(error.fields).toEqual(["value", "ids"]);
    expect(parseEnvelope(JSON.stringify({ message: "Server error" }))).toBeUndefined();
    expect(parseEnvelope(JSON.stringify({ errors: {} }))).toBeUndefined();
  });

  it.each([
    ["&lt;b&gt;Error!&lt;/b&gt; Not enough balance&lt;br&gt;", "Error! Not enough balance"],
    ["<b>Ошибка:</b><br/>недостаточно средств", "Ошибка: недостаточно средств"],
    ["Tom &amp; Jerry &#8212; &quot;OK&quot;", 'Tom & Jerry — "OK"'],
    ["5 &lt; 7 and a &unknown; entity", "5 < 7 and a &unknown; entity"],
  ])("a message in markup reads as words: %s", (written, read) => {
    expect(plainMessage(written)).toBe(read);
  });
});
