import { and, eq, isNotNull, not, or, sql } from "drizzle-orm";

import { mfaEncryptionKeyForMigration } from "@/lib/env";
import { isSealedMfaSecret, sealMfaSecret } from "@/lib/accounts/mfa-secret";

import type { Db } from "./types";
import { seedParkFees } from "./seed-data/park-fees";
import { adminUsers } from "./schema";

/**
 * Data steps of the migrator: run by migrateDatabase after the SQL migrations, every time, so each
 * must be idempotent (a second run finds nothing to do). They change rows, not the schema, in
 * TypeScript because they need the application's code (here: its encryption).
 */
export async function runDataMigrations(db: Db): Promise<void> {
  await encryptClearMfaSecrets(db);
  // UWA's published park fees are reference data every database needs, not demo rows.
  await seedParkFees(db);
}

/** A stored secret that is not in the encrypted format (an older version's clear base32). */
const clear = (column: typeof adminUsers.mfaSecret | typeof adminUsers.mfaPendingSecret) =>
  and(isNotNull(column), not(sql`${column} ~ '^v[0-9]+:'`));

/**
 * Encrypts the TOTP secrets (confirmed and pending) that older versions stored clear. The key is
 * only asked for when there is one to encrypt, so a database without any never needs it. Each
 * row is updated only if it still holds the value read: a secret changed meanwhile (set up or
 * turned off by its owner) is left to the code that changed it. Returns how many were encrypted.
 */
export async function encryptClearMfaSecrets(db: Db, key?: Buffer): Promise<number> {
  const rows = await db
    .select({
      id: adminUsers.id,
      secret: adminUsers.mfaSecret,
      pending: adminUsers.mfaPendingSecret,
    })
    .from(adminUsers)
    .where(or(clear(adminUsers.mfaSecret), clear(adminUsers.mfaPendingSecret)));
  if (rows.length === 0) return 0;
  const sealKey = key ?? mfaEncryptionKeyForMigration();
  const seal = (value: string | null) =>
    value === null || isSealedMfaSecret(value) ? value : sealMfaSecret(value, sealKey);
  let encrypted = 0;
  for (const row of rows) {
    const done = await db
      .update(adminUsers)
      .set({ mfaSecret: seal(row.secret), mfaPendingSecret: seal(row.pending) })
      .where(
        and(
          eq(adminUsers.id, row.id),
          sql`${adminUsers.mfaSecret} is not distinct from ${row.secret}`,
          sql`${adminUsers.mfaPendingSecret} is not distinct from ${row.pending}`,
        ),
      )
      .returning({ id: adminUsers.id });
    encrypted += done.length;
  }
  return encrypted;
}
