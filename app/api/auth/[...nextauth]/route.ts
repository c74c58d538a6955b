import type { NextRequest } from "next/server";

import { handlers, SERVER_ONLY_PROVIDERS } from "@/auth";

/**
 * Auth.js endpoints (session, csrf, signout, providers). Password and email-link sign-in run only
 * through the server actions and /api/auth/verify, which rate limit and answer with the product's
 * messages: their HTTP callbacks are refused here so nothing bypasses those checks.
 */
const blocked = new Set(
  SERVER_ONLY_PROVIDERS.flatMap((id) => [`/api/auth/callback/${id}`, `/api/auth/signin/${id}`]),
);

function refused(request: NextRequest): boolean {
  let path = request.nextUrl.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    return true;
  }
  return blocked.has(path.toLowerCase().replace(/\/+$/, ""));
}

export async function GET(request: NextRequest) {
  if (refused(request)) return new Response("Not Found", { status: 404 });
  return handlers.GET(request);
}

export async function POST(request: NextRequest) {
  if (refused(request)) return new Response("Not Found", { status: 404 });
  return handlers.POST(request);
}
