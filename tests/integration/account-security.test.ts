/**
 * Findings of a security review against OWASP ASVS level 2, each through the real actions, Auth.js and the test
 * database (next/headers replaced by a fake request with a cookie jar and a socket peer): forged
 * X-Forwarded-For, per-account sign-in backoff, tokens that outlived a password reset, password
 * rules, forgot-password doing the same work for unknown emails, Auth.js's origin.
 */
import { eq, like, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { auditEvents, emailOutbox, users, verificationTokens } from "@/db/schema";
import {
  forgotPassword,
  resetPassword,
  resetToken,
  signIn,
  signUpVerified,
} from "@/tests/helpers/account-forms";
import { useTestDb } from "@/tests/helpers/db";
import { latestMail as latestMailIn, tokenIn } from "@/tests/helpers/outbox";
import { asFormData } from "@/tests/helpers/payloads";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { signUpAction, updateProfileAction } from "@/actions/accounts";
import { auth } from "@/auth";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { consumeEmailLink } from "@/lib/accounts/data/email-links";
import { queueEmail } from "@/lib/email";
import { env } from "@/lib/env";
import { checkRateLimit, resetRateLimits } from "@/lib/rate-limit";
import { SIGN_IN_PER_IP } from "@/lib/accounts/sign-in-limits";
import { NextRequest } from "next/server";

// A pass-through spy: which mails the account code queues (and then keeps or rolls back).
vi.mock("@/lib/email", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/email")>();
  return { ...actual, queueEmail: vi.fn(actual.queueEmail) };
});

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

let ipCounter = 0;
beforeEach(() => {
  newVisitor(`198.18.0.${++ipCounter}`);
});

const PASSWORD = "sipi falls before breakfast";
const NEW_PASSWORD = "rwenzori mountains of the moon";

const form = asFormData;

const latestMail = (to: string, template?: string) => latestMailIn(t.db, to, template);

async function verifiedAccount(email: string, password = PASSWORD) {
  await signUpVerified(t.db, { fullName: "Apio Grace", email, password, phone: "" });
  newVisitor(`198.18.1.${++ipCounter}`);
}

const messageOf = (state: Awaited<ReturnType<typeof signIn>>) =>
  "message" in state ? state.message : "";

