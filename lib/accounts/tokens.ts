import { createHash, randomBytes } from "node:crypto";

/**
 * Single-use account tokens (verification, email change, password reset): 32 random bytes sent by
 * mail; only their SHA-256 is stored (lib/accounts/data/tokens.ts), so a database leak holds no
 * usable link.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
