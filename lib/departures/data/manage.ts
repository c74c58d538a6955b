import "server-only";

import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { bookings, departures, departureWaitlist, guides, tours } from "@/db/schema";
import {
  ALL_DATES,
  cancelledReason,
  capacityBelowTakenMessage,
  DEPARTURES_PAGE_SIZE,
  type DeparturesQuery,
  MAX_SERIES_DATES,
  monthRange,
  seatsOf,
  seriesDates,
} from "@/lib/departures/list-query";
import { recordStaffChange } from "@/lib/audit/data/trail";
import {
  bookingMailColumns,
  type HistoryLine,
  lockBookings,
  mailSubject,
  statusLabel,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import {
  takesSeats,
  liveOn,
  readDeparture,
  lockDeparture,
  refreshDepartures,
  freeSeats,
  seatsHeldOf,
  seatsPaidOf,
  seatsTakenOf,
  permitsLeftOfDeparture,
  seatsLeftOf,
} from "@/lib/departures/data/seats";
import { type Staff, requireStaff } from "@/lib/session";
import { refreshCatalogue } from "@/lib/tours/data/catalogue";
import { offerReturnedSeats, requestForMail } from "@/lib/departures/data/waitlist";
import { optionDayIfHeldNow, staffHoldSeatsOf } from "@/lib/departures/data/staff-holds";
import { departureRange, isGuaranteed, tripEndDate } from "@/lib/departures/rules";
import { todayInKampala } from "@/lib/dates";
import type { DepartureStatus, TourBookingMode } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { bookingEnded, waitlistDepartureCancelled } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { type Page, settlePage } from "@/lib/list-query";
import {
  type AddDeparturesData,
  seriesOf,
  type UpdateDepartureData,
} from "@/lib/departures/schemas/departures";

/**
 * The staff Departures screen (/admin/departures): every member of staff lists, adds, edits,
 * closes and cancels departures. The list is two statements a page (its count, and its rows with
 * each row's seats and bookings as correlated subqueries on bookings_departure_id_idx, so a page
 * reads only its own departures' bookings). Every change runs in one transaction with its audit
 * event, the departure's row locked (after its live bookings and waitlist offers: lockChangeable)
 * before its seats are read, and refreshes the public seat counts after it commits.
 */

/* ------------------------------------------------------------------------------------------ */
/* The list                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type DepartureRow = {
  id: string;
  tourId: string;
  tourTitle: string;
  startDate: string;
  endDate: string;
  capacity: number;
  sold: number;
  held: number;
  /** The seats on sale: capacity less those sold and held, and no more than the permits left. */
  free: number;
  /** A permit tour's permits left for the trek day (every tour trekking there), else null. */
  permitsLeft: number | null;
  bookings: number;
  /** Seats staff hold unpaid for named parties (lib/departures/data/staff-holds.ts). */
  staffHoldSeats: number;
  guideId: string | null;
  guideName: string | null;
  status: DepartureStatus;
  guaranteed: boolean;
  minGroup: number | null;
  cutoffDays: number;
  prices: Record<string, number>;
  note: string | null;
  cancelReason: string | null;
};

/** Bookings taking seats on the departure `id` names (a correlated subquery). */
const bookingsOf = (id: typeof departures.id) =>
  sql<number>`(select count(*)::int from ${bookings} where ${bookings.departureId} = ${id} and ${takesSeats})`;

function listConditions(query: DeparturesQuery, today: string): SQL | undefined {
  const where: SQL[] = [];
  if (query.tour) where.push(eq(departures.tourId, query.tour));
  if (query.status) where.push(eq(departures.status, query.status));
  const range = monthRange(query.month);
  if (range) {
    where.push(gte(departures.startDate, range.from), lt(departures.startDate, range.until));
  } else if (query.month !== ALL_DATES) {
    where.push(gte(departures.startDate, today));
  }
  return where.length ? and(...where) : undefined;
}

/**
 * One page of departures. The page's ids are picked first (the start-date index, no bookings
 * read), then only those rows get their seats and bookings: the correlated subqueries run 20
 * times a page, whatever the page's offset.
 */
