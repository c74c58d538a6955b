import { type NextRequest, NextResponse } from "next/server";

/**
 * Optimistic redirects only: a visitor without a session cookie is sent to the sign-in page of
 * the area. Pages, actions and route handlers check the caller again next to the data (lib/dal).
 */
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const hasSession = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (hasSession) return NextResponse.next();

  const signIn =
    pathname.startsWith("/admin") && pathname !== "/admin/login"
      ? "/admin/login"
      : pathname.startsWith("/customer") && pathname !== "/customer/auth"
        ? "/customer/auth"
        : null;
  if (!signIn) return NextResponse.next();

  const url = new URL(signIn, request.url);
  url.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(url);
}

export const config = {
  matcher: ["/customer/:path*", "/admin/:path*"],
};
