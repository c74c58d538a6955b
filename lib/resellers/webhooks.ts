/**
 * Resellers' webhooks (OCTO's webhooks capability): the rules that need no database. A webhook
 * listens for one event, `booking_update` (one of the reseller's bookings confirmed, changed or
 * cancelled, on whatever screen) or `availability_update` (a departure's seats or sale changed);
 * each call is a JSON POST signed with the webhook's secret, retried with a doubling wait when the
 * reseller's server does not answer 2xx, and never sent to a private or loopback address where
 * the settings do not allow it.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

import type { ResellerWebhookEvent } from "@/lib/domain";

/* ------------------------------------------------------------------------------------------ */
/* Signing                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "X-Webhook-Signature";
/** The event of a delivery, and its id (the same on every retry: a receiver drops repeats). */
export const EVENT_HEADER = "X-Webhook-Event";
export const DELIVERY_HEADER = "X-Webhook-Delivery";

/** A webhook's signing secret, shown once when it is registered. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * The signature of `body` sent at `timestamp` (unix seconds): HMAC-SHA256 with the secret over
 * `<timestamp>.<body>`, hex. The timestamp is signed too, so an old delivery cannot be replayed
 * as new.
 */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/**
 * Whether `header` signs `body` with `secret` within `toleranceSeconds` of `now`: what a
 * reseller's receiver checks (the tests' receiver does exactly this).
 */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return false;
  if (Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body));
  const given = Buffer.from(`t=${parts.t},v1=${parts.v1}`);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/* ------------------------------------------------------------------------------------------ */
/* Retries                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** After this many failed attempts a delivery is given up ('failed'); Resend starts it again. */
export const MAX_WEBHOOK_ATTEMPTS = 8;
/** The first retry a minute after the first failure, then 2, 4, 8 ... minutes (about 2 h in all). */
const BACKOFF_BASE_MS = 60_000;

/** The wait before the next attempt after `attempts` failed ones. */
export function webhookBackoffMs(attempts: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(attempts - 1, 0);
}

/** What becomes of a delivery after an attempt that failed. */
export function afterFailure(
  attempts: number,
  retryOnError: boolean,
): { status: "pending" | "failed"; retryInMs: number } {
  if (!retryOnError || attempts >= MAX_WEBHOOK_ATTEMPTS) return { status: "failed", retryInMs: 0 };
  return { status: "pending", retryInMs: webhookBackoffMs(attempts) };
}

/* ------------------------------------------------------------------------------------------ */
/* Where a webhook may point                                                                   */
/* ------------------------------------------------------------------------------------------ */

/**
 * Addresses no webhook may reach on a production server: this machine, its private networks, link
 * local (cloud metadata services), shared and reserved ranges. A reseller's URL must be public.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** An IPv4 address carried in an IPv6 one (::ffff:10.0.0.1, 64:ff9b::a00:1), or null. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Whether an IP address is private, loopback, link local or reserved (not an address at all too). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(bare, "ipv4");
  const v4 = embeddedIpv4(bare);
  return v4 !== null ? PRIVATE.check(v4, "ipv4") : PRIVATE.check(bare, "ipv6");
}

/** Host names that always mean this machine or its network, whatever a resolver says. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Why `url` cannot be a webhook's address, or null when it can: http(s) only, a host name or a
 * public address, and (when private addresses are refused) no name of this machine's network.
 * What the name resolves to is checked again at each delivery, against the address connected to.
 */
export function webhookUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "url must be a full URL (https://...)";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "url must start with https:// or http://";
  if (parsed.hash) return "url must not have a fragment (#...)";
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) ? isPrivateAddress(host) : LOCAL_NAMES.test(host))
    return "url must point to a public address";
  return null;
}

/** A URL as staff and logs see it: without the password of its credentials. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return url;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Bodies                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** A webhook as OCTO answers it (never its secret, which is shown once, when registered). */
export type WebhookView = {
  id: string;
  event: ResellerWebhookEvent;
  url: string;
  retryOnError: boolean;
  useContactLanguage: boolean;
  headers: Record<string, string>;
  capabilities: string[];
};

/**
 * The webhook as a delivery's body names it: its id, event and capabilities, and its URL without
 * a password. The headers it sends are left out (they may carry the reseller's own credentials).
 */
export function webhookInBody(webhook: WebhookView) {
  return {
    id: webhook.id,
    event: webhook.event,
    url: displayUrl(webhook.url),
    capabilities: webhook.capabilities,
  };
}

/** Header names a webhook's own headers may not set: those of HTTP itself and our signature. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "user-agent",
  SIGNATURE_HEADER.toLowerCase(),
  EVENT_HEADER.toLowerCase(),
  DELIVERY_HEADER.toLowerCase(),
]);

/** Why a webhook's own headers cannot be sent as given, or null. */
export function headersProblem(headers: Record<string, string>): string | null {
  const names = Object.keys(headers);
  if (names.length > 10) return "headers: at most 10";
  for (const name of names) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(name))
      return `headers: ${name} is not a header name`;
    if (RESERVED_HEADERS.has(name.toLowerCase())) return `headers: ${name} cannot be set`;
    const value = headers[name]!;
    if (value.length > 1000 || /[\r\n\0]/.test(value))
      return `headers: ${name} has an invalid value`;
  }
  return null;
}
