/**
 * Staff accounts and their second factor on a real database, through the real Auth.js stack:
 * admin:create's account rules, the login's second step (no session before a valid code, codes
 * never accepted twice, recovery codes spent once, attempts limited), a required second factor
 * sending the account to set it up, and the dashboard's counts.
 */
import { subDays } from "date-fns/subDays";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { adminUsers, bookings, contacts, newsletterSubscriptions, users } from "@/db/schema";
import { auditTrail } from "@/tests/helpers/audit";
import { useTestDb } from "@/tests/helpers/db";
import { fakeRequest, redirectTarget } from "@/tests/helpers/fake-request";
import {
  adminSignInAction,
  confirmMfaAction,
  signInAction,
  startMfaSetupAction,
  updateProfileAction,
} from "@/actions/accounts";
import { signUpVerified } from "@/tests/helpers/account-forms";
import { GET as verifyLink } from "@/app/api/auth/verify/route";
import { changeStaffEmail } from "@/lib/accounts/data/email-change";
import {
  MFA_MAX_FAILED_ATTEMPTS,
  unlockSecondFactor,
} from "@/lib/accounts/data/second-factor-codes";
import { asFormData } from "@/tests/helpers/payloads";
import { latestMail } from "@/tests/helpers/outbox";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { NextRequest } from "next/server";
import { auth } from "@/auth";
import { getDashboardCounts } from "@/lib/bookings/data/figures";
import { endMySession, requireAdmin, requireStaff } from "@/lib/session";
import { findAccount, upsertStaffAccount } from "@/lib/accounts/data/staff";
import { totpNow } from "@/lib/accounts/mfa";
import { openMfaSecret } from "@/lib/accounts/mfa-secret";
import { resetRateLimits } from "@/lib/rate-limit";
import { guideSchema } from "@/lib/guides/schemas";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
const newVisitorHere = aNewVisitorEachTest("192.0.2");

const PASSWORD = "sunrise over sipi falls";
const SESSION = "authjs.session-token";

async function staffWithTotp(email: string) {
  await upsertStaffAccount({ email, role: "staff", name: "Sarah Staff", password: PASSWORD });
  await adminSignInAction(undefined, { email, password: PASSWORD });
  expect(fakeRequest.jar.has(SESSION)).toBe(true);
  await startMfaSetupAction(undefined, {});
  const [row] = await t.db
    .select({ pending: adminUsers.mfaPendingSecret, userId: adminUsers.userId })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    .where(eq(users.email, email));
  const secret = openMfaSecret(row!.pending!);
  // A code of the previous 30 s step: the login below then uses the current one (never reused).
  const state = await confirmMfaAction(undefined, { code: totpNow(secret, Date.now() - 30_000) });
  expect(state).toMatchObject({ status: "success", title: "Two-Step Verification On" });
  const recovery = state.status === "success" ? state.data!.recoveryCodes!.split(" ") : [];
  expect(recovery).toHaveLength(10);
  newVisitorHere();
  return { secret, recovery };
}

describe("admin:create (lib/accounts/data/staff.ts)", () => {
  it("creates a verified account with its role, then promotes and re-roles it", async () => {
    const created = await upsertStaffAccount({
      email: "New.Boss@Example.com",
      role: "admin",
      name: "New Boss",
      password: PASSWORD,
      requireMfa: true,
    });
    expect(created).toMatchObject({
      email: "new.boss@example.com",
      created: true,
      role: "admin",
      mfaRequired: true,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, created.userId));
    expect(user!.emailVerified).not.toBeNull();
    expect(user!.passwordHash).toMatch(/^scrypt\$/);

    const again = await upsertStaffAccount({ email: "new.boss@example.com", role: "staff" });
    expect(again).toMatchObject({
      created: false,
      previousRole: "admin",
      role: "staff",
      mfaRequired: true,
    });
    expect(await findAccount("NEW.BOSS@example.com")).toMatchObject({
      role: "staff",
      name: "New Boss",
    });
  });

  it("promotes an existing customer without touching the password it has", async () => {
    const [customer] = await t.db
      .insert(users)
      .values({ email: "promote.me@example.com", name: "Promote Me", passwordHash: "scrypt$x" })
      .returning({ id: users.id });
    const result = await upsertStaffAccount({ email: "promote.me@example.com", role: "staff" });
    expect(result).toMatchObject({ created: false, previousRole: null, role: "staff" });
    const [user] = await t.db.select().from(users).where(eq(users.id, customer!.id));
    expect(user!.passwordHash).toBe("scrypt$x");
    expect(user!.emailVerified).not.toBeNull();
  });

  it("refuses a password the rules refuse, and a new account without a name", async () => {
    await expect(
      upsertStaffAccount({
        email: "weak@example.com",
        role: "staff",
        name: "Weak",
        password: "password1",
      }),
    ).rejects.toMatchObject({ code: "password_rejected", details: { reason: "common" } });
    await expect(
      upsertStaffAccount({ email: "noname@example.com", role: "staff", password: PASSWORD }),
    ).rejects.toThrow(/needs a name/);
    expect(await findAccount("weak@example.com")).toBeNull();
  });
});

