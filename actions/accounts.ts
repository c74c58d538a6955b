"use server";

import { CredentialsSignin } from "next-auth";
import { z } from "zod";

import { signIn, SignInThrottled, signOut } from "@/auth";
import { customerAction, publicAction, rateLimited, staffAccountAction } from "@/lib/action";
import type { Toast } from "@/lib/action-state";
import { SIGN_IN_UNAVAILABLE_MESSAGE } from "@/lib/rate-limit";
import {
  PASSWORD_CHECKS_PER_ACCOUNT,
  PROFILE_SAVES_PER_ACCOUNT,
} from "@/lib/accounts/customer-limits";
import {
  ACCOUNT_MAIL_PER_EMAIL,
  ACCOUNT_MAIL_PER_IP,
  SIGN_IN_PER_EMAIL_IP,
  SIGN_IN_PER_IP,
} from "@/lib/accounts/sign-in-limits";
import { MFA_CODE_LIMITS } from "@/lib/accounts/data/second-factor-codes";
import { requestPasswordReset, resetPasswordWithToken } from "@/lib/accounts/data/password-reset";
import { resendVerification, signUpCustomer } from "@/lib/accounts/data/sign-up";
import { confirmMfa, disableMfa, startMfaSetup } from "@/lib/accounts/data/second-factor";
import {
  changeMyPassword,
  endAllMySessions,
  getMyProfile,
  saveMyPreferences,
  updateMyProfile,
} from "@/lib/accounts/data/profile";
import { endMySession } from "@/lib/session";
import { deliverAfterResponse } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import {
  emailOnlySchema,
  PASSWORD_PROBLEM_MESSAGES,
  type PasswordProblem,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  TOO_COMMON_MESSAGE,
} from "@/lib/accounts/schemas/sign-in";
import { adminSignInSchema, MFA_CODE_MESSAGE, mfaCodeSchema } from "@/lib/accounts/schemas/staff";
import {
  changePasswordSchema,
  LOCKED_MESSAGE,
  preferencesSchema,
  profileSchema,
} from "@/lib/accounts/schemas/profile";

/**
 * Accounts: signing up and in (/customer/auth, /admin/login), the verification and reset links,
 * signing out, a staff member's own second factor (/admin/account), and a customer's own profile,
 * password, sessions and email preferences (/customer/profile, /customer/preferences). Every
 * answer of the sign-in, sign-up and reset forms is the same for known and unknown emails; the
 * titles and messages here are the product's toast texts.
 */

/* ------------------------------------------------------------------------------------------ */
/* Signing up, in and out; verification and reset links                                       */
/* ------------------------------------------------------------------------------------------ */

type ByEmail = { email: string };
type ByAddress = { ip: string };

/** Account mails: per email (nobody floods one inbox) and per address. */
const mailLimits = (scope: string) => [
  {
    scope: `${scope}:ip`,
    keys: (_: ByEmail, { ip }: ByAddress) => [ip],
    limits: ACCOUNT_MAIL_PER_IP,
  },
  {
    scope: `${scope}:email`,
    keys: ({ email }: ByEmail) => [email],
    limits: ACCOUNT_MAIL_PER_EMAIL,
  },
];

/** Before the account is looked up: once limited, known and unknown emails get the same answer. */
const SIGN_IN_LIMITS = [
  { scope: "sign-in:ip", keys: (_: ByEmail, { ip }: ByAddress) => [ip], limits: SIGN_IN_PER_IP },
  {
    scope: "sign-in:email-ip",
    keys: ({ email }: ByEmail, { ip }: ByAddress) => [`${email}|${ip}`],
    limits: SIGN_IN_PER_EMAIL_IP,
  },
];

/**
 * Signs in with the password; the CredentialsSignin code ('unverified') or null on success. The
 * account's backoff after repeated failures, or too many password checks running, is
 * `rate_limited` (lib/accounts/sign-in-backoff.ts, lib/accounts/password.ts); limits that cannot be counted (Redis
 * unreachable) are `limits_unavailable`.
 */
