import type { NextAuthConfig } from "next-auth";

import { authSecret, authTrustHost } from "@/lib/env";

/**
 * The database-free half of the Auth.js configuration. proxy.ts builds its `auth` from this alone
 * (the full config in auth.ts is created lazily because the database opens asynchronously, and an
 * `auth` built on a lazy config returns a Promise, which Next refuses as a proxy).
 *
 * Session cookie: Auth.js defaults, HttpOnly and SameSite=Lax, Secure (with the `__Secure-`
 * prefix) whenever the site is served over https, which is the case in production.
 */

/** Customer pages a signed-out visitor may open. */
const PUBLIC_CUSTOMER_PATHS = new Set(["/customer/auth", "/customer/reset-password"]);
const PUBLIC_ADMIN_PATHS = new Set(["/admin/login"]);

/**
 * Set by Sign Out (actions/auth.ts): when this browser signed out, in ms. The proxy re-issues the
 * session cookie on every response it handles, so a response that was on its way during Sign Out
 * (a link prefetch) can put the old token back; a token issued before this time is treated as
 * signed out, here and in auth.ts's session callback. It ends this browser's session only: a
 * copy of the token elsewhere lives until it expires or the password changes (which bumps
 * session_version).
 */
export const SIGNED_OUT_COOKIE = "bu-signed-out-at";

/** True when this browser signed out after the token was issued (the cookie's value, in ms). */
export function signedOutSince(signedInAt: number | undefined, signedOutAt: string | undefined) {
  const at = Number(signedOutAt ?? 0);
  return Number.isFinite(at) && at >= (signedInAt ?? 0) && at > 0;
}

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
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
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
     * sign-in page of the area. Roles and the session version are checked on the server, next to
     * the data (lib/dal), never here.
     */
    authorized({ auth, request }) {
      const { pathname, search } = request.nextUrl;
      const target = signInPathFor(pathname);
      const signedIn =
        !!auth?.user &&
        !signedOutSince(auth.signedInAt, request.cookies.get(SIGNED_OUT_COOKIE)?.value);
      if (!target || signedIn) return true;
      const url = new URL(target, request.nextUrl);
      url.searchParams.set("callbackUrl", `${pathname}${search}`);
      return Response.redirect(url);
    },
    jwt({ token, user }) {
      if (user) {
        token.signedInAt = Date.now();
        token.sub = user.id;
        token.sessionVersion = user.sessionVersion;
        token.isAdmin = user.isAdmin ?? false;
      }
      return token;
    },
    session({ session, token }) {
      return {
        expires: session.expires,
        signedInAt: token.signedInAt,
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
    /** When this token's sign-in happened (ms): compared with SIGNED_OUT_COOKIE in the proxy. */
    signedInAt?: number;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    sessionVersion?: number;
    signedInAt?: number;
    isAdmin?: boolean;
  }
}
