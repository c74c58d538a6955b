import NextAuth from "next-auth";
import type { NextFetchEvent, NextRequest } from "next/server";

import { authConfig } from "@/auth.config";

/**
 * Optimistic redirects only (authConfig.callbacks.authorized): a signed-out visitor of /customer/*
 * goes to /customer/auth, of /admin/* to /admin/login. Built from the database-free config: the
 * session version and roles are checked on the server next to the data (lib/dal), not here.
 * Public pages never pass through the proxy (malformed URLs are rewritten in next.config.ts).
 */
const { auth } = NextAuth(authConfig);
const authProxy = auth as unknown as (
  request: NextRequest,
  event: NextFetchEvent,
) => Promise<Response | undefined>;

export function proxy(request: NextRequest, event: NextFetchEvent) {
  return authProxy(request, event);
}

export const config = {
  matcher: ["/customer/:path*", "/admin/:path*"],
};