async function selectPage(
  where: SQL | undefined,
  page: number,
  today: string,
): Promise<DepartureRow[]> {
  const db = await getDb();
  const shown = db
    .select({ id: departures.id })
    .from(departures)
    .where(where)
    .orderBy(asc(departures.startDate), asc(departures.id))
    .limit(DEPARTURES_PAGE_SIZE)
    .offset((page - 1) * DEPARTURES_PAGE_SIZE)
    .as("shown");
  const rows = await db
    .select({
      id: departures.id,
      tourId: departures.tourId,
      tourTitle: tours.title,
      startDate: departures.startDate,
      endDate: departures.endDate,
      capacity: departures.capacity,
      sold: seatsTakenOf(departures.id),
      held: seatsHeldOf(departures.id),
      permitsLeft: permitsLeftOfDeparture(today),
      paid: seatsPaidOf(departures.id),
      bookings: bookingsOf(departures.id),
      staffHoldSeats: staffHoldSeatsOf(departures.id),
      guideId: departures.guideId,
      guideName: guides.fullName,
      status: departures.status,
      minGroup: departures.minGroup,
      cutoffDays: departures.cutoffDays,
      prices: departures.prices,
      note: departures.note,
      cancelReason: departures.cancelReason,
    })
    .from(shown)
    .innerJoin(departures, eq(departures.id, shown.id))
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .leftJoin(guides, eq(guides.id, departures.guideId))
    .orderBy(asc(departures.startDate), asc(departures.id));
  return rows.map((row) => {
    const seats = seatsOf(row.capacity, Number(row.sold), Number(row.held));
    const permitsLeft = row.permitsLeft === null ? null : Number(row.permitsLeft);
    return {
      ...row,
      ...seats,
      // What the tour page, the wizard and resellers are offered: the permits cap the seats.
      free: seatsLeftOf({
        capacity: row.capacity,
        taken: seats.sold,
        held: seats.held,
        permitsLeft,
      }),
      permitsLeft,
      bookings: Number(row.bookings),
      staffHoldSeats: Number(row.staffHoldSeats),
      // Only paid seats make a departure run: holds and unpaid staff holds do not.
      guaranteed: isGuaranteed(row.minGroup, Number(row.paid)),
      prices: row.prices ?? {},
    };
  });
}

