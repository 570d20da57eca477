/**
 * "Continue on the site": the operator's EXCHANGE_URL template (config.ts checks it: https://, {slug},
 * nothing but {slug} and {amount}) filled for one direction and amount. Both values are URL-encoded,
 * so a slug or an amount can never change the address's host or path structure.
 */
export function exchangeLink(template: string, slug: string, amount?: string): string {
  return template
    .replaceAll("{slug}", encodeURIComponent(slug))
    .replaceAll("{amount}", encodeURIComponent(amount ?? ""));
}
