import "server-only";

import { daysBetween, todayInKampala } from "@/lib/dates";
import { clientIp } from "@/lib/rate-limit";
import { checkoutState } from "@/lib/bookings/data/holds";

import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNull,
  lt,
  not,
  or,
  type SQL,
  sql,
  sum,
} from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { bookings, guides } from "@/db/schema";
import {
  BOOKINGS_PAGE_SIZE,
  type BookingQuery,
  DASHBOARD_UPCOMING_LIMIT,
} from "@/lib/bookings/own-list-query";
import {
  customerBookingStatus,
  type CustomerStatusLabel,
  dashboardBookingStatus,
} from "@/lib/bookings/customer-labels";
import {
  bookingDueColumns,
  dueOf,
  isCalledOff,
  ownBookings,
} from "@/lib/bookings/data/booking-row";
import { createBooking, type CreateBookingResult } from "@/lib/bookings/data/requests";
import { type BookingDocuments, documentsOfBookings } from "@/lib/documents/data";
import { feeLinesOf, feesTotal } from "@/lib/parks/data/fees";
import { type FeeLineGroup, groupFeeLines, type ParkFeeLine } from "@/lib/parks/fees";
import { planOfBooking, plansOf, type TripPlan } from "@/lib/proposals/data/plan";
import { countedRowsOf } from "@/lib/payments/data/checkout";
import { payPagePath } from "@/lib/payments/pay-link";
import { type TravellerDetails, travellersOfBookings } from "@/lib/bookings/data/travellers";
import { requireCustomer } from "@/lib/session";
import type { BookingDetails, PaymentStatus } from "@/lib/domain";
import { travellersEditable } from "@/lib/departures/manifest";
import { clampPage, escapeLike, isUuid, type Page, pageCountOf } from "@/lib/list-query";
import type { LedgerRow } from "@/lib/payments/ledger";
import type { CustomerBookingInput } from "@/lib/bookings/schemas/customer-request";

/**
 * The signed-in customer's bookings. Every query is scoped to the caller (docs/decisions/0004): a
 * booking linked to their account, or whose email equals their verified email. Another
 * customer's id gives null (not-found), never data.
 */

/* ------------------------------------------------------------------------------------------ */
/* Dashboard                                                                                   */
/* ------------------------------------------------------------------------------------------ */

export type UpcomingBooking = {
  id: string;
  tourPackage: string;
  departureDate: string;
  groupSize: number;
  fullName: string;
  status: CustomerStatusLabel;
  /** The quoted total and what is paid, for the payment line. */
  totalMinor: number | null;
  paidMinor: number;
  /** What to pay next, as in My Bookings; null when nothing is due. */
  nextDue: NextDue | null;
  /** The booking's pay page while something is due. */
  payUrl: string | null;
};

export type Dashboard = {
  upcomingCount: number;
  totalTravelers: number;
  /** Days until the first upcoming departure, or null. */
  nextDepartureDays: number | null;
  upcoming: UpcomingBooking[];
};

/** A trip that is off: cancelled by staff, or its payment cancelled or refunded. */
const calledOff = sql`(coalesce(${bookings.bookingStatus}, '') = 'cancelled' or ${bookings.paymentStatus} in ('Cancelled', 'Refunded'))`;

/**
 * Upcoming trips (departure today or later, not cancelled): counts over all of them, the first
 * three listed, each with what is due on it next.
 */
