import "server-only";

import { and, asc, eq, getTableName, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResult } from "drizzle-orm/query-builders/select.types";
import { revalidateTag, unstable_cache } from "next/cache";

import { databaseCacheKey, type Db, getDb, type Tx } from "@/db";
import { bookings, departures, departureWaitlist, guides, permitLots, tours } from "@/db/schema";
import { todayInKampala } from "@/lib/dates";
import {
  departurePrice,
  isGuaranteed,
  isOnSale,
  monthOf,
  type PublicDeparture,
  seatsRefusedMessage,
  TOUR_PAGE_DEPARTURES,
} from "@/lib/departures/rules";
import type { TourBookingMode } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";

/**
 * Dated departures and their seats. Seats taken are never stored: they are the group sizes of the
 * departure's bookings that take seats (see takesSeats), and seats held are the waitlist offers
 * not yet expired. Every change of seats (a booking or a checkout hold saved on a departure, a
 * staff hold, an offer made, a capacity edited) first locks the departure's row, then reads both
 * sums: a second booking of the same departure waits for the first to commit and counts its
 * seats, on one server or many, so a departure is never oversold. A hold's expiry is compared
 * with the clock when the seats are read: a lapsed hold gives its seats back the moment it lapses.
 */

/** Cache tag of the public seat counts: refreshed whenever seats change. */
export const DEPARTURES_TAG = "departures";

/**
 * A booking not called off: not cancelled (by staff, a cancelled departure or a lapsed option)
 * and not cancelled or refunded by payment. Whether it takes seats is `takesSeats`.
 */
export const notCalledOff = sql`(coalesce(${bookings.bookingStatus}, '') <> 'cancelled' and ${bookings.paymentStatus} not in ('Cancelled', 'Refunded'))`;

/**
 * A booking that takes seats: not called off, and either confirmed (paid, or held by staff until
 * its option date) or inside its checkout hold. A request nobody paid for or confirmed takes none.
 */
export const takesSeats = sql`(${notCalledOff} and (${bookings.bookingStatus} in ('confirmed', 'completed') or ${bookings.holdExpiresAt} > now()))`;

/** A booking taking seats that is paid, in part or whole: only these make a departure run. */
const paidSeats = sql`(${takesSeats} and ${bookings.paymentStatus} in ('Deposit Made', 'Paid'))`;

/** The bookings on the departure not called off (staff lists, a cancelled departure's mails). */
export const liveOn = (departureId: string) =>
  and(eq(bookings.departureId, departureId), notCalledOff);

/**
 * The outer query's column, always with its table's name: in a select from one table Drizzle
 * writes a bare `"id"`, which inside the subqueries below would name the subquery's own `id`.
 */
export function outer(id: AnyPgColumn | string): SQL | string {
  if (typeof id === "string") return id;
  return sql`${sql.identifier(getTableName(id.table))}.${sql.identifier(id.name)}`;
}

/** Seats taken on the departure `id` names (a correlated subquery). */
export function seatsTakenOf(id: AnyPgColumn | string) {
  return sql<number>`(select coalesce(sum(${bookings.groupSize}), 0)::int from ${bookings} where ${bookings.departureId} = ${outer(id)} and ${takesSeats})`;
}

/** Seats paid for on the departure `id` names: what counts towards 'Guaranteed'. */
export function seatsPaidOf(id: AnyPgColumn | string) {
  return sql<number>`(select coalesce(sum(${bookings.groupSize}), 0)::int from ${bookings} where ${bookings.departureId} = ${outer(id)} and ${paidSeats})`;
}

/**
 * Seats held for waitlist offers on the departure `id` names, until each offer expires (as of
 * `asOf`, the database's clock when not given).
 */
export function seatsHeldOf(id: AnyPgColumn | string, exceptWaitlistId?: string, asOf?: Date) {
  const clock = asOf ? sql`${asOf.toISOString()}::timestamptz` : sql`now()`;
  return sql<number>`(select coalesce(sum(${departureWaitlist.groupSize}), 0)::int from ${departureWaitlist} where ${departureWaitlist.departureId} = ${outer(id)} and ${departureWaitlist.status} = 'offered' and ${departureWaitlist.holdExpiresAt} > ${clock}${exceptWaitlistId ? sql` and ${departureWaitlist.id} <> ${exceptWaitlistId}` : sql``})`;
}

/**
 * `columns` of one departure with its tour and its guide joined, through `db` (inside a
 * transaction: as it left it), if it exists and matches `where`. Drizzle cannot type a join on a
 * select of generic columns: the row is typed here.
 */
