import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { isCardNumber } from "../../../../src/exchanger/index.js";
import { hasCardLikeRun, randomAddresses } from "../../../exchanger/normalize/random-addresses.js";

describe("saved exchange fields", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start();
  });
  afterEach(async () => {
    await h.close();
  });

  it("shows field → value with names from the directions' input lists, raw ids otherwise", async () => {
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    const text = user.lastText();
    expect(text).toContain("Saved fields");
    // A card number is masked wherever it is shown.
    expect(text).toContain("Card number: 537541******9876");
    expect(text).not.toContain("5375 4141 2222 9876");
    expect(text).toContain("Card holder name: IVAN PETRENKO");
    expect(text).toContain("Bitcoin address: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh");
    expect(text).toContain("TRC20 wallet address: TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9");
    expect(text).toContain("E-mail: ivan.petrenko@example.com");
    // A field no direction has any more keeps its raw id, said as a field.
    expect(text).toContain("Field #97: legacy value");
    expect(h.exchangerCalls("/user-api-get-inputs").at(-1)!.fields).toEqual({ language: "en" });
  });

  it("never shows a saved field whose id or name denotes a secret", async () => {
    const inputs = h.sandbox.state.accounts.main!.inputs;
    Object.assign(inputs, {
      card_cvv: "737",
      pin_code: "4921",
      "Recovery Phrase": "abandon ability able",
    });
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    const text = user.lastText();
    expect(text).toContain("Card number: 537541******9876");
    for (const secret of ["737", "4921", "abandon", "cvv", "Pin", "Recovery"])
      expect(text).not.toContain(secret);
  });

  it("addresses whose digits look like a card are shown whole; a card number of its own is masked", async () => {
    // ETH addresses with a Luhn-valid run of 13+ digits inside (a digit-run mask used to hide it).
    const [first, second] = randomAddresses("eth", 20_000).filter((a) =>
      hasCardLikeRun(a, isCardNumber),
    );
    Object.assign(h.sandbox.state.accounts.main!.inputs, {
      "97": first!,
      "98": `send the rest to ${second!}, please`,
      "99": "or to my card 4111 1111 1111 1111.",
    });
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    const text = user.lastText();
    expect(text).toContain(`Field #97: ${first!}`);
    expect(text).toContain(`Field #98: send the rest to ${second!}, please`);
    expect(text).toContain("Field #99: or to my card 411111******1111.");
    expect(text).not.toContain("4111 1111 1111 1111");
  });

  it("caches the field names instead of reading the directions on every view", async () => {
    const user = await h.linkedUser("main");
    await user.send("/inputs");
    const reads = () =>
      h.exchangerCalls("/public-api-get-exchanges").length +
      h.exchangerCalls("/public-api-get-exchange").length;
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    await user.press("🔄 Refresh");
    await user.send("/inputs");
    expect(reads()).toBe(afterFirst);
    expect(h.exchangerCalls("/user-api-get-inputs")).toHaveLength(3);
  });

  it("names fields in the user's language", async () => {
    const user = await h.linkedUser("main", { languageCode: "uk" });
    await user.send("/inputs");
    expect(user.lastText()).toContain("Номер картки: 537541******9876");
    expect(user.lastText()).toContain("Поле №97: legacy value");
    expect(h.exchangerCalls("/public-api-get-exchanges").at(-1)!.query.language).toBe("uk");
  });

  it("says there are no saved fields when the exchanger has none ([] or {})", async () => {
    const user = await h.linkedUser("empty");
    await user.send("/inputs");
    expect(user.lastText()).toMatch(/no saved fields/);
    // The sandbox sends {} for this account; a PHP server sends [] for an empty array.
    h.sandbox.state.accounts.empty!.inputs = [] as never;
    await user.send("/inputs");
    expect(user.lastText()).toMatch(/no saved fields/);
  });

  it("still shows the values (by id) when the directions cannot be read", async () => {
    const user = await h.linkedUser("twofa");
    h.sandbox.injectFault({ path: "/public-api-get-exchanges", kind: "html500", times: 10 });
    await user.send("/inputs");
    expect(user.lastText()).toContain("Field #31: olena.k@example.com");
  });

  it("an exchanger that does not answer: a clear message", async () => {
    const user = await h.linkedUser("main");
    h.sandbox.injectFault({ path: "/user-api-get-inputs", kind: "nonjson", times: 5 });
    await user.send("/inputs");
    expect(user.lastText()).toMatch(/not answering/);
  });

  it("is reachable from the menu and needs a linked account", async () => {
    const stranger = h.user();
    await stranger.send("/inputs");
    expect(stranger.lastText()).toMatch(/not linked yet/);
    const user = await h.linkedUser("main");
    await user.send("/menu");
    await user.press("⋯ More");
    await user.press("📝 Saved fields");
    expect(user.lastText()).toContain("Card number:");
  });
});
