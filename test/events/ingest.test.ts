/**
 * The ingest's routing with its collaborators faked: which chats an event asks to check, and what it
 * refuses to trust (a number at an arbitrary position, an event seen before, a row of no known shape).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Registry } from "prom-client";
import { EventIngest, type IngestDeps } from "../../src/events/ingest.js";
import { MAX_ACCOUNTS, type VerificationOutcome } from "../../src/events/verification-check.js";
import { createEventMetrics } from "../../src/events/metrics.js";
import { createLogger } from "../../src/logger.js";
import type { Batch, EventRow, HandledKind } from "../../src/events/batch.js";
import { SeenTokens } from "../../src/notify/seen-tokens.js";
import type { KV } from "../../src/storage/kv.js";
import { kvBackends } from "../storage/helpers.js";

const TOKEN = "9a8b7c6d5e4f30211a2b3c4d5e6f7081";

const batchOf = (...events: { kind: HandledKind; row: EventRow }[]): Batch => ({
  events,
  byKind: {},
  skipped: { unknownType: 0, wrongShape: 0 },
});

describe.each(kvBackends("ingest").slice(0, 1))("event routing ($name)", (backend) => {
  let kv: KV;
  beforeAll(async () => {
    kv = await backend.setup();
  });
  afterAll(() => backend.teardown());

  /** An ingest over fakes: accounts → chats, what the owner lookup says; records what it asked for. */
  function ingest(options: {
    accounts?: Record<string, string[]>;
    ownerOf?: IngestDeps["ownerOf"];
    verification?: (chatId: string) => VerificationOutcome;
  }) {
    const asked = {
      checks: [] as string[],
      verifications: [] as string[],
      statuses: [] as unknown[],
    };
    const registry = new Registry();
    const accounts = options.accounts ?? {};
    const states = new Map<string, boolean>();
    const deps: IngestDeps = {
      kv,
      logger: createLogger("silent"),
      metrics: createEventMetrics(registry),
      tokens: new SeenTokens(kv),
      accountChats: { chatsOf: async (id) => accounts[id] ?? [] },
      ownerOf: options.ownerOf ?? (() => undefined),
      checkChat: async (chatId) => void asked.checks.push(chatId),
      verification: {
        check: async (chatId) => (
          asked.verifications.push(chatId),
          options.verification?.(chatId) ?? "miss"
        ),
      },
      accountStates: {
        change: async (id, active) => {
          const changed = (states.get(id) ?? true) !== active;
          states.set(id, active);
          return changed;
        },
      },
      accountStatusChanged: async (id, active) => void asked.statuses.push([id, active]),
    };
    return { ingest: new EventIngest(deps), asked, metrics: () => registry.metrics() };
  }

  it("an order event reaches the chats that saw its token, wherever the row puts it, each once", async () => {
    await new SeenTokens(kv).record(501, [TOKEN]);
    await new SeenTokens(kv).record(502, [TOKEN]);
    const { ingest: i, asked } = ingest({ ownerOf: () => "1024", accounts: { "1024": ["999"] } });
    await i.process(
      batchOf({ kind: "order", row: [7, TOKEN, 1] }, { kind: "order", row: [TOKEN, 2] }),
    );
    expect(asked.checks.sort()).toEqual(["501", "502"]); // the owner lookup is for orders nobody saw
  });

  it("an order nobody saw is routed by its owner's id when the layout places it, to every chat of that account", async () => {
    const owners: EventRow[] = [];
    const { ingest: i, asked } = ingest({
      ownerOf: (row) => (owners.push(row), String(row[2])),
      accounts: { "1024": ["601", "602"] },
    });
    await i.process(batchOf({ kind: "order", row: ["x", "never-seen-token-0001", 1024] }));
    expect(owners).toHaveLength(1);
    expect(asked.checks).toEqual(["601", "602"]);
  });

  it("a number that happens to be an account's id, at a position nothing proves, routes nothing", async () => {
    const { ingest: i, asked, metrics } = ingest({ accounts: { "1024": ["601"] } });
    await i.process(batchOf({ kind: "order", row: [1024, "1024", "other-token-000001", 5] }));
    expect(asked.checks).toEqual([]);
    expect(await metrics()).toMatch(/events_total\{kind="order",outcome="unmatched"\} 1/);
  });

  it("the same event again (a repeated batch) is not taken twice", async () => {
    await new SeenTokens(kv).record(701, ["repeat-token-aaaaaaaaaaaa"]);
    const { ingest: i, asked, metrics } = ingest({});
    const event = { kind: "order" as const, row: ["repeat-token-aaaaaaaaaaaa", 1] };
    await i.process(batchOf(event));
    await i.process(batchOf(event));
    expect(asked.checks).toEqual(["701"]);
    expect(await metrics()).toMatch(/events_total\{kind="order",outcome="repeated"\} 1/);
  });

  it("a verification event reads back for at most a few candidate accounts, counting the misses", async () => {
    const accounts = Object.fromEntries(
      Array.from({ length: MAX_ACCOUNTS + 2 }, (_, n) => [String(3000 + n), [`c${n}`]]),
    );
    const {
      ingest: i,
      asked,
      metrics,
    } = ingest({
      accounts,
      verification: (chatId) => (chatId === "c1" ? "told" : "miss"),
    });
    await i.process(batchOf({ kind: "verification", row: Object.keys(accounts).map(Number) }));
    expect(asked.verifications).toEqual(Array.from({ length: MAX_ACCOUNTS }, (_, n) => `c${n}`));
    const text = await metrics();
    expect(text).toMatch(/verification_reads_total\{result="miss"\} 3/);
    expect(text).toMatch(/verification_reads_total\{result="dropped"\} 1/);
  });

  it("a user status event goes to the sink only when the state really changed, for a linked account", async () => {
    const { ingest: i, asked, metrics } = ingest({ accounts: { "1024": ["801"] } });
    const user = (id: number, state: number) => {
      const row: unknown[] = Array.from({ length: 30 }, () => "");
      row[0] = id;
      row[3] = state;
      return { kind: "user" as const, row };
    };
    await i.process(batchOf(user(1024, 0), user(1024, 1), user(4096, 0)));
    await i.process(batchOf({ kind: "user", row: [1024, 0] })); // not the documented object
    expect(asked.statuses).toEqual([
      ["1024", false],
      ["1024", true],
    ]);
    const text = await metrics();
    expect(text).toMatch(/events_total\{kind="user",outcome="unmatched"\} 1/);
    expect(text).toMatch(/events_total\{kind="user",outcome="unreadable"\} 1/);
  });
});
