/**
 * The My Bookings list's search, filter and page, read from URL parameters. Pure: the page
 * parses, lib/bookings/data/owned.ts queries, the toolbar writes them back to the URL.
 */
import { choiceParam, listUrl, pageParam, type RawParams, searchParam } from "@/lib/list-query";

/** My Bookings shows this many bookings a page; the dashboard, this many upcoming trips. */
export const BOOKINGS_PAGE_SIZE = 5;
export const DASHBOARD_UPCOMING_LIMIT = 3;

export const BOOKING_FILTERS = ["all", "upcoming", "past"] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

export type BookingQuery = { q: string; filter: BookingFilter; page: number };

const bookingsUrl = listUrl(
  "/customer/bookings",
  { q: searchParam(), filter: choiceParam(BOOKING_FILTERS, "all"), page: pageParam },
  { filter: "all" },
);

/** Search (tour name, or the start of the booking id), filter and page from URL parameters. */
export const parseBookingQuery: (params: RawParams) => BookingQuery = bookingsUrl.parse;

/** The URL of a view of My Bookings (defaults left out). */
export const bookingsHref = bookingsUrl.href;
