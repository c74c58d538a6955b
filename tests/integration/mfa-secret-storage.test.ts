/**
 * The staff TOTP secret at rest, on a real database through the real Auth.js stack: the columns
 * never hold the base32 secret (AES-256-GCM under MFA_ENCRYPTION_KEY, lib/accounts/mfa-secret.ts), the
 * code still signs in, and the migrator encrypts the clear secrets an older version left, once.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { migrateDatabase } from "@/db/migrate";
import { adminUsers } from "@/db/schema";
import { useTestDb } from "@/tests/helpers/db";
import { fakeRequest } from "@/tests/helpers/fake-request";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { adminSignInAction, confirmMfaAction, startMfaSetupAction } from "@/actions/accounts";
import { auth } from "@/auth";
import { getMyMfa } from "@/lib/accounts/data/second-factor";
import { upsertStaffAccount } from "@/lib/accounts/data/staff";
import { newTotpSecret, totpNow } from "@/lib/accounts/mfa";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

const PASSWORD = "rwenzori mountains of the moon";
const SESSION = "authjs.session-token";
const newVisitorHere = aNewVisitorEachTest("192.0.2");

/** A staff account, signed in (no second factor yet); returns its user id. */
async function signedInStaff(email: string): Promise<string> {
  const { userId } = await upsertStaffAccount({
    email,
    role: "staff",
    name: "Esther Nakato",
    password: PASSWORD,
  });
  expect(await adminSignInAction(undefined, { email, password: PASSWORD })).toMatchObject({
    status: "success",
  });
  return userId;
}

/** The account's admin_users row as stored: its two secret columns and the whole row as text. */
async function stored(userId: string) {
  const [row] = await t.db
    .select({
      secret: adminUsers.mfaSecret,
      pending: adminUsers.mfaPendingSecret,
      asText: sql<string>`${adminUsers}::text`,
    })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId));
  return row!;
}

async function signIn(email: string, code?: string) {
  newVisitorHere();
  return adminSignInAction(undefined, { email, password: PASSWORD, ...(code ? { code } : {}) });
}

describe("the TOTP secret at rest", () => {
  it("is stored encrypted from setup on, and its codes sign in", async () => {
    const email = "encrypted.staff@example.com";
    const userId = await signedInStaff(email);
    await startMfaSetupAction(undefined, {});
    const secret = (await getMyMfa()).setup!.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const pending = await stored(userId);
    expect(pending.pending).toMatch(/^v1:/);
    expect(pending.asText).not.toContain(secret);

    const state = await confirmMfaAction(undefined, { code: totpNow(secret, Date.now() - 30_000) });
    expect(state).toMatchObject({ status: "success", title: "Two-Step Verification On" });
    const on = await stored(userId);
    expect(on.pending).toBeNull();
    expect(on.secret).toMatch(/^v1:/);
    expect(on.asText).not.toContain(secret);

    expect(await signIn(email)).toMatchObject({ status: "error", code: "mfa_required" });
    expect(await signIn(email, "000000")).toMatchObject({ status: "invalid" });
    expect(fakeRequest.jar.has(SESSION)).toBe(false);
    expect(await signIn(email, totpNow(secret))).toMatchObject({ status: "success" });
    expect((await auth())?.user.email).toBe(email);
  });

  it("is encrypted by the migrator when an older version left it clear, once, and still signs in", async () => {
    const onEmail = "legacy.on@example.com";
    const settingUpEmail = "legacy.setup@example.com";
    const onId = await signedInStaff(onEmail);
    const settingUpId = await signedInStaff(settingUpEmail);
    const clearOn = newTotpSecret();
    const clearPending = newTotpSecret();
    // What an older version wrote: the base32 secrets themselves.
    await t.db
      .update(adminUsers)
      .set({ mfaSecret: clearOn, mfaEnabledAt: new Date(), mfaRecoveryHashes: [] })
      .where(eq(adminUsers.userId, onId));
    await t.db
      .update(adminUsers)
      .set({ mfaPendingSecret: clearPending })
      .where(eq(adminUsers.userId, settingUpId));
    // Before the migration a clear secret is still read as one.
    expect(await signIn(onEmail, totpNow(clearOn, Date.now() - 30_000))).toMatchObject({
      status: "success",
    });

    await migrateDatabase(t.handle);
    const on = await stored(onId);
    const settingUp = await stored(settingUpId);
    expect(on.secret).toMatch(/^v1:/);
    expect(on.asText).not.toContain(clearOn);
    expect(settingUp.pending).toMatch(/^v1:/);
    expect(settingUp.asText).not.toContain(clearPending);
    // Again: nothing left to encrypt, nothing changes.
    await migrateDatabase(t.handle);
    expect((await stored(onId)).secret).toBe(on.secret);
    expect((await stored(settingUpId)).pending).toBe(settingUp.pending);

    expect(await signIn(onEmail, totpNow(clearOn))).toMatchObject({ status: "success" });
    expect((await auth())?.user.email).toBe(onEmail);
    expect(await signIn(settingUpEmail)).toMatchObject({ status: "success" });
    expect((await getMyMfa()).setup?.secret).toBe(clearPending);
  });
});
