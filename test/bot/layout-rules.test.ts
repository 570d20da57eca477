/**
 * The rules of src/bot/README.md, enforced: every relative import in src/ is resolved and checked.
 * A rule written down only is forgotten by the next change; this test fails on the first import
 * that breaks one, naming the file and the import.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");

interface Import {
  /** Importing file, relative to src/ ("bot/features/pay/index.ts"). */
  from: string;
  /** Imported file, relative to src/ ("bot/features/menu/public.ts"). */
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Static and re-export specifiers, with whether the whole statement is `import type` / `export type`. */
const SPECIFIER = /^(import|export)\s+(type\s+)?[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/gms;

export function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const target = resolve(dirname(file), match[3]!).replace(/\.js$/, ".ts");
    found.push({
      from: relative(SRC, file),
      to: relative(SRC, target),
      typeOnly: match[2] !== undefined,
    });
  }
  return found;
}

const ALL = sourceFiles(SRC).flatMap((file) => importsOf(file, readFileSync(file, "utf8")));

/** Storage modules of pure definitions (no store access) features may import as values. */
const SHARED_DEFINITIONS = new Set(["storage/settings.ts", "storage/rate-alert-rules.ts"]);

/** "bot/features/pay/render.ts" → "pay"; undefined outside features/. */
const featureOf = (path: string): string | undefined => /^bot\/features\/([^/]+)\//.exec(path)?.[1];

/**
 * What the server is like (its layouts, status forms, list order, page size) lives in the exchanger's
 * ServerProfile, learned there by the order pages: a screen or the watcher that holds or feeds it is
 * the drift the one reading path removed.
 */
const SERVER_KNOWLEDGE =
  /\b(ServerProfile|ServerStatuses|ListOrder|ServedPageSize|newestFirstPage|LayoutBook)\b|\.(refuse|observe)\(|\bdeps\.(statuses|listOrder|servedPageSize)\b/;

function serverKnowledge(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, i) =>
      SERVER_KNOWLEDGE.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [`${file}:${i + 1}`] : [],
    );
}

/** Every import that breaks a rule, as "importer → imported (rule)". */
export function violations(imports: readonly Import[]): string[] {
  const out: string[] = [];
  for (const { from, to, typeOnly } of imports) {
    const own = featureOf(from);
    const other = featureOf(to);
    const say = (rule: string) => out.push(`${from} → ${to} (${rule})`);
    if (from.startsWith("bot/") && to.startsWith("notify/"))
      say("src/bot never imports src/notify: use deps.notifications");
    if (from.startsWith("bot/core/") && to.startsWith("bot/middlewares/"))
      say("core/ never imports middlewares/: a set-up that needs both lives in middlewares/");
    if (own !== undefined) {
      if (other !== undefined && other !== own && !to.endsWith(`/${other}/public.ts`))
        say("a feature uses another feature only through its public.ts");
      if (other !== undefined && other !== own && from.endsWith("/public.ts"))
        say("a public.ts imports no other feature (no cycles)");
      if (to.startsWith("bot/middlewares/"))
        say("features do not import middlewares: shared pieces live in core/ or ui/");
      // Data goes through ctx.deps; a feature may name its keys under the chat's prefix (chatKeyPrefix)
      // and use the pure definitions the background side shares (settings' switches, rate-alert rules).
      if (to.startsWith("storage/") && !typeOnly && !SHARED_DEFINITIONS.has(to))
        say("features reach storage through ctx.deps (type imports only)");
      if (
        to.startsWith("notify/") ||
        to.startsWith("sandbox/") ||
        to === "app.ts" ||
        to === "main.ts"
      )
        say("features import only bot/, exchanger/ and types");
    } else if (from.startsWith("bot/") && from !== "bot/index.ts" && other !== undefined) {
      say("only the composition root (bot/index.ts) imports features");
    }
    if (from.startsWith("notify/") && to.startsWith("bot/features/") && !to.endsWith("/public.ts"))
      say("notify uses only the features' public rendering");
    if (
      (from.startsWith("exchanger/") ||
        from.startsWith("storage/") ||
        from.startsWith("telegram/")) &&
      to.startsWith("bot/")
    )
      say("Telegram-free layers never import the bot");
    if (from.startsWith("exchanger/normalize/") && to === "exchanger/types.ts")
      say("normalize/ names the shared record types through their leaf, exchanger/records.ts");
    if (from.startsWith("doctor/") && to.startsWith("bot/"))
      say("the doctor is Telegram-free: what it shares with the screens lives in a leaf");
    if (from.startsWith("operator/") && to.startsWith("notify/"))
      say("the operator side counts the store; the app hands it the watcher's keys");
    if (
      to === "exchanger/inspect.ts" &&
      !from.startsWith("doctor/") &&
      !from.startsWith("sandbox/") &&
      !from.startsWith("exchanger/")
    )
      say(
        "the exchanger's second door (inspect.ts) is the doctor's, the sandbox's and the bench's",
      );
    if (
      !from.startsWith("exchanger/") &&
      to.startsWith("exchanger/") &&
      to !== "exchanger/index.ts" &&
      to !== "exchanger/inspect.ts"
    )
      say(
        "the exchanger's inner rooms are reached only through its front door, exchanger/index.ts",
      );
  }
  return out;
}

