import { randomBytes } from "node:crypto";

import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

import { hashToken } from "@/lib/accounts/tokens";

/**
 * The staff second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, what every authenticator app
 * reads) and single-use recovery codes. Pure rules on the base32 secret; the DAL (lib/accounts/data/second-factor.ts)
 * stores it encrypted (lib/accounts/mfa-secret.ts) and keeps only the hashes of the recovery codes.
 */

export const MFA_ISSUER = "Breathe Uganda";
export const RECOVERY_CODE_COUNT = 10;
/** A code of the previous or the next 30 s step is accepted too (clock drift). */
const WINDOW = 1;
const PERIOD = 30;

const totp = (secret: string, label = "staff") =>
  new TOTP({
    issuer: MFA_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, base32). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The URI as an SVG QR code, rendered on the server. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/** The time step of a valid 6-digit code (to refuse its reuse), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The current code of a secret (tests and the admin:create script's check). */
export function totpNow(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}

/** 10 recovery codes like 'k7m2-q9xd-4hpa' (60 bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** What is stored for a recovery code: its SHA-256, the way it is typed not mattering. */
export function recoveryCodeHash(code: string): string {
  return hashToken(
    code
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, ""),
  );
}

/** Whether the text looks like a recovery code rather than a 6-digit code. */
export function isRecoveryCodeShape(code: string): boolean {
  return /^[a-z0-9]{12}$/i.test(code.trim().replace(/[\s-]+/g, "")) && !/^\d{6}$/.test(code.trim());
}
