/**
 * Sessions (docs/decisions/0012) through the real actions, Auth.js and the test database, with
 * next/headers replaced by a fake request whose cookie jar is "a browser": Sign Out ends the
 * session on the server (a copied cookie stops working), the absolute and idle limits, 'Sign out
 * of all devices', and Change Password.
 */
import { eq } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";

import { adminUsers, userSessions, users } from "@/db/schema";
import { useTestDb } from "@/tests/helpers/db";
import { latestMail, tokenIn } from "@/tests/helpers/outbox";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import {
  adminSignInAction,
  changePasswordAction,
  signInAction,
  signOutAction,
  signOutAllDevicesAction,
  updateProfileAction,
} from "@/actions/accounts";
import { auth } from "@/auth";
import { consumeEmailLink } from "@/lib/accounts/data/email-links";
import { upsertStaffAccount } from "@/lib/accounts/data/staff";
import { authSecret } from "@/lib/env";
import { hashPassword } from "@/lib/accounts/password";
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "@/lib/accounts/session-lifetime";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

const PASSWORD = "bwindi impenetrable forest";
const NEW_PASSWORD = "queen elizabeth tree lions";
const COOKIE = "authjs.session-token";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const newVisitorHere = aNewVisitorEachTest("192.0.2");
afterEach(() => {
  vi.useRealTimers();
});

/** A verified account with PASSWORD. */
async function account(name: string) {
  const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [row] = await t.db
    .insert(users)
    .values({
      email,
      name: "Kato Ssemakula",
      passwordHash: await hashPassword(PASSWORD),
      emailVerified: new Date(),
    })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

/** Signs in from a new browser (its own cookie jar and address); returns that jar. */
async function signInFromNewBrowser(email: string, password = PASSWORD) {
  newVisitorHere();
  const state = await signInAction(undefined, { email, password });
  expect(state).toMatchObject({ status: "success" });
  return fakeRequest.jar;
}

/** Makes `jar` the browser of the next requests (not named `use`: the React hooks lint rule would claim it). */
function browseWith(jar: Map<string, string>) {
  fakeRequest.jar = jar;
}

/**
 * What the proxy does on every /customer request (without the database): decodes the session
 * cookie and sets it again with a fresh expiry. The server-side limits must hold whatever expiry
 * the cookie itself carries.
 */
async function proxyRenews(jar: Map<string, string>) {
  const secret = authSecret();
  const token = await decode({ token: jar.get(COOKIE), secret, salt: COOKIE });
  expect(token).not.toBeNull();
  jar.set(
    COOKIE,
    await encode({ token: token!, secret, salt: COOKIE, maxAge: SESSION_COOKIE_MAX_AGE_SECONDS }),
  );
}

const signedInAs = async () => (await auth())?.user.email ?? null;
const sessionRows = (userId: string) =>
  t.db.select().from(userSessions).where(eq(userSessions.userId, userId));

describe("Sign Out", () => {
  it("ends the session on the server: the same cookie in a second browser is refused afterwards", async () => {
    const me = await account("copied");
    const first = await signInFromNewBrowser(me.email);
    const stolen = new Map(first); // the cookie copied into another browser
    browseWith(stolen);
    expect(await signedInAs()).toBe(me.email);

    browseWith(first);
    expect(await signOutAction(undefined, {})).toMatchObject({
      status: "success",
      title: "Signed Out",
    });
    expect(first.get(COOKIE)).toBeUndefined();

    browseWith(stolen);
    expect(await auth()).toBeNull();
    // The late response that puts the cookie back in the first browser does not help either.
    browseWith(new Map(stolen));
    expect(await auth()).toBeNull();
    expect(await sessionRows(me.id)).toEqual([]);
  });

  it("ends only this browser's session: the same account elsewhere stays signed in", async () => {
    const me = await account("two-devices");
    const laptop = await signInFromNewBrowser(me.email);
    const phone = await signInFromNewBrowser(me.email);
    expect(await sessionRows(me.id)).toHaveLength(2);
    browseWith(phone);
    await signOutAction(undefined, {});
    browseWith(laptop);
    expect(await signedInAs()).toBe(me.email);
    expect(await sessionRows(me.id)).toHaveLength(1);
  });

  it("refuses a token without a server-side session (issued before sessions were kept)", async () => {
    const me = await account("legacy");
    const jar = await signInFromNewBrowser(me.email);
    const secret = authSecret();
    const token = await decode({ token: jar.get(COOKIE), secret, salt: COOKIE });
    delete token!.sid;
    jar.set(COOKIE, await encode({ token: token!, secret, salt: COOKIE }));
    expect(await auth()).toBeNull();
  });
});

describe("session lifetime", () => {
  it("ends a session 30 days after sign-in however often it is used (absolute limit)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const me = await account("absolute");
    const jar = await signInFromNewBrowser(me.email);
    for (let day = 5; day < 30; day += 5) {
      vi.setSystemTime(start + day * DAY);
      await proxyRenews(jar);
      expect(await signedInAs(), `day ${day}`).toBe(me.email);
    }
    vi.setSystemTime(start + 30 * DAY - MINUTE);
    await proxyRenews(jar);
    expect(await signedInAs()).toBe(me.email);
    vi.setSystemTime(start + 30 * DAY + MINUTE);
    await proxyRenews(jar);
    expect(await auth()).toBeNull();
    expect(await sessionRows(me.id)).toEqual([]);
  });

  it("ends a session after 7 days without use, even with a fresh cookie (idle limit)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const me = await account("idle");
    const jar = await signInFromNewBrowser(me.email);
    // Used on day 6 (the proxy renews the cookie, the page checks the session): the 7 days count
    // again from there.
    vi.setSystemTime(start + 6 * DAY);
    await proxyRenews(jar);
    expect(await signedInAs()).toBe(me.email);
    vi.setSystemTime(start + 12 * DAY);
    await proxyRenews(jar);
    expect(await signedInAs()).toBe(me.email);
    // Last used on day 12; the cookie renewed without the server on day 18 (a prefetch), then
    // day 19 + 1 minute: idle too long.
    vi.setSystemTime(start + 18 * DAY);
    await proxyRenews(jar);
    vi.setSystemTime(start + 19 * DAY + MINUTE);
    expect(await auth()).toBeNull();
  });

  it("writes last_seen_at at most every few minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const me = await account("touch");
    await signInFromNewBrowser(me.email);
    const [before] = await sessionRows(me.id);
    vi.setSystemTime(start + 2 * MINUTE);
    await auth();
    expect((await sessionRows(me.id))[0]!.lastSeenAt).toEqual(before!.lastSeenAt);
    vi.setSystemTime(start + 6 * MINUTE);
    await auth();
    expect((await sessionRows(me.id))[0]!.lastSeenAt.getTime()).toBeGreaterThan(
      before!.lastSeenAt.getTime(),
    );
  });
});

