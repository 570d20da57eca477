/**
 * `npm run doctor`, free of process concerns: runs every row of checks.ts against one exchanger and
 * reports one line per method — reachable or not, the shape it saw, whether the bot understands it
 * (and what a user would see when it does not). The key is scrubbed from everything it writes.
 */
import {
  createExchangerClient,
  ExchangerError,
  Unauthorized,
  Unavailable,
  withKeyCheck,
  type Language,
  ServerProfile,
} from "../exchanger/index.js";
import {
  type Success,
  placementOf,
  CERTAIN_NEEDS,
  layoutFileText,
  type Layout,
} from "../exchanger/inspect.js";
import { ConfigError } from "../config.js";
import { CHECKS, type Check } from "./checks.js";
import { checkPrivateApi } from "./private-api.js";
import { describeShape, hiddenFields, oneLine } from "./shape.js";
import { fieldMessage, type FieldScope } from "../field-names.js";
import { writeFileSync } from "node:fs";
import {
  innerObjectOf,
  layoutObjectOf,
  layoutFor,
  layoutLine,
  layoutProblems,
  namedResult,
  uncertainties,
  userObjectProblem,
} from "./layouts.js";
import { webhookLines, type DoctorWebhook } from "./webhooks.js";

export interface DoctorOptions {
  baseUrl: string;
  /** DOCTOR_API_KEY: without it the user methods are not asked. */
  apiKey: string | undefined;
  /** PRIVATE_API_KEY (the bot's own variable): with it the Private API key is checked, nothing created. */
  privateApiKey?: string | undefined;
  language: Language;
  timeoutMs: number;
  /** `--write-layout FILE`: the layouts the doctor read positional records by are written there. */
  writeLayout?: string;
  /** The exchanger's webhooks as the bot is configured (webhooks.ts); absent: not reported. */
  webhook?: DoctorWebhook;
}

export type Verdict =
  | "understood"
  /** Read, but a screen would show something nothing proves, or nothing (positional records). */
  | "uncertain"
  | "not understood"
  | "refused"
  | "unreachable"
  | "not asked";

export interface MethodReport {
  method: string;
  verdict: Verdict;
  /** One line for the operator, key scrubbed. */
  line: string;
}

export interface DoctorReport {
  /** True when the bot understood every answer it got (exit status 0). */
  ok: boolean;
  methods: MethodReport[];
}

/** What the bot shows when the exchanger is not answering or answers something it cannot read. */
const UNAVAILABLE_TEXT = "“The exchanger is not answering right now”";

const MARK: Record<Verdict, string> = {
  understood: "ok  ",
  uncertain: "FAIL",
  "not understood": "FAIL",
  refused: "FAIL",
  unreachable: "FAIL",
  "not asked": "--  ",
};

export async function runDoctor(
  options: DoctorOptions,
  write: (line: string) => void,
): Promise<DoctorReport> {
  const scrub = scrubberFor([options.apiKey, options.privateApiKey, options.webhook?.secret]);
  const out = (line: string) => write(scrub(line));
  const { client, raw, fresh, layouts } = doctorClient(options);
  const found = new Map<string, Layout>();
  const caller =
    options.apiKey === undefined
      ? undefined
      : { apiKey: options.apiKey, language: options.language };
  const width = Math.max(...CHECKS.map((c) => c.method.length));

  out(
    `Checking ${displayUrl(options.baseUrl)} (language ${options.language}${caller ? ", with DOCTOR_API_KEY" : ", public methods only"})`,
  );
  const methods: MethodReport[] = [];
  try {
    for (const check of CHECKS) {
      fresh.clear();
      const ran = await runCheck(
        check,
        { client, language: options.language, caller, rawResult: (m) => raw.get(m)?.result },
        raw,
      );
      const account =
        ran.verdict === "understood"
          ? positionalAccount(layouts, check.method, raw.get(check.method)?.result, found)
          : undefined;
      const report = withDoubt(ran, account?.doubt);
      const line = scrub(`${MARK[report.verdict]} ${check.method.padEnd(width)}  ${report.text}`);
      methods.push({ method: check.method, verdict: report.verdict, line });
      out(line);
      for (const detail of account?.lines ?? []) out(scrub(`     ${detail}`));
    }
    if (options.privateApiKey !== undefined)
      methods.push(
        await privateApiRow(client, options.privateApiKey, options.language, width, scrub, out),
      );
  } finally {
    await client.close();
  }
  if (options.writeLayout !== undefined)
    writeLayouts(options.writeLayout, [...found.values()], out);
  if (options.webhook !== undefined)
    for (const line of await webhookLines(options.webhook)) out(line);
  return summarize(methods, options, caller !== undefined, out);
}

/** A row read as understood, unless its positional records leave a screen uncertain. */
function withDoubt(
  ran: { verdict: Verdict; text: string },
  doubt: string | undefined,
): { verdict: Verdict; text: string } {
  if (doubt === undefined) return ran;
  return { verdict: "uncertain", text: `${ran.text.replace(/ · understood.*$/, "")} · ${doubt}` };
}

