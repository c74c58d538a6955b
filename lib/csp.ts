/**
 * The Content-Security-Policy of every response (docs/decisions/0015). Pure: next.config.ts uses it
 * for the headers of every page and file, proxy.ts for the pages it handles.
 *
 * - Pages rendered per request (/customer/*, /admin/*, their sign-in and reset pages, the pay
 *   pages /pay/*: proxy.ts)
 *   allow only scripts that carry this response's nonce, and what those load ('strict-dynamic').
 *   Next reads the nonce from the policy in the request headers the proxy forwards and puts it on
 *   its own scripts.
 * - Pages served from the full-route cache (/, /tours, the tour pages, and the other public
 *   pages) are one HTML for every visitor, so they cannot carry a per-request nonce, and Next's
 *   inline scripts (the RSC payload) differ per page and per build, so no hash list fits either:
 *   their scripts are limited to our own origin and inline scripts ('self' 'unsafe-inline'). Every
 *   other directive is as strict as on the dynamic pages: no plugins, no <base>, forms post only to
 *   us, no framing, no other origin to connect to.
 *
 * Styles allow inline style attributes and elements everywhere (Radix positions its popovers with
 * style attributes; the toaster injects its stylesheet). Images may come from any https origin:
 * tour photos are served from S3_PUBLIC_URL, which a build does not know.
 */
export type CspOptions = {
  /** This response's nonce (dynamic pages); none for cached pages. */
  nonce?: string;
  /** `next dev`: React's dev tools need eval, and the HMR socket. */
  dev?: boolean;
};

export function contentSecurityPolicy({ nonce, dev = false }: CspOptions = {}): string {
  const scripts = nonce
    ? ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]
    : ["'self'", "'unsafe-inline'"];
  if (dev) scripts.push("'unsafe-eval'");
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", ...scripts],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(dev ? ["ws:"] : [])],
    ["manifest-src", "'self'"],
    ["frame-src", "'none'"],
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * The policy of a stored picture served from this origin (`/media/…`): never a document, so
 * nothing in it may run or load, even opened on its own (a sandbox, no default source). Set by
 * the media route and by next.config.ts for every path under /media/, instead of the site's.
 */
export const STORED_FILE_POLICY = "default-src 'none'; sandbox";

/** A fresh nonce for one response: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** HSTS of a production server: two years, every subdomain (browsers ignore it over http). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";
