import "server-only";
import { formatDay, formatDayTime, todayInKampala } from "@/lib/dates";

import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { bookingEvents, bookings, departures, guides, resellers, tours } from "@/db/schema";
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  type AdminBookingQuery,
  adminBookingStatus,
  type CheckoutState,
  type AdminStatusLabel,
  canSetBookingStatus,
  rangeStart,
} from "@/lib/bookings/list-query";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { canRebook, refundDueMinor } from "@/lib/bookings/refund-due";
import { abandonedCheckouts } from "@/lib/payments/abandoned";
import { checkoutState } from "@/lib/bookings/data/holds";
import {
  bookingMailColumns,
  bookingVersion,
  isCalledOff,
  lastChange,
  type HistoryLine,
  lockBookingAt,
  mailSubject,
  readBooking,
  statusLabel,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import { type BookingDeparture, bookingDepartureOf } from "@/lib/bookings/data/move";
import { type TravellerDetails, travellersOfBookings } from "@/lib/bookings/data/travellers";
import { lockDeparture, refreshDepartures, requireSeats } from "@/lib/departures/data/seats";
import { autoAssign, overlapping, wantsAutomaticGuide } from "@/lib/guides/data/auto-assign";
import { owesMoney, pastBalanceDay } from "@/lib/payments/data/owing";
import { getLedger, recordManualPayment } from "@/lib/payments/data/ledger";
import { offerReturnedSeats } from "@/lib/departures/data/waitlist";
import {
  type BookingPermits,
  bookingPermitsOf,
  requirePermitsToConfirm,
} from "@/lib/parks/data/allocations";
import { requireStaff } from "@/lib/session";
import type { BookingStatus, PaymentStatus } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { bookingUpdated } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { assignmentMessage, tripOf } from "@/lib/guides/assignment";
import { containsPattern, isUuid, type Page, pageCountOf } from "@/lib/list-query";
import { type AmountsDue, formatMoney } from "@/lib/payments/ledger";
import { computeQuote } from "@/lib/payments/quote";
import { type QuoteWithFees, withParkFees } from "@/lib/bookings/price";
import { feeLinesOf } from "@/lib/parks/data/fees";
import { planOfBooking, type TripPlan } from "@/lib/proposals/data/plan";
import type {
  BookingGuideInput,
  BookingPaymentInput,
  RecordPaymentInput,
} from "@/lib/bookings/schemas/edit";

/**
 * The staff's bookings screen (/admin/bookings). Every function starts
 * with requireStaff(): staff and admins work bookings. The list is one query
 * (the page, its total and the guide, joined); the tour filter's values a second; the caller's
 * session the third. Edits run in one transaction each: the booking row locked, the version
 * checked, the change, its history rows, its audit event, the customer's mail in the outbox and,
 * for Deposit Made or Paid without a guide, the automatic assignment with the guide rows locked.
 * The payment status is derived from the ledger (lib/payments/data/ledger.ts): 'Record payment' writes
 * a ledger row there, which also assigns the guide when the booking became Deposit Made or Paid
 * (lib/guides/data/auto-assign.ts).
 */

/** The audit trail's name for a booking. */
const bookingTarget = (id: string) => ({ type: "booking", id });

/* ------------------------------------------------------------------------------------------ */
/* Shared SQL                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** What the Edit dialog shows and saves of a booking, read for the dialog and for each save. */
const editedColumns = {
  ...bookingMailColumns,
  version: bookingVersion,
  departureDate: bookings.departureDate,
  endDate: bookings.endDate,
  paymentStatus: bookings.paymentStatus,
  paymentNote: bookings.paymentNote,
  bookingStatus: bookings.bookingStatus,
  guideId: bookings.guideId,
  departureId: bookings.departureId,
  groupSize: bookings.groupSize,
  /** Inside its checkout hold (the seats are the booking's until it lapses). */
  holdLive: sql<boolean>`coalesce(${bookings.holdExpiresAt} > now(), false)`,
};

/** Every write sets updated_at to the statement's clock, so each save is a new version. */
const touched = sql`clock_timestamp()`;

/** Rows of `db.execute` on either driver (postgres-js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/* ------------------------------------------------------------------------------------------ */
/* The list                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type AdminBookingRow = {
  id: string;
  createdAt: string;
  status: AdminStatusLabel;
  fullName: string;
  email: string;
  tourPackage: string;
  paymentStatus: PaymentStatus;
  guideName: string | null;
  departureDate: string | null;
  groupSize: number;
  /** The booking status as stored (null on rows made before the column), for the Overdue badge. */
  bookingStatus: BookingStatus | null;
  /** The balance's due day, 'yyyy-MM-dd', or null while no total is confirmed. */
  balanceDueOn: string | null;
  /** US cents owed back to the customer (a cancelled booking still holding money paid), or 0. */
  refundDueMinor: number;
  /** The reseller that sold it over OCTO and its reference ('Pearl Safaris · PSO-1'), or null. */
  channel: string | null;
};