describe("staff session lifetime", () => {
  /** A staff account (no second factor) signed in through /admin/login from a new browser. */
  async function staffSignedIn(name: string) {
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await upsertStaffAccount({ email, role: "staff", name: "Sarah Namono", password: PASSWORD });
    newVisitorHere();
    expect(await adminSignInAction(undefined, { email, password: PASSWORD })).toMatchObject({
      status: "success",
    });
    return { email, jar: fakeRequest.jar };
  }

  /** A customer signed in from a new browser at the same moment. */
  async function customerSignedIn(name: string) {
    const me = await account(name);
    return { email: me.email, jar: await signInFromNewBrowser(me.email) };
  }

  type Browser = Awaited<ReturnType<typeof customerSignedIn>>;

  /** Each browser comes back through the proxy and is still signed in as itself. */
  async function stillSignedIn(browsers: Browser[], label?: string) {
    for (const who of browsers) {
      browseWith(who.jar);
      await proxyRenews(who.jar);
      expect(await signedInAs(), label).toBe(who.email);
    }
  }

  /**
   * The staff browser comes back and finds its session over; the customer's, of the same age,
   * goes on: the limits are the staff's alone.
   */
  async function staffEndedCustomerNot(staff: Browser, customer: Browser) {
    browseWith(staff.jar);
    await proxyRenews(staff.jar);
    expect(await auth()).toBeNull();
    await stillSignedIn([customer]);
  }

  it("ends a staff session after 2 hours unused, while a customer's of the same age goes on", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const staff = await staffSignedIn("staff-idle");
    const customer = await customerSignedIn("customer-idle");
    // Both used an hour and a half in: the idle clock starts again there.
    vi.setSystemTime(start + 90 * MINUTE);
    await stillSignedIn([staff, customer]);
    // Two hours and a minute without use (3.5 hours after sign-in): the staff session is over, with
    // a fresh cookie; the customer's is not.
    vi.setSystemTime(start + 90 * MINUTE + 2 * HOUR + MINUTE);
    await staffEndedCustomerNot(staff, customer);
  });

  it("ends a staff session 12 hours after sign-in however often it is used", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const staff = await staffSignedIn("staff-absolute");
    const customer = await customerSignedIn("customer-absolute");
    for (let hour = 1; hour < 12; hour++) {
      vi.setSystemTime(start + hour * HOUR);
      await stillSignedIn([staff, customer], `hour ${hour}`);
    }
    vi.setSystemTime(start + 12 * HOUR - MINUTE);
    browseWith(staff.jar);
    expect(await signedInAs()).toBe(staff.email);
    vi.setSystemTime(start + 12 * HOUR + MINUTE);
    await staffEndedCustomerNot(staff, customer);
  });

  it("gives a customer promoted to staff the staff limits at the next check", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    const me = await account("promoted");
    const jar = await signInFromNewBrowser(me.email);
    for (let hour = 1; hour <= 13; hour++) {
      vi.setSystemTime(start + hour * HOUR);
      await proxyRenews(jar);
      expect(await signedInAs(), `hour ${hour}`).toBe(me.email);
    }
    await upsertStaffAccount({ email: me.email, role: "staff" });
    expect(await t.db.select().from(adminUsers).where(eq(adminUsers.userId, me.id))).toHaveLength(
      1,
    );
    vi.setSystemTime(start + 13 * HOUR + MINUTE);
    expect(await auth()).toBeNull();
    expect(await sessionRows(me.id)).toEqual([]);
  });
});

