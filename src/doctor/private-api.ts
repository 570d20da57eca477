/**
 * `npm run doctor` with PRIVATE_API_KEY: whether the exchanger accepts the operator's key, without
 * creating anything, and the parameter names the bot would send for the first direction's fields.
 *
 * The key is judged by private-client.ts's probe (a create-order call without slug or amount, which no
 * server can turn into an order, compared with the answer to a key no server knows): the same rule
 * the bot applies when a creation is refused, so the doctor says what the bot will conclude.
 */
import {
  ExchangerError,
  Unauthorized,
  Unavailable,
  createPrivateClient,
  type ExchangerClientWithStats,
  type Direction,
  type ExchangerClient,
  type Language,
} from "../exchanger/index.js";
import {
  fieldParameterName,
  createOrderParams,
  type KeyProbe,
  type ProbeAnswer,
} from "../exchanger/inspect.js";
import { oneLine } from "./shape.js";

export type PrivateApiVerdict = "understood" | "refused" | "unreachable" | "not understood";

export interface PrivateApiReport {
  verdict: PrivateApiVerdict;
  /** The row's text after the method name. */
  text: string;
  /** Further lines: the first direction's fields and their parameter names. */
  details: string[];
}

export async function checkPrivateApi(
  transport: Pick<ExchangerClientWithStats, "writeOnce"> &
    Pick<ExchangerClient, "getExchanges" | "getExchange">,
  operatorKey: string,
  language: Language,
): Promise<PrivateApiReport> {
  const details = await fieldLines(transport, language);
  let probe: KeyProbe;
  try {
    probe = await createPrivateClient(transport, operatorKey).probeKey(language);
  } catch (error) {
    return unprobedReport(error, details);
  }
  const seen = `our key: ${answerText(probe.ours)}${probe.bogus === undefined ? "" : ` · a bogus key: ${answerText(probe.bogus)}`}`;
  const problem = details.find((line) => line.startsWith("NOT understood"));
  switch (probe.verdict) {
    case "accepted":
      return {
        verdict: problem ? "not understood" : "understood",
        text: `reachable · ${seen} · the key is accepted (nothing was created)`,
        details,
      };
    case "refused":
      return {
        verdict: "refused",
        text: `reachable · ${seen} · PRIVATE_API_KEY is refused or the Private API is switched off: users would be told exchanges from the chat are unavailable`,
        details,
      };
    case "undetermined":
      return {
        verdict: problem ? "not understood" : "understood",
        text:
          `reachable · ${seen} · cannot tell: the server answers any key alike without a message, so a refused key ` +
          "will look like a refused order (users see the exchanger's refusal, the admin chats get no alert)",
        details,
      };
  }
}

/**
 * The probe itself failed, so the key's fate is unknown: tell a server out of reach (try again later)
 * from one that answered something the probe cannot read (the row says what it got).
 */
function unprobedReport(error: unknown, details: string[]): PrivateApiReport {
  if (error instanceof Unavailable && (error.reason === "network" || error.reason === "timeout")) {
    return {
      verdict: "unreachable",
      text: `unreachable (${error.reason}) · the key could not be checked`,
      details,
    };
  }
  const what =
    error instanceof ExchangerError || error instanceof Unauthorized
      ? `HTTP ${error.httpStatus}`
      : "not an API envelope";
  return {
    verdict: "not understood",
    text: `reachable · ${what} · NOT understood: the key could not be checked`,
    details,
  };
}

function answerText(answer: KeyProbe["ours"] | NonNullable<KeyProbe["bogus"]>): string {
  if (answer === "success") return "success envelope";
  if (answer === "refused-by-status") return "refused with HTTP 401/403";
  return describeAnswer(answer);
}

function describeAnswer({ httpStatus, serverMessage }: ProbeAnswer): string {
  const said = serverMessage === undefined ? " (no message)" : `: ${oneLine(serverMessage)}`;
  return `error envelope with HTTP ${httpStatus}${said}`;
}

/**
 * The first direction's fields as the bot reads them, each with the parameter it would be sent under.
 * Read through the normalized direction (exchanger/normalize/direction.ts), as the exchange flow reads it.
 */
async function fieldLines(
  client: Pick<ExchangerClient, "getExchanges" | "getExchange">,
  language: Language,
): Promise<string[]> {
  let direction: Direction;
  let pair: string;
  try {
    const first = (await client.getExchanges(language))[0];
    if (first === undefined) return ["no direction to list fields of: get-exchanges listed none"];
    pair = first.pair;
    direction = await client.getExchange(language, pair);
  } catch (error) {
    return [
      `the first direction's fields could not be read (${error instanceof Error ? error.name : "error"})`,
    ];
  }
  const named = direction.fields.map((field) => ({ name: field.name, required: field.required }));
  const required = named.filter((f) => f.required);
  const lines = [
    `fields of direction ${pair} (${language}), sent with each order as: ` +
      (required.length === 0
        ? "none required"
        : required
            .map((f) => `${fieldParameterName(f.name) || "?"} ← “${oneLine(f.name)}”`)
            .join(", ")),
  ];
  const optional = named.length - required.length;
  if (optional > 0) lines.push(`${optional} optional field${optional === 1 ? "" : "s"} not sent`);
  try {
    createOrderParams({
      slug: pair,
      sendAmount: "1",
      language,
      fields: required.map((f) => ({ name: f.name, value: "x" })),
    });
  } catch (error) {
    lines.push(
      `NOT understood: ${(error as Error).message}; such an order cannot be created from the chat`,
    );
  }
  return lines;
}