async function passwordSignIn(
  email: string,
  password: string,
  { code, staffOnly = false }: { code?: string; staffOnly?: boolean } = {},
): Promise<string | null> {
  try {
    await signIn("credentials", {
      email,
      password,
      ...(code ? { code } : {}),
      ...(staffOnly ? { staffOnly: "1" } : {}),
      redirect: false,
    });
    return null;
  } catch (error) {
    if (error instanceof SignInThrottled) {
      throw new DomainError("rate_limited", { retryAfterSeconds: error.retryAfterSeconds });
    }
    if (!(error instanceof CredentialsSignin)) throw error;
    if (error.code === "unavailable") throw new DomainError("limits_unavailable");
    return error.code;
  }
}

/** The right password on an account under attack: the sign-in finishes with a mailed link. */
const confirmByEmail = (title: string) =>
  ({
    status: "error",
    title,
    message:
      "There have been many failed sign-ins on this account, so we emailed you a link to finish signing in.",
  }) as const;

const MFA_LOCKED_MESSAGE =
  "Two-step verification is locked after too many wrong codes. Use a recovery code, or ask an admin to unlock it.";

/** A new password the server's rules refuse, on the password field. */
const passwordRejected = (error: DomainError) => ({
  field: "password",
  message: PASSWORD_PROBLEM_MESSAGES[error.details.reason as PasswordProblem] ?? TOO_COMMON_MESSAGE,
});

/** Sign In tab: sets the session cookie; the form then navigates. */
export const signInAction = publicAction(
  signInSchema,
  async ({ email, password }) => {
    const refused = await passwordSignIn(email, password);
    if (refused === "unverified") {
      return {
        status: "error",
        title: "Sign In Failed",
        message:
          "Please verify your email before signing in. We can send you a new verification link.",
        code: "unverified",
        values: { email },
      };
    }
    if (refused === "confirm-email") return confirmByEmail("Sign In Failed");
    if (refused === "mfa-required") {
      // A staff account with a second factor signs in where the code is asked for.
      return {
        status: "error",
        title: "Sign In Failed",
        message: "This staff account uses two-step verification. Please sign in at /admin/login.",
        values: { email },
      };
    }
    if (refused !== null) {
      return {
        status: "error",
        title: "Sign In Failed",
        message: "Invalid email or password",
        values: { email },
      };
    }
    return { title: "Welcome Back!", message: "You have been signed in successfully" };
  },
  {
    name: "signIn",
    rateLimit: SIGN_IN_LIMITS,
    failure: {
      title: "Sign In Error",
      message: "Something went wrong while signing in. Please try again.",
    },
    errors: {
      rate_limited: rateLimited("Sign In Failed"),
      limits_unavailable: { title: "Sign In Failed", message: SIGN_IN_UNAVAILABLE_MESSAGE },
    },
  },
);

/**
 * /admin/login: staff only; anyone else gets 'Access Denied' and no session (the role is checked
 * before the session is made). An account with
 * a second factor gets no session until its code is checked (auth.ts): the first answer asks
 * for the code (`code: 'mfa_required'`), and the form sends email, password and code again.
 */