/** One page of departures by start date, filtered by tour, month (default: upcoming) and status. */
export async function listDeparturesForStaff(query: DeparturesQuery): Promise<Page<DepartureRow>> {
  await requireStaff();
  const db = await getDb();
  const today = todayInKampala();
  const where = listConditions(query, today);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(departures).where(where),
    selectPage(where, query.page, today),
  ]);
  return settlePage(query.page, Number(counted?.n ?? 0), DEPARTURES_PAGE_SIZE, rows, (page) =>
    selectPage(where, page, today),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* The screen's choices                                                                        */
/* ------------------------------------------------------------------------------------------ */

export type DepartureTourChoice = {
  id: string;
  title: string;
  isActive: boolean;
  bookingMode: TourBookingMode;
  durationDays: number | null;
  /** The names of the tour's pricing tiers, in order. */
  tiers: string[];
};

export type DepartureGuideChoice = { id: string; fullName: string; isAvailable: boolean };

export type DepartureChoices = {
  tours: DepartureTourChoice[];
  guides: DepartureGuideChoice[];
  /** Months ('yyyy-MM') that have departures, in order. */
  months: string[];
  /** The option date of seats staff hold now ('Dec 5, 2026'): Hold Seats states it. */
  heldUntil: string;
};

const tierNames = (pricing: { packages?: { name?: unknown }[] } | null): string[] =>
  (Array.isArray(pricing?.packages) ? pricing.packages : [])
    .map((p) => (typeof p?.name === "string" ? p.name : ""))
    .filter(Boolean);

/** A tour as the dialogs offer it and an added series checks it: sold, how, how long, its tiers. */
const tourForDepartures = {
  id: tours.id,
  title: tours.title,
  isActive: tours.isActive,
  bookingMode: tours.bookingMode,
  durationDays: tours.durationDays,
  pricing: tours.pricing,
};

/** The tours (by title), guides (by name) and months of the toolbar and the dialogs. */
export async function getDepartureChoices(): Promise<DepartureChoices> {
  await requireStaff();
  const db = await getDb();
  const month = sql<string>`to_char(${departures.startDate}, 'YYYY-MM')`;
  const [tourRows, guideRows, monthRows] = await Promise.all([
    db.select(tourForDepartures).from(tours).orderBy(asc(tours.title), asc(tours.id)),
    db
      .select({ id: guides.id, fullName: guides.fullName, isAvailable: guides.isAvailable })
      .from(guides)
      .orderBy(asc(guides.fullName), asc(guides.id)),
    db.selectDistinct({ month }).from(departures).orderBy(month),
  ]);
  return {
    tours: tourRows.map(({ pricing, ...tour }) => ({ ...tour, tiers: tierNames(pricing) })),
    guides: guideRows,
    months: monthRows.map((r) => r.month),
    heldUntil: optionDayIfHeldNow(),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Shared pieces of the writes                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** Only the tour's own tiers keep a price. */
const pricesFor = (prices: Record<string, number>, tiers: string[]) =>
  Object.fromEntries(Object.entries(prices).filter(([name]) => tiers.includes(name)));

/** A chosen guide must exist: `not_found` with reason 'guide' otherwise. */
async function checkGuide(tx: Tx, guideId: string | null): Promise<string | null> {
  if (!guideId) return null;
  const [guide] = await tx
    .select({ name: guides.fullName })
    .from(guides)
    .where(eq(guides.id, guideId));
  if (!guide) throw new DomainError("not_found", { reason: "guide" });
  return guide.name;
}

/** What a change reads of the departure (locked first by the caller): its tour's title and tiers, its prices and note. */
const detailColumns = {
  tourTitle: tours.title,
  pricing: tours.pricing,
  prices: departures.prices,
  note: departures.note,
};

const departureDetail = async (tx: Tx, id: string) => (await readDeparture(tx, id, detailColumns))!;

/**
 * A departure that can still change, locked with its live bookings and waitlist offers:
 * `not_found`, or `departure_unavailable` once cancelled. Those rows are locked before the
 * departure's, as a booking's own edit and a booking made with an offer's link lock theirs
 * (lib/departures/data/waitlist.ts), so the changes queue instead of deadlocking; a booking made meanwhile
 * takes the departure's lock to save, so it is in before the departure is ours.
 */
async function lockChangeable(tx: Tx, id: string) {
  await lockBookings(tx, { id: bookings.id }, liveOn(id));
  await tx
    .select({ id: departureWaitlist.id })
    .from(departureWaitlist)
    .where(and(eq(departureWaitlist.departureId, id), eq(departureWaitlist.status, "offered")))
    .orderBy(asc(departureWaitlist.id))
    .for("update");
  const departure = await lockDeparture(tx, id);
  if (!departure) throw new DomainError("not_found");
  if (departure.status === "cancelled") throw new DomainError("departure_unavailable");
  return departure;
}

const departureTarget = (id: string) => ({ type: "departure", id });

/** The columns both dialogs set on a departure, with its prices checked against the tour's tiers. */
const settingsOf = (
  data: Pick<UpdateDepartureData, "capacity" | "cutoffDays" | "minGroup" | "guideId" | "note">,
  prices: Record<string, number>,
) => ({
  capacity: data.capacity,
  prices,
  cutoffDays: data.cutoffDays,
  minGroup: data.minGroup,
  guideId: data.guideId,
  note: data.note,
});

/* ------------------------------------------------------------------------------------------ */
/* Adding                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export type AddDeparturesResult = {
  added: number;
  skipped: number;
  /** The tour was sold on request only and now sells both. */
  switchedToBoth: boolean;
  tourTitle: string;
};

/**
 * Adds a departure on each date of the series (lib/departures/list-query.ts#seriesDates) in one
 * transaction, with one audit event; a date the tour already has a departure on is skipped. A
 * tour sold on request only is switched to 'both' in the same transaction. `unknown_tour` for a
 * tour that is gone or hidden; `not_found` (reason 'guide') for a guide that is gone.
 */
export async function createDepartures(data: AddDeparturesData): Promise<AddDeparturesResult> {
  const staff = await requireStaff();
  const dates = seriesDates(seriesOf(data));
  // The form's schema refuses both; a caller that skipped it is refused here too.
  if (dates.length > MAX_SERIES_DATES || dates[0]! < todayInKampala()) {
    throw new Error("departure series out of range");
  }
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [tour] = await tx
      .select(tourForDepartures)
      .from(tours)
      .where(eq(tours.id, data.tourId))
      .for("update");
    if (!tour || !tour.isActive) throw new DomainError("unknown_tour");
    await checkGuide(tx, data.guideId);
    const prices = pricesFor(data.prices, tierNames(tour.pricing));
    const inserted = await tx
      .insert(departures)
      .values(
        dates.map((startDate) => ({
          tourId: tour.id,
          startDate,
          endDate: tripEndDate(startDate, tour.durationDays),
          ...settingsOf(data, prices),
        })),
      )
      .onConflictDoNothing({ target: [departures.tourId, departures.startDate] })
      .returning({ id: departures.id, startDate: departures.startDate });
    const switchedToBoth = inserted.length > 0 && tour.bookingMode === "request";
    if (switchedToBoth) {
      await tx
        .update(tours)
        .set({ bookingMode: "both", updatedAt: new Date() })
        .where(eq(tours.id, tour.id));
    }
    if (inserted.length > 0) {
      const added = inserted.map((d) => d.startDate).sort();
      await recordStaffChange(
        tx,
        staff,
        "departure.create",
        { type: "tour", id: tour.id },
        {
          count: added.length,
          first: added[0],
          last: added[added.length - 1],
          skipped: dates.length - inserted.length,
          capacity: data.capacity,
          ...(switchedToBoth ? { bookingMode: { from: "request", to: "both" } } : {}),
        },
      );
    }
    return {
      added: inserted.length,
      skipped: dates.length - inserted.length,
      switchedToBoth,
      tourTitle: tour.title,
    };
  });
  if (result.added > 0) refreshDepartures();
  if (result.switchedToBoth) refreshCatalogue();
  return result;
}

