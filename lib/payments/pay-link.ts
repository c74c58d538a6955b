import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

import { authSecret, env } from "@/lib/env";

/**
 * The pay link mailed to a customer: /pay?token=… lets whoever holds it pay one booking (no
 * sign-in), until it expires. No state to store; the token is signed:
 *
 * - Its own key: HKDF-SHA256 of the site's secret (authSecret()) with the label below, so a MAC
 *   made for something else with that secret (a session, an unsubscribe link) is never a pay link.
 * - The format: base64url of [version 1][the booking's uuid, 16 bytes][expiry, seconds since the
 *   epoch, 6 bytes][HMAC-SHA256 over the three, 32 bytes]: 74 characters.
 * - Compared in constant time; a token of another length or alphabet is refused before any MAC.
 *
 * The link only lets its holder start a payment of what the booking owes; it reads nothing else.
 */
export const PAY_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const PAY_PATH = "/pay";

const KEY_LABEL = "breathe-uganda pay-link v1";
const VERSION = 1;
const ID_BYTES = 16;
const EXPIRY_BYTES = 6;
const MAC_BYTES = 32;
const SIGNED_BYTES = 1 + ID_BYTES + EXPIRY_BYTES;
const TOKEN_BYTES = SIGNED_BYTES + MAC_BYTES;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function keyOf(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), label, 32));
}

function uuidBytes(id: string): Buffer {
  if (!UUID.test(id)) throw new Error("a pay link needs a booking id (uuid)");
  return Buffer.from(id.replace(/-/g, ""), "hex");
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A token for `bookingId` valid until `expiresAt`, signed with the key of `label`: the pay link's
 * format, for any link that opens one booking's page to whoever holds it. A token made under one
 * label never verifies under another.
 */
export function signedBookingToken(
  label: string,
  bookingId: string,
  expiresAt: Date,
  secret: string = authSecret(),
): string {
  const token = Buffer.alloc(TOKEN_BYTES);
  token.writeUInt8(VERSION, 0);
  uuidBytes(bookingId).copy(token, 1);
  token.writeUIntBE(Math.floor(expiresAt.getTime() / 1000), 1 + ID_BYTES, EXPIRY_BYTES);
  createHmac("sha256", keyOf(secret, label))
    .update(token.subarray(0, SIGNED_BYTES))
    .digest()
    .copy(token, SIGNED_BYTES);
  return token.toString("base64url");
}

/** The booking a token of `label` was signed for and its expiry, or null (forged, altered, expired). */
export function verifySignedBookingToken(
  label: string,
  token: string,
  now: Date = new Date(),
  secret: string = authSecret(),
): { bookingId: string; expiresAt: Date } | null {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES || bytes.toString("base64url") !== token) return null;
  if (bytes.readUInt8(0) !== VERSION) return null;
  const expected = createHmac("sha256", keyOf(secret, label))
    .update(bytes.subarray(0, SIGNED_BYTES))
    .digest();
  if (!timingSafeEqual(bytes.subarray(SIGNED_BYTES), expected)) return null;
  const expiresAt = new Date(bytes.readUIntBE(1 + ID_BYTES, EXPIRY_BYTES) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return null;
  return { bookingId: uuidOf(bytes.subarray(1, 1 + ID_BYTES)), expiresAt };
}

/** A pay link token for `bookingId`, valid until `expiresAt` (30 days from now by default). */
export function payLinkToken(
  bookingId: string,
  expiresAt: Date = new Date(Date.now() + PAY_LINK_LIFETIME_MS),
  secret: string = authSecret(),
): string {
  return signedBookingToken(KEY_LABEL, bookingId, expiresAt, secret);
}

/** The booking a token was signed for and its expiry, or null (forged, altered, expired). */
export function verifyPayLink(
  token: string,
  now: Date = new Date(),
  secret: string = authSecret(),
): { bookingId: string; expiresAt: Date } | null {
  return verifySignedBookingToken(KEY_LABEL, token, now, secret);
}

/** The pay page of a booking, on this site: `/pay/<token>`. */
export function payPagePath(bookingId: string, expiresAt?: Date): string {
  return `${PAY_PATH}/${payLinkToken(bookingId, expiresAt)}`;
}

/**
 * 'Try again' after a failed online payment: the pay page of the link the payment was started
 * from, with that link's own expiry, or null once it has passed (or when no link is known). Never
 * a fresh link: whoever holds an old one could otherwise renew it for ever.
 */
export function tryAgainPath(
  bookingId: string,
  payLinkExpiresAt: Date | null,
  now: Date = new Date(),
): string | null {
  if (!payLinkExpiresAt || payLinkExpiresAt.getTime() <= now.getTime()) return null;
  return payPagePath(bookingId, payLinkExpiresAt);
}

/** The link to mail: `${SITE_URL}/pay/<token>`. */
export function payLinkUrl(bookingId: string, expiresAt?: Date): string {
  return `${env.SITE_URL}${payPagePath(bookingId, expiresAt)}`;
}

/** The pay page's words when the provider does not take the order (`provider_unavailable`). */
export const PROVIDER_UNAVAILABLE_MESSAGE =
  "The payment service is not answering. Nothing was charged. Please try again in a few minutes.";

/** Where the payer's browser lands after the checkout: `?ref=<merchant reference>`. */
export const PAY_RESULT_PATH = "/pay/result";
