/**
 * The path and query a /customer or /admin page was asked for, set by proxy.ts on the forwarded
 * request (overwriting any header of that name a client sent). The DAL's guards read it to send a
 * caller whose session has ended (signed out elsewhere, expired, idle) to the sign-in page with
 * the page to come back to, as the proxy does for a visitor without a session cookie.
 */
export const REQUEST_PATH_HEADER = "x-breathe-request-path";