export const adminSignInAction = publicAction(
  adminSignInSchema,
  async ({ email, password, code }) => {
    const refused = await passwordSignIn(email, password, { code, staffOnly: true });
    if (refused === "not-staff") throw new DomainError("forbidden");
    if (refused === "confirm-email") return confirmByEmail("Login Failed");
    if (refused === "mfa-locked") {
      return {
        status: "invalid",
        title: "Login Failed",
        message: MFA_LOCKED_MESSAGE,
        fieldErrors: { code: [MFA_LOCKED_MESSAGE] },
        values: { email },
      };
    }
    if (refused === "mfa-required") {
      return {
        status: "error",
        title: "Verification Required",
        message: MFA_CODE_MESSAGE,
        code: "mfa_required",
        values: { email },
      };
    }
    if (refused === "mfa-invalid") {
      return {
        status: "invalid",
        title: "Login Failed",
        message: "Invalid verification code",
        fieldErrors: { code: ["Invalid verification code"] },
        values: { email },
      };
    }
    if (refused !== null) {
      return {
        status: "error",
        title: "Login Failed",
        message: "Invalid email or password",
        values: { email },
      };
    }
    return { title: "Login Successful", message: "Welcome to the admin dashboard" };
  },
  {
    name: "adminSignIn",
    rateLimit: SIGN_IN_LIMITS,
    failure: { title: "Login Error", message: "An error occurred during login" },
    errors: {
      rate_limited: rateLimited("Login Failed"),
      limits_unavailable: { title: "Login Failed", message: SIGN_IN_UNAVAILABLE_MESSAGE },
      forbidden: { title: "Access Denied", message: "You don't have admin privileges" },
    },
  },
);

/** Sign Up tab: creates the account and mails the verification link. */
export const signUpAction = publicAction(
  signUpSchema,
  async (data) => {
    await signUpCustomer(data);
    deliverAfterResponse();
    return {
      title: "Account Created",
      message: "Please check your email to verify your account",
      data: { email: data.email },
    };
  },
  {
    name: "signUp",
    rateLimit: mailLimits("sign-up"),
    failure: {
      title: "Sign Up Error",
      message: "Something went wrong while creating your account. Please try again.",
    },
    errors: { rate_limited: rateLimited("Sign Up Failed"), password_rejected: passwordRejected },
  },
);

/**
 * An account action that mails a link to `email` (limited per email and per address; the mail
 * goes after the response). The answer is the same whether or not the email has an account.
 */
function mailingAction(
  scope: string,
  name: string,
  send: (email: string) => Promise<void>,
  answers: { success: Toast; failure: Toast },
) {
  return publicAction(
    emailOnlySchema,
    async ({ email }) => {
      await send(email);
      deliverAfterResponse();
      return answers.success;
    },
    {
      name,
      rateLimit: mailLimits(scope),
      failure: answers.failure,
    },
  );
}

/** A new verification link (offered when an unverified account signs in). */
export const resendVerificationAction = mailingAction(
  "verify-resend",
  "resendVerification",
  resendVerification,
  {
    success: {
      title: "Verification Email Sent",
      message:
        "If your account still needs verifying, a new link is on its way. Please check your inbox.",
    },
    failure: { title: "Error", message: "We couldn't send a new link. Please try again." },
  },
);

/** 'Forgot password?': mails a single-use, expiring reset link. */
export const forgotPasswordAction = mailingAction(
  "password-reset",
  "forgotPassword",
  requestPasswordReset,
  {
    success: {
      title: "Check Your Email",
      message: "If an account exists for that email, we've sent a link to reset your password.",
    },
    failure: { title: "Error", message: "We couldn't send the reset link. Please try again." },
  },
);

/** /customer/reset-password: a new password; every session ends. */
export const resetPasswordAction = publicAction(
  resetPasswordSchema,
  async ({ token, password }) => {
    if (!(await resetPasswordWithToken(token, password))) throw new DomainError("invalid_token");
    return {
      title: "Password Updated",
      message: "Your password has been changed. Please sign in with your new password.",
    };
  },
  {
    name: "resetPassword",
    rateLimit: [
      { scope: "password-reset:set", keys: (_, { ip }) => [ip], limits: SIGN_IN_PER_EMAIL_IP },
    ],
    failure: {
      title: "Reset Failed",
      message: "We couldn't change your password. Please try again.",
    },
    errors: {
      password_rejected: passwordRejected,
      invalid_token: {
        title: "Reset Failed",
        message: "This reset link is invalid or has expired. Please request a new one.",
      },
    },
  },
);