export async function readDeparture<T extends SelectedFields>(
  db: Db,
  id: string,
  columns: T,
  where?: SQL,
) {
  const [row] = await db
    .select(columns as SelectedFields)
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .leftJoin(guides, eq(guides.id, departures.guideId))
    .where(and(eq(departures.id, id), where))
    .limit(1);
  return row as
    | SelectResult<T, "partial", { departures: "not-null"; tours: "not-null"; guides: "nullable" }>
    | undefined;
}

/** Call after any change of seats or departures: the public counts are read again. */
export function refreshDepartures(): void {
  try {
    revalidateTag(DEPARTURES_TAG, { expire: 0 });
  } catch {
    // Outside a request (the option sweep's timer, a CLI): the counts refresh within a minute.
  }
}

/**
 * A timer's sweep that gives seats back (lapsed options, lapsed waitlist offers): each due row is
 * settled in its own transaction, `settle` saying under the row's lock whether it still was due;
 * when any was, `event` is logged with the count and the public seat counts are read again.
 * Returns how many were settled.
 */
export async function sweepSeats(
  due: readonly { id: string }[],
  event: string,
  settle: (tx: Tx, id: string) => Promise<boolean>,
): Promise<number> {
  const db = await getDb();
  let settled = 0;
  for (const { id } of due) if (await db.transaction((tx) => settle(tx, id))) settled += 1;
  if (settled > 0) {
    logger.info({ event, count: settled });
    refreshDepartures();
  }
  return settled;
}

/* ------------------------------------------------------------------------------------------ */
/* Taking seats                                                                                */
/* ------------------------------------------------------------------------------------------ */

export type LockedDeparture = {
  id: string;
  tourId: string;
  startDate: string;
  endDate: string;
  capacity: number;
  cutoffDays: number;
  status: "open" | "closed" | "cancelled";
  guideId: string | null;
  minGroup: number | null;
};

/** A departure's id, tour, dates and capacity: where every read of one starts. */
export const departureCore = {
  id: departures.id,
  tourId: departures.tourId,
  startDate: departures.startDate,
  endDate: departures.endDate,
  capacity: departures.capacity,
};

/** Locks a departure's row for this transaction (every change of its seats queues here). */
export async function lockDeparture(tx: Tx, id: string): Promise<LockedDeparture | null> {
  const [row] = await tx
    .select({
      ...departureCore,
      cutoffDays: departures.cutoffDays,
      status: departures.status,
      guideId: departures.guideId,
      minGroup: departures.minGroup,
    })
    .from(departures)
    .where(eq(departures.id, id))
    .for("update");
  return row ?? null;
}

/**
 * The seats free on a locked departure: its capacity less the seats taken (confirmed bookings and
 * checkout holds still running) and held (waitlist offers not expired), read after the lock, so
 * committed by all others. The one count behind every taking of seats: a booking, a checkout or
 * staff hold (takeSeats, requireSeats) and a waitlist offer (offerReturnedSeats). `except`: an
 * offer's own hold, the caller's to use; `asOf`: when offers expire (the database's clock).
 */
export async function freeSeats(
  tx: Tx,
  departure: { id: string; capacity: number },
  options: { exceptWaitlistId?: string; asOf?: Date } = {},
): Promise<number> {
  const [row] = await tx
    .select({
      taken: seatsTakenOf(departure.id),
      held: seatsHeldOf(departure.id, options.exceptWaitlistId, options.asOf),
    })
    .from(sql`(select 1) as one`);
  const seats = departure.capacity - Number(row?.taken ?? 0) - Number(row?.held ?? 0);
  const permits = await permitsLeftFor(tx, departure.id, options.asOf);
  return permits === null ? seats : Math.min(seats, permits);
}

/* ------------------------------------------------------------------------------------------ */
/* Park permits                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** A lot whose permits count on `today`: paid in part or whole, or blocked and not lapsed. */
const usableLot = (today: string) =>
  sql`(${outer(permitLots.state)} in ('deposit_paid', 'paid') or (${outer(permitLots.state)} = 'blocked' and (${outer(permitLots.blockedUntil)} is null or ${outer(permitLots.blockedUntil)} >= ${today}::date)))`;

/**
 * The permits of `park` for the trek day `day` (SQL of the outer query) not yet used: those of
 * the usable lots, less the trekkers of every booking taking seats on a departure of a tour whose
 * trek is in that park that day (whichever tour it is: they share the park's permits).
 */