/* ------------------------------------------------------------------------------------------ */
/* Editing                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type UpdateDepartureResult = { tourTitle: string; startDate: string; reassigned: number };

/**
 * Saves a departure's capacity, prices, cutoff, minimum group, guide and note, its row locked.
 * `capacity_below_taken` (its `reason` the field's message) when the capacity is below the seats
 * taken and held; a raised capacity offers the new seats to the waitlist. A new guide becomes the
 * guide of each of its live bookings, with a line in each booking's history.
 */
export async function updateDeparture(data: UpdateDepartureData): Promise<UpdateDepartureResult> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const departure = await lockChangeable(tx, data.id);
    // The seats taken and held: the current capacity less those free.
    const used = departure.capacity - (await freeSeats(tx, departure));
    if (data.capacity < used) {
      throw new DomainError("capacity_below_taken", {
        seatsLeft: data.capacity - used,
        reason: capacityBelowTakenMessage(used),
      });
    }
    const before = await departureDetail(tx, departure.id);
    const guideName = await checkGuide(tx, data.guideId);
    const prices = pricesFor(data.prices, tierNames(before.pricing));
    await tx
      .update(departures)
      .set({ ...settingsOf(data, prices), updatedAt: new Date() })
      .where(eq(departures.id, departure.id));

    let reassigned = 0;
    if (data.guideId !== departure.guideId) {
      reassigned = await giveBookingsGuide(tx, staff, departure.id, data.guideId, guideName);
    }

    const changes: Record<string, unknown> = {};
    const compare = (key: string, from: unknown, to: unknown) => {
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
    };
    compare("capacity", departure.capacity, data.capacity);
    compare("cutoffDays", departure.cutoffDays, data.cutoffDays);
    compare("minGroup", departure.minGroup, data.minGroup);
    compare("guideId", departure.guideId, data.guideId);
    if (canonical(before.prices) !== canonical(prices))
      changes.prices = { from: before.prices, to: prices };
    if ((before.note ?? null) !== data.note) changes.note = { changed: true };
    await recordStaffChange(tx, staff, "departure.update", departureTarget(departure.id), {
      startDate: departure.startDate,
      changes,
      ...(reassigned ? { bookingsReassigned: reassigned } : {}),
    });

    if (data.capacity > departure.capacity) await offerReturnedSeats(tx, departure.id);
    return { tourTitle: before.tourTitle, startDate: departure.startDate, reassigned };
  });
  refreshDepartures();
  return result;
}

