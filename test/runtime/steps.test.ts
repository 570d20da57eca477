/**
 * The update path's flat step runner behaves as grammY's nested composers did for the bot: steps in
 * order, each `next` the rest, a step that does not call `next` ends the update there, errors reach
 * the step above (the error boundary) whether thrown at once or through a promise.
 */
import { Composer, Context } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import { describe, expect, it } from "vitest";
import { steps } from "../../src/runtime/steps.js";

const ME = { id: 1, is_bot: true, first_name: "b", username: "b_bot" } as UserFromGetMe;
const context = () => new Context({ update_id: 1 } as Update, undefined as never, ME);

describe("steps", () => {
  it("runs each step in order around the rest, then the final next", async () => {
    const seen: string[] = [];
    const step = (name: string) => async (_ctx: Context, next: () => Promise<void>) => {
      seen.push(`${name} in`);
      await next();
      seen.push(`${name} out`);
    };
    const inner = new Composer<Context>(step("composer"));
    await steps(
      step("a"),
      inner,
      step("b"),
    )(context(), () => {
      seen.push("last");
      return Promise.resolve();
    });
    expect(seen).toEqual(["a in", "composer in", "b in", "last", "b out", "composer out", "a out"]);
  });

  it("a step that does not call next ends the update: later steps and the final next never run", async () => {
    const seen: string[] = [];
    await steps<Context>(
      (_ctx, next) => next(),
      () => void seen.push("handler"),
      () => void seen.push("after"),
    )(context(), () => {
      seen.push("last");
      return Promise.resolve();
    });
    expect(seen).toEqual(["handler"]);
  });

  it("an error thrown at once or rejected reaches the step above as a rejection", async () => {
    for (const failing of [
      () => {
        throw new Error("at once");
      },
      () => Promise.reject(new Error("later")),
    ]) {
      const caught: string[] = [];
      const boundary = async (_ctx: Context, next: () => Promise<void>) => {
        try {
          await next();
        } catch (error) {
          caught.push((error as Error).message);
        }
      };
      const run = steps<Context>(boundary, (_ctx, next) => next(), failing);
      await expect(run(context(), () => Promise.resolve())).resolves.toBeUndefined();
      expect(caught).toHaveLength(1);
    }
    // Without a boundary the update's promise rejects (grammY's bot.catch then sees it).
    const bare = steps<Context>(() => {
      throw new Error("unguarded");
    });
    await expect(bare(context(), () => Promise.resolve())).rejects.toThrow("unguarded");
  });

  it("a step that calls next twice is an error, as under grammY's composers; the rest runs once", async () => {
    const twice = async (_ctx: Context, next: () => Promise<void>) => {
      await next();
      await next();
    };
    const outcome = async (run: (last: () => Promise<void>) => Promise<void>) => {
      let runs = 0;
      const error = await run(() => {
        runs++;
        return Promise.resolve();
      }).then(
        () => undefined,
        (e: unknown) => (e as Error).message,
      );
      return { error, runs };
    };
    const ours = await outcome(
      (last) => steps<Context>(twice, (_c, n) => n())(context(), last) as Promise<void>,
    );
    const grammys = await outcome(
      (last) =>
        new Composer<Context>(twice, (_c, n) => n()).middleware()(context(), last) as Promise<void>,
    );
    expect(ours).toEqual({ error: "`next` already called before!", runs: 1 });
    expect(ours).toEqual(grammys);
  });
});
