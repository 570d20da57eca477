import { describe, expect, it } from "vitest";
import { ServerStatuses, statusFilterParam } from "../../src/exchanger/server-statuses.js";

describe("what a process learns about the server's statuses", () => {
  it("offers the spec's five numbers before anything was seen and for servers writing numbers", () => {
    const statuses = new ServerStatuses();
    expect(statuses.form).toBe("number");
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual([0, 1, 2, 4, 3]);
    statuses.observe([4, "1", 7]);
    expect(statuses.form).toBe("number");
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual([0, 1, 2, 4, 3]);
  });

  it("offers the names a name-writing server used, known ones only, in the order of their meaning", () => {
    const statuses = new ServerStatuses();
    statuses.observe([
      "success",
      "processing",
      "awaiting_payment",
      "partially_refunded",
      "new",
      "hold",
      "cancelled",
      "success",
      "a_very_long_status_name_indeed",
    ]);
    expect(statuses.form).toBe("name");
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual([
      "@new",
      "@awaiting_payment",
      "@processing",
      "@hold",
      "@success",
      "@cancelled",
    ]);
  });

  it("never offers a refused filter again", () => {
    const statuses = new ServerStatuses();
    statuses.observe(["paid", "error"]);
    statuses.refuse({ form: "name", value: "error" });
    expect(statuses.filterChoices()).toEqual([{ form: "name", value: "paid" }]);
    expect(new ServerStatuses().isRefused({ form: "name", value: "error" })).toBe(false);
  });
});

describe("the server's form and spellings", () => {
  it("follows most of the distinct statuses seen, so one odd order does not flip a numeric server", () => {
    const statuses = new ServerStatuses();
    statuses.observe([0, 1, 2, "expired"]);
    expect(statuses.form).toBe("number");
    expect(statuses.filterChoices()).toHaveLength(5);
    statuses.observe(["paid", "success", "hold"]);
    expect(statuses.form).toBe("name");
    // The chips follow at once (they are kept between screens only while nothing new was seen).
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual([
      "@paid",
      "@hold",
      "@success",
      "@expired",
    ]);
  });

  it("offers one chip per status when a server spells it two ways, the other once the first is refused", () => {
    const statuses = new ServerStatuses();
    statuses.observe(["waiting", "awaiting_payment", "paid"]);
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual(["@waiting", "@paid"]);
    statuses.refuse({ form: "name", value: "waiting" });
    expect(statuses.filterChoices().map(statusFilterParam)).toEqual(["@awaiting_payment", "@paid"]);
  });
});
