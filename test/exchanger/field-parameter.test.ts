import { describe, expect, it } from "vitest";
import { fieldParameterName } from "../../src/exchanger/field-parameter.js";

describe("fieldParameterName", () => {
  it("is the field's name in snake_case, as the Private API takes it", () => {
    const cases: Array<[string, string]> = [
      ["E-mail", "e_mail"],
      ["Wallet address", "wallet_address"],
      ["TRC20 wallet address", "trc20_wallet_address"],
      ["  Card holder's name ", "card_holder_s_name"],
      ["walletAddress", "wallet_address"],
      ["Номер карты", "номер_карты"],
      ["Ім'я власника картки", "ім_я_власника_картки"],
      ["Phone (with code)", "phone_with_code"],
      ["ＦＵＬＬ name", "full_name"],
    ];
    for (const [name, parameter] of cases) expect(fieldParameterName(name), name).toBe(parameter);
  });

  it("is empty for a name without a letter or digit (the client refuses to send it)", () => {
    expect(fieldParameterName("—")).toBe("");
    expect(fieldParameterName("")).toBe("");
  });
});