/**
 * The doctor's client, key-checked like the bot's (a refusal is judged by the same rejected-key rule),
 * and the raw results as they arrived, by method: the first answer per method within a check (`fresh`
 * is cleared per check), since a layout learning's filtered reads come after it.
 */
function doctorClient(options: DoctorOptions) {
  const raw = new Map<string, Success & { status: number }>();
  const fresh = new Set<string>();
  const layouts = new ServerProfile();
  const client = withKeyCheck(
    createExchangerClient({
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
      profile: layouts,
      onSuccess: (method, status, success) => {
        if (!fresh.has(method)) raw.set(method, { ...success, status });
        fresh.add(method);
      },
    }),
  );
  return { client, raw, fresh, layouts };
}

/**
 * The layout a positional answer was read by (and the one of its inner records), what of it is certain
 * and what may be wrong with it, and the placement notes; `doubt` when the object's screens would show
 * something nothing proves, or nothing at all: the method is then not "understood".
 */
function positionalAccount(
  book: ServerProfile,
  method: string,
  result: unknown,
  found: Map<string, Layout>,
): { lines: string[]; doubt?: string } {
  const userProblem = layoutObjectOf(method) === "user" ? userObjectProblem(result) : undefined;
  if (userProblem !== undefined) return { lines: [], doubt: `NOT understood: ${userProblem}` };
  const layout = layoutFor(book, method, result);
  const inner = layout && innerObjectOf(layout.object);
  const innerLayout = inner === undefined ? undefined : book.layoutOf(inner);
  const read = [layout, innerLayout].filter((l): l is Layout => l !== undefined);
  for (const l of read) found.set(`${l.object}#${l.size}`, l);
  const lines = read.flatMap((l) => [layoutLine(l), ...layoutProblems(l, result)]);
  const placed = placementLine(method, namedResult(layout, result));
  if (placed !== undefined) lines.push(placed);
  const missing = read.flatMap((l) => uncertainties(l).map((name) => `${l.object} ${name}`));
  if (missing.length === 0) return { lines };
  const seen = read.map((l) => CERTAIN_NEEDS[l.object].otherwise).filter((t) => t !== "");
  return { lines, doubt: `NOT certain: ${missing.join(", ")} (${seen.join("; ")})` };
}

/** `--write-layout FILE`: what EXCHANGER_LAYOUT then pins (layouts/file.ts). */
function writeLayouts(path: string, layouts: Layout[], out: (line: string) => void): void {
  if (layouts.length === 0) {
    out(`No positional records met: nothing written to ${path}.`);
    return;
  }
  writeFileSync(path, layoutFileText(layouts));
  out(`Wrote ${layouts.length} layout(s) to ${path}: set EXCHANGER_LAYOUT=${path} to pin them.`);
}

/**
 * The Private API's row, checked last and only with an operator key: it is a separate key with its
 * own verdict, and its detail lines (the fields' parameter names) follow the row.
 */
async function privateApiRow(
  client: Parameters<typeof checkPrivateApi>[0],
  privateApiKey: string,
  language: Language,
  width: number,
  scrub: (text: string) => string,
  out: (line: string) => void,
): Promise<MethodReport> {
  const method = "private-api-create-order";
  const report = await checkPrivateApi(client, privateApiKey, language);
  const line = scrub(`${MARK[report.verdict]} ${method.padEnd(width)}  ${report.text}`);
  out(line);
  for (const detail of report.details) out(`     ${" ".repeat(width)}  ${detail}`);
  return { method, verdict: report.verdict, line };
}

/** The closing lines: what needs attention, and which keys would let the doctor check more. */
function summarize(
  methods: MethodReport[],
  options: DoctorOptions,
  withKey: boolean,
  out: (line: string) => void,
): DoctorReport {
  const failed = methods.filter((m) => m.verdict !== "understood" && m.verdict !== "not asked");
  const asked = methods.filter((m) => m.verdict !== "not asked").length;
  out(
    failed.length === 0
      ? `The bot understands all ${asked} answers it got.`
      : `${failed.length} of ${asked} methods need attention: ${failed.map((m) => m.method).join(", ")}.`,
  );
  if (!withKey)
    out(
      "Set DOCTOR_API_KEY (a key of a test account) to check the user methods too; only read-only methods are called.",
    );
  if (options.privateApiKey === undefined)
    out(
      "Set PRIVATE_API_KEY to check the operator's Private API key (exchange from the chat); nothing is created.",
    );
  return { ok: failed.length === 0, methods };
}

/** Where a method's answer is shown, for the field dictionary's scope. */
const SCOPES: Readonly<Record<string, FieldScope>> = {
  order: "order",
  "referral order": "order",
  verification: "verification",
  direction: "direction",
};

/**
 * "order: `status` understood from an object; `extra_fee` unknown, shown as is": what the normalizer
 * had to understand and which fields neither it nor the screens' dictionary knows. Undefined when
 * there is nothing to say (or the method has no record normalizer).
 */
