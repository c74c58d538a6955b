import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db";
import { pick } from "@/db/columns";
import { adminUsers } from "@/db/schema";
import { spendSecondFactor } from "@/lib/accounts/data/second-factor-codes";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { requireStaffAccount } from "@/lib/session";
import { DomainError } from "@/lib/errors";
import {
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpQrSvg,
  totpStep,
  totpUri,
} from "@/lib/accounts/mfa";
import { openMfaSecret, sealMfaSecret } from "@/lib/accounts/mfa-secret";

/**
 * The caller's own second factor (/admin/account). Every function acts on the signed-in staff
 * member's own admin_users row only; none takes a user id. The secrets are stored encrypted
 * (lib/accounts/mfa-secret.ts) and opened only where a code is checked or the setup is shown.
 */

export type MyMfa = {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  /** Set up in progress: the QR code (SVG) and the secret to type by hand. */
  setup: { qrSvg: string; secret: string; uri: string } | null;
};

async function myRow(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select(pick(adminUsers, "mfaSecret", "mfaPendingSecret", "mfaRequired", "mfaRecoveryHashes"))
    .from(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .limit(1);
  if (!row) throw new DomainError("forbidden");
  return row;
}

export async function getMyMfa(): Promise<MyMfa> {
  const me = await requireStaffAccount();
  const row = await myRow(me.userId);
  const pending =
    !row.mfaSecret && row.mfaPendingSecret ? openMfaSecret(row.mfaPendingSecret) : null;
  const uri = pending ? totpUri(pending, me.email) : null;
  return {
    enabled: row.mfaSecret !== null,
    required: row.mfaRequired,
    recoveryCodesLeft: row.mfaRecoveryHashes.length,
    setup: pending && uri ? { qrSvg: await totpQrSvg(uri), secret: pending, uri } : null,
  };
}

/** A new secret to scan (replacing an unconfirmed one); nothing when TOTP is already on. */
export async function startMfaSetup(): Promise<void> {
  const me = await requireStaffAccount();
  const row = await myRow(me.userId);
  if (row.mfaSecret) return;
  const db = await getDb();
  await db
    .update(adminUsers)
    .set({ mfaPendingSecret: sealMfaSecret(newTotpSecret()) })
    .where(eq(adminUsers.userId, me.userId));
}

/**
 * Turns TOTP on with the first code of the scanned secret; returns the 10 recovery codes, shown
 * once (only their hashes are kept).
 */
export async function confirmMfa(code: string): Promise<string[]> {
  const me = await requireStaffAccount();
  const row = await myRow(me.userId);
  if (row.mfaSecret || !row.mfaPendingSecret) throw new DomainError("not_found");
  const pending = openMfaSecret(row.mfaPendingSecret);
  const step = totpStep(pending, code);
  if (step === null) throw new DomainError("invalid_code");
  const codes = newRecoveryCodes();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({
        // Sealed again: a pending secret an older version left clear is not kept clear.
        mfaSecret: sealMfaSecret(pending),
        mfaPendingSecret: null,
        mfaEnabledAt: new Date(),
        mfaLastStep: step,
        mfaRecoveryHashes: codes.map(recoveryCodeHash),
        mfaFailedAttempts: 0,
        mfaLockedAt: null,
      })
      .where(eq(adminUsers.userId, me.userId));
    await recordAudit(
      { action: "auth.mfa_enable", actor: actorOf(me), details: { recoveryIssued: codes.length } },
      tx,
    );
  });
  return codes;
}

/**
 * Turns TOTP off with a current code or a recovery code. An account that must use a second
 * factor (admin:create --require-mfa) cannot turn it off: `forbidden`.
 */
export async function disableMfa(code: string): Promise<void> {
  const me = await requireStaffAccount();
  const row = await myRow(me.userId);
  if (!row.mfaSecret) return;
  if (row.mfaRequired) throw new DomainError("forbidden");
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!(await spendSecondFactor(tx, me.userId, openMfaSecret(row.mfaSecret!), code)))
      throw new DomainError("invalid_code");
    await tx
      .update(adminUsers)
      .set({
        mfaSecret: null,
        mfaPendingSecret: null,
        mfaEnabledAt: null,
        mfaLastStep: null,
        mfaRecoveryHashes: [],
        mfaFailedAttempts: 0,
        mfaLockedAt: null,
      })
      .where(eq(adminUsers.userId, me.userId));
    await recordAudit({ action: "auth.mfa_disable", actor: actorOf(me) }, tx);
  });
}
