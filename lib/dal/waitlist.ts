import "server-only";

import type { Tx } from "@/db";

/**
 * The waitlist of full departures. When seats come back (a booking cancelled or lapsed, a
 * capacity raised, an offer unused), the first waiting request that fits is offered them: a
 * mailed link that holds the seats for a day.
 */

/**
 * Offers the seats now free on a departure to the waitlist, inside the transaction that freed
 * them (the departure's row is locked by the caller or here).
 */
export async function offerReturnedSeats(_tx: Tx, _departureId: string): Promise<void> {
  // Filled in with the waitlist.
}

/**
 * The waitlist offer a booking form carries (its link's token) on this departure, still held:
 * its id, whose seats the booking may use. Throws `invalid_token` when unknown, used or expired.
 */
export async function heldOffer(_tx: Tx, _departureId: string, _token: string): Promise<string> {
  throw new Error("waitlist offers are not built yet");
}

/** Marks an offer used by the booking made with its seats. */
export async function useOffer(_tx: Tx, _offerId: string, _bookingId: string): Promise<void> {
  throw new Error("waitlist offers are not built yet");
}