describe("admin login with a second factor", () => {
  it("asks for the code after the right password, with no session until the code is valid", async () => {
    const email = "totp.staff@example.com";
    const { secret } = await staffWithTotp(email);

    const first = await adminSignInAction(undefined, { email, password: PASSWORD });
    expect(first).toMatchObject({
      status: "error",
      code: "mfa_required",
      title: "Verification Required",
    });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);

    const wrong = await adminSignInAction(undefined, { email, password: PASSWORD, code: "000000" });
    expect(wrong).toMatchObject({
      status: "invalid",
      fieldErrors: { code: ["Invalid verification code"] },
    });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);

    const badPassword = await adminSignInAction(undefined, {
      email,
      password: "not the password",
      code: totpNow(secret),
    });
    expect(badPassword).toMatchObject({
      title: "Login Failed",
      message: "Invalid email or password",
    });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);

    const code = totpNow(secret);
    const ok = await adminSignInAction(undefined, { email, password: PASSWORD, code });
    expect(ok).toMatchObject({ status: "success", title: "Login Successful" });
    expect((await auth())?.user.email).toBe(email);

    // The same code, seen over a shoulder, does not sign anyone in again.
    newVisitorHere();
    const replay = await adminSignInAction(undefined, { email, password: PASSWORD, code });
    expect(replay).toMatchObject({ status: "invalid" });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
  });

  it("accepts each recovery code once", async () => {
    const email = "recovery.staff@example.com";
    const { recovery } = await staffWithTotp(email);
    const code = recovery[3]!.toUpperCase();
    expect(await adminSignInAction(undefined, { email, password: PASSWORD, code })).toMatchObject({
      status: "success",
    });
    newVisitorHere();
    expect(await adminSignInAction(undefined, { email, password: PASSWORD, code })).toMatchObject({
      status: "invalid",
    });
    const [row] = await t.db
      .select({ left: adminUsers.mfaRecoveryHashes })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.userId))
      .where(eq(users.email, email));
    expect(row!.left).toHaveLength(9);
  });

  it("limits code attempts per account", async () => {
    const email = "limited.staff@example.com";
    const { secret } = await staffWithTotp(email);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      newVisitorHere();
      answers.push(
        await adminSignInAction(undefined, { email, password: PASSWORD, code: "111111" }),
      );
    }
    expect(answers.at(-1)).toMatchObject({ status: "error", title: "Login Failed" });
    expect((answers.at(-1) as { message: string }).message).toMatch(/Too many/i);
    // Even the right code waits out the limit.
    newVisitorHere();
    const right = await adminSignInAction(undefined, {
      email,
      password: PASSWORD,
      code: totpNow(secret),
    });
    expect(right.status).toBe("error");
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
  });

  it("does not let the customer sign-in skip the code", async () => {
    const email = "side.door@example.com";
    await staffWithTotp(email);
    const state = await signInAction(undefined, { email, password: PASSWORD });
    expect(state).toMatchObject({ status: "error", title: "Sign In Failed" });
    expect((state as { message: string }).message).toMatch(/admin\/login/);
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
  });

  it("sends an account whose second factor is required to set it up first", async () => {
    const email = "must.setup@example.com";
    await upsertStaffAccount({
      email,
      role: "admin",
      name: "Must Setup",
      password: PASSWORD,
      requireMfa: true,
    });
    expect(await adminSignInAction(undefined, { email, password: PASSWORD })).toMatchObject({
      status: "success",
    });
    const refused = await requireStaff().catch((error: unknown) => error);
    expect(redirectTarget(refused)).toBe("/admin/account");
    await expect(getDashboardCounts()).rejects.toSatisfy(
      (e) => redirectTarget(e) === "/admin/account",
    );
  });
});

