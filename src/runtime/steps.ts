/**
 * Steps run in order as one middleware: each step gets, as `next`, the steps after it. grammY's
 * `new Composer(a, b, c)` does the same by nesting one `concat` level per step; the update path is
 * a fixed list, so it is run flat, one call per step. grammY's guard is kept: a step that calls its
 * `next` twice is an error, as it is under `concat` ("`next` already called before!").
 *
 * A step throwing at once (not through its promise) becomes a rejection, as under grammY's `concat`.
 */
import type { Context, Middleware, MiddlewareFn, NextFunction } from "grammy";

export function steps<C extends Context>(...list: Middleware<C>[]): MiddlewareFn<C> {
  const fns: MiddlewareFn<C>[] = list.map((step) =>
    typeof step === "function" ? step : step.middleware(),
  );
  return (ctx: C, last: NextFunction): Promise<void> => {
    const from = (index: number): Promise<void> => {
      if (index === fns.length) return last();
      let called = false;
      const next = (): Promise<void> => {
        if (called) return Promise.reject(new Error("`next` already called before!"));
        called = true;
        return from(index + 1);
      };
      try {
        return Promise.resolve(fns[index]!(ctx, next)) as Promise<void>;
      } catch (error) {
        return Promise.reject(error as Error);
      }
    };
    return from(0);
  };
}
