/**
 * The rules of the admin Activity screen (the audit trail): its URL state and the readable names
 * of actions, roles and outcomes (an event's details in sentences: lib/audit/sentences.ts). The
 * page parses the URL with these, lib/audit/data/activity.ts queries, the toolbar and the pager
 * write the URL back.
 * Server code only: the action list comes from the audit module.
 */
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit/events";
import type { AuditActorRole, AuditOutcome } from "@/lib/domain";
import { choiceParam, dayRangeListUrl, type RawParams, searchParam } from "@/lib/list-query";

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_PATH = "/admin/activity";

/* ------------------------------------------------------------------------------------------ */
/* Actions and areas                                                                           */
/* ------------------------------------------------------------------------------------------ */

export const ACTION_LABELS: Record<AuditAction, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.lockout": "Sign-in locked",
  "auth.sign_out": "Signed out",
  "auth.sign_out_everywhere": "Signed out everywhere",
  "auth.password_change": "Changed password",
  "auth.password_reset": "Reset password",
  "auth.email_change": "Changed email",
  "auth.mfa_enable": "Turned on two-step verification",
  "auth.mfa_disable": "Turned off two-step verification",
  "auth.mfa_failed": "Verification code refused",
  "auth.mfa_lockout": "Two-step verification locked",
  "auth.mfa_unlock": "Two-step verification unlocked",
  "auth.access_denied": "Access denied",
  "booking.request": "Booking request",
  "booking.hold": "Held seats at the checkout",
  "booking.confirmed_paid": "Booking confirmed by its payment",
  "booking.update": "Updated booking",
  "booking.move": "Moved booking to another departure",
  "booking.rebook": "Booked a cancelled booking again",
  "booking.option_lapsed": "Booking option lapsed",
  "booking.reseller_hold": "Reseller held seats",
  "booking.reseller_confirm": "Reseller confirmed booking",
  "booking.reseller_update": "Reseller changed booking",
  "booking.reseller_cancel": "Reseller cancelled booking",
  "reseller.create": "Created a reseller",
  "reseller.key_issue": "Issued a reseller's API key",
  "reseller.key_revoke": "Revoked a reseller's API key",
  "reseller.net_price": "Set a reseller's net price",
  "reseller.webhook_add": "Added a reseller's webhook",
  "reseller.webhook_remove": "Removed a reseller's webhook",
  "reseller.webhook_resend": "Resent a webhook delivery",
  "payment.started": "Started online payment",
  "payment.completed": "Payment completed",
  "payment.failed": "Payment failed",
  "payment.flagged": "Payment flagged",
  "payment.reversed": "Payment reversed",
  "payment.recorded": "Recorded payment",
  "payment.refunded": "Recorded refund",
  "payment.rate_set": "Set shilling rate",
  "tariff.create": "Added park fee tariff",
  "tariff.update": "Updated park fee tariff",
  "permit_lot.create": "Recorded permit lot",
  "permit_lot.update": "Changed permit lot",
  "permit.allocate": "Allocated permits",
  "permit.number": "Entered permit number",
  "tour.permit": "Set a tour's park permit",
  "departure.create": "Added departure",
  "departure.update": "Updated departure",
  "departure.close": "Closed departure",
  "departure.cancel": "Cancelled departure",
  "departure.staff_hold": "Held seats for a party (staff)",
  "manifest.export": "Exported manifest",
  "proposal.create": "Created a tailor-made proposal",
  "proposal.update": "Changed a proposal's draft",
  "proposal.new_version": "Made a new proposal version",
  "proposal.send": "Sent a proposal to its traveller",
  "proposal.accept": "Accepted a tailor-made proposal",
  "manifest.view": "Viewed manifest",
  "manifest.day_sheet_view": "Viewed day sheet",
  "document.download": "Downloaded document",
  "waitlist.join": "Joined waitlist",
  "waitlist.confirm": "Confirmed waitlist email",
  "waitlist.offer": "Offered waitlist seats",
  "waitlist.lapse": "Waitlist offer lapsed",
  "guide.create": "Added guide",
  "guide.update": "Updated guide",
  "tour.create": "Added tour",
  "tour.update": "Updated tour",
  "tour.delete": "Deleted tour",
  "tour.picture_upload": "Uploaded tour picture",
  "tour.picture_delete": "Deleted tour picture",
  "message.reply": "Replied to message",
  "message.update": "Updated message",
  "subscriber.update": "Updated subscriber",
  "newsletter.export": "Exported subscribers",
  "staff.create": "Added staff member",
  "staff.update": "Updated staff member",
  "library.lodge_create": "Added lodge",
  "library.lodge_update": "Updated lodge",
  "library.lodge_picture_upload": "Uploaded lodge picture",
  "library.lodge_picture_delete": "Removed lodge picture",
  "library.room_create": "Added lodge room",
  "library.room_update": "Updated lodge room",
  "library.activity_create": "Added activity",
  "library.activity_update": "Updated activity",
  "library.vehicle_create": "Added vehicle",
  "library.vehicle_update": "Updated vehicle",
};