describe("Sign out of all devices", () => {
  it("ends every session of the account, this one included, and no one else's", async () => {
    const me = await account("everywhere");
    const other = await account("bystander");
    const laptop = await signInFromNewBrowser(me.email);
    const tablet = await signInFromNewBrowser(me.email);
    const phone = await signInFromNewBrowser(me.email);
    const theirs = await signInFromNewBrowser(other.email);

    browseWith(phone);
    expect(await signOutAllDevicesAction(undefined, {})).toEqual({
      status: "success",
      title: "Signed Out Everywhere",
      message: "You have been signed out on all your devices, this one included.",
    });
    expect(phone.get(COOKIE)).toBeUndefined();
    for (const jar of [laptop, tablet, new Map([[COOKIE, tablet.get(COOKIE)!]])]) {
      browseWith(jar);
      expect(await auth()).toBeNull();
    }
    expect(await sessionRows(me.id)).toEqual([]);
    browseWith(theirs);
    expect(await signedInAs()).toBe(other.email);
  });
});

describe("Change Password", () => {
  it("refuses a wrong current password on its field, keeping nothing typed", async () => {
    const me = await account("wrong-current");
    await signInFromNewBrowser(me.email);
    const state = await changePasswordAction(undefined, {
      currentPassword: "not my password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { currentPassword: ["Your current password is incorrect."] },
      values: {},
    });
    newVisitor("192.0.2.200");
    expect(await signInAction(undefined, { email: me.email, password: PASSWORD })).toMatchObject({
      status: "success",
    });
  });

  it("applies the password rules to the new password", async () => {
    const me = await account("rules");
    await signInFromNewBrowser(me.email);
    const change = (newPassword: string) =>
      changePasswordAction(undefined, {
        currentPassword: PASSWORD,
        newPassword,
        confirmPassword: newPassword,
      });
    expect(await change("password123")).toMatchObject({
      status: "invalid",
      fieldErrors: { newPassword: ["This password is too common. Please choose another."] },
    });
    expect(await change(`my ${me.email.split("@")[0]} pass`)).toMatchObject({
      status: "invalid",
      fieldErrors: { newPassword: ["Password must not contain your email name"] },
    });
    expect(await change("short")).toMatchObject({
      status: "invalid",
      fieldErrors: { newPassword: ["Password must be at least 8 characters"] },
    });
    expect(await change(PASSWORD)).toMatchObject({
      status: "invalid",
      fieldErrors: { newPassword: ["Choose a password different from your current one"] },
    });
    expect(
      await changePasswordAction(undefined, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: "something else",
      }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { confirmPassword: ["Passwords do not match"] },
    });
  });

  it("ends the other sessions, keeps this one, and kills a pending email-change link", async () => {
    const me = await account("changer");
    const laptop = await signInFromNewBrowser(me.email);
    const phone = await signInFromNewBrowser(me.email);

    // An email change waiting for its link (asked from the laptop, by someone who had it).
    browseWith(laptop);
    const moved = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      await updateProfileAction(undefined, {
        fullName: "Kato Ssemakula",
        email: moved,
        currentPassword: PASSWORD,
      }),
    ).toMatchObject({ status: "success", data: { emailChangeRequested: moved } });
    const changeLink = tokenIn(
      (await latestMail(t.db, moved, "email-change"))!.textBody,
      "/api/auth/verify",
    );

    browseWith(phone);
    expect(
      await changePasswordAction(undefined, {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).toEqual({
      status: "success",
      title: "Password Changed",
      message: "Your password has been changed. You have been signed out on your other devices.",
    });
    expect(await signedInAs()).toBe(me.email);
    browseWith(laptop);
    expect(await auth()).toBeNull();
    expect(await sessionRows(me.id)).toHaveLength(1);
    expect(await consumeEmailLink(changeLink)).toEqual({ status: "invalid" });

    newVisitor("192.0.2.201");
    expect(await signInAction(undefined, { email: me.email, password: PASSWORD })).toMatchObject({
      status: "error",
      message: "Invalid email or password",
    });
    expect(
      await signInAction(undefined, { email: me.email, password: NEW_PASSWORD }),
    ).toMatchObject({ status: "success" });
  });
});
