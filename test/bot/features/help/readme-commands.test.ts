/**
 * README.md's command table ("## Using the bot") matches the commands the bot registers: every
 * customer command (layout.commands) and the admin ones, each once, and the "menu" column names
 * exactly the commands in Telegram's command menu (CommandSpec.inMenu).
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Harness } from "../../../harness/harness.js";
import { ADMIN_COMMANDS } from "../../../../src/bot/features/admin/index.js";

interface Row {
  commands: string[];
  menu: string[];
  admin: boolean;
}

/** The table's rows: `| commands | menu | what it does |`, commands as `/name` in backticks. */
function readmeTable(): Row[] {
  const readme = readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
  const start = readme.indexOf("\n## Using the bot\n");
  expect(start).toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [commands = "", menu = ""] = line.split("|").slice(1);
      return {
        commands: [...commands.matchAll(/`\/([a-z0-9_]+)/g)].map((m) => m[1]!),
        menu: [...menu.matchAll(/`\/([a-z0-9_]+)`/g)].map((m) => m[1]!),
        admin: menu.includes("admin chats"),
      };
    });
}

describe("README's command table", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await Harness.start();
  });
  afterAll(async () => {
    await h.close();
  });

  it("lists every registered command exactly once, and nothing else", () => {
    const listed = readmeTable().flatMap((row) => row.commands);
    const registered = [...h.app.layout.commands, ...ADMIN_COMMANDS].map((c) => c.command);
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...registered].sort());
  });

  it("marks as menu exactly the commands of Telegram's command menu, and the admin commands as such", () => {
    const rows = readmeTable();
    const menu = rows.flatMap((row) => row.menu);
    for (const row of rows) for (const command of row.menu) expect(row.commands).toContain(command);
    const inMenu = h.app.layout.commands.filter((c) => c.inMenu === true).map((c) => c.command);
    expect([...menu].sort()).toEqual([...inMenu].sort());
    const admin = rows.filter((row) => row.admin).flatMap((row) => row.commands);
    expect(admin.sort()).toEqual(ADMIN_COMMANDS.map((c) => c.command).sort());
  });
});
