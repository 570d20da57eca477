/**
 * The one reading of the exchanger: what the rest of the bot (screens, the pay and exchange flows, the
 * watcher, the doctor) uses to read server records. The client (../client.ts) already returns orders,
 * verification requests, saved fields and directions read through these; call a reader directly only
 * for a record that reaches the bot another way (the Private API's created order, a test's fixture).
 */
export { readOrder, readOrders, type Order } from "./order.js";
export { readDirection, quoteTermsOf, type Direction, type DirectionField } from "./direction.js";
export { readSavedFields, type SavedField } from "./saved-fields.js";
export { readVerification, type Verification } from "./verification.js";
export { readAccount, type Account, type OtherBalance } from "./account.js";
export { readCurrencies } from "./currencies.js";
export {
  readCurrencyRef,
  readRate,
  readSide,
  type CurrencyRef,
  type Money,
  type Rate,
} from "./money.js";
export { isHiddenField, looksSecret, maskDeep, maskNumber } from "./secrets.js";
export { amountOf, dateOf, decodeEntities, idOf, textOf } from "./values.js";
export { ShapeNotes } from "./notes.js";
