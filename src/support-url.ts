/**
 * What a support link may be: a leaf (it imports nothing), shared by config (SUPPORT_URL) and the
 * exchanger's reading of `public-api-get-social`.
 */

/** The only schemes a support button may open: https:// (a web page, t.me) and tg:// (the app). */
export function isSupportUrl(value: string): boolean {
  if (!/^(https|tg):\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