describe("rate limits and the client's address", () => {
  it("a forged X-Forwarded-For, rotated on every attempt, does not escape the per-address limit", async () => {
    resetRateLimits();
    newVisitor("192.0.2.60");
    // Spend the address's budget directly (no hashing), then try with a new forged header each time.
    for (let i = 0; i < SIGN_IN_PER_IP.perMinute; i++)
      await checkRateLimit("sign-in:ip", ["192.0.2.60"], SIGN_IN_PER_IP);
    for (const forged of ["6.6.6.1", "6.6.6.2, 6.6.6.3", "10.0.0.1", "unknown"]) {
      fakeRequest.forwardedFor = forged;
      const state = await signIn(`rotate-${ipCounter++}@example.com`, "wrong password!");
      expect(messageOf(state), forged).toMatch(/^Too many requests, try again in \d+ minutes?$/);
    }
    resetRateLimits();
  });

  it("locks an address out of an account after repeated failures, the right password too, for longer each time", async () => {
    resetRateLimits();
    await verifiedAccount("target@example.com");
    newVisitor("203.0.113.101");
    for (let i = 1; i <= 5; i++) {
      expect(messageOf(await signIn("target@example.com", `guess number ${i}`))).toBe(
        "Invalid email or password",
      );
    }
    // The same address, the right password: refused while that address is locked.
    const locked = await signIn("target@example.com", PASSWORD);
    expect(locked).toMatchObject({ status: "error", title: "Sign In Failed" });
    expect(messageOf(locked)).toBe("Too many requests, try again in 1 minute");
    expect(await auth()).toBeNull();

    const backoff = await import("@/lib/accounts/sign-in-backoff");
    expect([4, 5, 6, 7, 8, 14, 15, 40].map(backoff.lockSecondsAfter)).toEqual([
      0, 1, 2, 4, 8, 512, 900, 900,
    ]);
    // The lock after the 5th failure is 1 s; then the right password works and the count restarts.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await signIn("target@example.com", PASSWORD)).toMatchObject({ status: "success" });
    expect(await backoff.signInWait("target@example.com", "203.0.113.101")).toBe(0);
    // The 6th failure in a row waits 2 s (growing), counted by the same store.
    for (let i = 0; i < 5; i++)
      await backoff.recordSignInFailure("growing@example.com", "192.0.2.1");
    expect(await backoff.recordSignInFailure("growing@example.com", "192.0.2.1")).toEqual({
      lockSeconds: 2,
      reachedCeiling: false,
    });
    expect(await backoff.signInWait("growing@example.com", "192.0.2.1")).toBeGreaterThanOrEqual(1);
    resetRateLimits();
  });

  it("failures from other addresses never lock the owner out: nine addresses fail, the tenth signs in", async () => {
    resetRateLimits();
    await verifiedAccount("owner@example.com");
    for (let i = 1; i <= 9; i++) {
      newVisitor(`203.0.113.${10 + i}`);
      expect(messageOf(await signIn("owner@example.com", `a wrong guess ${i}`))).toBe(
        "Invalid email or password",
      );
    }
    newVisitor("203.0.113.99");
    expect(await signIn("owner@example.com", PASSWORD)).toMatchObject({ status: "success" });
    expect((await auth())?.user?.email).toBe("owner@example.com");
    resetRateLimits();
  });

  it("an account guessed from many addresses asks for a mailed link after the right password, and its owner is told once", async () => {
    resetRateLimits();
    await verifiedAccount("guessed@example.com");
    const backoff = await import("@/lib/accounts/sign-in-backoff");
    for (let i = 1; i <= backoff.ACCOUNT_CEILING; i++) {
      newVisitor(`198.51.100.${i}`);
      await signIn("guessed@example.com", `wrong guess ${i}`);
    }
    const warned = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.toAddress} = 'guessed@example.com' and ${emailOutbox.template} = 'sign-in-attack'`,
      );
    expect(warned).toHaveLength(1);
    // One more failure: no second warning.
    newVisitor("198.51.100.200");
    await signIn("guessed@example.com", "yet another guess");

    // The owner, from a new address, with the right password: no session yet, a link instead.
    newVisitor("203.0.113.77");
    const asked = await signIn("guessed@example.com", PASSWORD);
    expect(asked).toMatchObject({ status: "error", title: "Sign In Failed" });
    expect(messageOf(asked)).toMatch(/emailed you a link to finish signing in/);
    expect(await auth()).toBeNull();
    const link = await latestMail("guessed@example.com", "sign-in-link");
    const token = tokenIn(link!.textBody, "/api/auth/verify");
    expect(
      await t.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          sql`${emailOutbox.toAddress} = 'guessed@example.com' and ${emailOutbox.template} = 'sign-in-attack'`,
        ),
    ).toHaveLength(1);
    // The link finishes that sign-in, once.
    const result = await consumeEmailLink(token);
    expect(result).toMatchObject({ status: "ok", kind: "signed-in" });
    expect(await consumeEmailLink(token)).toEqual({ status: "invalid" });
    resetRateLimits();
  });
});

describe("tokens and password resets", () => {
  it("a password reset deletes every token of the user: a pending email-change link no longer signs in", async () => {
    await verifiedAccount("mover@example.com");
    expect(await signIn("mover@example.com", PASSWORD)).toMatchObject({ status: "success" });
    const changed = await updateProfileAction(
      undefined,
      form({ fullName: "Apio Grace", email: "moved@example.com", currentPassword: PASSWORD }),
    );
    expect(changed).toMatchObject({
      status: "success",
      data: { emailChangeRequested: "moved@example.com" },
    });
    const changeLink = tokenIn(
      (await latestMail("moved@example.com", "email-change"))!.textBody,
      "/api/auth/verify",
    );

    const resetLink = await resetToken(t.db, "mover@example.com");
    expect(await resetPassword(resetLink, NEW_PASSWORD)).toMatchObject({
      status: "success",
      title: "Password Updated",
    });

    expect(await consumeEmailLink(changeLink)).toEqual({ status: "invalid" });
    const [user] = await t.db.select().from(users).where(eq(users.email, "mover@example.com"));
    expect(user).toBeTruthy();
    const left = await t.db
      .select()
      .from(verificationTokens)
      .where(like(verificationTokens.identifier, `%:${user!.id}%`));
    expect(left).toEqual([]);
  });

  it("forgot-password does the same work for an unknown email, and keeps and sends nothing for it", async () => {
    await verifiedAccount("forgetful@example.com");
    const queued = vi.mocked(queueEmail);
    queued.mockClear();
    await forgotPassword("forgetful@example.com");
    const forKnown = queued.mock.calls.length;
    queued.mockClear();
    await forgotPassword("never-signed-up@example.com");
    const forUnknown = queued.mock.calls.length;
    expect(forKnown).toBe(1);
    expect(forUnknown).toBe(forKnown);
    expect(await latestMail("never-signed-up@example.com", "password-reset")).toBeNull();
    const [stray] = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} not like '%@example.com'`)
      .limit(1);
    expect(stray).toBeUndefined();
  });
});

