import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

import { normalizeEmail } from "@/lib/email-address";

/**
 * The newsletter's one-click unsubscribe token: no state to store, it can only unsubscribe the
 * address it was made for, and only until it expires. Pure (the secret and the time are passed
 * in) so tests can make one.
 *
 * - Its own key: HKDF-SHA256 of the site's secret (authSecret()) with the label below, so a MAC
 *   made for something else with that secret (a session, another link) is never a valid token.
 * - An expiry: TOKEN_LIFETIME_SECONDS (one year) after the end of the UTC day it was made (so
 *   every link made for an address on one day is the same). Every newsletter mail carries a
 *   fresh link; a year-old welcome mail's link is refused and the reader unsubscribes from a
 *   newer mail, or from their preferences.
 * - The format: base64url of [version 1][expiry, seconds since the epoch, 6 bytes][HMAC-SHA256
 *   over version, expiry and the lowercased email, 32 bytes]: 52 characters. The first tokens
 *   (a bare HMAC of the email, 43 characters, no expiry) do not decode to this and are refused.
 */
export const TOKEN_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const KEY_LABEL = "breathe-uganda newsletter-unsubscribe v1";
const VERSION = 1;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const TOKEN_BYTES = 1 + EXPIRY_BYTES + MAC_BYTES;
const DAY_SECONDS = 24 * 60 * 60;

/** When a token made at `now` (ms) expires, in seconds since the epoch. */
export function newsletterTokenExpiry(now: number): number {
  const endOfDay = (Math.floor(now / 1000 / DAY_SECONDS) + 1) * DAY_SECONDS;
  return endOfDay + TOKEN_LIFETIME_SECONDS;
}

/** The token key: derived from the site's secret with this purpose's own label. */
export function newsletterTokenKey(secret: string, label = KEY_LABEL): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), label, 32));
}

function mac(key: Buffer, email: string, expiresAt: number): Buffer {
  return createHmac("sha256", key)
    .update(`${VERSION}|${expiresAt}|${normalizeEmail(email)}`)
    .digest();
}

/** A token for `email`, valid until newsletterTokenExpiry(now) (`now` in ms). */
export function newsletterUnsubscribeToken(
  email: string,
  secret: string,
  now: number = Date.now(),
  key: Buffer = newsletterTokenKey(secret),
): string {
  const expiresAt = newsletterTokenExpiry(now);
  const token = Buffer.alloc(TOKEN_BYTES);
  token.writeUInt8(VERSION, 0);
  token.writeUIntBE(expiresAt, 1, EXPIRY_BYTES);
  mac(key, email, expiresAt).copy(token, 1 + EXPIRY_BYTES);
  return token.toString("base64url");
}

/** True when `token` was made for `email` with this secret's key and has not expired at `now`. */
export function verifyNewsletterUnsubscribeToken(
  email: string,
  token: string,
  secret: string,
  now: number = Date.now(),
  key: Buffer = newsletterTokenKey(secret),
): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return false;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES || bytes.toString("base64url") !== token) return false;
  if (bytes.readUInt8(0) !== VERSION) return false;
  const expiresAt = bytes.readUIntBE(1, EXPIRY_BYTES);
  const given = bytes.subarray(1 + EXPIRY_BYTES);
  const expected = mac(key, email, expiresAt);
  if (!timingSafeEqual(given, expected)) return false;
  return Math.floor(now / 1000) < expiresAt;
}
