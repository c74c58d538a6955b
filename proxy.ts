import NextAuth from "next-auth";

import { authConfig } from "@/auth.config";

/**
 * Optimistic redirects only (authConfig.callbacks.authorized): a signed-out visitor of /customer/*
 * goes to /customer/auth, of /admin/* to /admin/login. Built from the database-free config: the
 * session version and roles are checked on the server next to the data (lib/dal), not here.
 */
const { auth } = NextAuth(authConfig);

export const proxy = auth;

export const config = {
  matcher: ["/customer/:path*", "/admin/:path*"],
};
