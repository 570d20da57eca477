import { describe, expect, it } from "vitest";
import {
  luhnValid,
  parseBirthDate,
  parseCardNumber,
  parseIdNumber,
  parseName,
  parsePhone,
  parsePlainText,
  parseZipCode,
} from "../../../../src/bot/features/verification/validation.js";

const TODAY = new Date(Date.UTC(2025, 5, 15)); // 15.06.2025

describe("card numbers", () => {
  it("accepts Luhn-valid numbers of 12-19 digits with spaces or dashes, returning digits only", () => {
    expect(parseCardNumber("4111 1111 1111 1111")).toEqual({ ok: true, value: "4111111111111111" });
    expect(parseCardNumber(" 5555-5555-5555-4444 ")).toEqual({
      ok: true,
      value: "5555555555554444",
    });
    expect(parseCardNumber("378282246310005")).toEqual({ ok: true, value: "378282246310005" }); // 15 digits (Amex)
    expect(parseCardNumber("6759649826438453")).toEqual({ ok: true, value: "6759649826438453" });
  });

  it("names what is wrong", () => {
    expect(parseCardNumber("")).toEqual({ ok: false, error: "empty" });
    expect(parseCardNumber("4111 1111 abcd 1111")).toEqual({ ok: false, error: "card-chars" });
    expect(parseCardNumber("4111.1111.1111.1111")).toEqual({ ok: false, error: "card-chars" });
    expect(parseCardNumber("4111 1111 111")).toEqual({ ok: false, error: "card-length" }); // 11 digits
    expect(parseCardNumber("4".repeat(20))).toEqual({ ok: false, error: "card-length" });
    expect(parseCardNumber("4111 1111 1111 1112")).toEqual({ ok: false, error: "card-checksum" });
  });

  it("Luhn: known good and bad values", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("0000000000000000")).toBe(true);
  });
});

describe("birth dates", () => {
  it("accepts dd.mm.yyyy and normalises lenient forms", () => {
    expect(parseBirthDate("24.08.1991", TODAY)).toEqual({ ok: true, value: "24.08.1991" });
    expect(parseBirthDate(" 1.2.1990 ", TODAY)).toEqual({ ok: true, value: "01.02.1990" });
    expect(parseBirthDate("29/02/2000", TODAY)).toEqual({ ok: true, value: "29.02.2000" });
  });

  it("rejects other formats and dates that do not exist", () => {
    expect(parseBirthDate("1991-08-24", TODAY)).toEqual({ ok: false, error: "date-format" });
    expect(parseBirthDate("24.08.91", TODAY)).toEqual({ ok: false, error: "date-format" });
    expect(parseBirthDate("yesterday", TODAY)).toEqual({ ok: false, error: "date-format" });
    expect(parseBirthDate("31.02.1990", TODAY)).toEqual({ ok: false, error: "date-not-real" });
    expect(parseBirthDate("29.02.1999", TODAY)).toEqual({ ok: false, error: "date-not-real" });
    expect(parseBirthDate("10.13.1990", TODAY)).toEqual({ ok: false, error: "date-not-real" });
  });

  it("must be in the past, for someone aged 14 to 120", () => {
    expect(parseBirthDate("15.06.2025", TODAY)).toEqual({ ok: false, error: "date-future" });
    expect(parseBirthDate("01.01.2030", TODAY)).toEqual({ ok: false, error: "date-future" });
    expect(parseBirthDate("16.06.2011", TODAY)).toEqual({ ok: false, error: "date-too-young" }); // 13, birthday tomorrow
    expect(parseBirthDate("15.06.2011", TODAY)).toEqual({ ok: true, value: "15.06.2011" }); // 14 today
    expect(parseBirthDate("15.06.1905", TODAY)).toEqual({ ok: true, value: "15.06.1905" }); // 120 today
    expect(parseBirthDate("16.06.1904", TODAY)).toEqual({ ok: true, value: "16.06.1904" }); // still 120
    expect(parseBirthDate("15.06.1904", TODAY)).toEqual({ ok: false, error: "date-too-old" }); // 121 today
  });
});

