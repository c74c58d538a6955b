import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

import { mfaEncryptionKey } from "@/lib/env";

/**
 * The staff TOTP secret at rest (admin_users.mfa_secret and mfa_pending_secret): AES-256-GCM
 * under MFA_ENCRYPTION_KEY, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url parts). Whoever
 * reads the table (a dump, a backup, a read-only SQL hole) then holds no second factor; the
 * recovery codes are only hashes already. The version prefix leaves room for another key or
 * another scheme later: a value is opened by the rules of its own version.
 *
 * A value without a prefix is a clear base32 secret written before encryption (base32 has no
 * ':'); it is read as it is until the migrator encrypts it (db/data-migrations.ts).
 *
 * No `server-only` marker: the migrator (a plain Node script) uses it too.
 */

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
/** GCM's standard 96-bit nonce, random per value. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the ciphertext to its format: the same bytes under another version prefix fail. */
const AAD = Buffer.from(`breathe-uganda:mfa-secret:${VERSION}`);

/** Whether a stored value is an encrypted one (any version), not a clear legacy secret. */
export function isSealedMfaSecret(stored: string): boolean {
  return /^v\d+:/.test(stored);
}

/** The stored form of a base32 TOTP secret. */
export function sealMfaSecret(secret: string, key: Buffer = mfaEncryptionKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"));
  return [VERSION, ...parts].join(":");
}

/**
 * The base32 secret of a stored value. Throws when the value was changed, is not whole, or was
 * encrypted under another key: a second factor that cannot be read never lets anyone in.
 */
export function openMfaSecret(stored: string, key?: Buffer): string {
  if (!isSealedMfaSecret(stored)) return stored;
  const [version, ...rest] = stored.split(":");
  if (version !== VERSION) throw new Error(`MFA secret: unknown format ${version}`);
  const [iv, tag, ciphertext] = rest.map((part) => Buffer.from(part, "base64url"));
  if (rest.length !== 3 || iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || !ciphertext) {
    throw new Error("MFA secret: malformed stored value");
  }
  const decipher = createDecipheriv(ALGORITHM, key ?? mfaEncryptionKey(), iv, {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(
      "MFA secret: cannot be decrypted (changed, or encrypted under another MFA_ENCRYPTION_KEY)",
    );
  }
}
