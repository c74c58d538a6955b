import NextAuth from "next-auth";
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";

import { authConfig } from "@/auth.config";

/**
 * Optimistic redirects only (authConfig.callbacks.authorized): a signed-out visitor of /customer/*
 * goes to /customer/auth, of /admin/* to /admin/login. Built from the database-free config: the
 * session version and roles are checked on the server next to the data (lib/dal), not here.
 */
const { auth } = NextAuth(authConfig);
const authProxy = auth as unknown as (
  request: NextRequest,
  event: NextFetchEvent,
) => Promise<Response | undefined>;

function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

export async function proxy(request: NextRequest, event: NextFetchEvent) {
  const { pathname } = request.nextUrl;
  // A tour URL that is not valid percent-encoding would fail while Next decodes the params:
  // answer with the tour page's own 'Tour Not Found' instead of a 500.
  if (pathname.startsWith("/tour/")) {
    return isMalformedPath(pathname)
      ? NextResponse.rewrite(new URL("/tour/not-found", request.url))
      : NextResponse.next();
  }
  return authProxy(request, event);
}

export const config = {
  matcher: ["/customer/:path*", "/admin/:path*", "/tour/:path*"],
};
