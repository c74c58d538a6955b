/**
 * Customer accounts end to end on a real database, through the real Auth.js stack (next/headers
 * replaced by a fake request with a cookie jar): sign-up, verification link, sign-in, password
 * reset, session version, rate limits, and messages that never reveal whether an email exists.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { emailOutbox, users, verificationTokens } from "@/db/schema";
import { succeeded } from "@/tests/helpers/action-states";
import {
  forgotPassword,
  openVerifyLink,
  resetPassword,
  resetToken,
  signIn,
  signUpVerified,
} from "@/tests/helpers/account-forms";
import { useTestDb } from "@/tests/helpers/db";
import { latestMail as latestMailIn, tokenIn } from "@/tests/helpers/outbox";
import { asFormData } from "@/tests/helpers/payloads";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { resendVerificationAction, signOutAction, signUpAction } from "@/actions/accounts";
import { auth } from "@/auth";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { verifyPassword } from "@/lib/accounts/password";
import { hashToken } from "@/lib/accounts/tokens";
import { checkRateLimit, resetRateLimits } from "@/lib/rate-limit";
import { NextRequest } from "next/server";
import {
  ACCOUNT_MAIL_PER_IP,
  SIGN_IN_PER_EMAIL_IP,
  SIGN_IN_PER_IP,
} from "@/lib/accounts/sign-in-limits";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

let ipCounter = 0;
beforeEach(() => {
  newVisitor(`198.51.100.${++ipCounter}`);
});

const PASSWORD = "kidepo valley at dawn";

const form = asFormData;

const latestMail = (to: string, template?: string) => latestMailIn(t.db, to, template);

async function mailCount(to: string, template: string) {
  const [row] = await t.db
    .select({ value: count() })
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toAddress}) = ${to.toLowerCase()}`,
        eq(emailOutbox.template, template),
      ),
    );
  return row?.value ?? 0;
}

async function signUp(email: string, fullName = "Nakato Achieng", phone = "+256 772 123 456") {
  return signUpAction(undefined, form({ fullName, email, password: PASSWORD, phone }));
}

async function verifiedAccount(email: string) {
  await signUpVerified(t.db, {
    fullName: "Nakato Achieng",
    email,
    password: PASSWORD,
    phone: "+256 772 123 456",
  });
  newVisitor(`198.51.100.${++ipCounter}`);
}

describe("sign-up", () => {
  it("stores a salted scrypt hash with the link, the full name and phone, and mails a verification link", async () => {
    const state = await signUp("Nakato@Example.com");
    expect(state).toMatchObject(
      succeeded("Account Created", "Please check your email to verify your account"),
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, "nakato@example.com"));
    expect(user).toMatchObject({
      name: "Nakato Achieng",
      phone: "+256 772 123 456",
      emailVerified: null,
      // No password until the link mailed for this sign-up is used.
      passwordHash: null,
    });

    const mail = await latestMail("nakato@example.com", "verify-email");
    expect(mail?.subject).toBe("Verify your email for Breathe Uganda");
    const token = tokenIn(mail!.textBody, "/api/auth/verify");
    // Only the token's hash is stored.
    const [stored] = await t.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.identifier, `verify:${user!.id}`));
    expect(stored?.token).toBe(hashToken(token));
    expect(stored?.token).not.toBe(token);
    // The hash of lib/password (its production cost is tested in tests/unit/password-policy).
    expect(stored!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(stored!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
    expect(stored!.expires.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it("answers the same for an email that already has an account, and creates nothing", async () => {
    await verifiedAccount("taken@example.com");
    const before = await t.db.select({ value: count() }).from(users);
    const state = await signUp("TAKEN@example.com", "Someone Else");
    expect(state).toMatchObject(
      succeeded("Account Created", "Please check your email to verify your account"),
    );
    expect(await t.db.select({ value: count() }).from(users)).toEqual(before);
    expect((await latestMail("taken@example.com"))?.template).toBe("account-exists");
  });

  it("refuses short passwords and a missing full name with field errors, never echoing the password", async () => {
    const state = await signUpAction(
      undefined,
      form({ fullName: " ", email: "x@example.com", password: "short" }),
    );
    expect(state.status).toBe("invalid");
    if (state.status !== "invalid") return;
    expect(state.fieldErrors.password).toEqual(["Password must be at least 8 characters"]);
    expect(state.fieldErrors.fullName).toEqual(["Full name is required"]);
    expect(state.values.password).toBeUndefined();
  });
});

describe("verification", () => {
  it("refuses to sign in an unverified account and offers a new link", async () => {
    await signUp("pending@example.com");
    const state = await signIn("pending@example.com", PASSWORD);
    expect(state).toMatchObject({ status: "error", title: "Sign In Failed", code: "unverified" });
    expect(fakeRequest.jar.size).toBe(0);
    expect(await auth()).toBeNull();

    // The wrong password does not even say 'unverified'.
    const wrong = await signIn("pending@example.com", "not the password");
    expect(wrong).toMatchObject({
      status: "error",
      title: "Sign In Failed",
      message: "Invalid email or password",
    });
    expect(wrong.status === "error" && wrong.code).toBeFalsy();

    const first = await latestMail("pending@example.com", "verify-email");
    const resent = await resendVerificationAction(
      undefined,
      form({ email: "pending@example.com" }),
    );
    expect(resent).toMatchObject({ status: "success", title: "Verification Email Sent" });
    const second = await latestMail("pending@example.com", "verify-email");
    expect(second!.id).not.toBe(first!.id);
    // The new link replaces the old one.
    expect(await openVerifyLink(tokenIn(first!.textBody, "/api/auth/verify"))).toBe(
      "/customer/auth?notice=link-invalid",
    );
    expect(await openVerifyLink(tokenIn(second!.textBody, "/api/auth/verify"))).toBe(
      "/customer?notice=verified",
    );
  });

  it("the link verifies, signs in and lands on /customer; it works once", async () => {
    await signUp("linkonce@example.com");
    const token = tokenIn(
      (await latestMail("linkonce@example.com", "verify-email"))!.textBody,
      "/api/auth/verify",
    );
    expect(await openVerifyLink(token)).toBe("/customer?notice=verified");
    const session = await auth();
    expect(session?.user.email).toBe("linkonce@example.com");
    const [user] = await t.db.select().from(users).where(eq(users.email, "linkonce@example.com"));
    expect(user!.emailVerified).toBeInstanceOf(Date);
    expect(user!.lastSignInAt).toBeInstanceOf(Date);
    // Only id, email and name reach the session.
    expect(Object.keys(session!.user).sort()).toEqual(["email", "id", "name"]);

    newVisitor("198.51.100.250");
    expect(await openVerifyLink(token)).toBe("/customer/auth?notice=link-invalid");
    expect(await auth()).toBeNull();
  });

  it("an expired link is refused", async () => {
    await signUp("expired@example.com");
    const token = tokenIn(
      (await latestMail("expired@example.com", "verify-email"))!.textBody,
      "/api/auth/verify",
    );
    await t.db
      .update(verificationTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.token, hashToken(token)));
    expect(await openVerifyLink(token)).toBe("/customer/auth?notice=link-invalid");
    const [user] = await t.db.select().from(users).where(eq(users.email, "expired@example.com"));
    expect(user!.emailVerified).toBeNull();
  });

  it("garbage tokens are refused", async () => {
    expect(await openVerifyLink("not-a-token")).toBe("/customer/auth?notice=link-invalid");
    expect(await openVerifyLink("x".repeat(500))).toBe("/customer/auth?notice=link-invalid");
  });
});

describe("sign-in", () => {
  it("signs in with the right password, with an HttpOnly SameSite=Lax session cookie", async () => {
    await verifiedAccount("signin@example.com");
    const state = await signIn(" SignIn@Example.com ", PASSWORD);
    expect(state).toEqual(succeeded("Welcome Back!", "You have been signed in successfully"));
    expect([...fakeRequest.jar.keys()]).toContain("authjs.session-token");
    expect((await auth())?.user.email).toBe("signin@example.com");
    const token = fakeRequest.jar.get("authjs.session-token")!;

    // The same customer signed in on another device too.
    const laptop = new Map(fakeRequest.jar);
    fakeRequest.jar = new Map();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signIn("signin@example.com", PASSWORD);
    const phone = fakeRequest.jar;
    const phoneToken = phone.get("authjs.session-token")!;
    expect(phoneToken).not.toBe(token);

    const signedOut = await signOutAction(undefined, {});
    expect(signedOut).toMatchObject({ status: "success", title: "Signed Out" });
    expect(await auth()).toBeNull();
    expect([...fakeRequest.jar.keys()]).not.toContain("authjs.session-token");

    // A late response that puts the old cookie back (the proxy refreshes it on every response)
    // does not sign this browser in again.
    fakeRequest.jar.set("authjs.session-token", phoneToken);
    expect(await auth()).toBeNull();

    // The other device stays signed in; a new sign-in in this browser works again.
    fakeRequest.jar = laptop;
    expect(fakeRequest.jar.get("authjs.session-token")).toBe(token);
    expect((await auth())?.user.email).toBe("signin@example.com");
    fakeRequest.jar = phone;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signIn("signin@example.com", PASSWORD);
    expect((await auth())?.user.email).toBe("signin@example.com");
  });

  it("the session cookie is HttpOnly and SameSite=Lax, and Secure (__Secure-) on an https site", async () => {
    await verifiedAccount("cookie@example.com");
    await signIn("cookie@example.com", PASSWORD);
    expect(fakeRequest.options.get("authjs.session-token")).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: false,
    });

    // Auth.js's origin is AUTH_URL (default SITE_URL, lib/env.ts), read at each request: an https
    // site gets Secure cookies whatever X-Forwarded-Proto a client sends.
    newVisitor("198.51.100.252");
    fakeRequest.proto = "https";
    vi.stubEnv("AUTH_URL", "https://localhost:3000");
    await signIn("cookie@example.com", PASSWORD);
    expect([...fakeRequest.jar.keys()].filter((k) => k.includes("session-token"))).toEqual([
      "__Secure-authjs.session-token",
    ]);
    expect(fakeRequest.options.get("__Secure-authjs.session-token")).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
    });
    expect((await auth())?.user.email).toBe("cookie@example.com");
    vi.unstubAllEnvs();
  });

  it("answers the same for a wrong password and an unknown email", async () => {
    await verifiedAccount("same@example.com");
    const wrong = await signIn("same@example.com", "wrong password!");
    const unknown = await signIn("nobody@example.com", "wrong password!");
    expect(wrong).toEqual({
      status: "error",
      title: "Sign In Failed",
      message: "Invalid email or password",
      values: { email: "same@example.com" },
    });
    expect(unknown).toEqual({
      status: "error",
      title: "Sign In Failed",
      message: "Invalid email or password",
      values: { email: "nobody@example.com" },
    });
  });

  it("the credentials callback cannot be called over HTTP (only through the rate-limited action)", async () => {
    for (const path of [
      "/api/auth/callback/credentials",
      "/api/auth/callback/email-link",
      "/api/auth/callback/Credentials/",
    ]) {
      const response = await authRoute.POST(
        new NextRequest(`http://localhost:3000${path}`, {
          method: "POST",
          body: new URLSearchParams({ email: "same@example.com", password: PASSWORD }),
        }),
      );
      expect(response.status, path).toBe(404);
    }
  });

  it("is rate limited per email and address; once limited, known and unknown emails get the same answer", async () => {
    resetRateLimits();
    await verifiedAccount("limited@example.com");
    newVisitor("192.0.2.77");
    const attempt = (email: string, password = "wrong password!") => signIn(email, password);
    // Spend the per-email-and-address budget (one real failure, the rest directly: no hashing).
    const spend = async (email: string) => {
      await attempt(email);
      for (let i = 1; i < SIGN_IN_PER_EMAIL_IP.perMinute; i++) {
        await checkRateLimit("sign-in:email-ip", [`${email}|192.0.2.77`], SIGN_IN_PER_EMAIL_IP);
      }
    };
    await spend("limited@example.com");
    const known = await attempt("limited@example.com", PASSWORD);
    expect(known).toMatchObject({ status: "error", title: "Sign In Failed" });
    expect(known.status === "error" && known.message).toMatch(
      /^Too many requests, try again in \d+ minutes?$/,
    );
    // Even the right password is refused while limited, and no session is made.
    expect(await auth()).toBeNull();

    await spend("ghost@example.com");
    const unknown = await attempt("ghost@example.com");
    const answer = ({ status, ...rest }: typeof known) => ({
      status,
      title: "title" in rest ? rest.title : "",
      message: "message" in rest ? rest.message : "",
    });
    expect(answer(unknown)).toEqual(answer(known));

    // Another address is not affected by this one's email limit.
    newVisitor("192.0.2.78");
    expect(await attempt("limited@example.com", PASSWORD)).toMatchObject({ status: "success" });

    // The per-address limit: many emails from one address (the first 60 attempts spent directly).
    newVisitor("192.0.2.79");
    for (let i = 0; i < SIGN_IN_PER_IP.perMinute; i++)
      await checkRateLimit("sign-in:ip", ["192.0.2.79"], SIGN_IN_PER_IP);
    const last = await attempt("fresh@example.com");
    expect(last.status === "error" && last.message).toMatch(/^Too many requests/);
    resetRateLimits();
  });
});

describe("password reset", () => {
  it("mails a single-use, expiring link; the new password ends every session", async () => {
    await verifiedAccount("reset@example.com");
    await signIn("reset@example.com", PASSWORD);
    const oldSession = new Map(fakeRequest.jar);
    expect((await auth())?.user.email).toBe("reset@example.com");
    const [before] = await t.db.select().from(users).where(eq(users.email, "reset@example.com"));

    const answer = await forgotPassword("reset@example.com");
    const unknown = await forgotPassword("nobody-here@example.com");
    expect(answer).toEqual(
      succeeded(
        "Check Your Email",
        "If an account exists for that email, we've sent a link to reset your password.",
      ),
    );
    expect(unknown).toEqual(answer);
    expect(await latestMail("nobody-here@example.com")).toBeNull();

    const mail = await latestMail("reset@example.com", "password-reset");
    const token = tokenIn(mail!.textBody, "/customer/reset-password");
    const [stored] = await t.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.token, hashToken(token)));
    expect(stored!.expires.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const mismatch = await resetPassword(token, "a brand new one", "different");
    expect(mismatch.status).toBe("invalid");

    const done = await resetPassword(token, "a brand new one");
    expect(done).toMatchObject({ status: "success", title: "Password Updated" });
    const [after] = await t.db.select().from(users).where(eq(users.email, "reset@example.com"));
    expect(after!.sessionVersion).toBe(before!.sessionVersion + 1);

    // The session signed in before the change has ended.
    fakeRequest.jar = oldSession;
    expect(await auth()).toBeNull();

    // Single use.
    const again = await resetPassword(token, "yet another one");
    expect(again).toMatchObject({ status: "error", title: "Reset Failed" });

    newVisitor("198.51.100.251");
    expect(await signIn("reset@example.com", PASSWORD)).toMatchObject({ status: "error" });
    expect(await signIn("reset@example.com", "a brand new one")).toMatchObject({
      status: "success",
    });
  });

  it("an expired reset link is refused", async () => {
    await verifiedAccount("reset-expired@example.com");
    const token = await resetToken(t.db, "reset-expired@example.com");
    await t.db
      .update(verificationTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.token, hashToken(token)));
    const state = await resetPassword(token, "a brand new one");
    expect(state).toMatchObject({ status: "error", title: "Reset Failed" });
  });

  it("mails are rate limited per email and per address", async () => {
    resetRateLimits();
    newVisitor("192.0.2.90");
    for (let i = 0; i < 3; i++) await forgotPassword("limit@example.com");
    expect(await forgotPassword("limit@example.com")).toMatchObject({
      status: "error",
      title: "Too Many Requests",
    });
    // Another email from the same address is still served, up to the address's own limit.
    expect(await forgotPassword("other@example.com")).toMatchObject({ status: "success" });
    for (let i = 0; i < 20; i++)
      await checkRateLimit("password-reset:ip", ["192.0.2.90"], ACCOUNT_MAIL_PER_IP);
    expect(await forgotPassword("limit9@example.com")).toMatchObject({
      status: "error",
      title: "Too Many Requests",
    });
    expect(await mailCount("limit9@example.com", "password-reset")).toBe(0);
    resetRateLimits();
  });
});
