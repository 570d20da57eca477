/**
 * The sandbox exchanger: an in-memory HTTP server speaking the Exchanger CMS User API
 * (docs/exchanger-api.md). Used by tests and by operators trying the bot.
 *
 * This file owns the HTTP side: routing, method and key checks, the envelope, recording and faults.
 * What each method does lives in methods/; the data lives in state.ts / data.ts.
 *
 * Protocol decisions where the spec says "not shown", chosen to match real PHP deployments:
 * - validation errors answer HTTP 200 with the error envelope; only a missing/unknown key (401),
 *   a wrong HTTP method (405), an unknown path (404) and body problems (400/413) use other statuses —
 *   in the spec dialect. Other dialects send those with HTTP 200 and may omit `message`
 *   (dialect.ts: rejectedKeyStatus, errorStatus, errorMessage; respond.ts applies them);
 * - an unknown `language` falls back to English.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { BodyTooLarge, MalformedBody, parseBody, readBody } from "./body.js";
import {
  addOrder,
  revokeKey,
  setAccountActive,
  setOrderStatus,
  setVerificationStatus,
} from "./control.js";
import { startWebhookSender, type WebhookSender, type WebhookTarget } from "./webhooks.js";
import { createSeedState } from "./data.js";
import { dialectByName, type Dialect, type DialectName } from "./dialect.js";
import { SandboxError } from "./errors.js";
import { applyFault, FaultQueue, type Fault } from "./faults.js";
import { pickLanguage } from "./i18n.js";
import { Params } from "./params.js";
import { sendError, sendJson } from "./respond.js";
import { findRoute } from "./routes.js";
import { findAccountByKey, getAccount, type SandboxAccount, type SandboxState } from "./state.js";

export type { Fault };
export type { Dialect, DialectName };
export type {
  SandboxState,
  SandboxAccount,
  SandboxOrder,
  SandboxDetail,
  SandboxCurrency,
  SandboxDirection,
} from "./state.js";

export interface DemoAccount {
  name: string;
  apiKey: string;
  /** Base32 TOTP secret; present only while 2FA is on. */
  twoFactorSecret?: string;
  /** The account's current password (for change-password). */
  password: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Account name (OPERATOR for the Private API), never the key. */
  account?: string;
  contentType?: string;
  /** Form or multipart text fields; names as sent; `x[]` and repeated fields → array. */
  fields: Record<string, string | string[]>;
  /** `bytes` only when the sandbox keeps uploads (SandboxOptions.keepUploads). */
  files: {
    field: string;
    filename: string;
    contentType: string;
    size: number;
    bytes?: Uint8Array;
  }[];
  /** HTTP status we answered; 0 while unanswered or when a fault gave no answer (stall, reset). */
  status: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  /** Live views of the demo accounts: they follow password and 2FA changes. */
  accounts: { main: DemoAccount; twofa: DemoAccount; empty: DemoAccount };
  state: SandboxState;
  /** Which real-server variant this sandbox speaks (dialect.ts). */
  dialect: Dialect;
  requests: RecordedRequest[];
  injectFault(f: { path?: string; kind: Fault; times?: number }): void;
  /** Removes every fault still armed: the exchanger answers normally again (an outage ends). */
  clearFaults(): void;
  setOrderStatus(accountName: string, orderId: string | number, status: number): void;
  /** The operator decides the account's verification request (a webhook event when they are on). */
  setVerificationStatus(
    accountName: string,
    status: "pending" | "approved" | "rejected",
    comment?: string,
  ): void;
  /** The operator blocks (0), unblocks (1) or deletes (-1) the user (a webhook event when they are on). */
  setAccountActive(accountName: string, active: 1 | 0 | -1): void;
  /** The webhook sender, once webhooks are on (SandboxOptions.webhooks or startWebhooks). */
  readonly webhooks: WebhookSender | undefined;
  /** Turns webhooks on (or points them elsewhere): events from now on go to `target`. */
  startWebhooks(target: WebhookTarget): WebhookSender;
  addOrder(accountName: string, partial?: Record<string, unknown>): Record<string, unknown>;
  revokeKey(accountName: string): void;
  /** The operator's Private API key (PRIVATE_API_KEY for the bot); live, follows revokeOperatorKey. */
  readonly operatorKey: string;
  /** Switches the whole Private API off or on, as its administrator can. */
  setPrivateApi(enabled: boolean): void;
  /** Replaces the operator key with a new one, as regenerating it does: the old one is refused from now on. */
  revokeOperatorKey(): void;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** 0 = random free port (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Clock in ms, for timestamps and TOTP checks. Default Date.now. */
  now?: () => number;
  /** Called once per request after it was answered (or faulted); used by `npm run sandbox` to log. */
  onRequest?: (request: RecordedRequest) => void;
  /** Which real-server variant to speak (dialect.ts); default `spec`. Tests may pass a variant of one (`{ ...DIALECTS.legacy, pagination: false }`). */
  dialect?: DialectName | Dialect;
  /** Keep every uploaded file's bytes in the recorded requests (tests that inspect uploads); default off. */
  keepUploads?: boolean;
  /** Send webhooks like the vendor's scheduler (webhooks.ts): where, with which secret, how often. */
  webhooks?: WebhookTarget;
  /** Told of each webhook batch: its events and the HTTP status it got (or why it failed). */
  onWebhookBatch?: (events: number, status: number | string) => void;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const dialect =
    typeof options.dialect === "object" ? options.dialect : dialectByName(options.dialect);
  const state = createSeedState(undefined, dialect);
  const requests: RecordedRequest[] = [];
  const faults = new FaultQueue();
  const sockets = new Set<Socket>();
  let closing: Promise<void> | undefined;

  const server = createServer((req, res) => {
    handle({
      req,
      res,
      state,
      dialect,
      requests,
      faults,
      now,
      keepUploads: options.keepUploads === true,
    }).then(
      (record) => options.onRequest?.(record),
      (error: unknown) => {
        // A socket torn down mid-request (client gone, close(), reset fault) is not a sandbox bug.
        if (closing || res.destroyed) return;
        console.error("sandbox: unexpected error", error);
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });
  // Tracked so close() can end keep-alive and stalled connections instead of waiting for them.
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const address = await listen(server, options.port ?? 0, options.host ?? "127.0.0.1");
  let webhooks: WebhookSender | undefined;
  const startWebhooks = (target: WebhookTarget): WebhookSender => {
    webhooks?.stop();
    return (webhooks = startWebhookSender(state, target, options.onWebhookBatch));
  };
  if (options.webhooks !== undefined) startWebhooks(options.webhooks);

  return {
    baseUrl: baseUrlOf(address),
    accounts: {
      main: demoView(state, "main"),
      twofa: demoView(state, "twofa"),
      empty: demoView(state, "empty"),
    },
    state,
    dialect,
    requests,
    injectFault: ({ path, kind, times }) => faults.add(path, kind, times ?? 1),
    clearFaults: () => faults.clear(),
    setOrderStatus: (name, id, status) => setOrderStatus(state, name, id, status, now()),
    setVerificationStatus: (name, status, comment) =>
      setVerificationStatus(state, name, status, now(), comment),
    setAccountActive: (name, active) => setAccountActive(state, name, active),
    get webhooks() {
      return webhooks;
    },
    startWebhooks,
    addOrder: (name, partial = {}) => addOrder(state, name, partial, now()),
    revokeKey: (name) => revokeKey(state, name),
    get operatorKey() {
      return state.privateApi.keys[0] ?? "";
    },
    setPrivateApi: (enabled) => {
      state.privateApi.enabled = enabled;
    },
    revokeOperatorKey: () => {
      state.privateApi.keys = [`pk_${randomBytes(24).toString("hex")}`];
    },
    close: () => {
      webhooks?.stop();
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  state: SandboxState;
  dialect: Dialect;
  requests: RecordedRequest[];
  faults: FaultQueue;
  now: () => number;
  keepUploads: boolean;
}

async function handle({
  req,
  res,
  state,
  dialect,
  requests,
  faults,
  now,
  keepUploads,
}: Exchange): Promise<RecordedRequest> {
  const url = new URL(req.url ?? "/", "http://sandbox.invalid");
  const contentType = req.headers["content-type"];
  const record: RecordedRequest = {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    ...(contentType !== undefined && { contentType }),
    fields: {},
    files: [],
    status: 0,
  };
  requests.push(record);
  const queryLanguage = url.searchParams.get("language") ?? undefined;

  let body: Params;
  try {
    body = await parseBody(contentType, await readBody(req), keepUploads);
  } catch (error) {
    const language = pickLanguage(queryLanguage);
    if (error instanceof BodyTooLarge) {
      sendError(res, record, dialect, language, {
        documentedStatus: 413,
        key: "bodyTooLarge",
        headers: { connection: "close" },
      });
      return record;
    }
    if (error instanceof MalformedBody) {
      sendError(res, record, dialect, language, { documentedStatus: 400, key: "badBody" });
      return record;
    }
    throw error;
  }
  record.fields = body.record();
  record.files = body.files.map((f) => ({ ...f }));
  // User methods carry `language` in the form; public methods in the query.
  const language = pickLanguage(body.get("language") ?? queryLanguage);

  const fault = faults.take(record.path);
  if (fault && fault !== "lost-answer") {
    applyFault(fault, req, res, record, dialect, language);
    return record;
  }

  const route = findRoute(record.path);
  if (!route) {
    sendError(res, record, dialect, language, { documentedStatus: 404, key: "notFound" });
    return record;
  }
  const allowed = route.kind === "public" ? "GET" : "POST";
  if (record.method !== allowed) {
    sendError(res, record, dialect, language, {
      documentedStatus: 405,
      key: "methodNotAllowed",
      vars: { method: record.method, allowed },
      headers: { allow: allowed },
    });
    return record;
  }

  let account: SandboxAccount | undefined;
  if (route.kind === "user") {
    account = findAccountByKey(state, headerValue(req.headers["x-authorization"]));
    if (!account) {
      sendError(res, record, dialect, language, {
        documentedStatus: 401,
        key: "unauthorized",
        rejectedKey: true,
      });
      return record;
    }
    record.account = account.name;
  }
  if (route.kind === "private") {
    const refusal = privateApiRefusal(state, headerValue(req.headers["x-authorization"]));
    if (refusal) {
      sendError(res, record, dialect, language, {
        documentedStatus: 401,
        key: refusal,
        rejectedKey: true,
      });
      return record;
    }
    record.account = OPERATOR;
  }

  const params = route.kind === "public" ? Params.fromSearchParams(url.searchParams) : body;
  const ctx = { state, dialect, params, language, now: now() };
  try {
    const out = route.kind === "user" ? route.run({ ...ctx, account: account! }) : route.run(ctx);
    if (fault === "lost-answer") {
      // The method ran (an order created, a balance spent); its answer never reaches the client.
      req.socket.destroy();
      return record;
    }
    sendJson(res, record, 200, {
      success: true,
      result: out.result,
      ...(out.pagination && { pagination: out.pagination }),
    });
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    sendError(res, record, dialect, language, {
      documentedStatus: error.httpStatus,
      key: error.key,
      vars: error.vars,
      ...(error.field !== undefined && { field: error.field }),
    });
  }
  return record;
}

/** Who a Private API call is recorded as: the operator, never the key. */
export const OPERATOR = "(operator)";

/** Why a Private API call is refused before it runs (the API is off, the key is not one of its keys), or nothing. */
function privateApiRefusal(
  state: SandboxState,
  key: string | undefined,
): "privateApiDisabled" | "privateKeyInvalid" | undefined {
  if (!state.privateApi.enabled) return "privateApiDisabled";
  return key !== undefined && state.privateApi.keys.includes(key) ? undefined : "privateKeyInvalid";
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return single?.trim() || undefined;
}

/** A live view: reads through to the state, so a changed password or 2FA secret shows up. */
function demoView(state: SandboxState, name: string): DemoAccount {
  return {
    name,
    get apiKey() {
      return getAccount(state, name).apiKey;
    },
    get password() {
      return getAccount(state, name).password;
    },
    get twoFactorSecret() {
      return getAccount(state, name).twoFactorSecret ?? undefined;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** A wildcard bind is reachable on loopback; print that rather than an unusable 0.0.0.0. */
function baseUrlOf(address: AddressInfo): string {
  const wildcard = address.address === "0.0.0.0" || address.address === "::";
  const host = wildcard
    ? "127.0.0.1"
    : address.family === "IPv6"
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}
