/**
 * LOCALES_DIR: the operator's `<lang>/*.ftl` files replacing any of the bot's messages in one
 * language (the welcome, a button label…). Checked once at start, before anything is served: a typo
 * in an override must stop the deployment with a message naming the file and the message id, not
 * show customers "{link-intro}" or drop a placeholder such as the order number.
 *
 * Parsed with @fluent/syntax (the full Fluent parser, which reports syntax errors as Junk entries;
 * the runtime parser in @fluent/bundle silently skips them).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse, Visitor, type Junk, type Message, type Resource, type Term } from "@fluent/syntax";
import { LANGUAGES, type Language } from "../languages.js";

/** Fluent source per language: the bot's own files joined, in a stable order. */
export function readLocaleSources(dir: string): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      readFtlFiles(join(dir, lang))
        .map((f) => f.source)
        .join("\n"),
    ]),
  ) as Record<Language, string>;
}

/** A LOCALES_DIR that cannot be used; the message names the file, the message id and the reason. */
export class TextOverrideError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `LOCALES_DIR: the text overrides cannot be used:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.name = "TextOverrideError";
  }
}

/**
 * Reads and checks LOCALES_DIR against the bot's own messages (`builtIn`, per language). Returns the
 * override source per language (only the languages that have one). Throws TextOverrideError listing
 * every problem: an unknown language folder, bad Fluent syntax, a message id the bot does not have,
 * a placeholder (`{ $name }`) the original message does not provide, a reference to a missing message.
 */
export function loadTextOverrides(
  dir: string,
  builtIn: Record<Language, string>,
): Partial<Record<Language, string>> {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new TextOverrideError([`${dir} is not a folder`]);
  const problems: string[] = [];
  const overrides: Partial<Record<Language, string>> = {};
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    if (!(LANGUAGES as readonly string[]).includes(entry)) {
      problems.push(`${path}: unknown language folder "${entry}" (use ${LANGUAGES.join(", ")})`);
      continue;
    }
    const lang = entry as Language;
    const originals = variablesById(parse(builtIn[lang], {}));
    const sources: string[] = [];
    for (const file of readFtlFiles(path)) {
      problems.push(...checkFile(`${lang}/${file.name}`, file.source, originals));
      sources.push(file.source);
    }
    if (sources.length > 0) overrides[lang] = sources.join("\n");
  }
  if (problems.length > 0) throw new TextOverrideError(problems);
  return overrides;
}

function checkFile(name: string, source: string, originals: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const resource = parse(source, { withSpans: true });
  for (const entry of resource.body) {
    if (entry.type === "Junk") {
      problems.push(
        `${name}: bad Fluent syntax at line ${lineOf(source, (entry as Junk).span?.start ?? 0)}: ${junkReason(entry as Junk)}`,
      );
      continue;
    }
    if (entry.type !== "Message" && entry.type !== "Term") continue;
    const id = idOf(entry as Message | Term);
    const original = originals.get(id);
    if (original === undefined) {
      problems.push(
        `${name}: message "${id}" is not a message of the bot (check the spelling against src/bot/locales)`,
      );
      continue;
    }
    const refs = references(entry as Message | Term);
    for (const variable of refs.variables) {
      if (!original.has(variable))
        problems.push(
          `${name}: message "${id}" uses { $${variable} }, which the bot does not provide there` +
            (original.size > 0
              ? ` (available: ${[...original].map((v) => `$${v}`).join(", ")})`
              : " (it takes no placeholders)"),
        );
    }
    for (const message of refs.messages) {
      if (!originals.has(message))
        problems.push(
          `${name}: message "${id}" refers to "${message}", which is not a message of the bot`,
        );
    }
  }
  return problems;
}

function idOf(entry: Message | Term): string {
  return entry.type === "Term" ? `-${entry.id.name}` : entry.id.name;
}

/** Each message's (and term's) variables, attributes included. */
function variablesById(resource: Resource): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const entry of resource.body) {
    if (entry.type === "Message" || entry.type === "Term")
      out.set(idOf(entry as Message | Term), references(entry as Message | Term).variables);
  }
  return out;
}

class ReferenceCollector extends Visitor {
  readonly variables = new Set<string>();
  readonly messages = new Set<string>();
  override visitVariableReference(node: { id: { name: string } }): void {
    this.variables.add(node.id.name);
  }
  override visitMessageReference(node: { id: { name: string } }): void {
    this.messages.add(node.id.name);
  }
  override visitTermReference(node: { id: { name: string } }): void {
    this.messages.add(`-${node.id.name}`);
  }
}

function references(entry: Message | Term): { variables: Set<string>; messages: Set<string> } {
  const collector = new ReferenceCollector();
  collector.visit(entry);
  return collector;
}

function junkReason(junk: Junk): string {
  const annotation = junk.annotations[0];
  const firstLine = junk.content.split("\n")[0]?.trim() ?? "";
  return `${annotation?.message ?? "not a Fluent message"} (near "${firstLine.slice(0, 60)}")`;
}

function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split("\n").length;
}

function readFtlFiles(dir: string): Array<{ name: string; source: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ftl"))
    .sort()
    .map((name) => ({ name, source: readFileSync(join(dir, name), "utf8") }));
}
