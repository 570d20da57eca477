/**
 * showScreenAt: a flow's prompt remembered by id goes through the same edit path as every screen —
 * in place, a new message when the old one is gone, nothing sent when nothing changed.
 * (showScreen and showButtons are covered end to end by the features' tests.)
 */
import { GrammyError, InlineKeyboard, type Api } from "grammy";
import { describe, expect, it } from "vitest";
import { showScreenAt, type Screen } from "../../../src/bot/ui/screen.js";

/** A Bot API stand-in that records calls; `editFails` makes editMessageText answer like Telegram would. */
function recordingApi(editFails?: string) {
  const calls: { method: string; args: unknown[] }[] = [];
  const api = {
    editMessageText: (...args: unknown[]) => {
      calls.push({ method: "editMessageText", args });
      if (editFails)
        return Promise.reject(
          new GrammyError(
            "refused",
            { ok: false, error_code: 400, description: editFails },
            "editMessageText",
            {},
          ),
        );
      return Promise.resolve(true);
    },
    sendMessage: (...args: unknown[]) => {
      calls.push({ method: "sendMessage", args });
      return Promise.resolve({ message_id: 99 });
    },
  };
  return { api: api as unknown as Api, calls };
}

const prompt: Screen = { text: "Choose", keyboard: new InlineKeyboard().text("A", "a") };
const at = { chatId: 7, messageId: 10 };

describe("showScreenAt", () => {
  it("edits the remembered message in place", async () => {
    const { api, calls } = recordingApi();
    expect(await showScreenAt(api, { ...at, shows: prompt }, { text: "Chosen: A" })).toBe(10);
    expect(calls.map((c) => c.method)).toEqual(["editMessageText"]);
    expect(calls[0]!.args.slice(0, 3)).toEqual([7, 10, "Chosen: A"]);
  });

  it("sends nothing when the message already shows that screen", async () => {
    const { api, calls } = recordingApi();
    const same: Screen = { text: "Choose", keyboard: new InlineKeyboard().text("A", "a").row() };
    expect(await showScreenAt(api, { ...at, shows: prompt }, same)).toBe(10);
    expect(calls).toEqual([]);
  });

  it("sends a new message when the old one was deleted, and says which one shows the screen now", async () => {
    const { api, calls } = recordingApi("Bad Request: message to edit not found");
    expect(await showScreenAt(api, { ...at, shows: prompt }, { text: "Next" })).toBe(99);
    expect(calls.map((c) => c.method)).toEqual(["editMessageText", "sendMessage"]);
  });

  it("takes Telegram's 'not modified' as done", async () => {
    const { api, calls } = recordingApi("Bad Request: message is not modified: same content");
    expect(await showScreenAt(api, at, prompt)).toBe(10);
    expect(calls.map((c) => c.method)).toEqual(["editMessageText"]);
  });

  it("never adds protection by an edit: a protected screen over an unprotected message comes as a new one", async () => {
    const { api, calls } = recordingApi();
    expect(
      await showScreenAt(api, { ...at, shows: prompt }, { text: "Your data", protect: true }),
    ).toBe(99);
    expect(calls.map((c) => c.method)).toEqual(["sendMessage"]);
    expect(calls[0]!.args[2]).toMatchObject({ protect_content: true });
    // Over a protected one it edits, and stays protected.
    const again = recordingApi();
    await showScreenAt(
      again.api,
      { ...at, shows: { text: "Summary", protect: true } },
      { text: "Sent", protect: true },
    );
    expect(again.calls.map((c) => c.method)).toEqual(["editMessageText"]);
  });

  it("lets other refusals through to the error boundary", async () => {
    const { api } = recordingApi("Bad Request: can't parse entities");
    await expect(showScreenAt(api, at, prompt)).rejects.toBeInstanceOf(GrammyError);
  });
});
