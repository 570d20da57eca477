import { describe, expect, it } from "vitest";
import { readSocial } from "../../src/exchanger/normalize/social.js";

describe("readSocial (public-api-get-social)", () => {
  it("reads the documented positional array: [0] site name, [1] e-mail, [3] Telegram link", () => {
    expect(
      readSocial(["Best Change", "help@best.example", "", "https://t.me/best_help", ""]),
    ).toEqual({
      siteName: "Best Change",
      email: "help@best.example",
      telegramUrl: "https://t.me/best_help",
    });
  });

  it("empty positions, a short array, an object with named fields, or nothing at all", () => {
    expect(readSocial(["", "", "", ""])).toEqual({});
    expect(readSocial(["Only Name"])).toEqual({ siteName: "Only Name" });
    expect(readSocial({ site_name: "Obj", telegram: "@obj_support" })).toEqual({
      siteName: "Obj",
      telegramUrl: "https://t.me/obj_support",
    });
    expect(readSocial(null)).toEqual({});
    expect(readSocial("nope")).toEqual({});
    expect(readSocial(false)).toEqual({});
  });

  it("a Telegram link becomes a button only as https:// or tg://", () => {
    expect(readSocial(["", "", "", "t.me/plain"]).telegramUrl).toBe("https://t.me/plain");
    expect(readSocial(["", "", "", "tg://resolve?domain=x_help"]).telegramUrl).toBe(
      "tg://resolve?domain=x_help",
    );
    expect(readSocial(["", "", "", "http://t.me/insecure"]).telegramUrl).toBeUndefined();
    expect(readSocial(["", "", "", "javascript:alert(1)"]).telegramUrl).toBeUndefined();
  });
});