export async function getDashboard(): Promise<Dashboard> {
  const me = await requireCustomer();
  const db = await getDb();
  const today = todayInKampala();
  const upcoming = and(ownBookings(me), gte(bookings.departureDate, today), not(calledOff));
  const [[stats], rows] = await Promise.all([
    db
      .select({
        trips: count(),
        travelers: sum(bookings.groupSize).mapWith(Number),
        first: sql<string | null>`min(${bookings.departureDate})`,
      })
      .from(bookings)
      .where(upcoming),
    db
      .select({
        id: bookings.id,
        tourPackage: bookings.tourPackage,
        departureDate: bookings.departureDate,
        groupSize: bookings.groupSize,
        fullName: bookings.fullName,
        createdAt: bookings.createdAt,
        bookingStatus: bookings.bookingStatus,
        checkout: checkoutState,
        paymentStatus: bookings.paymentStatus,
        ...bookingDueColumns,
      })
      .from(bookings)
      .where(upcoming)
      .orderBy(asc(bookings.departureDate), asc(bookings.createdAt))
      .limit(DASHBOARD_UPCOMING_LIMIT),
  ]);
  const ledgers = await countedRowsOf(rows.map((r) => r.id));
  return {
    upcomingCount: stats?.trips ?? 0,
    totalTravelers: stats?.travelers ?? 0,
    nextDepartureDays: stats?.first ? daysBetween(today, stats.first) : null,
    upcoming: rows.map((r) => {
      const { paidMinor, nextDue } = paymentsOf(r, ledgers.get(r.id) ?? [], today);
      return {
        id: r.id,
        tourPackage: r.tourPackage,
        departureDate: r.departureDate ?? today,
        groupSize: r.groupSize,
        fullName: r.fullName,
        status: dashboardBookingStatus(r),
        totalMinor: r.totalMinor,
        paidMinor,
        nextDue,
        // Signed here, on the server, for the customer's own booking.
        payUrl: nextDue ? payPagePath(r.id) : null,
      };
    }),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* My Bookings                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export type CustomerBooking = BookingDetails & {
  id: string;
  createdAt: string;
  tourPackage: string;
  paymentStatus: PaymentStatus;
  status: CustomerStatusLabel;
  guide: { fullName: string; specialty: string | null; languages: string[] } | null;
  /** The travellers' details given so far (names as on passports), by position. */
  travellers: TravellerDetails[];
  /** Whether the customer may still give or change them (until the trip starts). */
  travellersEditable: boolean;
  /** Why the booking ended without them asking (a cancelled departure, an option that lapsed). */
  statusReason: string | null;
  /** The quoted total in US cents; null until staff quote it. */
  totalMinor: number | null;
  /** Net paid (completed payments less refunds), in US cents. */
  paidMinor: number;
  /** What to pay next: the deposit (due now, `dueOn` null) or the balance (by `dueOn`); null when nothing is due. */
  nextDue: NextDue | null;
  /** The pay page of this booking (`/pay/<token>`), while something is due and it is not cancelled. */
  payUrl: string | null;
  /** The invoice (once confirmed) and a receipt per completed payment: PDF download links. */
  documents: BookingDocuments;
  /** A tailor-made trip's day-by-day plan, from the proposal accepted; null for a tour. */
  plan: TripPlan | null;
  /** The park fees the total counts (a permit tour), grouped as the pay page shows them. */
  fees: FeeLineGroup[];
  /** Their US cents: the total less them is the tour's own price. */
  feesMinor: number;
};

export type NextDue = { kind: "deposit" | "balance"; amountMinor: number; dueOn: string | null };

/** A page of the bookings matching the search and filter, and how many the customer has. */
export type BookingPage = Page<CustomerBooking> & { totalAll: number };

const bookingColumns = {
  id: bookings.id,
  createdAt: bookings.createdAt,
  fullName: bookings.fullName,
  email: bookings.email,
  phone: bookings.phone,
  address: bookings.address,
  tourPackage: bookings.tourPackage,
  departureDate: bookings.departureDate,
  endDate: bookings.endDate,
  groupSize: bookings.groupSize,
  accommodationPreference: bookings.accommodationPreference,
  dietaryRestrictions: bookings.dietaryRestrictions,
  specialRequests: bookings.specialRequests,
  paymentStatus: bookings.paymentStatus,
  bookingStatus: bookings.bookingStatus,
  checkout: checkoutState,
  statusReason: bookings.statusReason,
  ...bookingDueColumns,
  guideName: guides.fullName,
  guideSpecialty: guides.specialty,
  guideLanguages: guides.languages,
};

function selectBookings(db: Db) {
  return db.select(bookingColumns).from(bookings).leftJoin(guides, eq(guides.id, bookings.guideId));
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

const NO_DOCUMENTS: BookingDocuments = { invoiceHref: null, receipts: [] };

/** The money columns a booking's next payment is computed from. */
type DueColumns = {
  bookingStatus: string | null;
  paymentStatus: PaymentStatus;
  totalMinor: number | null;
  balanceDueOn: string | null;
  depositPercent: number | null;
};

/**
 * What the customer has paid and pays next, from the booking's ledger: nothing while the trip is
 * called off or nothing is quoted or due. A balance whose day has come reads 'due now' (`dueOn`
 * null), never a date in the past.
 */
function paymentsOf(
  row: DueColumns,
  ledger: readonly LedgerRow[],
  today: string,
): { paidMinor: number; nextDue: NextDue | null } {
  const live = !isCalledOff(row);
  const due = dueOf(row, ledger, today);
  const nextDue: NextDue | null =
    !live || due.nextDue === null
      ? null
      : due.nextDue === "deposit"
        ? { kind: "deposit", amountMinor: due.depositDue, dueOn: null }
        : {
            kind: "balance",
            amountMinor: due.balanceMinor,
            dueOn: due.balanceDueNow ? null : row.balanceDueOn,
          };
  return { paidMinor: due.paidMinor, nextDue };
}

function toCustomerBooking(
  row: BookingRow,
  travellers: TravellerDetails[] = [],
  today: string = todayInKampala(),
  ledger: readonly LedgerRow[] = [],
  documents: BookingDocuments = NO_DOCUMENTS,
  plan: TripPlan | null = null,
  feeLines: readonly ParkFeeLine[] = [],
): CustomerBooking {
  const {
    guideName,
    guideSpecialty,
    guideLanguages,
    bookingStatus,
    checkout,
    createdAt,
    balanceDueOn,
    depositPercent,
    ...rest
  } = row;
  const live = !isCalledOff({ bookingStatus, paymentStatus: rest.paymentStatus });
  const { paidMinor, nextDue } = paymentsOf(
    { bookingStatus, balanceDueOn, depositPercent, ...rest },
    ledger,
    today,
  );
  return {
    ...rest,
    paidMinor,
    nextDue,
    // The pay link is signed here, on the server, for this customer's own booking.
    payUrl: nextDue ? payPagePath(row.id) : null,
    travellers,
    documents,
    plan,
    fees: groupFeeLines(feeLines),
    feesMinor: feesTotal(feeLines),
    travellersEditable: travellersEditable({ departureDate: rest.departureDate, live }, today),
    createdAt: createdAt.toISOString(),
    status: customerBookingStatus({
      bookingStatus,
      departureDate: rest.departureDate,
      createdAt,
      checkout,
    }),
    guide: guideName
      ? { fullName: guideName, specialty: guideSpecialty, languages: guideLanguages ?? [] }
      : null,
  };
}

/** One page (5) of the customer's bookings, newest first; search, filter and paging in SQL. */
export async function listMyBookings(query: BookingQuery): Promise<BookingPage> {
  const me = await requireCustomer();
  const db = await getDb();
  const today = todayInKampala();
  const conditions: SQL[] = [ownBookings(me)];
  if (query.filter === "upcoming")
    conditions.push(or(gte(bookings.departureDate, today), isNull(bookings.departureDate))!);
  if (query.filter === "past") conditions.push(lt(bookings.departureDate, today));
  // The list shows ids as '#1a2b3c4d': a search may include the '#'.
  const q = query.q.trim().replace(/^#/, "");
  if (q) {
    const pattern = escapeLike(q.toLowerCase());
    conditions.push(
      or(
        sql`lower(${bookings.tourPackage}) like ${`%${pattern}%`}`,
        sql`${bookings.id}::text like ${`${pattern}%`}`,
      )!,
    );
  }
  const where = and(...conditions);

  const [[filtered], [all]] = await Promise.all([
    db.select({ value: count() }).from(bookings).where(where),
    db.select({ value: count() }).from(bookings).where(ownBookings(me)),
  ]);
  const total = filtered?.value ?? 0;
  const pageCount = pageCountOf(total, BOOKINGS_PAGE_SIZE);
  const page = clampPage(query.page, total, BOOKINGS_PAGE_SIZE);
  const rows = await selectBookings(db)
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(BOOKINGS_PAGE_SIZE)
    .offset((page - 1) * BOOKINGS_PAGE_SIZE);
  const ids = rows.map((r) => r.id);
  // The documents are read under the same session: documentsOfBookings scopes them to the caller.
  const [travellers, ledgers, documents, plans, fees] = await Promise.all([
    travellersOfBookings(db, ids),
    countedRowsOf(ids),
    documentsOfBookings(ids),
    plansOf(db, ids),
    feeLinesOf(db, ids),
  ]);
  return {
    items: rows.map((r) =>
      toCustomerBooking(
        r,
        travellers.get(r.id),
        today,
        ledgers.get(r.id),
        documents.get(r.id),
        plans.get(r.id),
        fees.get(r.id),
      ),
    ),
    total,
    totalAll: all?.value ?? 0,
    page,
    pageCount,
  };
}

/** One of the customer's bookings, or null (unknown, malformed or someone else's id). */
export async function getMyBooking(id: string): Promise<CustomerBooking | null> {
  const me = await requireCustomer();
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await selectBookings(db)
    .where(and(eq(bookings.id, id), ownBookings(me)))
    .limit(1);
  if (!row) return null;
  const [travellers, ledgers, documents, plan, fees] = await Promise.all([
    travellersOfBookings(db, [row.id]),
    countedRowsOf([row.id]),
    documentsOfBookings([row.id]),
    planOfBooking(db, row.id),
    feeLinesOf(db, [row.id]),
  ]);
  return toCustomerBooking(
    row,
    travellers.get(row.id),
    undefined,
    ledgers.get(row.id),
    documents.get(row.id),
    plan,
    fees.get(row.id),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Book New Trip                                                                               */
/* ------------------------------------------------------------------------------------------ */

/**
 * The customer wizard's booking, stored through the insert both wizards share. The email and the
 * account link come from the session, never from the form. booking_status 'new', payment Pending.
 */
export async function createMyBooking(input: CustomerBookingInput): Promise<CreateBookingResult> {
  const me = await requireCustomer();
  return createBooking(
    {
      fullName: input.fullName,
      email: me.email,
      phone: input.phone,
      address: input.address,
      tour: input.tour,
      departureId: input.departure,
      departureDate: input.departureDate,
      endDate: null,
      groupSize: input.groupSize,
      accommodationPreference: input.accommodation,
      dietaryRestrictions: input.dietary,
      specialRequests: input.specialRequests,
      termsAccepted: input.terms,
      newsletter: false,
      travellers: input.travellers,
      idempotencyKey: input.idempotencyKey,
    },
    { source: "customer", userId: me.userId, clientAddress: await clientIp() },
  );
}
