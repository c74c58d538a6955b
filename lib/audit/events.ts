import type { AdminRole, AuditActorRole, AuditOutcome } from "@/lib/domain";

/**
 * The audit trail's vocabulary: who did what, when, from where, and how it ended. Each event is
 * one row of `audit_events` (append-only) and one JSON log line, written by
 * lib/audit/data/trail.ts. An event that records a change is written in the transaction of that
 * change (pass its `tx`), so the trail never names a change that was rolled back, and no change
 * is kept without its event. Sign-in attempts and refusals have no change to join: they are
 * written on their own.
 *
 * Actions are `area.verb`; the list below is every action the site records, so the Activity
 * screen can offer them as a filter and a typo cannot invent a new one.
 */
export const AUDIT_ACTIONS = [
  // Accounts and sessions
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.lockout",
  "auth.sign_out",
  "auth.sign_out_everywhere",
  "auth.password_change",
  "auth.password_reset",
  "auth.email_change",
  "auth.mfa_enable",
  "auth.mfa_disable",
  "auth.mfa_failed",
  "auth.mfa_lockout",
  "auth.mfa_unlock",
  "auth.access_denied",
  // Bookings: a request, a checkout hold (it takes seats) and its paid confirmation, then staff changes
  "booking.request",
  "booking.hold",
  "booking.confirmed_paid",
  "booking.update",
  "booking.move",
  "booking.rebook",
  "booking.option_lapsed",
  // A reseller's booking over OCTO: its hold, confirmation, change and cancellation
  "booking.reseller_hold",
  "booking.reseller_confirm",
  "booking.reseller_update",
  "booking.reseller_cancel",
  // A reseller and its API keys (admins on the Resellers screen, or npm run reseller:create)
  "reseller.create",
  "reseller.key_issue",
  "reseller.key_revoke",
  // A reseller's net prices and webhooks, set on its screen (admins)
  "reseller.net_price",
  "reseller.webhook_add",
  "reseller.webhook_remove",
  "reseller.webhook_resend",
  // Payments (the ledger: lib/payments/data/ledger.ts)
  "payment.started",
  "payment.completed",
  "payment.failed",
  "payment.flagged",
  "payment.reversed",
  "payment.recorded",
  "payment.refunded",
  "payment.rate_set",
  // Park fee tariffs (admins)
  "tariff.create",
  "tariff.update",
  // Park permits: lots staff record, the permit a tour needs (admins)
  "permit_lot.create",
  "permit_lot.update",
  // A lot's permits allocated to a booking's trekkers by staff, and UWA's permit numbers typed
  "permit.allocate",
  "permit.number",
  "tour.permit",
  "departure.create",
  "departure.update",
  "departure.close",
  "departure.cancel",
  "departure.staff_hold",
  "manifest.export",
  // A tailor-made proposal staff build and send: created, its draft changed, a new version, sent
  "proposal.create",
  "proposal.update",
  "proposal.new_version",
  "proposal.send",
  // A tailor-made proposal accepted by its traveller, from the link mailed to them
  "proposal.accept",
  // Reads of personal data staff make: passport names, medical notes, money documents
  "manifest.view",
  "manifest.day_sheet_view",
  "document.download",
  "waitlist.join",
  "waitlist.confirm",
  "waitlist.offer",
  "waitlist.lapse",
  "guide.create",
  "guide.update",
  "tour.create",
  "tour.update",
  "tour.delete",
  "tour.picture_upload",
  "tour.picture_delete",
  "message.reply",
  "message.update",
  "subscriber.update",
  "newsletter.export",
  "staff.create",
  "staff.update",
  // The libraries tailor-made safaris are built from (staff): lodges, their rooms, activities, vehicles
  "library.lodge_create",
  "library.lodge_update",
  "library.lodge_picture_upload",
  "library.lodge_picture_delete",
  "library.room_create",
  "library.room_update",
  "library.activity_create",
  "library.activity_update",
  "library.vehicle_create",
  "library.vehicle_update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted. A visitor (no account, or not signed in) has no id; the site itself is 'system'. */
export type AuditActor = { userId: string | null; label: string; role: AuditActorRole };

export const VISITOR: AuditActor = { userId: null, label: "visitor", role: "visitor" };
export const SYSTEM: AuditActor = { userId: null, label: "system", role: "system" };

/** A member of staff (or any caller with an account) as an actor. */
export const actorOf = (caller: {
  userId: string;
  email: string;
  role?: AdminRole | null;
}): AuditActor => ({ userId: caller.userId, label: caller.email, role: caller.role ?? "customer" });

export type AuditEvent = {
  action: AuditAction;
  actor: AuditActor;
  outcome?: AuditOutcome;
  target?: { type: string; id: string | null };
  /** What changed, or why it was refused. Keys that name a secret are dropped. */
  details?: Record<string, unknown>;
};

/** Keys whose values never enter the trail, at any depth. */
const SECRET_KEY = /password|secret|token|code|hash|cookie|authorization/i;
const MAX_STRING = 500;

/** The details without secrets, long strings cut, at most a few levels deep. */
export function scrubDetails(value: unknown, depth = 0): unknown {
  if (typeof value === "string")
    return value.length > MAX_STRING ? value.slice(0, MAX_STRING) : value;
  if (value === null || typeof value !== "object") return value;
  if (depth >= 4) return "[...]";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrubDetails(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEY.test(key) || v === undefined) continue;
    out[key] = scrubDetails(v, depth + 1);
  }
  return out;
}
