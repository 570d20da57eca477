/** What every sandbox method receives and returns; the server wraps the return in the envelope. */
import type { Language } from "../../languages.js";
import type { Dialect } from "../dialect.js";
import type { Params } from "../params.js";
import type { SandboxAccount, SandboxState } from "../state.js";

export interface MethodContext {
  state: SandboxState;
  /** The real-server variant being spoken: methods shape their results by it. */
  dialect: Dialect;
  params: Params;
  language: Language;
  /** The sandbox clock in ms (options.now), for timestamps and TOTP. */
  now: number;
}

export interface UserContext extends MethodContext {
  account: SandboxAccount;
}

export interface MethodResult {
  result: unknown;
  /** Only list methods: [total matching, offset of the first item]. */
  pagination?: [number, number];
}

export type PublicMethod = (ctx: MethodContext) => MethodResult;
export type UserMethod = (ctx: UserContext) => MethodResult;
/** Private API methods: the server has checked the operator's key; there is no calling account. */
export type PrivateMethod = (ctx: MethodContext) => MethodResult;
