/**
 * Where to go after signing in: a path of this site, else the fallback. What is returned is what
 * is checked: the URL parser normalises '/.//evil.com', '/%2e//evil.com' and '/\t/evil.com' to
 * '//evil.com' (another host to a browser), so the normalised result must itself be a plain path.
 * Backslashes (browsers read them as '/'), control characters and encoded slashes or backslashes
 * are refused outright: no real link of this site has them.
 */
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const ENCODED_SEPARATOR = /%(2f|5c)/i;

const isPlainPath = (path: string) =>
  path.startsWith("/") &&
  !path.startsWith("//") &&
  !CONTROL_OR_BACKSLASH.test(path) &&
  !ENCODED_SEPARATOR.test(path);

export function safeCallbackUrl(
  value: string | string[] | null | undefined,
  fallback = "/customer",
): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || v.length > 500 || !isPlainPath(v)) return fallback;
  try {
    const url = new URL(v, "http://localhost");
    if (url.origin !== "http://localhost") return fallback;
    if (url.pathname === "/customer/auth" || url.pathname.startsWith("/api/")) return fallback;
    const result = `${url.pathname}${url.search}${url.hash}`;
    if (!isPlainPath(result) || !isPlainPath(decodeURIComponent(url.pathname))) return fallback;
    if (new URL(result, "http://localhost").origin !== "http://localhost") return fallback;
    return result;
  } catch {
    return fallback;
  }
}