/** An action's name for people; an action no longer in the list shows as stored. */
export const actionLabel = (action: string): string =>
  (ACTION_LABELS as Record<string, string>)[action] ?? action;

/** The part of an action before its dot ('auth' of 'auth.sign_in'). */
const areaOf = (action: string) => action.slice(0, action.indexOf("."));

/** The areas, in the order of the action list. */
const AREAS = [...new Set(AUDIT_ACTIONS.map(areaOf))];

/** What an area's events are about, for its 'All ... events' option. */
const AREA_NOUNS: Record<string, string> = {
  auth: "sign-in and account",
  booking: "booking",
  permit: "park permit",
  payment: "payment",
  departure: "departure",
  manifest: "manifest",
  waitlist: "waitlist",
  guide: "guide",
  tour: "tour",
  message: "message",
  subscriber: "subscriber",
  newsletter: "newsletter",
  staff: "staff account",
  reseller: "reseller",
  library: "library",
  proposal: "tailor-made proposal",
};

/** An area's filter value: every action of the area ('auth.*'). */
const areaValue = (area: string) => `${area}.*`;

/** The action filter's values: '' (every action), an area ('auth.*') or one action. */
const ACTION_FILTERS = ["", ...AREAS.map(areaValue), ...AUDIT_ACTIONS] as [string, ...string[]];

/**
 * The actions an action filter stands for: one, every action of an area, or null for all.
 * An area lists its actions instead of matching a prefix, so the action index serves it.
 */
export function actionsOf(filter: string): AuditAction[] | null {
  if (filter === "") return null;
  if (filter.endsWith(".*")) {
    const area = filter.slice(0, -2);
    return AUDIT_ACTIONS.filter((a) => areaOf(a) === area);
  }
  return AUDIT_ACTIONS.filter((a) => a === filter);
}

/** The action select's options: all, then each area with its actions under it. */
export const ACTION_OPTIONS: { value: string; label: string }[] = [
  { value: "", label: "All actions" },
  ...AREAS.flatMap((area) => [
    { value: areaValue(area), label: `All ${AREA_NOUNS[area] ?? area} events` },
    ...AUDIT_ACTIONS.filter((a) => areaOf(a) === area).map((a) => ({
      value: a,
      label: ACTION_LABELS[a],
    })),
  ]),
];

/* ------------------------------------------------------------------------------------------ */
/* The list's URL state                                                                        */
/* ------------------------------------------------------------------------------------------ */

export type ActivityQuery = {
  /** The actor's email (or 'visitor', 'system') as recorded, matched whole, in any case. */
  actor: string;
  /** '' (all), an area ('auth.*') or one action. */
  action: string;
  /** The target's type ('booking', 'tour' ...), matched exactly; '' for any. */
  target: string;
  /** The target's id, matched exactly; '' for any. */
  targetId: string;
  /** The first Kampala day shown ('yyyy-MM-dd'), or ''. */
  from: string;
  /** The last Kampala day shown, or ''. */
  to: string;
  page: number;
};

const activityUrl = dayRangeListUrl(ACTIVITY_PATH, {
  actor: searchParam(320),
  action: choiceParam(ACTION_FILTERS, ""),
  target: searchParam(40),
  targetId: searchParam(200),
});

/** The screen's state from URL parameters; anything malformed falls back to its default. */
export const parseActivityQuery: (params: RawParams) => ActivityQuery = activityUrl.parse;

/** The URL of a view of the screen (defaults left out, so the plain view is a plain path). */
export const activityHref = activityUrl.href;

export const isFiltered = (q: ActivityQuery) =>
  q.actor !== "" || q.action !== "" || q.target !== "" || q.targetId !== "" || !!q.from || !!q.to;

/* ------------------------------------------------------------------------------------------ */
/* How an event reads                                                                          */
/* ------------------------------------------------------------------------------------------ */

export const ROLE_LABELS: Record<AuditActorRole, string> = {
  admin: "Administrator",
  staff: "Staff",
  customer: "Customer",
  visitor: "Visitor",
  system: "System",
};

export const OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: "Success",
  failure: "Failed",
  denied: "Denied",
};

/** A target for people: its type, capitalised, then its id ('Booking 5f0c…'). */
export function targetLabel(type: string | null, id: string | null): string | null {
  if (!type) return null;
  const name = type.charAt(0).toUpperCase() + type.slice(1).replace(/_/g, " ");
  return id ? `${name} ${id}` : name;
}

/* An event's details and target in words: lib/audit/sentences.ts. */
