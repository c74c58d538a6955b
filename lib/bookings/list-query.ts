/**
 * Pure rules of the admin bookings screen, unit-tested in tests/unit/admin-bookings.test.ts. The
 * page parses the URL with these, lib/bookings/data/manage.ts queries, the toolbar and the pager
 * write the URL back.
 */
import { todayInKampala } from "@/lib/dates";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/domain";
import {
  choiceParam,
  idParam,
  listUrl,
  pageParam,
  type RawParams,
  searchParam,
} from "@/lib/list-query";
import { daysOverdue, isOverdue, type OverdueInput } from "@/lib/payments/overdue";

export const ADMIN_BOOKINGS_PAGE_SIZE = 10;
export const ADMIN_BOOKINGS_PATH = "/admin/bookings";

/* ------------------------------------------------------------------------------------------ */
/* The list's URL state                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** The date filter on created_at: All Time, Last 7, 30 or 90 days. */
export const DATE_RANGES = ["all", "7", "30", "90"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: "All Time",
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
};

/**
 * The balance filter: every booking, those that owe money (confirmed with a total not paid in
 * full), or those of them past their balance day (lib/payments/data/owing.ts says which).
 */
export const BALANCE_FILTERS = ["all", "owing", "overdue"] as const;
export type BalanceFilter = (typeof BALANCE_FILTERS)[number];
export const BALANCE_FILTER_LABELS: Record<BalanceFilter, string> = {
  all: "All Balances",
  owing: "Balance owing",
  overdue: "Overdue",
};

/** 'All Tours' in the tour filter: no `tour` parameter. */
export const ALL_TOURS_LABEL = "All Tours";

export type AdminBookingQuery = {
  /** Search on name, email or tour package (case-insensitive substring). */
  q: string;
  /** One tour_package value, or '' for All Tours. */
  tour: string;
  range: DateRange;
  balance: BalanceFilter;
  page: number;
  /** The booking whose Edit dialog is open, or null. */
  edit: string | null;
};

const adminBookingsUrl = listUrl(
  ADMIN_BOOKINGS_PATH,
  {
    q: searchParam(),
    tour: searchParam(300),
    range: choiceParam(DATE_RANGES, "all"),
    balance: choiceParam(BALANCE_FILTERS, "all"),
    page: pageParam,
    edit: idParam,
  },
  { range: "all", balance: "all" },
);

/** The list's state from URL parameters; anything malformed falls back to the default. */
export const parseAdminBookingQuery: (params: RawParams) => AdminBookingQuery =
  adminBookingsUrl.parse;

/** The URL of a view of the list (defaults left out, so a plain view is a plain path). */
export const adminBookingsHref = adminBookingsUrl.href;

export const isFiltered = (query: AdminBookingQuery) =>
  query.q !== "" || query.tour !== "" || query.range !== "all" || query.balance !== "all";

/** The first instant of a 'Last n days' range: n times 24 hours before `now`. */
export function rangeStart(range: DateRange, now: Date = new Date()): Date | null {
  if (range === "all") return null;
  return new Date(now.getTime() - Number(range) * 24 * 60 * 60 * 1000);
}

/** '{n} total bookings' (n: the bookings matching the search and filters). */
export function totalLabel(total: number): string {
  return `${total} total ${total === 1 ? "booking" : "bookings"}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Status                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/**
 * A booking's status in words, the same set on every screen, staff's and customers': a checkout
 * not paid (Awaiting Payment, Not Paid), a status staff set (Confirmed, Completed, Cancelled),
 * Completed once the trip is over, else New (not reviewed yet). Never guessed from the booking's
 * age: an old request nobody answered is New, not 'Processed' or 'Confirmed'.
 */
export type BookingStatusLabel =
  | "Awaiting Payment"
  | "Not Paid"
  | "New"
  | "Confirmed"
  | "Completed"
  | "Cancelled";

/** The staff Status column's words: the one set (kept as its own name for the list's code). */
export type AdminStatusLabel = BookingStatusLabel;

const STATUS_LABELS: Record<BookingStatus, BookingStatusLabel> = {
  new: "New",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * A booking held at the checkout and not paid: its seats still held ('live'), or the hold lapsed
 * unpaid ('lapsed', an abandoned checkout: its seats back on sale). Null for every other booking.
 */
export type CheckoutState = "live" | "lapsed" | null;

/** The labels of a checkout not paid, the same for staff and customers. */
export const CHECKOUT_LABELS = { live: "Awaiting Payment", lapsed: "Not Paid" } as const;

/**
 * The status of `booking` in words (see BookingStatusLabel). `departureDate` ('yyyy-MM-dd'), where
 * known, makes a trip not reviewed but already over Completed; `today` is Kampala's.
 */
export function bookingStatusLabel(
  booking: {
    bookingStatus: string | null | undefined;
    checkout?: CheckoutState;
    departureDate?: string | null;
    /** Not read: a status is never guessed from the booking's age. */
    createdAt?: Date | string;
  },
  today: string = todayInKampala(),
): BookingStatusLabel {
  if (booking.checkout) return CHECKOUT_LABELS[booking.checkout];
  const set = STATUS_LABELS[booking.bookingStatus as BookingStatus];
  if (set && set !== "New") return set;
  if (booking.departureDate && booking.departureDate < today) return "Completed";
  return "New";
}

/** The admin Status column (bookingStatusLabel at `now`). */
export function adminBookingStatus(
  booking: Parameters<typeof bookingStatusLabel>[0],
  now: Date = new Date(),
): AdminStatusLabel {
  return bookingStatusLabel(booking, todayInKampala(now));
}

/** The booking statuses staff set in the Edit dialog, with their labels. */
export const BOOKING_STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

/**
 * The wizards store 'new' for "not reviewed yet", and the customer's side shows its
 * age-derived labels for it. So 'New' means unreviewed on both sides, and a booking that staff
 * have reviewed (confirmed, completed, cancelled) cannot go back to New.
 */
export function canSetBookingStatus(current: BookingStatus | null, next: BookingStatus): boolean {
  if (next !== "new") return true;
  return current === null || current === "new";
}

/** Deposit Made and Paid run the automatic guide assignment when no guide is set. */
export const AUTO_ASSIGN_PAYMENT_STATUSES = ["Deposit Made", "Paid"] as const;

/* ------------------------------------------------------------------------------------------ */
/* Overdue balance                                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * The Overdue badge's text ('Overdue 5 days', 'Overdue 1 day'), or null when the balance is not
 * overdue (lib/payments/overdue.ts). `today` is 'yyyy-MM-dd' in Kampala (todayInKampala()).
 */
export function overdueLabel(booking: OverdueInput, today: string): string | null {
  if (!isOverdue(booking, today)) return null;
  const days = daysOverdue(booking, today);
  return `Overdue ${days} ${days === 1 ? "day" : "days"}`;
}
