import "server-only";

import type { Tx } from "@/db";

/**
 * The waitlist of full departures. When seats come back (a booking cancelled or lapsed, a
 * capacity raised, an offer unused), the first waiting request that fits is offered them.
 */

/**
 * Offers the seats now free on a departure to the waitlist, inside the transaction that freed
 * them (the departure's row is locked by the caller or here).
 */
export async function offerReturnedSeats(_tx: Tx, _departureId: string): Promise<void> {
  // Filled in with the waitlist.
}