/**
 * An import circle through `file`, type imports included, as "a → b → … → a"; undefined when none.
 * Breadth-first, so the circle named is a shortest one.
 */
export function circleThrough(imports: readonly Import[], file: string): string | undefined {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const cameFrom = new Map<string, string>();
  const queue = [file];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const to of next.get(at) ?? []) {
      if (to === file) {
        const path = [to];
        for (let step: string | undefined = at; step !== undefined; step = cameFrom.get(step))
          path.unshift(step);
        return path.join(" → ");
      }
      if (cameFrom.has(to) || to === file) continue;
      cameFrom.set(to, at);
      queue.push(to);
    }
  }
  return undefined;
}

/**
 * Every import circle in `imports` (type imports included), one strongly connected group of files each
 * (Tarjan), as its files sorted and joined by " ↔ "; empty when the graph has none.
 */
export function circles(imports: readonly Import[]): string[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) visit(to);
      if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, low.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next.get(file)?.includes(file)) found.push(group.sort().join(" ↔ "));
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * Leaves: files that several layers share and that therefore import nothing of src/ (a leaf that
 * reached up would close a circle through everything that imports it).
 */
export const LEAVES = [
  "languages.ts",
  "support-url.ts",
  "log-error.ts",
  "field-names.ts",
  "exchanger/records.ts",
  "bot/core/flow-timeout.ts",
  "sandbox/webhook-event.ts",
];

/** "leaf → imported" for every import a leaf makes, and for config.ts reaching past the leaves. */
export function upwardFromLeaves(imports: readonly Import[]): string[] {
  return imports
    .filter(
      ({ from, to }) => LEAVES.includes(from) || (from === "config.ts" && !LEAVES.includes(to)),
    )
    .map(({ from, to }) => `${from} → ${to}`);
}

/** "file:line" of every line in src/ that `pattern` matches. */
function linesInSrc(pattern: RegExp): string[] {
  return sourceFiles(SRC).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(SRC, file)}:${i + 1}`] : [])),
  );
}

/** Telegram's edit methods: the bot reaches them only through ui/screen.ts (one fallback, one "unchanged" check). */
const EDIT_CALL =
  /\.(editMessageText|editMessageReplyMarkup|editMessageCaption|editMessageMedia)\s*\(/g;

/** "file:line method" for every direct edit call in src/bot outside ui/screen.ts. */
export function directEdits(file: string, text: string): string[] {
  if (!file.startsWith("bot/") || file === "bot/ui/screen.ts") return [];
  return [...text.matchAll(EDIT_CALL)].map(
    (m) => `${file}:${text.slice(0, m.index).split("\n").length} ${m[1]}`,
  );
}

/** "file:line" for every callback-data codec a feature declares outside its codec.ts. */
export function codecsOutsideCodec(file: string, text: string): string[] {
  if (featureOf(file) === undefined || file.endsWith("/codec.ts")) return [];
  return [...text.matchAll(/\bcallbackData\s*\(/g)].map(
    (m) => `${file}:${text.slice(0, m.index).split("\n").length}`,
  );
}

/** Files where callback data may be spelled out: the codecs themselves. */
const isCodecFile = (file: string) =>
  file.endsWith("/codec.ts") || file === "bot/ui/callback-data.ts";

/** The first part ("notify" of "notify:on") of every piece of callback data the codec files spell. */
export function callbackPrefixes(codecTexts: string[]): Set<string> {
  const prefixes = new Set<string>();
  for (const text of codecTexts)
    for (const m of text.matchAll(/["'`]([a-z]{2,8})(?::[a-z0-9:]*)?["'`]/g))
      if (!/^(type|import)$/.test(m[1]!)) prefixes.add(m[1]!);
  return prefixes;
}

