"use server";

import { CredentialsSignin } from "next-auth";
import { cookies } from "next/headers";
import { z } from "zod";

import { signIn, SignInThrottled, signOut } from "@/auth";
import { SIGNED_OUT_COOKIE } from "@/auth.config";
import { adminRoleOf } from "@/lib/dal/auth";
import { createAction } from "@/lib/action";
import {
  ACCOUNT_MAIL_PER_EMAIL,
  ACCOUNT_MAIL_PER_IP,
  SIGN_IN_PER_EMAIL_IP,
  SIGN_IN_PER_IP,
} from "@/lib/auth-limits";
import { ActionError, type ActionState } from "@/lib/action-state";
import {
  requestPasswordReset,
  resendVerification,
  resetPasswordWithToken,
  signUpCustomer,
} from "@/lib/dal/auth";
import { deliverAfterResponse } from "@/lib/email";
import { env } from "@/lib/env";
import {
  checkRateLimit,
  clientIp,
  type RateLimits,
  tooManyRequestsMessage,
} from "@/lib/rate-limit";
import {
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "@/lib/validations/auth";

/**
 * Account actions of /customer/auth and /customer/reset-password. Every answer is the same for
 * known and unknown emails; the spec's toasts are the titles and messages returned here.
 */

async function limit(scope: string, keys: string[], limits: RateLimits, title: string) {
  const result = await checkRateLimit(scope, keys, limits);
  if (!result.allowed)
    throw new ActionError(title, tooManyRequestsMessage(result.retryAfterSeconds));
}

/** Account mails: per email (nobody floods one inbox) and per address. */
async function limitMail(scope: string, ip: string, email: string, title: string) {
  await limit(`${scope}:ip`, [ip], ACCOUNT_MAIL_PER_IP, title);
  await limit(`${scope}:email`, [email], ACCOUNT_MAIL_PER_EMAIL, title);
}

const ipContext = async () => ({ ip: await clientIp() });

const signInActionImpl = createAction(
  signInSchema,
  async ({ email, password }, { ip }): Promise<ActionState> => {
    // Before the account is looked up: once limited, known and unknown emails get the same answer.
    await limit("sign-in:ip", [ip], SIGN_IN_PER_IP, "Sign In Failed");
    await limit("sign-in:email-ip", [`${email}|${ip}`], SIGN_IN_PER_EMAIL_IP, "Sign In Failed");
    try {
      await signIn("credentials", { email, password, redirect: false });
    } catch (error) {
      if (!(error instanceof CredentialsSignin)) throw error;
      // Per-account backoff and the password-hashing limit (lib/sign-in-backoff.ts, lib/password.ts).
      if (error instanceof SignInThrottled)
        throw new ActionError("Sign In Failed", tooManyRequestsMessage(error.retryAfterSeconds));
      if (error.code === "unverified") {
        return {
          status: "error",
          title: "Sign In Failed",
          message:
            "Please verify your email before signing in. We can send you a new verification link.",
          code: "unverified",
          values: { email },
        };
      }
      return {
        status: "error",
        title: "Sign In Failed",
        message: "Invalid email or password",
        values: { email },
      };
    }
    return {
      status: "success",
      title: "Welcome Back!",
      message: "You have been signed in successfully",
    };
  },
  {
    name: "signIn",
    context: ipContext,
    failure: {
      title: "Sign In Error",
      message: "Something went wrong while signing in. Please try again.",
    },
  },
);

const adminSignInActionImpl = createAction(
  signInSchema,
  async ({ email, password }, { ip }): Promise<ActionState> => {
    await limit("sign-in:ip", [ip], SIGN_IN_PER_IP, "Login Failed");
    await limit("sign-in:email-ip", [`${email}|${ip}`], SIGN_IN_PER_EMAIL_IP, "Login Failed");
    try {
      await signIn("credentials", { email, password, redirect: false });
    } catch (error) {
      if (!(error instanceof CredentialsSignin)) throw error;
      // Per-account backoff and the password-hashing limit (lib/sign-in-backoff.ts, lib/password.ts).
      if (error instanceof SignInThrottled)
        throw new ActionError("Login Failed", tooManyRequestsMessage(error.retryAfterSeconds));
      return {
        status: "error",
        title: "Login Failed",
        message: "Invalid email or password",
        values: { email },
      };
    }
    // Signed in, but not staff: signed out again at once (spec section 4, admin session).
    if (!(await adminRoleOf(email))) {
      await signOut({ redirect: false });
      return {
        status: "error",
        title: "Access Denied",
        message: "You don't have admin privileges",
      };
    }
    return {
      status: "success",
      title: "Login Successful",
      message: "Welcome to the admin dashboard",
    };
  },
  {
    name: "adminSignIn",
    context: ipContext,
    failure: { title: "Login Error", message: "An error occurred during login" },
  },
);

const signUpActionImpl = createAction(
  signUpSchema,
  async (data, { ip }): Promise<ActionState> => {
    await limitMail("sign-up", ip, data.email, "Sign Up Failed");
    await signUpCustomer(data);
    deliverAfterResponse();
    return {
      status: "success",
      title: "Account Created",
      message: "Please check your email to verify your account",
      data: { email: data.email },
    };
  },
  {
    name: "signUp",
    context: ipContext,
    failure: {
      title: "Sign Up Error",
      message: "Something went wrong while creating your account. Please try again.",
    },
  },
);

const resendVerificationActionImpl = createAction(
  emailOnlySchema,
  async ({ email }, { ip }): Promise<ActionState> => {
    await limitMail("verify-resend", ip, email, "Too Many Requests");
    await resendVerification(email);
    deliverAfterResponse();
    return {
      status: "success",
      title: "Verification Email Sent",
      message:
        "If your account still needs verifying, a new link is on its way. Please check your inbox.",
    };
  },
  {
    name: "resendVerification",
    context: ipContext,
    failure: { title: "Error", message: "We couldn't send a new link. Please try again." },
  },
);

const forgotPasswordActionImpl = createAction(
  emailOnlySchema,
  async ({ email }, { ip }): Promise<ActionState> => {
    await limitMail("password-reset", ip, email, "Too Many Requests");
    await requestPasswordReset(email);
    deliverAfterResponse();
    return {
      status: "success",
      title: "Check Your Email",
      message: "If an account exists for that email, we've sent a link to reset your password.",
    };
  },
  {
    name: "forgotPassword",
    context: ipContext,
    failure: { title: "Error", message: "We couldn't send the reset link. Please try again." },
  },
);

const resetPasswordActionImpl = createAction(
  resetPasswordSchema,
  async ({ token, password }, { ip }): Promise<ActionState> => {
    await limit("password-reset:set", [ip], SIGN_IN_PER_EMAIL_IP, "Too Many Requests");
    const done = await resetPasswordWithToken(token, password);
    if (!done) {
      throw new ActionError(
        "Reset Failed",
        "This reset link is invalid or has expired. Please request a new one.",
      );
    }
    return {
      status: "success",
      title: "Password Updated",
      message: "Your password has been changed. Please sign in with your new password.",
    };
  },
  {
    name: "resetPassword",
    context: ipContext,
    failure: {
      title: "Reset Failed",
      message: "We couldn't change your password. Please try again.",
    },
  },
);

const signOutActionImpl = createAction(
  z.object({}),
  async (): Promise<ActionState> => {
    await signOut({ redirect: false });
    // Deleting the cookie is not enough on its own: a response that was on its way (a prefetch)
    // can put it back. Tokens this browser got before now are refused, by the proxy and by
    // auth.ts; the user's sessions on other devices go on.
    (await cookies()).set(SIGNED_OUT_COOKIE, String(Date.now()), {
      httpOnly: true,
      sameSite: "lax",
      secure: env.SITE_URL.startsWith("https://"),
      path: "/",
      maxAge: 30 * 24 * 60 * 60,
    });
    return { status: "success", title: "Signed Out", message: "" };
  },
  {
    name: "signOut",
    context: async () => ({}),
    failure: {
      title: "Sign Out Error",
      message: "Something went wrong while signing out. Please try again.",
    },
  },
);

/** Sign In tab: sets the session cookie; the form then navigates. */
export async function signInAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return signInActionImpl(prev, input);
}

/** Sign Up tab: creates the account and mails the verification link. */
export async function signUpAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return signUpActionImpl(prev, input);
}

/** A new verification link (offered when an unverified account signs in). */
export async function resendVerificationAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return resendVerificationActionImpl(prev, input);
}

/** 'Forgot password?': mails a single-use, expiring reset link. */
export async function forgotPasswordAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return forgotPasswordActionImpl(prev, input);
}

/** /customer/reset-password: a new password; every session ends. */
export async function resetPasswordAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return resetPasswordActionImpl(prev, input);
}

/** Sign Out (customer header). */
export async function signOutAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return signOutActionImpl(prev, input);
}

/** /admin/login: staff only; anyone else is signed out again with 'Access Denied'. */
export async function adminSignInAction(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  return adminSignInActionImpl(prev, input);
}
