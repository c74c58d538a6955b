import { CredentialsSignin } from "next-auth";
import type { NextRequest } from "next/server";

import { signIn } from "@/auth";

/**
 * The link of a verification, email-change or sign-in mail. The single-use token verifies the
 * address and signs the user in (the 'email-link' credentials provider), then lands on /customer
 * (or the profile after an email change). A staff account is never signed in by a link alone: it
 * lands on the staff sign-in. A used, expired or unknown token lands on the sign-in page
 * with a message and the offer of a new link.
 */
export async function GET(request: NextRequest) {
  const params = request.nextUrl.searchParams;
  const token = params.get("token") ?? "";
  const type = params.get("type");
  // A relative Location: the browser stays on the origin it opened the link on (where the
  // session cookie was just set), whatever host name the server believes it has.
  const go = (path: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: path, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });

  if (!token || token.length > 200) return go("/customer/auth?notice=link-invalid");
  try {
    await signIn("email-link", { token, redirect: false });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      if (error.code === "email-taken") return go("/customer/auth?notice=email-taken");
      // A staff account: the link did its work, and the staff sign-in asks for password and code.
      if (error.code === "sign-in-required") return go("/admin/login?notice=email-changed");
      return go("/customer/auth?notice=link-invalid");
    }
    throw error;
  }
  if (type === "email-change") return go("/customer/profile?notice=email-changed");
  if (type === "sign-in") return go("/customer");
  return go("/customer?notice=verified");
}
