/**
 * The My Bookings list's search, filter and page, read from URL parameters. Pure: the page
 * parses, lib/dal/customer.ts queries, the toolbar writes them back to the URL.
 */
import {
  choiceParam,
  listHref,
  pageParam,
  parseListQuery,
  type RawParams,
  searchParam,
} from "@/lib/list-query";

export const BOOKING_FILTERS = ["all", "upcoming", "past"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export type BookingQuery = { q: string; filter: BookingFilter; page: number };

const bookingQuery = {
  q: searchParam(),
  filter: choiceParam(BOOKING_FILTERS, "all"),
  page: pageParam,
};

/** Search (tour name, or the start of the booking id), filter and page from URL parameters. */
export function parseBookingQuery(params: RawParams): BookingQuery {
  return parseListQuery(bookingQuery, params);
}

/** The URL of a view of My Bookings (defaults left out). */
export function bookingsHref(query: BookingQuery, changes: Partial<BookingQuery> = {}): string {
  const { q, filter, page } = { ...query, ...changes };
  return listHref("/customer/bookings", { q, filter, page }, { filter: "all" });
}