/** A page of bookings; `total` counts the bookings matching the search and filters. */
export type AdminBookingPage = Page<AdminBookingRow>;

/**
 * The reference mails and PDFs print ('5DF585EE', the id's first 8 hex digits; bookingRef) as a
 * range of ids: uuids compare byte by byte, so every id starting with those digits lies between
 * the two bounds and the primary key's index finds them without reading the table. Undefined for
 * any other search text.
 */
function referenceMatch(q: string): SQL | undefined {
  const ref = /^(?:ref\s*)?#?([0-9a-f]{8})$/i.exec(q)?.[1]?.toLowerCase();
  if (!ref) return undefined;
  return and(
    gte(bookings.id, `${ref}-0000-0000-0000-000000000000`),
    lte(bookings.id, `${ref}-ffff-ffff-ffff-ffffffffffff`),
  );
}

function listConditions(query: AdminBookingQuery, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  const q = query.q.trim();
  if (q) {
    // Trigram indexes (migration 0002) serve each ILIKE; the OR becomes a bitmap OR.
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(bookings.fullName, pattern),
        ilike(bookings.email, pattern),
        ilike(bookings.tourPackage, pattern),
        referenceMatch(q),
      )!,
    );
  }
  if (query.tour) conditions.push(eq(bookings.tourPackage, query.tour));
  const since = rangeStart(query.range, now);
  if (since) conditions.push(gte(bookings.createdAt, since));
  if (query.balance !== "all") conditions.push(owesMoney);
  if (query.balance === "overdue") conditions.push(pastBalanceDay(todayInKampala(now)));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page and the matching total in one statement (the total even when the page is empty). The
 * page is found on ids first (walked in bookings_created_at_idx (created_at, id) without reading
 * the rows skipped by the offset), then its 10 rows are read and joined with their guide.
 */
async function selectPage(db: Db, where: SQL | undefined, page: number) {
  const total = db.$with("total").as(
    db
      .select({ n: count().as("n") })
      .from(bookings)
      .where(where),
  );
  const ids = db
    .select({ id: bookings.id, at: sql<Date>`${bookings.createdAt}`.as("at") })
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(ADMIN_BOOKINGS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_BOOKINGS_PAGE_SIZE)
    .as("ids");
  const pageRows = db
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      fullName: bookings.fullName,
      email: bookings.email,
      tourPackage: bookings.tourPackage,
      paymentStatus: bookings.paymentStatus,
      bookingStatus: bookings.bookingStatus,
      departureDate: bookings.departureDate,
      groupSize: bookings.groupSize,
      balanceDueOn: bookings.balanceDueOn,
      paidMinor: bookings.paidMinor,
      checkout: sql<CheckoutState>`${checkoutState}`.as("checkout"),
      guideName: sql<string | null>`${guides.fullName}`.as("guide_name"),
      channel: sql<
        string | null
      >`${resellers.name} || coalesce(' · ' || ${bookings.resellerReference}, '')`.as("channel"),
    })
    .from(ids)
    .innerJoin(bookings, eq(bookings.id, ids.id))
    .leftJoin(guides, eq(guides.id, bookings.guideId))
    .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
    .as("p");
  const rows = await db
    .with(total)
    .select({
      total: total.n,
      id: pageRows.id,
      createdAt: pageRows.createdAt,
      fullName: pageRows.fullName,
      email: pageRows.email,
      tourPackage: pageRows.tourPackage,
      paymentStatus: pageRows.paymentStatus,
      bookingStatus: pageRows.bookingStatus,
      departureDate: pageRows.departureDate,
      groupSize: pageRows.groupSize,
      balanceDueOn: pageRows.balanceDueOn,
      paidMinor: pageRows.paidMinor,
      checkout: pageRows.checkout,
      guideName: pageRows.guideName,
      channel: pageRows.channel,
    })
    .from(total)
    .leftJoinLateral(pageRows, sql`true`)
    .orderBy(desc(pageRows.createdAt), desc(pageRows.id));
  const n = Number(rows[0]?.total ?? 0);
  const items = rows.flatMap(({ total: _, ...r }) =>
    r.id === null
      ? []
      : [
          {
            ...r,
            id: r.id,
            createdAt: r.createdAt!,
            fullName: r.fullName!,
            email: r.email!,
            tourPackage: r.tourPackage!,
            paymentStatus: r.paymentStatus!,
            groupSize: r.groupSize!,
            paidMinor: Number(r.paidMinor ?? 0),
          },
        ],
  );
  return { total: n, items };
}

