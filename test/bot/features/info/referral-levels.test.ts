/**
 * The referral program's levels, with their rewards, whatever form the server gives them in (issue:
 * not shown on three server variants that send objects with `level` / `percent`): a list of
 * percentages, a list of objects, a map by level of percentages or of objects. Through the real bot,
 * the exchanger's answer rewritten on its way back.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "../../../../src/sandbox/server.js";
import { Harness } from "../../../harness/harness.js";
import { ExchangerProxy } from "../../../faults/exchanger-proxy.js";

const PROGRAM = "/public-api-get-referral-program";

const VARIANTS: Record<string, unknown> = {
  "a list of percentages": { levels: 2, levels_percent: ["0.5", "0.1"] },
  "a list of objects": {
    levels: [
      { level: 1, percent: "0.5" },
      { level: 2, percent: "0.1" },
    ],
  },
  "a list of objects, percent as numbers, out of order": {
    levels_percent: [
      { level: "2", percent: 0.1 },
      { level: "1", percent: 0.5 },
    ],
  },
  "a map by level of objects": { levels: { "1": { percent: "0.5" }, "2": { percent: "0.1" } } },
  "a map by level of percentages": { levels_percent: { level_1: "0.5%", level_2: "0.1%" } },
};

describe("the referral program's levels", () => {
  let sandbox: Sandbox;
  let proxy: ExchangerProxy;
  let h: Harness;
  beforeEach(async () => {
    sandbox = await startSandbox();
    proxy = await ExchangerProxy.start(sandbox.baseUrl);
    h = await Harness.start({ sandbox, env: { EXCHANGER_BASE_URL: proxy.baseUrl } });
  });
  afterEach(async () => {
    await h.close();
    await proxy.close();
    await sandbox.close();
  });

  function answerWith(levels: unknown): void {
    proxy.hooks.rewrite = (path, body) => {
      if (path !== PROGRAM) return body;
      const answer = JSON.parse(body.toString()) as { result: Record<string, unknown> };
      const { levels: _count, levels_percent: _rewards, ...rest } = answer.result;
      answer.result = { ...rest, ...(levels as Record<string, unknown>) };
      return Buffer.from(JSON.stringify(answer));
    };
  }

  for (const [variant, levels] of Object.entries(VARIANTS))
    it(`shows each level with its reward: ${variant} (en, ru, uk)`, async () => {
      answerWith(levels);
      for (const [languageCode, line] of [
        ["en", "🪜 Levels: level 1 — 0.5%, level 2 — 0.1%"],
        ["ru", "🪜 Уровни: уровень 1 — 0,5"],
        ["uk", "🪜 Рівні: рівень 1 — 0,5"],
      ] as const) {
        const user = h.user({ languageCode });
        await user.send("/referral");
        expect(user.lastText()).toContain(line);
        expect(user.lastText()).not.toMatch(/\[object|level":|percent":/);
      }
    });
});
