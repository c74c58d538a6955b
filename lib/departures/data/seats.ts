import "server-only";

import { and, asc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResult } from "drizzle-orm/query-builders/select.types";
import { revalidateTag, unstable_cache } from "next/cache";

import { databaseCacheKey, type Db, getDb, type Tx } from "@/db";
import { bookings, departures, departureWaitlist, guides, tours } from "@/db/schema";
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
import {
  allocatePermits,
  lockTrekLots,
  permitsLeft,
  permitsLeftOf,
  trekDateOf,
  trekOfDeparture,
} from "@/lib/parks/data/stock";

import { notCalledOff, outer, takesSeats } from "./seat-rules";

// The rules of who takes seats live in ./seat-rules.ts (the permit stock reads them too).
export { notCalledOff, outer, takesSeats };

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

/** A booking taking seats that is paid, in part or whole: only these make a departure run. */
const paidSeats = sql`(${takesSeats} and ${bookings.paymentStatus} in ('Deposit Made', 'Paid'))`;

/** The bookings on the departure not called off (staff lists, a cancelled departure's mails). */
export const liveOn = (departureId: string) =>
  and(eq(bookings.departureId, departureId), notCalledOff);

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
 * committed by all others; on a permit tour, no more than the permits left for its trek day
 * (lib/parks/data/stock.ts), read after locking that day's lots. The one count behind every
 * taking of seats: a booking, a checkout or staff hold (takeSeats, requireSeats) and a waitlist
 * offer (offerReturnedSeats). `exceptWaitlistId`: an offer's own hold, the caller's to use;
 * `bookingId`: a booking taking its seats again, whose own permits are the caller's to use;
 * `asOf`: when offers expire (the database's clock).
 */
export async function freeSeats(
  tx: Tx,
  departure: { id: string; capacity: number },
  options: { exceptWaitlistId?: string; asOf?: Date; bookingId?: string } = {},
): Promise<number> {
  const [row] = await tx
    .select({
      taken: seatsTakenOf(departure.id),
      held: seatsHeldOf(departure.id, options.exceptWaitlistId, options.asOf),
    })
    .from(sql`(select 1) as one`);
  const seats = departure.capacity - Number(row?.taken ?? 0) - Number(row?.held ?? 0);
  const trek = await trekOfDeparture(tx, departure.id);
  if (!trek) return seats;
  // The day's lots are locked after the departure: two departures sharing a park's permits that
  // day (two tours, one park) take them one after the other.
  await lockTrekLots(tx, trek);
  const permits = await permitsLeft(tx, trek, todayInKampala(options.asOf), options.bookingId);
  return Math.min(seats, permits);
}

/**
 * Takes `groupSize` seats on a departure of `tourId` inside the caller's transaction (the one
 * that saves the booking): the departure is locked, must be on sale, and must have the seats free
 * beside those taken and held (a waitlist offer's own hold, `exceptWaitlistId`, is the caller's
 * to use). On a permit tour, each trekker of `bookingId` is given a permit as its seat is taken
 * (see requireSeats). Refused with `seats_unavailable` naming the seats left, or
 * `departure_unavailable`.
 */
export async function takeSeats(
  tx: Tx,
  input: {
    departureId: string;
    tourId: string;
    groupSize: number;
    exceptWaitlistId?: string;
    bookingId?: string;
  },
  today: string = todayInKampala(),
): Promise<LockedDeparture> {
  const departure = await lockDeparture(tx, input.departureId);
  if (!departure || departure.tourId !== input.tourId || !isOnSale(departure, today)) {
    throw new DomainError("departure_unavailable");
  }
  await requireSeats(tx, departure, input.groupSize, {
    exceptWaitlistId: input.exceptWaitlistId,
    bookingId: input.bookingId,
  });
  return departure;
}

/**
 * Refuses `groupSize` seats on a locked departure when they are not free beside those taken and
 * held (`exceptWaitlistId`: an offer's hold the caller uses): `seats_unavailable`, naming the
 * seats left. On a permit tour, the booking that takes them (`bookingId`: the row this
 * transaction saves or changes; its key is checked at commit, so a new booking's id may be
 * chosen before its row is inserted) is given one permit per trekker, in this transaction under
 * the same locks: the permits it already holds are taken again where they still can be. A caller
 * naming no booking takes the seats and leaves the permits counted by trekkers, to be allocated by
 * staff.
 */
export async function requireSeats(
  tx: Tx,
  departure: { id: string; capacity: number },
  groupSize: number,
  options: { exceptWaitlistId?: string; bookingId?: string } = {},
): Promise<void> {
  const today = todayInKampala();
  const left = await freeSeats(tx, departure, options);
  if (groupSize > left) {
    const seatsLeft = Math.max(left, 0);
    throw new DomainError("seats_unavailable", {
      seatsLeft,
      reason: seatsRefusedMessage(seatsLeft),
    });
  }
  if (!options.bookingId) return;
  const trek = await trekOfDeparture(tx, departure.id);
  if (trek)
    await allocatePermits(tx, { bookingId: options.bookingId, trek, trekkers: groupSize, today });
}

/* ------------------------------------------------------------------------------------------ */
/* Public reads                                                                                */
/* ------------------------------------------------------------------------------------------ */

/**
 * The permits left for the trek day of a departure of a permit tour as of `today`, null for a
 * tour without one: SQL over the departures and tours of the query (the tour joined). A permit
 * tour's dates are held to it beside their seats (seatsLeftOf).
 */
export function permitsLeftOfDeparture(today: string) {
  return sql<
    number | null
  >`(case when ${tours.permitPark} is null then null else ${permitsLeftOf(sql`${tours.permitPark}`, trekDateOf, today)} end)`;
}

/**
 * The seats a departure offers from the sums its query read (seatsTakenOf, seatsHeldOf,
 * permitsLeftOfDeparture): what freeSeats allows a booking, never below 0.
 */
export function seatsLeftOf(row: {
  capacity: number;
  taken: number;
  held: number;
  permitsLeft: number | null;
}): number {
  const seats = row.capacity - Number(row.taken) - Number(row.held);
  const permits = row.permitsLeft === null ? Number.POSITIVE_INFINITY : Number(row.permitsLeft);
  return Math.max(Math.min(seats, permits), 0);
}

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
    permitsLeft: permitsLeftOfDeparture(today),
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
  return {
    id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    capacity: row.capacity,
    seatsLeft: seatsLeftOf(row),
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