/** Reads one page of the list with the given database. */
async function queryAdminBookings(
  db: Db,
  query: AdminBookingQuery,
  now: Date = new Date(),
): Promise<AdminBookingPage> {
  const where = listConditions(query, now);
  let page = query.page;
  let { total, items } = await selectPage(db, where, page);
  const pageCount = pageCountOf(total, ADMIN_BOOKINGS_PAGE_SIZE);
  if (page > pageCount) {
    // A bookmark past the end (bookings filtered away since): show the last page.
    page = pageCount;
    ({ total, items } = await selectPage(db, where, page));
  }
  return {
    page,
    pageCount,
    total,
    items: items.map((r) => ({
      id: r.id,
      createdAt: new Date(r.createdAt).toISOString(),
      status: adminBookingStatus(
        { bookingStatus: r.bookingStatus, checkout: r.checkout, departureDate: r.departureDate },
        now,
      ),
      fullName: r.fullName,
      email: r.email,
      tourPackage: r.tourPackage,
      paymentStatus: r.paymentStatus,
      guideName: r.guideName,
      departureDate: r.departureDate,
      groupSize: r.groupSize,
      bookingStatus: r.bookingStatus,
      balanceDueOn: r.balanceDueOn,
      refundDueMinor: refundDueMinor(r),
      channel: r.channel ?? null,
    })),
  };
}

/** /admin/bookings: one page (10), newest first; search, filters and paging in SQL. */
export async function listAdminBookings(query: AdminBookingQuery): Promise<AdminBookingPage> {
  await requireStaff();
  return queryAdminBookings(await getDb(), query);
}

/**
 * The distinct tour_package values ('All Tours' plus these), read as a loose index scan on
 * bookings_tour_package_idx: one index probe per distinct value, not a pass over every booking.
 */
