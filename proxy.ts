import NextAuth from "next-auth";
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";

import { authConfig } from "@/auth.config";
import { contentSecurityPolicy, newNonce } from "@/lib/csp";
import { env } from "@/lib/env";
import { REQUEST_PATH_HEADER } from "@/lib/request-path";

/**
 * Optimistic redirects only (authConfig.callbacks.authorized): a signed-out visitor of /customer/*
 * goes to /customer/auth, of /admin/* to /admin/login. The pay pages (/pay/*) need no sign-in (the
 * pay link is the right to pay) but, like the account pages, render per request and handle money,
 * so they pass here for a nonce policy only. Built from the database-free config: the
 * session version and roles are checked on the server next to the data (lib/session.ts), not here.
 * Public pages never pass through the proxy (malformed URLs are rewritten in next.config.ts).
 *
 * These pages render per request, so each response gets a Content-Security-Policy with a nonce
 * of its own (lib/csp.ts): set on the forwarded request, where Next reads it and puts the nonce
 * on its scripts, and on the response. next.config.ts gives every other path its policy.
 */
const { auth } = NextAuth(authConfig);
const dev = env.NODE_ENV !== "production";
const POLICY = "Content-Security-Policy";

type Proxy = (request: NextRequest, event: NextFetchEvent) => Promise<Response>;

/** A page rendered per request, with a nonce policy of its own on the request and the response. */
function withNonce(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({ nonce: newNonce(), dev });
  const headers = new Headers(request.headers);
  headers.set(POLICY, policy);
  // The page asked for, for the DAL's sign-in redirect when the session has ended meanwhile.
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(POLICY, policy);
  return response;
}

/** Runs when `authorized` lets the request through (a redirect never renders a page). */
const authorizedPage = auth((request) => withNonce(request)) as unknown as Proxy;

// The proposal pages (/proposal/*) are token pages like the pay pages: money is accepted there.
const PAY_PAGES = /^\/(pay|proposal)(\/|$)/;

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  if (PAY_PAGES.test(request.nextUrl.pathname)) return withNonce(request);
  const response = await authorizedPage(request, event);
  // The sign-in redirect of a signed-out visitor: no page, the strict policy without a nonce.
  if (!response.headers.has(POLICY)) response.headers.set(POLICY, contentSecurityPolicy({ dev }));
  return response;
}

export const config = {
  matcher: ["/customer/:path*", "/admin/:path*", "/pay/:path*", "/proposal/:path*"],
};
