/**
 * The per-update read-ahead: one round trip gives settings, sealed key and flow state, each usable
 * once, and says whether the update was seen before and whether the chat is within its budget; a key
 * read before this process linked or unlinked any key is not trusted.
 */
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationKey,
  readChatSnapshot,
  takeFlowState,
  takeSealedKey,
} from "../../../src/bot/core/chat-snapshot.js";
import {
  CHAT_BUDGET,
  createUpdateGate,
  type UpdateGate,
} from "../../../src/bot/core/update-gate.js";
import { SettingsStore } from "../../../src/storage/settings.js";
import {
  EncryptedConversationAdapter,
  redisSealedStore,
} from "../../../src/storage/conversation-store.js";
import { Keyring } from "../../../src/storage/crypto.js";
import { RedisKV } from "../../../src/storage/kv-redis.js";
import { Vault } from "../../../src/storage/vault.js";
import { connectRedis, deleteByPrefix, randomKey, uniquePrefix } from "../../storage/helpers.js";

const prefix = uniquePrefix("snapshot");
let redis: Redis;
let kv: RedisKV;
let vault: Vault;
let flows: EncryptedConversationAdapter<{ step: number }>;
let gate: UpdateGate;
let nextUpdateId = 1;
const read = (chatId: number, updateId = nextUpdateId++) =>
  readChatSnapshot(gate, vault, chatId, updateId);

beforeAll(() => {
  redis = connectRedis();
  kv = new RedisKV({ redis, prefix });
  const keyring = new Keyring(randomKey());
  vault = new Vault(kv, keyring);
  flows = new EncryptedConversationAdapter(redisSealedStore(redis, prefix, 60_000), keyring);
  gate = createUpdateGate({ kind: "redis", redis, prefix }, kv);
});
afterAll(async () => {
  await gate.close();
  await deleteByPrefix(redis, prefix);
  await redis.quit();
});

describe("chat snapshot", () => {
  it("reads settings, key and flow state in one go; each opens like a normal read", async () => {
    await vault.link(11, "ak_snapshot_key_0123456789");
    await new SettingsStore(kv).update(11, { lang: "uk" });
    await flows.write(conversationKey(11), { step: 3 });

    const snapshot = await read(11);
    expect(JSON.parse(snapshot.settings!)).toEqual({ lang: "uk" });
    const key = takeSealedKey(snapshot, vault)!;
    expect(key.value).not.toContain("ak_snapshot"); // sealed, not plain
    expect(vault.open(11, key.value)).toBe("ak_snapshot_key_0123456789");
    expect(await flows.openStored(conversationKey(11), takeFlowState(snapshot)!.value)).toEqual({
      step: 3,
    });
  });

  it("each value is used once; later reads go to the store", async () => {
    const snapshot = await read(11);
    expect(takeSealedKey(snapshot, vault)).toBeDefined();
    expect(takeSealedKey(snapshot, vault)).toBeUndefined();
    expect(takeFlowState(snapshot)).toBeDefined();
    expect(takeFlowState(snapshot)).toBeUndefined();
  });

  it("a chat with nothing stored reads as absent, which is an answer too", async () => {
    const snapshot = await read(12);
    expect(snapshot.settings).toBeUndefined();
    expect(takeSealedKey(snapshot, vault)).toEqual({ value: undefined });
    expect(takeFlowState(snapshot)).toEqual({ value: undefined });
  });

  it("a key read before this process linked or unlinked one is not trusted", async () => {
    const snapshot = await read(12);
    await vault.link(12, "ak_linked_after_the_read_0001");
    expect(takeSealedKey(snapshot, vault)).toBeUndefined(); // → the caller reads the vault again
    expect(await vault.get(12)).toBe("ak_linked_after_the_read_0001");
  });

  it("an update_id seen before reads as repeated, on every instance of the store", async () => {
    const other = createUpdateGate({ kind: "redis", redis, prefix }, kv);
    try {
      expect((await read(13, 900_001)).repeated).toBe(false);
      expect((await read(13, 900_001)).repeated).toBe(true);
      expect((await readChatSnapshot(other, vault, 13, 900_001)).repeated).toBe(true);
      expect((await readChatSnapshot(other, vault, 13, 900_002)).repeated).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("a chat past its budget is told how long to wait; other chats are not affected", async () => {
    for (let i = 0; i < CHAT_BUDGET.points; i++) expect((await read(14)).waitMs).toBe(0);
    const over = await read(14);
    expect(over.waitMs).toBeGreaterThan(0);
    expect(over.waitMs).toBeLessThanOrEqual(CHAT_BUDGET.durationSec * 1000);
    expect((await read(15)).waitMs).toBe(0);
  });
});
