import type { NextAuthConfig } from "next-auth";

import { authSecret, authTrustHost } from "@/lib/env";
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "@/lib/accounts/session-lifetime";

/**
 * The database-free half of the Auth.js configuration. proxy.ts builds its `auth` from this alone
 * (the full config in auth.ts is created lazily because the database opens asynchronously, and an
 * `auth` built on a lazy config returns a Promise, which Next refuses as a proxy).
 *
 * Session cookie: Auth.js defaults, HttpOnly and SameSite=Lax, Secure (with the `__Secure-`
 * prefix) whenever the site is served over https, which is the case in production. It lives as
 * long as the idle limit, renewed on use; the session it names is checked on the server (auth.ts,
 * lib/accounts/data/sessions.ts), which also ends it after 30 days and at Sign Out.
 */

/** Customer pages a signed-out visitor may open. */
const PUBLIC_CUSTOMER_PATHS = new Set(["/customer/auth", "/customer/reset-password"]);
const PUBLIC_ADMIN_PATHS = new Set(["/admin/login"]);

const inArea = (pathname: string, area: string) =>
  pathname === area || pathname.startsWith(`${area}/`);

/** Where a signed-out visitor of `pathname` is sent, or null when the page is open to them. */
export function signInPathFor(pathname: string): string | null {
  if (inArea(pathname, "/admin")) return PUBLIC_ADMIN_PATHS.has(pathname) ? null : "/admin/login";
  if (inArea(pathname, "/customer"))
    return PUBLIC_CUSTOMER_PATHS.has(pathname) ? null : "/customer/auth";
  return null;
}

export const authConfig = {
  basePath: "/api/auth",
  // Never the Host header on its own say: AUTH_URL (default SITE_URL) is the origin, unless the
  // deployment sets AUTH_TRUST_HOST (lib/env.ts).
  trustHost: authTrustHost,
  pages: { signIn: "/customer/auth", error: "/customer/auth" },
  session: { strategy: "jwt", maxAge: SESSION_COOKIE_MAX_AGE_SECONDS },
  providers: [],
  // Read when NextAuth() is called (at the first request), not when this module is imported, so a
  // build without AUTH_SECRET still works: the check happens where the secret is needed.
  get secret() {
    return authSecret();
  },
  logger: {
    error(error: Error) {
      // A wrong password is not a server error; everything else is logged once, as one line.
      const type = (error as { type?: string }).type;
      if (type === "CredentialsSignin") return;
      console.error(
        JSON.stringify({ event: "auth_error", type: type ?? error.name, message: error.message }),
      );
    },
    warn() {},
  },
  callbacks: {
    /**
     * Optimistic redirects of the proxy: signed-out visitors of /customer/* and /admin/* go to the
     * sign-in page of the area. The server-side session, the roles and the session version are
     * checked on the server, next to the data (auth.ts, lib/session.ts), never here.
     */
    authorized({ auth, request }) {
      const { pathname, search } = request.nextUrl;
      const target = signInPathFor(pathname);
      if (!target || auth?.user) return true;
      const url = new URL(target, request.nextUrl);
      url.searchParams.set("callbackUrl", `${pathname}${search}`);
      return Response.redirect(url);
    },
    jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sessionVersion = user.sessionVersion;
        token.isAdmin = user.isAdmin ?? false;
      }
      return token;
    },
    session({ session, token }) {
      return {
        expires: session.expires,
        sessionId: token.sid,
        user: { id: token.sub ?? "", email: token.email ?? "", name: token.name ?? null },
      } as typeof session;
    },
  },
} satisfies NextAuthConfig;

declare module "next-auth" {
  interface User {
    /** users.session_version at sign-in: a token with an older version is refused. */
    sessionVersion?: number;
    /** A hint only (set at sign-in): the role is always checked in the database. */
    isAdmin?: boolean;
  }
  interface Session {
    user: { id: string; email: string; name: string | null };
    /**
     * The server-side session (lib/accounts/data/sessions.ts) of this sign-in: what Sign Out ends and
     * a password change keeps. Useless without the encrypted cookie that carries it.
     */
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sessionVersion?: number;
    /** The user_sessions row of this sign-in, set by auth.ts: gone or expired, the token is refused. */
    sid?: string;
    isAdmin?: boolean;
  }
}
