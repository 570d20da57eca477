/**
 * The exchanger's second door: what only the doctor (`npm run doctor`), the sandbox and the bench
 * use — the one table of methods, layouts as evidence, raw envelopes, the Private API's parameters.
 * The bot's screens and the watcher never import it (the layout rules test says so). Telegram-free.
 */
export { isPlainObject, type Success } from "./envelope.js";
export { fieldParameterName } from "./field-parameter.js";
export { layoutFileText } from "./layouts/file.js";
export { numericValue } from "./layouts/value-types.js";
export {
  describeField,
  isCertain,
  type Layout,
  type LayoutObject,
  nameRecord,
  unplacedPositions,
} from "./normalize/layout.js";
export { readOrders } from "./normalize/order.js";
export { placementOf } from "./normalize/placement.js";
export {
  CERTAIN_NEEDS,
  METHOD_SPECS,
  METHODS,
  type MethodName,
  methodOf,
  type MethodSpec,
} from "./read/methods.js";
export { isDocumentedUser, NUMBER_BESIDE } from "./normalize/user-layout.js";
export { createOrderParams, type KeyProbe, type ProbeAnswer } from "./private-client.js";
export { isSecretFieldName } from "./secret-names.js";