function permitsLeftOf(park: SQL, day: SQL, today: string) {
  // Every column named with its table: inside a select from no table Drizzle writes bare names.
  const lot = (column: AnyPgColumn) => outer(column);
  return sql<number>`((select coalesce(sum(${lot(permitLots.quantity)}), 0) from ${permitLots} where ${lot(permitLots.park)} = ${park} and ${lot(permitLots.trekDate)} = ${day} and ${usableLot(today)}) - (select coalesce(sum(${outer(bookings.groupSize)}), 0) from ${bookings} join ${departures} as permit_departure on permit_departure.id = ${outer(bookings.departureId)} join ${tours} as permit_tour on permit_tour.id = permit_departure.tour_id where permit_tour.permit_park = ${park} and permit_departure.start_date + (permit_tour.trek_day - 1) = ${day} and ${takesSeats}))::int`;
}

/** A tour's trek day of a departure (SQL over the departures and tours of the query). */
const trekDateOf = sql`(${departures.startDate} + (${tours.trekDay} - 1))`;

/**
 * The permits left for a departure of a permit tour, or null for a tour without one. Locks the
 * lots of its park and trek day first (in id order), so two departures sharing a park's permits
 * that day (two tours, one park) take them one after the other, after their own departure's lock.
 */
async function permitsLeftFor(tx: Tx, departureId: string, asOf?: Date): Promise<number | null> {
  const [trek] = await tx
    .select({ park: tours.permitPark, day: sql<string>`${trekDateOf}::text` })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, departureId));
  if (!trek?.park) return null;
  await tx
    .select({ id: permitLots.id })
    .from(permitLots)
    .where(and(eq(permitLots.park, trek.park), eq(permitLots.trekDate, trek.day)))
    .orderBy(asc(permitLots.id))
    .for("update");
  const today = todayInKampala(asOf);
  const [row] = await tx
    .select({ left: permitsLeftOf(sql`${trek.park}`, sql`${trek.day}::date`, today) })
    .from(sql`(select 1) as one`);
  return Number(row?.left ?? 0);
}

/**
 * Takes `groupSize` seats on a departure of `tourId` inside the caller's transaction (the one
 * that saves the booking): the departure is locked, must be on sale, and must have the seats free
 * beside those taken and held (a waitlist offer's own hold, `exceptWaitlistId`, is the caller's
 * to use). Refused with `seats_unavailable` naming the seats left, or `departure_unavailable`.
 */
export async function takeSeats(
  tx: Tx,
  input: { departureId: string; tourId: string; groupSize: number; exceptWaitlistId?: string },
  today: string = todayInKampala(),
): Promise<LockedDeparture> {
  const departure = await lockDeparture(tx, input.departureId);
  if (!departure || departure.tourId !== input.tourId || !isOnSale(departure, today)) {
    throw new DomainError("departure_unavailable");
  }
  await requireSeats(tx, departure, input.groupSize, input.exceptWaitlistId);
  return departure;
}

/**
 * Refuses `groupSize` seats on a locked departure when they are not free beside those taken and
 * held (`exceptWaitlistId`: an offer's hold the caller uses): `seats_unavailable`, naming the
 * seats left.
 */
