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

async function doctor(writeLayout?: string) {
  // Every object an array, the direction of get-exchange too (the positionalDirections variant).
  sandbox = await startSandbox({ dialect: { ...DIALECTS.positional, positionalDirections: true } });
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
  it("prints the vendor's user layout and the order layout it learned, position by position", async () => {
    const { report, output } = await doctor();
    expect(report.ok, output).toBe(true);
    expect(output).toContain(
      "user: positional, 30 values: user layout from the vendor documentation",
    );
    const order = output.split("\n").find((l) => l.includes("order: positional, 16 values"))!;
    expect(order).toContain("learned —");
    const at = (name: string) => ORDER_POSITIONS.indexOf(name as never);
    expect(order).toContain(`token at ${at("token")} (the token filter)`);
    expect(order).toContain(`status at ${at("status")} (the status filter)`);
    expect(order).toContain(`id at ${at("id")} (the id filter)`);
    expect(order).toContain(`send_amount at ${at("send_amount")} (send × rate = receive)`);
    expect(order).toContain(`created_at at ${at("created_at")} (a unix time)`);
    expect(order).toMatch(/positions [\d, ]+ unplaced/);
    expect(output).toMatch(
      /detail: positional, 4 values: learned — .*value at 0 \(the value filter\)/,
    );
    // The id no filter of the spec confirms: placed by its kind only, so never sent in a delete.
    expect(output).toMatch(/detail: .*id at 2 \(distinct whole numbers\)/);
    // Every other object the positional sandbox writes as an array, and how each position was found.
    const line = (object: string) =>
      output.split("\n").find((l) => l.includes(`${object}: positional`));
    expect(line("currency"), output).toMatch(
      /currency: positional, 6 values: learned — code at 0 \(distinct capital codes\), reserve at 1 .*, id at 4 \(the directions map's ids\)/,
    );
    expect(line("verification"), output).toMatch(
      /verification: positional, 19 values: learned — .*status at 1 \(a verification status word\).*; positions [\d, ]+ unplaced/,
    );
    // The first direction's id (1) is also its send currency's id: where the send id sits nothing
    // says, so it stays unplaced; the rate and the limits always do.
    expect(line("direction"), output).toMatch(
      /direction: positional, 10 values: learned — slug at 1 \(the pair asked\), inputs at 2 \(the one list of rows\), receive_currency_id at 3 \(the directions map's ids\); positions 0, 4, 5, 6, 7, 8, 9 unplaced/,
    );
    expect(line("direction field"), output).toMatch(
      /direction field: positional, 3 values: learned — required at 0 \(the one column of flags\), name at 1 \(the one column of texts\), id at 2/,
    );
    expect(line("saved field"), output).toMatch(
      /saved field: positional, 2 values: learned — value at 0 \(the one column of saved values\), id at 1/,
    );
    // The key and the user object's secrets are never printed.
    expect(output).not.toContain(sandbox!.accounts.main.apiKey);
    expect(output).not.toContain("$2y$10$");
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