/**
 * "file:line literal" for callback data spelled outside a codec file: a string literal
 * "<prefix>:…" of a known prefix, or any literal handed to callbackQuery() or as a button's data.
 */
export function callbackLiterals(file: string, source: string, prefixes: Set<string>): string[] {
  if (isCodecFile(file)) return [];
  // Comments may show examples of callback data; their lines are kept so line numbers stay right.
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  const at = (index: number, literal: string) =>
    found.push(`${file}:${text.slice(0, index).split("\n").length} ${literal}`);
  for (const m of text.matchAll(/["'`]([a-z]{2,8}):[^"'`\s]*["'`]/g))
    if (prefixes.has(m[1]!)) at(m.index, m[0]);
  for (const m of text.matchAll(/\bcallbackQuery\(\s*(["'`][^"'`]*["'`])/g)) at(m.index, m[1]!);
  // A keyboard call may be wrapped over several lines, with a trailing comma after the data.
  for (const m of text.matchAll(/\.text\([^;]*?,\s*(["'`][^"'`]*["'`])\s*,?\s*\)/g))
    at(m.index, m[1]!);
  for (const m of text.matchAll(/\bdata:\s*(["'`][^"'`]*["'`])/g)) at(m.index, m[1]!);
  return found;
}

describe("layout rules (src/bot/README.md)", () => {
  it("finds the imports it checks", () => {
    // Guards the guard: a broken scanner would see no imports and pass everything.
    expect(ALL.length).toBeGreaterThan(300);
    expect(ALL).toContainEqual({
      from: "bot/features/orders/order-screens.ts",
      to: "bot/features/pay/public.ts",
      typeOnly: false,
    });
  });

  it("no source file breaks a rule", () => {
    expect(violations(ALL)).toEqual([]);
  });

  it("no import circle runs through bot/context.ts: it declares what the context carries, and others import it", () => {
    expect(circleThrough(ALL, "bot/context.ts")).toBeUndefined();
    // Guards the guard: a circle of type imports is found, and named from the file round to it.
    const sample = (from: string, to: string): Import => ({ from, to, typeOnly: true });
    expect(
      circleThrough(
        [
          sample("bot/context.ts", "bot/feature.ts"),
          sample("bot/feature.ts", "bot/ui/screen.ts"),
          sample("bot/ui/screen.ts", "bot/context.ts"),
        ],
        "bot/context.ts",
      ),
    ).toBe("bot/context.ts → bot/feature.ts → bot/ui/screen.ts → bot/context.ts");
    expect(
      circleThrough([sample("bot/context.ts", "bot/feature.ts")], "bot/context.ts"),
    ).toBeUndefined();
  });

  it("no import circle anywhere in src/, and the leaves import nothing of src/", () => {
    expect(circles(ALL)).toEqual([]);
    expect(upwardFromLeaves(ALL)).toEqual([]);
    for (const leaf of LEAVES)
      expect(
        ALL.some((i) => i.to === leaf),
        leaf,
      ).toBe(true);
    // Guards the guard: circles of any length (a file importing itself too) are found, chains are not.
    const sample = (from: string, to: string): Import => ({ from, to, typeOnly: true });
    expect(
      circles([
        sample("a.ts", "b.ts"),
        sample("b.ts", "c.ts"),
        sample("c.ts", "a.ts"),
        sample("c.ts", "d.ts"),
        sample("d.ts", "d.ts"),
        sample("e.ts", "a.ts"),
      ]),
    ).toEqual(["d.ts", "a.ts ↔ b.ts ↔ c.ts"]);
    expect(circles([sample("a.ts", "b.ts"), sample("b.ts", "c.ts")])).toEqual([]);
    expect(
      upwardFromLeaves([
        sample("languages.ts", "config.ts"),
        sample("config.ts", "exchanger/index.ts"),
        sample("config.ts", "support-url.ts"),
        sample("exchanger/types.ts", "exchanger/records.ts"),
      ]),
    ).toEqual(["languages.ts → config.ts", "config.ts → exchanger/index.ts"]);
  });

  it("what a log says of an error is decided once (log-error.ts): no log field spells it inline", () => {
    const inline = /\berr:\s*[^,}]*instanceof Error/;
    expect(linesInSrc(inline)).toEqual([]);
    expect(inline.test("{ err: error instanceof Error ? error.name : String(error) },")).toBe(true);
    expect(inline.test("{ err: loggedError(error) },")).toBe(false);
  });

  it("no benchmark talk in src/: figures and what a workaround saved live in docs/performance.md", () => {
    const talk = /\bbench(mark)?\s+P\d|\bbench's\b|\d\s*µs\b|\bP1overGate\b|\bgarbage collector\b/i;
    expect(linesInSrc(talk)).toEqual([]);
    expect(talk.test(" * the largest cost of a screen (bench P1).")).toBe(true);
    expect(talk.test(" * 2–4 µs less CPU per update")).toBe(true);
    expect(talk.test(" * tests and the bench move the clock forward")).toBe(false);
  });

  it("nothing in src/bot edits a message itself: every screen and every button removal goes through ui/screen.ts", () => {
    const found = sourceFiles(join(SRC, "bot")).flatMap((file) =>
      directEdits(relative(SRC, file), readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
    // Guards the guard: the scanner sees a direct edit when there is one, and ui/ is where edits belong.
    expect(
      directEdits(
        "bot/features/notify/index.ts",
        "await ctx.editMessageReplyMarkup({ reply_markup })",
      ),
    ).toHaveLength(1);
    expect(
      directEdits("bot/features/x/flow.ts", "await ctx.api\n  .editMessageText(chatId, id, text)"),
    ).toEqual(["bot/features/x/flow.ts:2 editMessageText"]);
    expect(
      directEdits("bot/core/flow-messages.ts", "await api.editMessageReplyMarkup(chatId, id)"),
    ).toHaveLength(1);
    expect(directEdits("bot/ui/screen.ts", "await api.editMessageText(chatId, id, text)")).toEqual(
      [],
    );
  });

  it("no screen and no watcher carries or feeds back what the server is like: that is the exchanger side's", () => {
    const found = [...sourceFiles(join(SRC, "bot")), ...sourceFiles(join(SRC, "notify"))].flatMap(
      (file) => serverKnowledge(relative(SRC, file), readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
    // Guards the guard.
    expect(
      serverKnowledge("bot/features/orders/x.ts", "ctx.deps.statuses.refuse(choice);"),
    ).toHaveLength(1);
    expect(serverKnowledge("notify/x.ts", "new ListOrder()")).toHaveLength(1);
    expect(
      serverKnowledge("bot/features/orders/x.ts", "ctx.deps.orders.page(caller, query)"),
    ).toEqual([]);
  });

  it("a feature declares its callback-data codecs in its codec.ts (public.ts only re-exports them)", () => {
    const found = sourceFiles(join(SRC, "bot/features")).flatMap((file) =>
      codecsOutsideCodec(relative(SRC, file), readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
    const declaration = 'export const openPayCard = callbackData("pay:o", { orderId });';
    expect(codecsOutsideCodec("bot/features/pay/public.ts", declaration)).toEqual([
      "bot/features/pay/public.ts:1",
    ]);
    expect(codecsOutsideCodec("bot/features/pay/codec.ts", declaration)).toEqual([]);
  });

  it("no callback data is spelled outside a codec.ts: every button goes through its feature's codec", () => {
    const files = sourceFiles(join(SRC, "bot")).map((file) => ({
      file: relative(SRC, file),
      text: readFileSync(file, "utf8"),
    }));
    const prefixes = callbackPrefixes(files.filter((f) => isCodecFile(f.file)).map((f) => f.text));
    // Guards the guard: the prefixes are read from the codecs, and each kind of spelling is seen.
    expect([...prefixes]).toEqual(
      expect.arrayContaining(["flow", "notify", "verif", "tfa", "ord", "menu", "noop"]),
    );
    expect(files.flatMap((f) => callbackLiterals(f.file, f.text, prefixes))).toEqual([]);
    expect(
      callbackLiterals(
        "bot/features/x/index.ts",
        'keyboard.text(ctx.t("a"), "notify:on");',
        prefixes,
      ),
    ).toHaveLength(2);
    expect(
      callbackLiterals(
        "bot/features/x/index.ts",
        'keyboard.text(\n  ctx.t("a", { n }),\n  "noop",\n);',
        prefixes,
      ),
    ).toHaveLength(1);
    expect(
      callbackLiterals(
        "bot/features/x/index.ts",
        'composer.callbackQuery("noop", answer)',
        prefixes,
      ),
    ).toHaveLength(1);
    expect(
      callbackLiterals(
        "bot/features/x/index.ts",
        'menu: [{ labelKey: "x", data: "menu" }]',
        prefixes,
      ),
    ).toHaveLength(1);
    expect(
      callbackLiterals("bot/features/x/index.ts", 'if (data === "verif:skip") return;', prefixes),
    ).toHaveLength(1);
    expect(
      callbackLiterals("bot/features/x/codec.ts", 'export const SKIP = "verif:skip";', prefixes),
    ).toEqual([]);
  });

  it("catches each kind of violation", () => {
    const sample = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly });
    const broken = [
      sample("bot/features/orders/order-screens.ts", "bot/features/pay/render.ts"),
      sample("bot/features/menu/public.ts", "bot/features/notify/public.ts"),
      sample("bot/features/pay/index.ts", "bot/middlewares/error-boundary.ts"),
      sample("bot/features/details/delete-selection.ts", "storage/vault.ts"),
      sample("bot/features/alerts/index.ts", "storage/rate-alerts.ts"),
      sample("bot/middlewares/error-boundary.ts", "notify/schedule.ts"),
      sample("bot/core/flows.ts", "bot/features/pay/index.ts"),
      sample("bot/core/flows.ts", "bot/middlewares/load-chat.ts", true),
      sample("notify/messages.ts", "bot/features/orders/render.ts"),
      sample("exchanger/client.ts", "bot/context.ts", true),
      sample("bot/features/pay/index.ts", "exchanger/normalize/order.ts"),
      sample("notify/watcher.ts", "exchanger/types.ts", true),
      sample("doctor/run.ts", "bot/ui/field-names.ts"),
      sample("operator/store-counts.ts", "notify/schedule.ts"),
      sample("bot/features/orders/index.ts", "exchanger/inspect.ts"),
      sample("exchanger/normalize/balance.ts", "exchanger/types.ts", true),
    ];
    for (const one of broken) expect(violations([one]), `${one.from} → ${one.to}`).toHaveLength(1);
    const fine = [
      sample("bot/features/details/delete-selection.ts", "storage/kv.ts", true),
      sample("bot/features/orders/order-screens.ts", "bot/features/menu/public.ts"),
      sample("bot/features/pay/index.ts", "bot/core/flows.ts"),
      sample("bot/middlewares/conversations.ts", "bot/core/flows.ts"),
      sample("bot/index.ts", "bot/features/pay/index.ts"),
      sample("notify/messages.ts", "bot/features/orders/public.ts"),
      sample("notify/rate-alerts/telegram.ts", "bot/features/alerts/public.ts"),
      sample("bot/features/alerts/target.ts", "storage/rate-alert-rules.ts"),
      sample("bot/features/pay/index.ts", "exchanger/index.ts"),
      sample("exchanger/client.ts", "exchanger/normalize/order.ts"),
      sample("doctor/run.ts", "field-names.ts"),
      sample("doctor/checks.ts", "exchanger/inspect.ts"),
    ];
    expect(violations(fine)).toEqual([]);
  });
});