export async function requireSeats(
  tx: Tx,
  departure: { id: string; capacity: number },
  groupSize: number,
  exceptWaitlistId?: string,
): Promise<void> {
  const left = await freeSeats(tx, departure, { exceptWaitlistId });
  if (groupSize > left) {
    const seatsLeft = Math.max(left, 0);
    throw new DomainError("seats_unavailable", {
      seatsLeft,
      reason: seatsRefusedMessage(seatsLeft),
    });
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Public reads                                                                                */
/* ------------------------------------------------------------------------------------------ */

/** The fields of a departure on sale, with its seats left, price and guarantee. */
function publicSelection(today: string) {
  return {
    ...departureCore,
    cutoffDays: departures.cutoffDays,
    minGroup: departures.minGroup,
    prices: departures.prices,
    tourPriceMin: tours.priceMin,
    taken: seatsTakenOf(departures.id),
    held: seatsHeldOf(departures.id),
    paid: seatsPaidOf(departures.id),
    // A permit tour's dates are also held to the permits left for their trek day.
    permitsLeft: sql<
      number | null
    >`(case when ${tours.permitPark} is null then null else ${permitsLeftOf(sql`${tours.permitPark}`, trekDateOf, today)} end)`,
    // Only dates still on sale: their last booking day is today or later.
    onSale: sql<boolean>`${departures.startDate} - ${departures.cutoffDays} >= ${today}::date`,
  };
}

type SelectedDeparture = {
  id: string;
  tourId: string;
  startDate: string;
  endDate: string;
  capacity: number;
  minGroup: number | null;
  prices: Record<string, number>;
  tourPriceMin: number | null;
  taken: number;
  held: number;
  paid: number;
  permitsLeft: number | null;
};

function toPublicDeparture(row: SelectedDeparture): PublicDeparture {
  const taken = Number(row.taken);
  return {
    id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    capacity: row.capacity,
    seatsLeft: Math.max(
      Math.min(
        row.capacity - taken - Number(row.held),
        row.permitsLeft === null ? Number.POSITIVE_INFINITY : Number(row.permitsLeft),
      ),
      0,
    ),
    price: departurePrice(row.prices, row.tourPriceMin),
    guaranteed: isGuaranteed(row.minGroup, Number(row.paid)),
  };
}

/**
 * Departures on sale of the tours named, soonest first, grouped by tour id: open, of an active
 * tour that sells departures, not past their cutoff. `perTour` caps each tour's list.
 */
export async function queryDeparturesOnSale(
  db: Db,
  options: { tourIds?: string[]; perTour?: number; today?: string } = {},
): Promise<Record<string, PublicDeparture[]>> {
  const today = options.today ?? todayInKampala();
  const selection = publicSelection(today);
  const rows = await db
    .select(selection)
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(
      and(
        eq(departures.status, "open"),
        eq(tours.isActive, true),
        sql`${tours.bookingMode} <> 'request'`,
        gte(departures.startDate, today),
        sql`${departures.startDate} - ${departures.cutoffDays} >= ${today}::date`,
        options.tourIds ? inArray(departures.tourId, options.tourIds) : undefined,
      ),
    )
    .orderBy(asc(departures.startDate), asc(departures.id));
  const byTour: Record<string, PublicDeparture[]> = {};
  for (const row of rows) {
    const list = (byTour[row.tourId] ??= []);
    if (!options.perTour || list.length < options.perTour) list.push(toPublicDeparture(row));
  }
  return byTour;
}

// Seat counts are cached for a minute at most and refreshed at once when seats change
// (refreshDepartures): the tour page stays a cached page, its counts a minute old at worst.
const SEATS_CACHE_SECONDS = 60;

/** The next departures of one tour for its page (cached). */
export const getTourDepartures = unstable_cache(
  async (tourId: string, today: string) =>
    (
      await queryDeparturesOnSale(await getDb(), {
        tourIds: [tourId],
        perTour: TOUR_PAGE_DEPARTURES,
        today,
      })
    )[tourId] ?? [],
  ["departures:tour", databaseCacheKey()],
  { tags: [DEPARTURES_TAG], revalidate: SEATS_CACHE_SECONDS },
);

/** For /tours: each tour's months with a departure on sale ('2027-03'), keyed by tour id (cached). */
export const getDepartureMonths = unstable_cache(
  async (today: string): Promise<Record<string, string[]>> => {
    const byTour = await queryDeparturesOnSale(await getDb(), { today });
    return Object.fromEntries(
      Object.entries(byTour).map(([tourId, list]) => [
        tourId,
        [...new Set(list.map((d) => monthOf(d.startDate)))],
      ]),
    );
  },
  ["departures:months", databaseCacheKey()],
  { tags: [DEPARTURES_TAG], revalidate: SEATS_CACHE_SECONDS },
);

/** A tour's booking mode by slug (the wizards read it to offer dates, private trips or both). */
export async function bookingModesBySlug(db: Db): Promise<Record<string, TourBookingMode>> {
  const rows = await db
    .select({ slug: tours.slug, mode: tours.bookingMode })
    .from(tours)
    .where(eq(tours.isActive, true));
  return Object.fromEntries(rows.map((r) => [r.slug, r.mode]));
}

/** One departure as the wizard opens on it (?departure=<id>), or null when it is not on sale. */
export async function getDepartureOnSale(
  id: string,
  today: string = todayInKampala(),
): Promise<(PublicDeparture & { tourId: string }) | null> {
  const row = await readDeparture(
    await getDb(),
    id,
    publicSelection(today),
    and(eq(departures.status, "open"), eq(tours.isActive, true)),
  );
  if (!row || !isOnSale({ status: "open", ...row }, today)) return null;
  return { ...toPublicDeparture(row), tourId: row.tourId };
}