/**
 * Ends this session on the server (its row is deleted, so the cookie, or a copy of it anywhere, or
 * one a late response puts back, no longer signs anyone in), then clears the cookie. The user's
 * sessions on other devices go on. Customer Sign Out and admin Logout.
 */
async function endSession() {
  await endMySession();
  await signOut({ redirect: false });
}

/** Sign Out (customer header). */
export const signOutAction = publicAction(
  z.object({}),
  async () => {
    await endSession();
    return { title: "Signed Out", message: "" };
  },
  {
    name: "signOut",
    failure: {
      title: "Sign Out Error",
      message: "Something went wrong while signing out. Please try again.",
    },
  },
);

/** Logout (admin header): the same, with the admin area's texts; the form then goes to /admin/login. */
export const adminSignOutAction = publicAction(
  z.object({}),
  async () => {
    await endSession();
    return { title: "Logged Out", message: "" };
  },
  {
    name: "adminSignOut",
    failure: { title: "Logout Error", message: "An error occurred during logout" },
  },
);

/* ------------------------------------------------------------------------------------------ */
/* A staff member's own second factor (/admin/account)                                         */
/* ------------------------------------------------------------------------------------------ */

/** Code attempts count against the same per-account limit as the login's second step. */
const codeLimits = [
  {
    scope: "mfa-code",
    keys: (_: unknown, { staff }: { staff: { userId: string } }) => [staff.userId],
    limits: MFA_CODE_LIMITS,
  },
];

const invalidCode = { field: "code", message: "Invalid verification code" };

/** Shows a new QR code to scan. */
export const startMfaSetupAction = staffAccountAction(
  z.object({}),
  async () => {
    await startMfaSetup();
  },
  {
    name: "startMfaSetup",
    success: { title: "Scan the QR Code", message: "Add the account to your authenticator app." },
    failure: { title: "Error", message: "Failed to start two-step verification setup." },
    revalidate: ["/admin/account"],
  },
);

/** Turns TOTP on with the app's first code; answers the recovery codes (shown once). */
export const confirmMfaAction = staffAccountAction(
  mfaCodeSchema,
  async ({ code }) => {
    const codes = await confirmMfa(code);
    return {
      title: "Two-Step Verification On",
      message: "Save your recovery codes now: they are shown only once.",
      data: { recoveryCodes: codes.join(" ") },
    };
  },
  {
    name: "confirmMfa",
    rateLimit: codeLimits,
    failure: { title: "Error", message: "Failed to turn on two-step verification." },
    errors: {
      invalid_code: invalidCode,
      not_found: {
        title: "Setup Expired",
        message: "Start the setup again to get a new QR code.",
      },
    },
    // No revalidation: the page would re-render without the recovery codes before they are
    // read. 'I've Saved Them' refreshes it.
  },
);

/** Turns TOTP off with a current code or a recovery code. */
export const disableMfaAction = staffAccountAction(
  mfaCodeSchema,
  async ({ code }) => {
    await disableMfa(code);
  },
  {
    name: "disableMfa",
    rateLimit: codeLimits,
    success: {
      title: "Two-Step Verification Off",
      message: "Sign-in now asks for your password only.",
    },
    failure: { title: "Error", message: "Failed to turn off two-step verification." },
    errors: {
      invalid_code: invalidCode,
      forbidden: {
        title: "Not Allowed",
        message: "Two-step verification is required for your account.",
      },
    },
    revalidate: [["/admin", "layout"]],
  },
);

/* ------------------------------------------------------------------------------------------ */
/* A customer's own account (/customer/profile, /customer/preferences)                         */
/* ------------------------------------------------------------------------------------------ */

/*
 * The caller is resolved by customerAction (a visitor is sent to /customer/auth) and checked again
 * by the data function it calls; the user id comes from the session, never from the request (the
 * schemas have no such field; unknown fields are dropped). The writes are limited per account
 * (lib/accounts/customer-limits.ts).
 */

type Customer = { customer: { userId: string } };
const perAccount = (_: unknown, { customer }: Customer) => [customer.userId];

