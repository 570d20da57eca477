/**
 * `npm run sandbox`: runs the sandbox exchanger for people trying the bot without a live exchanger.
 * Prints the base URL, the demo accounts (keys, passwords, and for the 2FA account its TOTP secret,
 * otpauth:// URI and a terminal QR code to scan) and the operator's Private API key, then logs one
 * line per request.
 *
 * SANDBOX_PORT (default 8787) and SANDBOX_HOST (default 127.0.0.1) choose where it listens;
 * SANDBOX_DIALECT (spec, names, legacy; default spec) which real-server variant it speaks.
 * The data lives in memory: a restart brings back the seed state (same keys and 2FA secret).
 *
 * Webhooks like the vendor's (webhooks.ts), from the command line or the environment:
 *   --webhook-url URL (SANDBOX_WEBHOOK_URL)   where to POST the batches: the bot's ingest
 *   --webhook-secret S (SANDBOX_WEBHOOK_SECRET)   sent as X-Authorization (the bot's EXCHANGER_WEBHOOK_SECRET)
 *   --webhook-interval MS (SANDBOX_WEBHOOK_INTERVAL_MS)   the scheduler's interval, default 60000
 * The console on standard input (console.ts) moves orders, decides verifications, blocks accounts.
 */
import QRCode from "qrcode";
import { parseArgs } from "node:util";
import { CONSOLE_HELP, startConsole } from "./console.js";
import type { WebhookTarget } from "./webhooks.js";
import { dialectByName, type DialectName } from "./dialect.js";
import { startSandbox, type DemoAccount, type RecordedRequest } from "./server.js";
import { otpauthUri } from "./totp.js";

const port = Number(process.env.SANDBOX_PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SANDBOX_PORT must be a port number (0-65535), got "${process.env.SANDBOX_PORT}"`);
  process.exit(1);
}
const host = process.env.SANDBOX_HOST?.trim() || "127.0.0.1";
let dialect: DialectName;
try {
  dialect = dialectByName(process.env.SANDBOX_DIALECT).name;
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const webhooks = webhookTarget();
const sandbox = await startSandbox({
  port,
  host,
  dialect,
  onRequest: logRequest,
  ...(webhooks && { webhooks }),
  onWebhookBatch: (events, status) =>
    console.log(`${new Date().toISOString()} webhook batch of ${events} event(s) -> ${status}`),
});

const lines = [
  `Sandbox exchanger listening on ${sandbox.baseUrl} (dialect: ${dialect})`,
  `Set EXCHANGER_BASE_URL=${sandbox.baseUrl} for the bot.`,
  "",
  ...describe(sandbox.accounts.main, "many orders, referral orders, payment details; no 2FA"),
  ...describe(sandbox.accounts.twofa, "2FA enabled"),
  ...describe(sandbox.accounts.empty, "no orders, no details, no verification"),
  "Private API (exchange from the chat): set PRIVATE_API_KEY for the bot to this operator key",
  `  operator key: ${sandbox.operatorKey}`,
  "",
];
console.log(lines.join("\n"));

const secret = sandbox.accounts.twofa.twoFactorSecret;
if (secret) {
  const uri = otpauthUri(secret, "twofa@sandbox");
  console.log(
    `\n2FA for "twofa": add this to an authenticator app\n  secret: ${secret}\n  uri:    ${uri}`,
  );
  console.log(await QRCode.toString(uri, { type: "terminal", small: true }));
}
if (webhooks)
  console.log(
    `Webhooks: a batch every ${webhooks.intervalMs} ms to ${webhooks.url}${webhooks.secret ? " (with X-Authorization)" : ""}\n`,
  );
console.log(`${CONSOLE_HELP}\nPress Ctrl+C to stop.\n`);
startConsole(sandbox);

/** The webhook target from --webhook-* flags or SANDBOX_WEBHOOK_* variables; undefined without a URL. */
function webhookTarget(): (WebhookTarget & { intervalMs: number }) | undefined {
  const { values } = parseArgs({
    options: {
      "webhook-url": { type: "string" },
      "webhook-secret": { type: "string" },
      "webhook-interval": { type: "string" },
    },
    strict: true,
  });
  const url = values["webhook-url"] ?? process.env.SANDBOX_WEBHOOK_URL;
  if (!url) return undefined;
  const secret = values["webhook-secret"] ?? process.env.SANDBOX_WEBHOOK_SECRET;
  const intervalMs = Number(
    values["webhook-interval"] ?? process.env.SANDBOX_WEBHOOK_INTERVAL_MS ?? 60_000,
  );
  if (!URL.canParse(url) || !Number.isInteger(intervalMs) || intervalMs < 100) {
    console.error(
      "--webhook-url must be a URL and --webhook-interval a whole number of ms (≥ 100)",
    );
    process.exit(1);
  }
  return { url, intervalMs, ...(secret && { secret }) };
}

function describe(account: DemoAccount, note: string): string[] {
  return [
    `Account "${account.name}" (${note})`,
    `  API key:  ${account.apiKey}`,
    `  password: ${account.password}`,
    "",
  ];
}

/** Account name only: the key never reaches the log. */
function logRequest(r: RecordedRequest): void {
  const who = r.account ? ` [${r.account}]` : "";
  console.log(
    `${new Date().toISOString()} ${r.method} ${r.path}${who} -> ${r.status || "no answer"}`,
  );
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the sandbox`);
  void sandbox.close().then(() => process.exit(0));
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