describe("password rules", () => {
  it("sign-up refuses one of the 10,000 most common passwords and one containing the email's name", async () => {
    for (const common of ["12345678", "Password1", "iloveyou", "qwertyuiop"]) {
      newVisitor(`198.18.2.${++ipCounter}`);
      const state = await signUpAction(
        undefined,
        form({
          fullName: "Okello James",
          email: `okello-${ipCounter}@example.com`,
          password: common,
        }),
      );
      expect(state.status, common).toBe("invalid");
      if (state.status !== "invalid") continue;
      expect(state.fieldErrors.password).toEqual([
        "This password is too common. Please choose another.",
      ]);
      expect(state.values.password).toBeUndefined();
    }
    const named = await signUpAction(
      undefined,
      form({
        fullName: "Okello James",
        email: "Okello.J@example.com",
        password: "my-OKELLO.J-pass",
      }),
    );
    expect(named.status === "invalid" && named.fieldErrors.password).toEqual([
      "Password must not contain your email name",
    ]);
    const [created] = await t.db.select().from(users).where(like(users.email, "okello%"));
    expect(created).toBeUndefined();
  });

  it("a reset refuses them too, naming the account's email, and the link stays usable", async () => {
    await verifiedAccount("nakawa@example.com");
    const token = await resetToken(t.db, "nakawa@example.com");
    const common = await resetPassword(token, "password123");
    expect(common.status === "invalid" && common.fieldErrors.password).toEqual([
      "This password is too common. Please choose another.",
    ]);
    const named = await resetPassword(token, "Nakawa-Kampala-9");
    expect(named.status === "invalid" && named.fieldErrors.password).toEqual([
      "Password must not contain your email name",
    ]);
    expect(await resetPassword(token, NEW_PASSWORD)).toMatchObject({ status: "success" });
    // Only the reset that went through is in the audit trail.
    const resets = await t.db
      .select({ outcome: auditEvents.outcome })
      .from(auditEvents)
      .where(
        sql`${auditEvents.action} = 'auth.password_reset' and ${auditEvents.actorLabel} = 'nakawa@example.com'`,
      );
    expect(resets).toEqual([{ outcome: "success" }]);
  });
});

describe("Auth.js origin", () => {
  it("builds its URLs from AUTH_URL (default SITE_URL), never from a forged Host", async () => {
    const response = await authRoute.GET(
      new NextRequest("http://evil.example/api/auth/signin", {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      }),
    );
    // Sent to the sign-in page with a callbackUrl on the configured origin.
    const location = new URL(response.headers.get("location") ?? "", env.SITE_URL);
    expect(location.pathname).toBe("/customer/auth");
    const callback = location.searchParams.get("callbackUrl") ?? "";
    expect(new URL(callback).origin).toBe(new URL(env.SITE_URL).origin);
    expect(response.headers.get("location")).not.toContain("evil.example");
  });
});
