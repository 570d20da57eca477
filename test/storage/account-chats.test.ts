/** The chats of one exchanger account: bound at linking, moved when a chat links another account, forgotten on unlink. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountChats } from "../../src/storage/account-chats.js";
import type { KV } from "../../src/storage/kv.js";
import { kvBackends } from "./helpers.js";

describe.each(kvBackends("account-chats"))("$name", (backend) => {
  let kv: KV;
  let clock = 1_000;
  let index: AccountChats;
  beforeAll(async () => {
    kv = await backend.setup();
    index = new AccountChats(kv, () => clock++);
  });
  afterAll(() => backend.teardown());

  it("lists every chat of an account, earliest bound first, and no chat of another", async () => {
    expect(await index.bind(11, "501")).toEqual({ changed: true });
    expect(await index.bind(12, "501")).toEqual({ changed: true });
    expect(await index.bind(13, "777")).toEqual({ changed: true });
    expect(await index.chatsOf("501")).toEqual(["11", "12"]);
    expect(await index.chatsOf("777")).toEqual(["13"]);
    expect(await index.accountOf(12)).toBe("501");
  });

  it("binding the same account again changes nothing; another account moves the chat", async () => {
    expect(await index.bind(12, "501")).toEqual({ changed: false });
    expect(await index.bind(12, "777")).toEqual({ previous: "501", changed: true });
    expect(await index.chatsOf("501")).toEqual(["11"]);
    expect(await index.chatsOf("777")).toEqual(["13", "12"]);
  });

  it("unbinding forgets the chat; an id that is not plain text is kept under a hash", async () => {
    expect(await index.unbind(11)).toBe("501");
    expect(await index.unbind(11)).toBeUndefined();
    expect(await index.chatsOf("501")).toEqual([]);
    await index.bind(14, "odd id:*?");
    expect(await index.chatsOf("odd id:*?")).toEqual(["14"]);
    expect(await kv.keys("account:odd")).toEqual([]);
  });
});
