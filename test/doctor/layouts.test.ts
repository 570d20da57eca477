/**
 * `npm run doctor` against a server that writes its records as positional arrays (the sandbox's
 * `positional` dialect): it prints per object the layout it read them by, writes them with
 * `--write-layout`, and flags what a layout reading may get wrong.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runDoctor, writeLayoutArg } from "../../src/doctor/run.js";
import { layoutProblems } from "../../src/doctor/layouts.js";
import { parseLayouts } from "../../src/exchanger/layouts/file.js";
import { USER_LAYOUT } from "../../src/exchanger/normalize/user-layout.js";
import { ORDER_POSITIONS } from "../../src/sandbox/positional.js";
import { DIALECTS } from "../../src/sandbox/dialect.js";
import { startSandbox, type Sandbox } from "../../src/sandbox/server.js";
import { VENDOR_USER } from "../exchanger/normalize/vendor-user.js";

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function doctor(writeLayout?: string, directions: "positional" | "named" = "positional") {
  // Every object an array, the direction of get-exchange too (the positionalDirections variant).
  const positionalDirections = directions === "positional";
  sandbox = await startSandbox({ dialect: { ...DIALECTS.positional, positionalDirections } });
  const lines: string[] = [];
  const report = await runDoctor(
    {
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.accounts.main.apiKey,
      language: "en",
      timeoutMs: 2_000,
      ...(writeLayout !== undefined && { writeLayout }),
    },
    (line) => lines.push(line),
  );
  return { report, output: lines.join("\n") };
}

describe("doctor and positional records", () => {
  it("prints per object what is certain and by which evidence, what is guessed, and fails where a screen would be uncertain", async () => {
    const { report, output } = await doctor();
    // Saved details have no id filter in the spec, and the direction's rate and limits nothing proves.
    expect(report.ok, output).toBe(false);
    const row = (method: string) => report.methods.find((m) => m.method === method)!;
    expect(row("user-api-get-details").verdict).toBe("uncertain");
    expect(row("user-api-get-details").line).toContain(
      "NOT certain: detail id (/details offers no Delete)",
    );
    expect(row("public-api-get-exchange").verdict).toBe("uncertain");
    expect(row("public-api-get-exchange").line).toMatch(/NOT certain: .*direction rate/);
    // No direction quotes a rate the bot can read: nothing tells the amounts from the rate.
    expect(row("user-api-get-orders").line).toContain(
      "NOT certain: order send_amount, order receive_amount",
    );
    expect(output).toContain(
      "user: positional, 30 values: user layout from the vendor documentation",
    );
    const order = output.split("\n").find((l) => l.includes("order: positional, 17 values"))!;
    expect(order).toContain("learned — certain:");
    const at = (name: string) => ORDER_POSITIONS.indexOf(name as never);
    expect(order).toContain(
      `token at ${at("token")} (the token filter: the one row for its value, none for others)`,
    );
    expect(order).toMatch(
      new RegExp(`status at ${at("status")} \\(the status filter: exactly the rows holding`),
    );
    expect(order).toContain(`id at ${at("id")} (the id filter`);

    expect(order).toContain(
      `created_at at ${at("created_at")} (a unix time, earlier than the other in every row)`,
    );
    expect(order).toMatch(/positions [\d, ]+ unplaced/);
    // The detail id no filter of the spec confirms: a guess, never sent in a delete.
    expect(output).toMatch(/detail: .*guessed: .*id at 2 \(distinct whole numbers, a guess\)/);
    const line = (object: string) =>
      output.split("\n").find((l) => l.includes(`${object}: positional`));
    expect(line("currency"), output).toMatch(
      /currency: positional, 6 values, learned — certain: id at 4 \(the directions map's ids\); guessed: code at 0/,
    );
    expect(line("verification"), output).toMatch(
      /verification: positional, 19 values, learned — certain: .*status at 1 \(a verification status word\)/,
    );
    expect(line("direction"), output).toMatch(
      /direction: positional, 10 values, learned — certain: slug at 1 \(the pair asked\).*NOT certain: .*rate, min_amount, max_amount/,
    );
    // The directions are arrays too: their input fields' ids cannot be read, so nothing tells a
    // saved field's id from its value.
    expect(line("saved field"), output).toMatch(
      /saved field: positional, 2 values, learned — certain: nothing; guessed: .*NOT certain: id/,
    );
    // The key and the user object's secrets are never printed.
    expect(output).not.toContain(sandbox!.accounts.main.apiKey);
    expect(output).not.toContain("$2y$10$");
  });

  it("places the amounts where the directions quote a rate, and then understands the orders", async () => {
    const { report, output } = await doctor(undefined, "named");
    const orders = report.methods.find((m) => m.method === "user-api-get-orders")!;
    expect(orders.verdict, output).toBe("understood");
    const order = output.split("\n").find((l) => l.includes("order: positional, 17 values"))!;
    const at = (name: string) => ORDER_POSITIONS.indexOf(name as never);
    expect(order).toContain(`send_amount at ${at("send_amount")} (send × rate = receive`);
    expect(order).toContain(`receive_amount at ${at("receive_amount")} (send × rate = receive`);
    expect(order).toContain(`rate at ${at("rate")} (send × rate = receive`);
  });

  it("says when the user object is not the documented one, and never prints its values", async () => {
    sandbox = await startSandbox({ dialect: "positional" });
    const shifted = [...VENDOR_USER.slice(2), "JBSWY3DPEHPK3PXP"];
    sandbox.state.accounts.main!.userObject = shifted;
    const lines: string[] = [];
    const options = { baseUrl: sandbox.baseUrl, language: "en" as const, timeoutMs: 2_000 };
    const report = await runDoctor({ ...options, apiKey: sandbox.accounts.main.apiKey }, (l) =>
      lines.push(l),
    );
    const info = report.methods.find((m) => m.method === "user-api-get-info")!;
    expect(info.verdict).toBe("uncertain");
    expect(info.line).toContain(
      `does not match the documented user layout: ${shifted.length} values`,
    );
    expect(report.ok).toBe(false);
    expect(lines.join("\n")).not.toContain("JBSWY3DPEHPK3PXP");
  });

  it("--write-layout writes the layouts it read by, as a file EXCHANGER_LAYOUT accepts", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "layout-")), "layout.json");
    expect(writeLayoutArg(["--write-layout", file])).toEqual({ writeLayout: file });
    expect(writeLayoutArg([`--write-layout=${file}`])).toEqual({ writeLayout: file });
    expect(() => writeLayoutArg(["--write-layout"])).toThrow(/needs a file path/);
    const { output } = await doctor(file);
    expect(output).toContain(`to ${file}: set EXCHANGER_LAYOUT=${file}`);
    const layouts = parseLayouts(readFileSync(file, "utf8"));
    expect(layouts.map((l) => l.object).sort()).toEqual([
      "currency",
      "detail",
      "direction",
      "direction field",
      "order",
      "referral order",
      "saved field",
      "user",
      "verification",
    ]);
    const order = layouts.find((l) => l.object === "order")!;
    expect(order.fields.find((f) => f.name === "token")).toMatchObject({
      position: ORDER_POSITIONS.indexOf("token"),
      by: "filter",
    });
  });

  it("flags a display amount that disagrees with the plain number beside it, and dates it cannot read", () => {
    const wrong = [...VENDOR_USER];
    wrong[19] = 12.5; // the balance's plain number no longer matches "33668.78 USD" at 10
    wrong[9] = "soon";
    expect(layoutProblems(USER_LAYOUT, wrong)).toEqual([
      "balance_text at 10 reads as a number that disagrees with balance_number at 19",
      "created_at at 9: 1 date(s) the bot cannot read",
    ]);
    expect(layoutProblems(USER_LAYOUT, VENDOR_USER)).toEqual([]);
  });
});