describe("staff sign-in under attack", () => {
  /** Wrong codes until the second factor locks; the per-minute code limit is reset between. */
  async function lockSecondFactor(email: string) {
    const answers = [];
    for (let i = 0; i < MFA_MAX_FAILED_ATTEMPTS; i++) {
      resetRateLimits();
      newVisitorHere();
      answers.push(
        await adminSignInAction(undefined, { email, password: PASSWORD, code: "000000" }),
      );
    }
    return answers;
  }

  it("locks the second factor after 10 wrong codes in a row, tells the owner, and only a recovery code or an admin unlocks it", async () => {
    const email = "guessed.staff@example.com";
    const { secret, recovery } = await staffWithTotp(email);
    const answers = await lockSecondFactor(email);
    expect(answers.slice(0, -1).every((a) => a.status === "invalid")).toBe(true);
    expect(answers.at(-1)).toMatchObject({
      status: "invalid",
      fieldErrors: { code: [expect.stringMatching(/locked after too many wrong codes/)] },
    });
    expect(await latestMail(t.db, email, "second-factor-locked")).not.toBeNull();

    // The right code no longer works, whatever the password.
    resetRateLimits();
    newVisitorHere();
    const locked = await adminSignInAction(undefined, {
      email,
      password: PASSWORD,
      code: totpNow(secret),
    });
    expect(locked).toMatchObject({ status: "invalid" });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);

    // A recovery code signs in and unlocks it.
    newVisitorHere();
    expect(
      await adminSignInAction(undefined, { email, password: PASSWORD, code: recovery[0]! }),
    ).toMatchObject({ status: "success" });
    newVisitorHere();
    expect(
      await adminSignInAction(undefined, {
        email,
        password: PASSWORD,
        code: totpNow(secret, Date.now() + 30_000),
      }),
    ).toMatchObject({ status: "success" });

    // Locked again, then an admin unlocks it.
    await lockSecondFactor(email);
    expect(await unlockSecondFactor(email)).toBe(true);
    // A later time step's code (the newest one was spent above): as if a minute had passed.
    await t.db
      .update(adminUsers)
      .set({ mfaLastStep: null })
      .where(eq(adminUsers.mfaLastStep, adminUsers.mfaLastStep));
    resetRateLimits();
    newVisitorHere();
    expect(
      await adminSignInAction(undefined, { email, password: PASSWORD, code: totpNow(secret) }),
    ).toMatchObject({ status: "success" });
    const trail = await auditTrail(t.db, { actorLabel: email });
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "auth.mfa_failed",
        "auth.mfa_lockout",
        "auth.mfa_unlock",
        "auth.sign_in",
      ]),
    );
  });

  it("a right password does not reset the code count: wrong codes stay counted across sign-ins", async () => {
    const email = "slow.guesser@example.com";
    await staffWithTotp(email);
    for (let i = 0; i < MFA_MAX_FAILED_ATTEMPTS - 1; i++) {
      resetRateLimits();
      newVisitorHere();
      await adminSignInAction(undefined, { email, password: PASSWORD, code: "000000" });
    }
    const [row] = await t.db
      .select({ failed: adminUsers.mfaFailedAttempts, lockedAt: adminUsers.mfaLockedAt })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.userId))
      .where(eq(users.email, email));
    expect(row).toMatchObject({ failed: MFA_MAX_FAILED_ATTEMPTS - 1, lockedAt: null });
  });

  it("an email-change link of a staff account changes the email and signs nobody in", async () => {
    const email = "moving.staff@example.com";
    await staffWithTotp(email);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // A link as the profile page would mail it, opened later in a browser with no cookie.
    const { issueToken } = await import("@/lib/accounts/data/tokens");
    const token = await issueToken(
      t.db,
      `email-change:${row!.id}:new.staff@example.com`,
      3_600_000,
    );
    newVisitorHere();
    const response = await verifyLink(
      new NextRequest(`http://localhost:3000/api/auth/verify?token=${token}&type=email-change`),
    );
    expect(response.headers.get("location")).toBe("/admin/login?notice=email-changed");
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
    expect(await auth()).toBeNull();
    const [moved] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row!.id));
    expect(moved!.email).toBe("new.staff@example.com");
  });

  it("a customer at the staff sign-in gets Access Denied and no session cookie", async () => {
    const email = "just.a.customer@example.com";
    await signUpVerified(t.db, { fullName: "Apio Grace", email, password: PASSWORD, phone: "" });
    newVisitorHere();
    const denied = await adminSignInAction(undefined, { email, password: PASSWORD });
    expect(denied).toMatchObject({ status: "error", title: "Access Denied" });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
    expect(fakeRequest.options.has(SESSION)).toBe(false);
    const refusals = await auditTrail(t.db, { actorLabel: email, action: "auth.access_denied" });
    expect(refusals.at(-1)).toMatchObject({ outcome: "denied" });
  });
});

