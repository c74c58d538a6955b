/**
 * The My Bookings list's search, filter and page, read from URL parameters (spec section 4).
 * Pure: the page parses, lib/dal/customer.ts queries, the toolbar writes them back to the URL.
 */
export const BOOKING_FILTERS = ["all", "upcoming", "past"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export type BookingQuery = { q: string; filter: BookingFilter; page: number };

/** Search (tour name, or the start of the booking id), filter and page from URL parameters. */
export function parseBookingQuery(
  params: Record<string, string | string[] | undefined>,
): BookingQuery {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const filter = one(params.filter);
  const page = Number.parseInt(one(params.page), 10);
  return {
    q: one(params.q).trim().slice(0, 100),
    filter: (BOOKING_FILTERS as readonly string[]).includes(filter)
      ? (filter as BookingFilter)
      : "all",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}
