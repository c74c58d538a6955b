import { CredentialsSignin } from "next-auth";
import { type NextRequest, NextResponse } from "next/server";

import { signIn } from "@/auth";

/**
 * The link of a verification (or email-change) mail. The single-use token verifies the address
 * and signs the user in (the 'email-link' credentials provider), then lands on /customer (or the
 * profile after an email change). A used, expired or unknown token lands on the sign-in page
 * with a message and the offer of a new link.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const token = params.get("token") ?? "";
  const emailChange = params.get("type") === "email-change";
  const go = (path: string) => {
    const response = NextResponse.redirect(new URL(path, request.nextUrl), 303);
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("Referrer-Policy", "no-referrer");
    return response;
  };

  if (!token || token.length > 200) return go("/customer/auth?notice=link-invalid");
  try {
    await signIn("email-link", { token, redirect: false });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      return go(error.code === "email-taken" ? "/customer/auth?notice=email-taken" : "/customer/auth?notice=link-invalid");
    }
    throw error;
  }
  return go(emailChange ? "/customer/profile?notice=email-changed" : "/customer?notice=verified");
}