/** Sorted keys, so two price maps compare by content. */
const canonical = (prices: Record<string, number>) =>
  JSON.stringify(Object.entries(prices ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Sets the guide of each live booking of the departure, with a history line each. */
async function giveBookingsGuide(
  tx: Tx,
  staff: Staff,
  departureId: string,
  guideId: string | null,
  guideName: string | null,
): Promise<number> {
  const live = await lockBookings(
    tx,
    { id: bookings.id, guideId: bookings.guideId, guideName: guides.fullName },
    liveOn(departureId),
  );
  const changed = live.filter((b) => b.guideId !== guideId);
  await changeBookings(tx, staff, changed, { guideId }, (b) => ({
    field: "guide",
    from: b.guideName,
    to: guideName,
    note: "The departure's guide changed.",
  }));
  return changed.length;
}

/**
 * Sets `set` on the bookings, each with a history line by the staff member (`line`): what the
 * departure's own changes do to its bookings is told in each booking's history.
 */
async function changeBookings<B extends { id: string }>(
  tx: Tx,
  staff: Staff,
  rows: B[],
  set: Partial<typeof bookings.$inferInsert>,
  line: (b: B) => Omit<HistoryLine, "bookingId">,
) {
  if (rows.length === 0) return;
  await tx
    .update(bookings)
    .set({ ...set, updatedAt: sql`clock_timestamp()` })
    .where(
      inArray(
        bookings.id,
        rows.map((b) => b.id),
      ),
    );
  await writeHistory(
    tx,
    staff,
    rows.map((b) => ({ bookingId: b.id, ...line(b) })),
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Closing, reopening, cancelling                                                              */
/* ------------------------------------------------------------------------------------------ */

export type DepartureChangeResult = { tourTitle: string; startDate: string };

/**
 * Stops sales (`open` false: closed) or starts them again. `not_found`; `departure_unavailable`
 * for a cancelled departure.
 */
export async function setDepartureSales(
  id: string,
  open: boolean,
): Promise<DepartureChangeResult & { status: DepartureStatus }> {
  const staff = await requireStaff();
  const db = await getDb();
  const status: DepartureStatus = open ? "open" : "closed";
  const result = await db.transaction(async (tx) => {
    const departure = await lockChangeable(tx, id);
    const { tourTitle } = await departureDetail(tx, id);
    if (departure.status !== status) {
      await tx
        .update(departures)
        .set({ status, updatedAt: new Date() })
        .where(eq(departures.id, id));
      await recordStaffChange(
        tx,
        staff,
        open ? "departure.update" : "departure.close",
        departureTarget(id),
        { startDate: departure.startDate, status: { from: departure.status, to: status } },
      );
    }
    return { tourTitle, startDate: departure.startDate, status };
  });
  refreshDepartures();
  return result;
}

/**
 * Cancels a departure for good: each of its live bookings is cancelled with the reason (and a
 * line in its history) and its traveller is mailed, its waiting and offered waitlist requests
 * are withdrawn, all in one transaction. `not_found`; `departure_unavailable` when already
 * cancelled.
 */
export async function cancelDeparture(
  id: string,
  reason: string,
): Promise<DepartureChangeResult & { cancelledBookings: number }> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const departure = await lockChangeable(tx, id);
    const { tourTitle } = await departureDetail(tx, id);
    const statusReason = cancelledReason(departure.startDate, reason);

    const live = await lockBookings(
      tx,
      { ...bookingMailColumns, bookingStatus: bookings.bookingStatus },
      liveOn(id),
    );
    await changeBookings(tx, staff, live, { bookingStatus: "cancelled", statusReason }, (b) => ({
      field: "booking_status",
      from: statusLabel(b.bookingStatus),
      to: statusLabel("cancelled"),
      note: statusReason,
    }));
    for (const b of live) {
      await queueEmail(
        {
          ...bookingEnded({
            ...mailSubject({ ...b, departureDate: departure.startDate }),
            reason: statusReason,
          }),
          to: b.email,
        },
        tx,
      );
    }
    const withdrawn = await tx
      .update(departureWaitlist)
      .set({ status: "withdrawn", holdTokenHash: null, updatedAt: new Date() })
      .where(
        and(
          eq(departureWaitlist.departureId, id),
          inArray(departureWaitlist.status, ["waiting", "offered"]),
        ),
      )
      .returning(requestForMail);
    // Those waiting are told the date will not run, with the same reason.
    for (const w of withdrawn) {
      await queueEmail(
        {
          ...waitlistDepartureCancelled({
            fullName: w.fullName,
            tourTitle,
            dateText: departureRange(departure.startDate, departure.endDate),
            groupSize: w.groupSize,
            reason: statusReason,
          }),
          to: w.email,
        },
        tx,
      );
    }
    await tx
      .update(departures)
      .set({ status: "cancelled", cancelReason: reason.trim(), updatedAt: new Date() })
      .where(eq(departures.id, id));
    await recordStaffChange(tx, staff, "departure.cancel", departureTarget(id), {
      startDate: departure.startDate,
      count: live.length,
      waitlistWithdrawn: withdrawn.length,
      reason: reason.trim(),
    });
    return { tourTitle, startDate: departure.startDate, cancelledBookings: live.length };
  });
  refreshDepartures();
  return result;
}