/** Every form that checks the current password shares this budget (when one is given). */
const passwordCheckLimit = <D extends { currentPassword?: string | null }>() => ({
  scope: "current-password:account",
  keys: (data: D, caller: Customer) => (data.currentPassword ? perAccount(data, caller) : []),
  limits: PASSWORD_CHECKS_PER_ACCOUNT,
});

/** Profile Settings, Save Changes. A new email waits for the link mailed to it. */
export const updateProfileAction = customerAction(
  profileSchema,
  async (data) => {
    const { emailChangeRequested } = await updateMyProfile({
      fullName: data.fullName,
      phone: data.phone,
      country: data.country,
      email: data.email,
      currentPassword: data.currentPassword || undefined,
    });
    if (emailChangeRequested) deliverAfterResponse();
    const profile = await getMyProfile();
    return {
      title: "Profile Updated",
      message: "Your profile information has been saved successfully.",
      data: {
        fullName: profile.fullName ?? "",
        phone: profile.phone ?? "",
        country: profile.country ?? "",
        email: profile.email,
        ...(emailChangeRequested ? { emailChangeRequested } : {}),
      },
    };
  },
  {
    name: "updateProfile",
    rateLimit: [
      { scope: "profile:account", keys: perAccount, limits: PROFILE_SAVES_PER_ACCOUNT },
      passwordCheckLimit(),
    ],
    failure: {
      title: "Update Failed",
      message: "Failed to update your profile. Please try again.",
    },
    errors: {
      wrong_password: {
        field: "currentPassword",
        message: "Your current password is incorrect. Enter it to change your email.",
      },
      staff_email_change: {
        field: "email",
        message: "Staff accounts cannot change their email here. Ask an admin to change it.",
      },
    },
    revalidate: [["/customer", "layout"]],
  },
);

/** Email Preferences, Save Preferences. The DAL refuses a locked toggle turned off. */
export const savePreferencesAction = customerAction(
  preferencesSchema,
  async (data) => {
    const { newsletterSubscribed } = await saveMyPreferences(data);
    return {
      title: "Preferences Saved",
      message: "Your email preferences have been updated successfully.",
      data: { newsletterSubscribed: String(newsletterSubscribed) },
    };
  },
  {
    name: "savePreferences",
    failure: {
      title: "Save Failed",
      message: "Failed to save your preferences. Please try again.",
    },
    errors: { preferences_locked: { title: "Save Failed", message: LOCKED_MESSAGE } },
    revalidate: ["/customer/preferences"],
  },
);

/**
 * Profile Settings, Change Password: the current password, then a new one. Every other session
 * ends and every emailed link of the account dies; this session goes on.
 */
export const changePasswordAction = customerAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }) => {
    await changeMyPassword(currentPassword, newPassword);
  },
  {
    name: "changePassword",
    rateLimit: [passwordCheckLimit()],
    success: {
      title: "Password Changed",
      message: "Your password has been changed. You have been signed out on your other devices.",
    },
    failure: {
      title: "Password Change Failed",
      message: "We couldn't change your password. Please try again.",
    },
    errors: {
      wrong_password: { field: "currentPassword", message: "Your current password is incorrect." },
      password_rejected: (error) => ({
        field: "newPassword",
        message:
          PASSWORD_PROBLEM_MESSAGES[error.details.reason as PasswordProblem] ?? TOO_COMMON_MESSAGE,
      }),
    },
  },
);

/** Profile Settings, Sign Out of All Devices: every session of the account ends, this one too. */
export const signOutAllDevicesAction = customerAction(
  z.object({}),
  async () => {
    await endAllMySessions();
    await signOut({ redirect: false });
  },
  {
    name: "signOutAllDevices",
    success: {
      title: "Signed Out Everywhere",
      message: "You have been signed out on all your devices, this one included.",
    },
    failure: {
      title: "Sign Out Error",
      message: "Something went wrong while signing out. Please try again.",
    },
  },
);
