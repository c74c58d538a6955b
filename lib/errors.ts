/**
 * Expected failures of the domain, thrown by the domains' data modules (and the rate limiter) as
 * codes, never as UI texts. The action layer (lib/action.ts) turns each into the product's toast
 * or a field error; an error no action maps is logged and answered with the action's generic
 * failure.
 */
export type DomainErrorCode =
  /** Too many requests from this caller; `retryAfterSeconds` says when to try again. */
  | "rate_limited"
  /** The row does not exist for this caller (another customer's id looks the same). */
  | "not_found"
  /** A booking names a tour that is not (or no longer) in the active catalogue. */
  | "unknown_tour"
  /** The current password given to confirm a change is wrong. */
  | "wrong_password"
  /** A staff account's email is changed by an admin, never through a mailed link. */
  | "staff_email_change"
  /** A locked email preference (booking updates, messages from the team) was turned off. */
  | "preferences_locked"
  /** A one-time link is unknown, used or expired. */
  | "invalid_token"
  /** Signed out where a route handler needs a signed-in caller (answered 401, not redirected). */
  | "unauthenticated"
  /** Signed in, but the caller's role may not do this (staff where an admin is needed). */
  | "forbidden"
  /** A second-factor code (TOTP or recovery) that is wrong or already used. */
  | "invalid_code"
  /** A new password the rules refuse; `reason` says which rule. */
  | "password_rejected"
  /** Someone else saved the booking after this dialog was opened; `reason` says who and when. */
  | "stale_booking"
  /** A manual guide pick of a guide marked unavailable; `reason` names the guide. */
  | "guide_unavailable"
  /** A manual guide pick that would give the guide two overlapping trips; `reason` says which. */
  | "guide_double_booked"
  /** A reviewed booking (confirmed, completed, cancelled) cannot go back to New: 'new' means not reviewed yet. */
  | "status_reviewed"
  /** A departure without room for the group; `seatsLeft` says how many seats are left. */
  | "seats_unavailable"
  /** A waitlist request for a group the departure's seats left still fit; `seatsLeft` says how many. */
  | "seats_available"
  /** A group larger than the whole departure: no freed seats could ever take it. */
  | "group_too_large"
  /** More unpaid seats than one buyer may hold at once; `seatsLeft` says how many more they may. */
  | "unpaid_seats_limit"
  /** A traveller under the trek's minimum age on its day; `reason` names them and the day. */
  | "trekker_too_young"
  /** A park fee with no tariff row (or in shillings with no rate) for a traveller; `reason` says which. */
  | "park_fee_unpriced"
  /** A booking of a permit tour confirmed before every trekker holds a permit; `reason` says how many are missing. */
  | "permits_missing"
  /** Permits staff asked for that the lot (or the trek day) cannot give; `reason` says why. */
  | "permits_unavailable"
  /**
   * A proposal that can no longer be accepted (lapsed, a newer version sent, already accepted,
   * its link expired); `reason` says which, in the traveller's words.
   */
  | "proposal_unavailable"
  /**
   * A change staff asked of a proposal that its versions' state refuses (a sent version edited, an
   * accepted proposal changed, a draft not ready to send); `reason` says why, in staff's words.
   */
  | "proposal_locked"
  /** A checkout hold that lapsed unpaid: its seats went back on sale. */
  | "hold_lapsed"
  /** A departure that is not on sale (closed, cancelled, past its cutoff, another tour's). */
  | "departure_unavailable"
  /** A tour sold only on scheduled departures, booked without one. */
  | "departure_required"
  /** A capacity below the seats already taken; `seatsLeft` is negative by the excess. */
  | "capacity_below_taken"
  /** A tour slug another tour already has. */
  | "slug_taken"
  /** A name another row of the same list already has (a lodge, a room of the lodge, an activity, a vehicle). */
  | "name_taken"
  /**
   * A limit that guards passwords or codes could not be counted (its shared store, Redis, is
   * unreachable): the request is refused rather than let through uncounted.
   */
  | "limits_unavailable"
  /** The payment provider did not answer or refused the order: nothing was charged. */
  | "provider_unavailable"
  /** Nothing of this kind is due on the booking (paid, cancelled, no total yet); `reason` says which. */
  | "nothing_due"
  /** A refund larger than what was paid, or a payment in another currency than the total's. */
  | "payment_invalid"
  /** Stored objects could not all be removed (deleting a tour); nothing points at them any more. */
  | "storage_failed";

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly details: {
      retryAfterSeconds?: number;
      reason?: string;
      seatsLeft?: number;
      capacity?: number;
    } = {},
  ) {
    super(code);
    this.name = "DomainError";
  }
}
