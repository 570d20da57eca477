/**
 * The Private API's name for a direction field: `private-api-create-order` takes each required field
 * of the direction "as a parameter named after the field's name in snake_case" (docs/exchanger-api.md).
 *
 * The vendor does not spell the rule out, so this is the one place it lives (the client sends by it,
 * the sandbox accepts by it, `npm run doctor` prints what it makes of a live server's fields so the
 * operator can compare): lower case; a lower-case letter or digit followed by a capital starts a new
 * word (camelCase); every run of characters that are not letters or digits (spaces, hyphens,
 * apostrophes, punctuation) becomes one `_`; none at either end. Letters of any script are kept, as a
 * PHP server with a Russian field name would keep them: "E-mail" → `e_mail`, "Wallet address" →
 * `wallet_address`, "Номер карты" → `номер_карты`.
 *
 * Field names are localized by the `language` of get-exchange, so the name must be read in the same
 * language the order is created in.
 */
export function fieldParameterName(fieldName: string): string {
  return fieldName
    .normalize("NFKC")
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1_$2")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}