describe("phones", () => {
  it("accepts + and 7-15 digits, with the usual separators removed", () => {
    expect(parsePhone("+380 (50) 123-45-67")).toEqual({ ok: true, value: "+380501234567" });
    expect(parsePhone("+1.202.555.0142")).toEqual({ ok: true, value: "+12025550142" });
    expect(parsePhone("+1234567")).toEqual({ ok: true, value: "+1234567" });
  });

  it("rejects local numbers, letters and wrong lengths", () => {
    expect(parsePhone("0501234567")).toEqual({ ok: false, error: "phone-format" });
    expect(parsePhone("+38050abc4567")).toEqual({ ok: false, error: "phone-format" });
    expect(parsePhone("+123456")).toEqual({ ok: false, error: "phone-format" });
    expect(parsePhone("+1234567890123456")).toEqual({ ok: false, error: "phone-format" });
    expect(parsePhone("  ")).toEqual({ ok: false, error: "empty" });
  });
});

describe("names and free text", () => {
  it("trims and collapses whitespace; any script works", () => {
    expect(parseName("  Anna   Maria ")).toEqual({ ok: true, value: "Anna Maria" });
    expect(parseName("Ковальчук-О'Ніл")).toEqual({ ok: true, value: "Ковальчук-О'Ніл" });
  });

  it("rejects empty, too long, control characters and names without letters", () => {
    expect(parseName("   ")).toEqual({ ok: false, error: "empty" });
    expect(parseName("a".repeat(101))).toEqual({ ok: false, error: "too-long" });
    expect(parseName("a".repeat(100))).toEqual({ ok: true, value: "a".repeat(100) });
    expect(parseName("Iv\u0000an")).toEqual({ ok: false, error: "control-chars" });
    expect(parseName("Ivan\u202e")).toEqual({ ok: false, error: "control-chars" });
    expect(parseName("12345")).toEqual({ ok: false, error: "no-letters" });
    expect(parseName("😀")).toEqual({ ok: false, error: "no-letters" });
    expect(parseName("<b>Anna</b>")).toEqual({ ok: false, error: "name-chars" });
    expect(parseName("Anna2")).toEqual({ ok: false, error: "name-chars" });
    expect(parseName("Anna 😀")).toEqual({ ok: false, error: "name-chars" });
    expect(parseName("J. R. O’Neil")).toEqual({ ok: true, value: "J. R. O’Neil" });
    expect(parseName("José Müller")).toEqual({ ok: true, value: "José Müller" });
  });

  it("free text allows line breaks (collapsed) but not other control characters", () => {
    expect(parsePlainText("Khreshchatyk 1,\napt. 5", 200)).toEqual({
      ok: true,
      value: "Khreshchatyk 1, apt. 5",
    });
    expect(parsePlainText("x\u0007", 200)).toEqual({ ok: false, error: "control-chars" });
    expect(parsePlainText("x".repeat(11), 10)).toEqual({ ok: false, error: "too-long" });
  });

  it("document numbers and postal codes", () => {
    expect(parseIdNumber("AB 123456")).toEqual({ ok: true, value: "AB 123456" });
    expect(parseIdNumber("№ 123 <b>")).toEqual({ ok: false, error: "id-number-chars" });
    expect(parseIdNumber("passport")).toEqual({ ok: false, error: "id-number-chars" });
    expect(parseZipCode("SW1A 1AA")).toEqual({ ok: true, value: "SW1A 1AA" });
    expect(parseZipCode("01001")).toEqual({ ok: true, value: "01001" });
    expect(parseZipCode("0100#")).toEqual({ ok: false, error: "zip-chars" });
    expect(parseZipCode("1234567890123")).toEqual({ ok: false, error: "too-long" });
  });
});