export function placementLine(method: string, result: unknown): string | undefined {
  const placement = placementOf(method, result);
  if (placement === undefined) return undefined;
  const scope = SCOPES[placement.record];
  const unknown = [...placement.notes.unplaced].filter(
    (field) => fieldMessage(field, scope) === undefined,
  );
  const parts = [
    ...[...placement.notes.understood].map((note) => {
      const [field, how] = note.split(": ");
      return `\`${field}\` ${how}`;
    }),
    ...unknown.map((field) => `\`${field}\` unknown, shown as is`),
  ];
  return parts.length === 0
    ? undefined
    : oneLine(
        `${placement.record}: ${parts.slice(0, 12).join("; ")}${parts.length > 12 ? "; …" : ""}`,
      );
}

async function runCheck(
  check: Check,
  ctx: Parameters<Check["read"]>[0],
  raw: Map<string, Success & { status: number }>,
): Promise<{ verdict: Verdict; text: string }> {
  if (check.needsKey && !ctx.caller)
    return { verdict: "not asked", text: "not asked: DOCTOR_API_KEY is not set" };
  const seen = () => raw.get(check.method);
  try {
    const verdict = await check.read(ctx);
    if (verdict && "notAsked" in verdict)
      return { verdict: "not asked", text: `not asked: ${verdict.notAsked}` };
    const shape = `reachable · ${describeShape(seen()?.result)}`;
    if (verdict)
      return {
        verdict: "not understood",
        text: `${shape} · NOT understood: ${verdict.problem} (${check.screen})`,
      };
    const hidden = hiddenFields(seen()?.result);
    const secrets =
      hidden.length === 0 ? "" : ` · hidden on every screen (secret names): ${hidden.join(", ")}`;
    return { verdict: "understood", text: `${shape} · understood${secrets}` };
  } catch (error) {
    return describeFailure(check, error, seen());
  }
}

function describeFailure(
  check: Check,
  error: unknown,
  seen: (Success & { status: number }) | undefined,
): { verdict: Verdict; text: string } {
  const userSees = (text: string) => `a user would see ${text} on ${check.screen}`;
  // A success envelope arrived and the bot's reader still failed: the result's shape is the problem.
  if (seen !== undefined) {
    return {
      verdict: "not understood",
      text: `reachable · ${describeShape(seen.result)} · NOT understood: ${userSees(UNAVAILABLE_TEXT)}`,
    };
  }
  const said = (message: string | undefined) =>
    message === undefined ? " (no message)" : `: ${oneLine(message)}`;
  if (error instanceof Unauthorized) {
    const answer =
      error.httpStatus === 401 || error.httpStatus === 403
        ? `HTTP ${error.httpStatus}`
        : `error envelope with HTTP ${error.httpStatus}${said(error.serverMessage)}`;
    return {
      verdict: "refused",
      text: `reachable · ${answer} · the key is rejected: DOCTOR_API_KEY is not accepted (a user with such a key is told to link again)`,
    };
  }
  if (error instanceof ExchangerError) {
    const shown =
      error.serverMessage === undefined
        ? "“The exchanger refused the request without saying why”"
        : "“The exchanger says: …” with this message";
    return {
      verdict: "refused",
      text: `reachable · error envelope with HTTP ${error.httpStatus}${said(error.serverMessage)} · refused: ${userSees(shown)}`,
    };
  }
  if (error instanceof Unavailable) return unavailableFailure(error, userSees(UNAVAILABLE_TEXT));
  return {
    verdict: "not understood",
    text: `reachable · ${error instanceof Error ? error.name : "unknown error"} while reading · NOT understood`,
  };
}

/** Out of reach (network, timeout) or reachable but not speaking the API: the user sees the same text. */
function unavailableFailure(
  error: Unavailable,
  userSees: string,
): { verdict: Verdict; text: string } {
  if (error.reason === "network" || error.reason === "timeout")
    return { verdict: "unreachable", text: `unreachable (${error.reason}) · ${userSees}` };
  const status = error.httpStatus === undefined ? "" : ` with HTTP ${error.httpStatus}`;
  return {
    verdict: "not understood",
    text: `reachable · not an API envelope${status} · NOT understood: ${userSees}`,
  };
}

/** The base URL without credentials someone may have put in it. */
function displayUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.username = "";
  url.password = "";
  return url.toString().replace(/\/$/, "");
}

function scrubberFor(secrets: ReadonlyArray<string | undefined>): (text: string) => string {
  const values = secrets
    .filter((s): s is string => s !== undefined && s !== "")
    .sort((a, b) => b.length - a.length);
  return (text) => values.reduce((out, secret) => out.split(secret).join("[key]"), text);
}

/** `--write-layout FILE` (or `--write-layout=FILE`) from the command line. */
export function writeLayoutArg(args: readonly string[]): { writeLayout?: string } {
  const i = args.findIndex((a) => a === "--write-layout" || a.startsWith("--write-layout="));
  if (i < 0) return {};
  const path = args[i]!.includes("=") ? args[i]!.split("=").slice(1).join("=") : args[i + 1];
  if (path === undefined || path === "")
    throw new ConfigError(["--write-layout needs a file path"]);
  return { writeLayout: path };
}