async function queryTourPackages(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive packages(tour_package) as (
      (select ${bookings.tourPackage} from ${bookings} order by 1 limit 1)
      union all
      select (
        select b.tour_package from ${bookings} b
        where b.tour_package > packages.tour_package
        order by b.tour_package limit 1
      )
      from packages where packages.tour_package is not null
    )
    select tour_package from packages where tour_package is not null`);
  return rowsOf<{ tour_package: string }>(result).map((r) => r.tour_package);
}

export async function listBookingTourPackages(): Promise<string[]> {
  await requireStaff();
  return queryTourPackages(await getDb());
}

/* ------------------------------------------------------------------------------------------ */
/* The Edit dialog                                                                             */
/* ------------------------------------------------------------------------------------------ */

export type BookingHistoryEntry = {
  id: string;
  /** 'MMM dd, yyyy HH:mm' in Kampala. */
  at: string;
  actor: string;
  /** 'Payment', 'Payment note', 'Guide', 'Booking status'. */
  what: string;
  from: string | null;
  to: string | null;
  note: string | null;
};

export type GuideOption = {
  id: string;
  fullName: string;
  specialty: string | null;
  languages: string[];
  isAvailable: boolean;
  /** Another live booking of this guide overlaps this booking's trip. */
  busy: boolean;
};

export type BookingForEdit = {
  id: string;
  version: string;
  fullName: string;
  email: string;
  phone: string;
  tourPackage: string;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  paymentStatus: PaymentStatus;
  paymentNote: string | null;
  bookingStatus: BookingStatus | null;
  guideId: string | null;
  guideName: string | null;
  history: BookingHistoryEntry[];
  guides: GuideOption[];
  /** The departure it holds seats on and those it could move to (null: a private trip). */
  departure: BookingDeparture | null;
  /** The viewer may record refunds (admins: money out is the admin's call). */
  canRefund: boolean;
  /** Admins may record a payment above the balance owed, once they confirm it. */
  canRecordOverBalance: boolean;
  /** The Price section: the computed quote and the total staff confirmed. */
  price: BookingPrice;
  /** The payments ledger, newest first, and what is due. */
  ledger: { due: AmountsDue; entries: LedgerLine[] };
  /** What the traveller wrote when booking (null: left empty) and the travellers' details given. */
  requests: {
    accommodation: string | null;
    dietary: string | null;
    specialRequests: string | null;
  };
  travellers: TravellerDetails[];
  /** A permit tour's booking: each trekker's permit, and what UWA keeps if it is cancelled. */
  permits: BookingPermits | null;
  /** A tailor-made trip's day-by-day plan, from the proposal its traveller accepted. */
  plan: TripPlan | null;
};

export type BookingPrice = {
  /** Tier or departure price times the group, and the park fees sold (null: the tour has no price). */
  quote: QuoteWithFees | null;
  /** The confirmed total in US cents, and as shown ('$3,600.00'); null until confirmed. */
  totalMinor: number | null;
  total: string | null;
  totalReason: string | null;
  /** 'MMM dd, yyyy', or null. */
  balanceDueOn: string | null;
  depositPercent: number;
};

/** One ledger row as the dialog lists it. */
export type LedgerLine = {
  id: string;
  /** 'MMM dd, yyyy HH:mm' in Kampala: when it completed, else when it was made. */
  at: string;
  kind: string;
  /** 'Cash', 'Bank transfer', 'MTN Mobile Money'... or the provider. */
  method: string;
  amount: string;
  status: string;
  /** The receipt or bank reference, else our merchant reference. */
  reference: string;
  /** Why the row is held back (an amount or currency the provider disagrees on), or null. */
  flagged: string | null;
  note: string | null;
  /** Paid through a provider's checkout (refundable through it), not recorded by staff. */
  online: boolean;
  /** An online order the payer never finished (failed, or left pending): no money came. */
  abandoned: boolean;
};

const FIELD_LABELS: Record<string, string> = {
  payment_status: "Payment",
  payment_note: "Payment note",
  guide: "Guide",
  booking_status: "Booking status",
  departure: "Departure",
  total: "Total",
  payment: "Payment recorded",
};

/** The booking with its history and the guides to choose from, or null (unknown id). */
export async function getBookingForEdit(id: string): Promise<BookingForEdit | null> {
  const staff = await requireStaff();
  if (!isUuid(id)) return null;
  const db = await getDb();
  const row = await readBooking(db, id, {
    ...editedColumns,
    phone: bookings.phone,
    groupSize: bookings.groupSize,
    guideName: guides.fullName,
    accommodation: bookings.accommodationPreference,
    dietary: bookings.dietaryRestrictions,
    specialRequests: bookings.specialRequests,
    totalMinor: bookings.totalMinor,
    totalReason: bookings.totalReason,
    balanceDueOn: bookings.balanceDueOn,
    packages: sql<unknown>`${tours.pricing} -> 'packages'`,
    departurePrices: departures.prices,
  });
  if (!row) return null;
  const trip = tripOf(row);
  const {
    packages,
    departurePrices,
    accommodation,
    dietary,
    specialRequests,
    totalMinor,
    totalReason,
    balanceDueOn,
    ...rest
  } = row;
  const [events, guideRows, departure, ledger, travellers, fees, permits, plan] = await Promise.all(
    [
      db
        .select()
        .from(bookingEvents)
        .where(eq(bookingEvents.bookingId, id))
        .orderBy(desc(bookingEvents.createdAt), desc(bookingEvents.id))
        .limit(100),
      db
        .select({
          id: guides.id,
          fullName: guides.fullName,
          specialty: guides.specialty,
          languages: guides.languages,
          isAvailable: guides.isAvailable,
          busy: trip
            ? sql<boolean>`exists (select 1 from ${bookings} where ${overlapping(guides.id, id, trip)})`
            : sql<boolean>`false`,
        })
        .from(guides)
        .orderBy(asc(guides.fullName)),
      bookingDepartureOf(db, {
        departureId: row.departureId,
        groupSize: row.groupSize,
        live: !isCalledOff(row),
        rebookable: canRebook(row),
      }),
      getLedger(id),
      travellersOfBookings(db, [id]),
      feeLinesOf(db, [id]),
      bookingPermitsOf(db, id),
      planOfBooking(db, id),
    ],
  );
  const given = (text: string | null) => (text?.trim() ? text.trim() : null);
  const abandoned = abandonedCheckouts(ledger.entries);
  return {
    ...rest,
    requests: {
      accommodation: given(accommodation),
      dietary: given(dietary),
      specialRequests: given(specialRequests),
    },
    travellers: travellers.get(id) ?? [],
    permits,
    plan,
    departure,
    canRefund: staff.role === "admin",
    canRecordOverBalance: staff.role === "admin",
    price: {
      quote: withParkFees(
        computeQuote({
          packages: Array.isArray(packages) ? packages : [],
          departurePrices,
          accommodation,
          groupSize: row.groupSize,
        }),
        fees.get(id) ?? [],
      ),
      totalMinor,
      total: totalMinor === null ? null : formatMoney(totalMinor, "USD"),
      totalReason,
      balanceDueOn: balanceDueOn ? formatDay(balanceDueOn) : null,
      depositPercent: ledger.due.depositPercent,
    },
    ledger: {
      due: ledger.due,
      entries: ledger.entries.map((e) => ({
        online: e.provider === "pesapal" || e.provider === "demo",
        abandoned: abandoned.has(e.id),
        id: e.id,
        at: formatDayTime(e.completedAt ?? e.createdAt),
        kind: e.kind,
        method: e.method ?? e.provider,
        amount: e.amount,
        status: e.status,
        reference: e.confirmationCode ?? e.merchantReference,
        flagged: e.flaggedReason,
        note: e.note,
      })),
    },
    history: events.map((e) => ({
      id: e.id,
      at: formatDayTime(e.createdAt),
      actor: e.actorLabel,
      what: FIELD_LABELS[e.field] ?? e.field,
      from: e.fromValue,
      to: e.toValue,
      note: e.note,
    })),
    guides: guideRows.map((g) => ({ ...g, busy: Boolean(g.busy) })),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Writes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** The booking as the dialog's saves lock it, with its tour's kind for the automatic guide. */
const lockEdited = (tx: Tx, id: string, version: string | null) =>
  lockBookingAt(tx, id, version, {
    ...editedColumns,
    tourCategory: tours.category,
    tourTags: tours.tags,
  });

type LockedBooking = Awaited<ReturnType<typeof lockEdited>>;

const guideNameOf = async (tx: Tx, id: string | null) => {
  if (!id) return null;
  const [g] = await tx.select({ name: guides.fullName }).from(guides).where(eq(guides.id, id));
  return g?.name ?? null;
};

export type PaymentUpdateResult = {
  paymentChanged: boolean;
  statusChanged: boolean;
  /** Set when the automatic assignment ran: its outcome and the server's message. */
  assignment: { ok: boolean; message: string } | null;
};

/**
 * Saves the payment note and booking status (and a payment status only where a caller still
 * names one: the dialog no longer does, the ledger derives it), with their history and the
 * customer's mail; a booking Deposit Made or Paid without a guide runs the automatic assignment
 * in the same transaction. The save stands when no guide is free.
 */
export async function updateBookingPayment(
  update: BookingPaymentInput & { paymentStatus?: PaymentStatus },
): Promise<PaymentUpdateResult> {
  const staff = await requireStaff();
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const b = await lockEdited(tx, update.bookingId, update.version);
      // The Edit dialog no longer sends a payment status (the ledger derives it): the booking's own
      // stays. A caller that still names one (a script, an older test) is applied as before.
      const input = { ...update, paymentStatus: update.paymentStatus ?? b.paymentStatus };
      // A booking without a status shows New in the dialog: saving New again changes nothing.
      const currentStatus = b.bookingStatus ?? "new";
      const statusChanged = input.bookingStatus !== currentStatus;
      if (statusChanged && !canSetBookingStatus(b.bookingStatus, input.bookingStatus)) {
        throw new DomainError("status_reviewed");
      }
      if (statusChanged && input.bookingStatus === "confirmed")
        await requirePermitsToConfirm(tx, b.id);
      const paymentChanged = input.paymentStatus !== b.paymentStatus;
      const noteChanged = input.paymentNote !== b.paymentNote;

      const events: HistoryLine[] = [];
      if (paymentChanged) {
        events.push({
          bookingId: b.id,
          field: "payment_status",
          from: b.paymentStatus,
          to: input.paymentStatus,
          note: input.paymentNote,
        });
      }
      if (noteChanged && !paymentChanged) {
        events.push({
          bookingId: b.id,
          field: "payment_note",
          from: b.paymentNote,
          to: input.paymentNote,
        });
      }
      if (statusChanged) {
        events.push({
          bookingId: b.id,
          field: "booking_status",
          from: statusLabel(b.bookingStatus),
          to: statusLabel(input.bookingStatus),
        });
      }
      await writeHistory(tx, staff, events);

      const seats = await settleSeats(tx, b, input);

      let assignment: PaymentUpdateResult["assignment"] = null;
      let guideId = b.guideId;
      // The ledger's own changes assign through lib/payments/data/ledger.ts; a status named here by a
      // caller takes the same rule, written with this save's own update and audit event.
      if (
        wantsAutomaticGuide({
          ...b,
          paymentStatus: input.paymentStatus,
          bookingStatus: statusChanged ? input.bookingStatus : b.bookingStatus,
        })
      ) {
        const outcome = await autoAssign(tx, b);
        assignment = { ok: outcome.ok, message: assignmentMessage(outcome) };
        if (outcome.ok) {
          guideId = outcome.guide.id;
          await writeHistory(tx, "system", [
            {
              bookingId: b.id,
              field: "guide",
              from: null,
              to: outcome.guide.fullName,
              note: assignment.message,
            },
          ]);
        }
      }

      if (events.length > 0 || guideId !== b.guideId) {
        await tx
          .update(bookings)
          .set({
            paymentStatus: input.paymentStatus,
            paymentNote: input.paymentNote,
            bookingStatus: statusChanged ? input.bookingStatus : b.bookingStatus,
            guideId,
            ...(statusChanged && input.bookingStatus === "confirmed"
              ? { confirmedAt: touched }
              : {}),
            // Brought back from a cancellation: the reason it ended no longer stands.
            ...(seats === "taken" ? { statusReason: null } : {}),
            updatedAt: touched,
          })
          .where(eq(bookings.id, b.id));
        // The note is free text: the trail says it changed, the booking's history keeps the words.
        const changes: Record<string, unknown> = {};
        if (paymentChanged)
          changes.paymentStatus = { from: b.paymentStatus, to: input.paymentStatus };
        if (noteChanged) changes.paymentNote = { changed: true };
        if (statusChanged)
          changes.bookingStatus = { from: b.bookingStatus, to: input.bookingStatus };
        if (guideId !== b.guideId)
          changes.guideId = { from: b.guideId, to: guideId, automatic: true };
        await recordStaffChange(tx, staff, "booking.update", bookingTarget(b.id), {
          changes,
          ...(assignment && !assignment.ok ? { assignment: "no guide free" } : {}),
        });
      }

      if (paymentChanged || statusChanged) {
        const mail = bookingUpdated({
          ...mailSubject(b),
          paymentStatus: paymentChanged ? input.paymentStatus : null,
          bookingStatus: statusChanged ? statusLabel(input.bookingStatus) : null,
          guideName: await guideNameOf(tx, guideId),
        });
        await queueEmail({ ...mail, to: b.email }, tx);
      }
      if (seats === "returned" && b.departureId) await offerReturnedSeats(tx, b.departureId);
      return { paymentChanged, statusChanged, assignment };
    })
    .then((result) => {
      if (result.paymentChanged || result.statusChanged) refreshDepartures();
      return result;
    });
}

export type RecordedPayment = {
  paymentStatus: PaymentStatus;
  /** The derived payment status moved (the customer is mailed). */
  statusChanged: boolean;
  /** Set when the automatic guide assignment ran: its outcome and the server's message. */
  assignment: { ok: boolean; message: string } | null;
};

/**
 * 'Record payment': cash or a bank transfer received, written to the ledger by recordManualPayment,
 * which derives the booking's payment status again and, when it is Deposit Made or Paid and the
 * private trip has no guide, runs the automatic assignment in the same transaction (the payment
 * stays recorded when no guide is free). A status that moved is mailed to the customer.
 */
export async function recordBookingPayment(input: RecordPaymentInput): Promise<RecordedPayment> {
  await requireStaff();
  if (!isUuid(input.bookingId)) throw new DomainError("not_found");
  const db = await getDb();
  const before = await readBooking(db, input.bookingId, {
    paymentStatus: bookings.paymentStatus,
  });
  if (!before) throw new DomainError("not_found");
  const recorded = await recordManualPayment({
    bookingId: input.bookingId,
    kind: input.kind,
    method: input.method,
    amountMinor: input.amount,
    reference: input.reference,
    note: input.note,
    overBalance: input.overBalance,
  });
  const statusChanged = recorded.paymentStatus !== before.paymentStatus;
  if (statusChanged)
    await db.transaction(async (tx) => {
      const b = await lockEdited(tx, input.bookingId, null);
      const mail = bookingUpdated({
        ...mailSubject(b),
        paymentStatus: b.paymentStatus,
        bookingStatus: null,
        guideName: await guideNameOf(tx, b.guideId),
      });
      await queueEmail({ ...mail, to: b.email }, tx);
    });
  return {
    paymentStatus: recorded.paymentStatus,
    statusChanged,
    assignment: recorded.assignment,
  };
}

/**
 * Whether a booking with this status and payment takes its departure's seats (see takesSeats):
 * not called off, and confirmed (or completed) or inside its checkout hold.
 */
function keepsSeats(status: BookingStatus | null, payment: PaymentStatus, holdLive: boolean) {
  if (status === "cancelled" || payment === "Cancelled" || payment === "Refunded") return false;
  return status === "confirmed" || status === "completed" || holdLive;
}

/**
 * A departure booking's seats through a status or payment change: a cancelled (or refunded)
 * booking gives them back ('returned', offered to the waitlist by the caller); one brought back
 * takes them again only if they are still free, under the departure's lock, like a new booking.
 */
async function settleSeats(
  tx: Tx,
  b: LockedBooking,
  input: { bookingStatus: BookingStatus; paymentStatus: PaymentStatus },
): Promise<"returned" | "taken" | "unchanged"> {
  if (!b.departureId) return "unchanged";
  const before = keepsSeats(b.bookingStatus, b.paymentStatus, Boolean(b.holdLive));
  const after = keepsSeats(input.bookingStatus, input.paymentStatus, Boolean(b.holdLive));
  if (before === after) return "unchanged";
  if (!after) return "returned";
  const departure = await lockDeparture(tx, b.departureId);
  if (!departure || departure.status === "cancelled")
    throw new DomainError("departure_unavailable");
  await requireSeats(tx, departure, b.groupSize, { bookingId: b.id });
  return "taken";
}

/**
 * A manual guide change: `oldGuideId` must still be the booking's guide and the
 * version current, or the save is refused as stale. A guide marked unavailable, or one with
 * another trip overlapping this one, is refused with the reason (the guide row is locked while
 * checking, like the automatic assignment).
 */
export async function assignGuide(input: BookingGuideInput): Promise<{ changed: boolean }> {
  const staff = await requireStaff();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const b = await lockEdited(tx, input.bookingId, input.version);
    if (b.guideId !== input.oldGuideId) {
      throw new DomainError("stale_booking", { reason: await lastChange(tx, b.id) });
    }
    if (input.guideId === b.guideId) return { changed: false };

    let newName: string | null = null;
    if (input.guideId) {
      const [guide] = await tx
        .select({ id: guides.id, fullName: guides.fullName, isAvailable: guides.isAvailable })
        .from(guides)
        .where(eq(guides.id, input.guideId))
        .for("update");
      if (!guide) throw new DomainError("not_found");
      if (!guide.isAvailable)
        throw new DomainError("guide_unavailable", { reason: guide.fullName });
      const trip = tripOf(b);
      if (trip) {
        const [clash] = await tx
          .select({ tourPackage: bookings.tourPackage, departureDate: bookings.departureDate })
          .from(bookings)
          .where(overlapping(guide.id, b.id, trip, b.departureId))
          .orderBy(asc(bookings.departureDate))
          .limit(1);
        if (clash) {
          throw new DomainError("guide_double_booked", {
            reason: `${guide.fullName} already guides ${clash.tourPackage} from ${formatDay(clash.departureDate!)}.`,
          });
        }
      }
      newName = guide.fullName;
    }
    const oldName = await guideNameOf(tx, b.guideId);
    await writeHistory(tx, staff, [
      { bookingId: b.id, field: "guide", from: oldName, to: newName },
    ]);
    await tx
      .update(bookings)
      .set({ guideId: input.guideId, updatedAt: touched })
      .where(eq(bookings.id, b.id));
    await recordStaffChange(tx, staff, "booking.update", bookingTarget(b.id), {
      changes: {
        guideId: { from: b.guideId, to: input.guideId },
        guide: { from: oldName, to: newName },
      },
    });
    return { changed: true };
  });
}
