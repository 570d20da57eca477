/** Per-chat settings: two writers (the chat's updates, the notification watcher) never undo each other. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KV } from "../../src/storage/kv.js";
import { settingsKey, SettingsStore } from "../../src/storage/settings.js";
import { kvBackends } from "./helpers.js";

describe.each(kvBackends("settings"))("$name", (backend) => {
  let kv: KV;
  let store: SettingsStore;
  beforeAll(async () => {
    kv = await backend.setup();
    store = new SettingsStore(kv);
  });
  afterAll(() => backend.teardown());

  /** The KV, except that right after the first read of `key` another writer stores `value` there. */
  function racing(key: string, value: string): KV {
    let raced = false;
    return new Proxy(kv, {
      get(target, prop) {
        if (prop === "get")
          return async (k: string) => {
            const read = await target.get(k);
            if (k === key && !raced) {
              raced = true;
              await target.set(key, value);
            }
            return read;
          };
        const member: unknown = Reflect.get(target, prop, target);
        return typeof member === "function"
          ? (member as (...args: unknown[]) => unknown).bind(target)
          : member;
      },
    });
  }

  it("a change computed from a value that moved meanwhile is applied again on top of the newer one", async () => {
    await store.update(1, { notify: true, seen: { m: 1 } });
    // The chat switches its language between the watcher's read and its write.
    const watcherSide = new SettingsStore(
      racing(settingsKey(1), JSON.stringify({ notify: true, seen: { m: 1 }, lang: "uk" })),
    );
    let calls = 0;
    const result = await watcherSide.change(
      1,
      (current) => (calls++, { ...current, seen: { m: 2 } }),
    );
    expect(calls).toBe(2);
    expect(result).toEqual({ notify: true, lang: "uk", seen: { m: 2 } });
    expect(await store.get(1)).toEqual({ notify: true, lang: "uk", seen: { m: 2 } });
  });

  it("a write that would turn notifications back on is declined when they were switched off meanwhile", async () => {
    await store.update(3, { notify: true, seen: { m: 1 } });
    const watcherSide = new SettingsStore(racing(settingsKey(3), JSON.stringify({ lang: "en" })));
    await watcherSide.change(3, (current) =>
      current.notify === true ? { ...current, seen: { m: 2 } } : undefined,
    );
    expect(await store.get(3)).toEqual({ lang: "en" });
  });

  it("a change that declines writes nothing; emptied settings are removed", async () => {
    await store.update(2, { notify: true });
    expect(await store.change(2, () => undefined)).toEqual({ notify: true });
    expect(await store.get(2)).toEqual({ notify: true });
    expect(await store.update(2, { notify: undefined })).toEqual({});
    expect(await kv.get(settingsKey(2))).toBeUndefined();
  });
});