describe("a staff account's email, sign-out and refusals", () => {
  it("cannot be changed from the profile; an admin changes it, which ends its sessions", async () => {
    const email = "profile.staff@example.com";
    await upsertStaffAccount({ email, role: "staff", name: "Sarah Staff", password: PASSWORD });
    await adminSignInAction(undefined, { email, password: PASSWORD });
    const refused = await updateProfileAction(
      undefined,
      asFormData({
        fullName: "Sarah Staff",
        email: "elsewhere@example.com",
        currentPassword: PASSWORD,
      }),
    );
    expect(refused).toMatchObject({
      status: "invalid",
      fieldErrors: {
        email: ["Staff accounts cannot change their email here. Ask an admin to change it."],
      },
    });
    expect(await latestMail(t.db, "elsewhere@example.com")).toBeNull();

    await changeStaffEmail(email, "Sarah.New@Example.com");
    expect(await auth()).toBeNull();
    expect(await findAccount("sarah.new@example.com")).not.toBeNull();
    const [event] = await auditTrail(t.db, { action: "auth.email_change", actorRole: "system" });
    expect(event).toMatchObject({
      actorRole: "system",
      details: { from: email, to: "sarah.new@example.com", by: "admin" },
    });
  });

  it("records a staff member's sign-out and an admin-only operation refused", async () => {
    const email = "refused.staff@example.com";
    await upsertStaffAccount({ email, role: "staff", name: "Sarah Staff", password: PASSWORD });
    await adminSignInAction(undefined, { email, password: PASSWORD });
    await expect(requireAdmin()).rejects.toMatchObject({ code: "forbidden" });
    await endMySession();
    const trail = await auditTrail(t.db, { actorLabel: email });
    expect(trail.map((e) => ({ action: e.action, outcome: e.outcome, role: e.actorRole }))).toEqual(
      [
        { action: "auth.sign_in", outcome: "success", role: "staff" },
        { action: "auth.access_denied", outcome: "denied", role: "staff" },
        { action: "auth.sign_out", outcome: "success", role: "staff" },
      ],
    );
  });
});

describe("dashboard counts", () => {
  it("counts every booking, this month's in Kampala time, contacts and active subscribers", async () => {
    const email = "counter@example.com";
    await upsertStaffAccount({ email, role: "staff", name: "Counter", password: PASSWORD });
    await adminSignInAction(undefined, { email, password: PASSWORD });
    const before = await getDashboardCounts();

    // The first of this month at 00:30 in Kampala (UTC+3) is still last month in UTC.
    const kampalaNow = new Date(Date.now() + 3 * 3600_000);
    const firstKampala = new Date(
      Date.UTC(kampalaNow.getUTCFullYear(), kampalaNow.getUTCMonth(), 1, 0, 30) - 3 * 3600_000,
    );
    const lastMonthKampala = new Date(firstKampala.getTime() - 3600_000);
    const booking = (createdAt: Date) => ({
      source: "public" as const,
      fullName: "Count Me",
      email: "count@example.com",
      phone: "+256 700 000 000",
      tourPackage: "Custom Package",
      groupSize: 2,
      termsAccepted: true,
      createdAt,
    });
    await t.db
      .insert(bookings)
      .values([
        booking(firstKampala),
        booking(lastMonthKampala),
        booking(subDays(new Date(), 400)),
      ]);
    await t.db
      .insert(contacts)
      .values({ name: "C", email: "c@example.com", subject: "Hi", message: "Hello" });
    await t.db.insert(newsletterSubscriptions).values([
      { email: "counted-on@example.com", isActive: true },
      { email: "counted-off@example.com", isActive: false },
    ]);

    expect(await getDashboardCounts()).toEqual({
      totalBookings: before.totalBookings + 3,
      bookingsThisMonth: before.bookingsThisMonth + 1,
      contactMessages: before.contactMessages + 1,
      activeSubscribers: before.activeSubscribers + 1,
    });
  });
});

describe("guide validation (A66)", () => {
  it("requires the name, checks the email, trims and de-duplicates languages", () => {
    const ok = guideSchema.parse({
      fullName: "  Moses Okello ",
      email: " Moses@Example.com ",
      phoneNumber: "",
      specialty: "",
      languages: " English,  Luganda ,, english, Swahili ",
      isAvailable: "true",
    });
    expect(ok).toEqual({
      fullName: "Moses Okello",
      email: "moses@example.com",
      phoneNumber: null,
      specialty: null,
      languages: ["English", "Luganda", "Swahili"],
      isAvailable: true,
    });
    const bad = guideSchema.safeParse({ fullName: " ", email: "not-an-email", languages: "" });
    expect(bad.success).toBe(false);
    const fields = bad.success
      ? []
      : bad.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    expect(fields).toEqual([
      "fullName: Full name is required",
      "email: Please enter a valid email address",
    ]);
  });
});
