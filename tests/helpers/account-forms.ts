/**
 * The public account actions as their forms post them (multipart, no previous state), the
 * verification link a sign-up mails, and the token of the password-reset link.
 */
import { NextRequest } from "next/server";
import { expect } from "vitest";

import {
  forgotPasswordAction,
  resetPasswordAction,
  signInAction,
  signUpAction,
} from "@/actions/accounts";
import * as verifyRoute from "@/app/api/auth/verify/route";
import type { Db } from "@/db";

import { latestMail, tokenIn } from "./outbox";
import { asFormData } from "./payloads";

export const signIn = (email: string, password: string) =>
  signInAction(undefined, asFormData({ email, password }));

export const forgotPassword = (email: string) =>
  forgotPasswordAction(undefined, asFormData({ email }));

/** Reset Password with the new password typed twice (or `confirmPassword` the second time). */
export const resetPassword = (token: string, password: string, confirmPassword = password) =>
  resetPasswordAction(undefined, asFormData({ token, password, confirmPassword }));

/** Asks for a reset link for `email` and answers its token (from the mail queued for it). */
export async function resetToken(db: Db, email: string): Promise<string> {
  await forgotPassword(email);
  const mail = await latestMail(db, email, "password-reset");
  return tokenIn(mail!.textBody, "/customer/reset-password");
}

/** Signs up as the form does (which must succeed) and opens the verification link mailed. */
export async function signUpVerified(
  db: Db,
  values: { fullName: string; email: string; password: string; phone: string },
): Promise<void> {
  expect(await signUpAction(undefined, asFormData(values))).toMatchObject({ status: "success" });
  const mail = await latestMail(db, values.email, "verify-email");
  await openVerifyLink(tokenIn(mail!.textBody, "/api/auth/verify"));
}

/** Opens a /api/auth/verify link (a 303); answers where it sends the browser. */
export async function openVerifyLink(token: string, type?: string): Promise<string> {
  const url = new URL("http://localhost:3000/api/auth/verify");
  url.searchParams.set("token", token);
  if (type) url.searchParams.set("type", type);
  const response = await verifyRoute.GET(new NextRequest(url));
  expect(response.status).toBe(303);
  return response.headers.get("location")!;
}
