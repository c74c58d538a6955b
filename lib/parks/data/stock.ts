import "server-only";

import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";

import type { Db, Tx } from "@/db";
import { bookings, departures, permitAllocations, permitLots, tours } from "@/db/schema";
import { bookingRowAs } from "@/lib/departures/data/seat-rules";
import type { PermitLotState } from "@/lib/domain";
import { DomainError } from "@/lib/errors";

/**
 * Park permits as stock, one permit per trekker. Every trekker of a booking holding its place on
 * a permit tour is given a permit of a lot of its park and trek day (permit_allocations), in the
 * transaction that takes its seats (lib/departures/data/seats.ts requireSeats: the one seat-taking
 * path), or by staff for a private trip, or when a tailor-made proposal is accepted (a permit per
 * trekker for each trek it names, each of its own park and day's lots). Nothing is stored as 'used': an allocation counts against
 * its lot only while its booking holds its place, read against the clock like the seats, so a
 * lapsed checkout hold or a cancelled booking gives its permits back the moment it lapses or is
 * cancelled, with no job to run; when the booking takes its seats again, its allocations are
 * taken again where their lot still has room, and replaced where not.
 *
 * The permits left for a park and day: the room left in its usable lots (paid, deposit paid, or
 * blocked and not past UWA's deadline), less the trekkers of bookings taking seats there that
 * hold no allocation (a booking whose lot UWA cancelled, a reseller's booking sold before its
 * reservations were given permits): they need one, so their permits are kept for them. Read after
 * the lots of the day are locked (lockTrekLots), so two takings of the same permits go one after
 * the other, on one server or many.
 */

/** A park and the day of its trek ('yyyy-MM-dd'). */
export type Trek = { park: string; day: string };

const raw = (text: string) => sql.raw(text);

/** The lot row `l` counts on `today`: paid in part or whole, or blocked and not lapsed. */
export function usableLot(l: string, today: string): SQL {
  return sql`(${raw(l)}.state in ('deposit_paid', 'paid') or (${raw(l)}.state = 'blocked' and (${raw(l)}.blocked_until is null or ${raw(l)}.blocked_until >= ${today}::date)))`;
}

/**
 * The bookings row `b` holds the permits allocated to it: it takes seats, or it is a private trip
 * (no departure) not called off, whose permits staff allocated before confirming it.
 */
function holdsPermits(b: string): SQL {
  const row = bookingRowAs(b);
  return sql`(${row.takesSeats} or (${row.notCalledOff} and ${raw(b)}.departure_id is null))`;
}

/** The allocations of the lot row `l` that count, but those of the booking `except`. */
function allocatedIn(l: string, except?: string): SQL {
  return sql`(select count(*) from ${permitAllocations} pa join ${bookings} pab on pab.id = pa.booking_id where pa.lot_id = ${raw(l)}.id and pa.traveller <= pab.group_size and ${holdsPermits("pab")}${except ? sql` and pab.id <> ${except}` : sql``})`;
}

/**
 * Trekkers of the bookings taking seats on `park`'s trek `day` (any tour trekking there that day)
 * without an allocation in a usable lot of that park and day, but those of the booking `except`.
 */
function unallocatedOn(park: SQL, day: SQL, today: string, except?: string): SQL {
  return sql`(select coalesce(sum(greatest(ub.group_size - (select count(*) from ${permitAllocations} ua join ${permitLots} ul on ul.id = ua.lot_id where ua.booking_id = ub.id and ua.traveller <= ub.group_size and ul.park = ${park} and ul.trek_date = ${day} and ${usableLot("ul", today)}), 0)), 0) from ${bookings} ub join ${departures} ud on ud.id = ub.departure_id join ${tours} ut on ut.id = ud.tour_id where ut.permit_park = ${park} and ud.start_date + (ut.trek_day - 1) = ${day} and ${bookingRowAs("ub").takesSeats}${except ? sql` and ub.id <> ${except}` : sql``})`;
}

/**
 * The permits left for `park` on `day` (SQL of the outer query, or parameters), as of `today`:
 * the room in its usable lots, less the trekkers taking seats there without a permit. `except`:
 * a booking taking its permits again (a lapsed hold renewed, a booking moved or brought back),
 * whose own allocations and trekkers are left out of the count.
 */
export function permitsLeftOf(park: SQL, day: SQL, today: string, except?: string) {
  return sql<number>`((select coalesce(sum(greatest(ll.quantity - ${allocatedIn("ll", except)}, 0)), 0) from ${permitLots} ll where ll.park = ${park} and ll.trek_date = ${day} and ${usableLot("ll", today)}) - ${unallocatedOn(park, day, today, except)})::int`;
}

/** A tour's trek day of a departure (SQL over the departures and tours of the query). */
export const trekDateOf = sql`(${departures.startDate} + (${tours.trekDay} - 1))`;

/** The park and trek day of a departure of a permit tour, or null for a tour without one. */
export async function trekOfDeparture(tx: Tx, departureId: string): Promise<Trek | null> {
  const [trek] = await tx
    .select({ park: tours.permitPark, day: sql<string>`${trekDateOf}::text` })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, departureId));
  return trek?.park ? { park: trek.park, day: trek.day } : null;
}

/**
 * Locks the lots of a park's trek day for this transaction, in id order: every taking of their
 * permits (two tours sharing the park that day, a staff allocation) queues here.
 */
export async function lockTrekLots(tx: Tx, trek: Trek): Promise<void> {
  await tx
    .select({ id: permitLots.id })
    .from(permitLots)
    .where(and(eq(permitLots.park, trek.park), eq(permitLots.trekDate, trek.day)))
    .orderBy(asc(permitLots.id))
    .for("update");
}

/** The permits left for a trek as of `today` (see permitsLeftOf), read after lockTrekLots. */
export async function permitsLeft(
  tx: Tx,
  trek: Trek,
  today: string,
  except?: string,
): Promise<number> {
  const [row] = await tx
    .select({ left: permitsLeftOf(sql`${trek.park}`, sql`${trek.day}::date`, today, except) })
    .from(sql`(select 1) as one`);
  return Number(row?.left ?? 0);
}

type RoomyLot = {
  id: string;
  room: number;
  sector: string | null;
  uwaReference: string | null;
  state: PermitLotState;
};

/**
 * The usable lots of a trek with the room each has for `bookingId` (its own allocations left
 * out), the paid ones first (then deposit paid, then blocks), oldest first: a permit already
 * paid to UWA is sold before a block that may lapse.
 */
export async function lotsWithRoom(
  db: Db | Tx,
  trek: Trek,
  today: string,
  bookingId: string,
): Promise<RoomyLot[]> {
  const rows = await db
    .select({
      id: permitLots.id,
      room: sql<number>`(${permitLots.quantity} - ${allocatedIn("permit_lots", bookingId)})::int`,
      sector: permitLots.sector,
      uwaReference: permitLots.uwaReference,
      state: permitLots.state,
    })
    .from(permitLots)
    .where(
      and(
        eq(permitLots.park, trek.park),
        eq(permitLots.trekDate, trek.day),
        usableLot("permit_lots", today),
      ),
    )
    .orderBy(
      sql`case ${permitLots.state} when 'paid' then 0 when 'deposit_paid' then 1 else 2 end`,
      asc(permitLots.createdAt),
      asc(permitLots.id),
    );
  return rows.map((r) => ({ ...r, room: Math.max(Number(r.room), 0) }));
}

/** SQL: the lot row `l` is of one of `treks` (false for none). */
function lotOfTreks(l: SQL, treks: readonly Trek[]): SQL {
  if (treks.length === 0) return sql`false`;
  return sql`(${sql.join(
    treks.map((t) => sql`(${l}.park = ${t.park} and ${l}.trek_date = ${t.day}::date)`),
    sql` or `,
  )})`;
}

/**
 * The booking's allocations that still hold a permit for `trekkers` trekkers on the trek: in a
 * usable lot of its park and day with room for them, at a position inside the group, one a
 * position. Those of `otherTreks` (the other treks of a tailor-made trip) are left alone; any
 * other is stale. Returns those kept (by position), the stale ones and the positions without one.
 */
async function keptAllocations(
  tx: Tx,
  bookingId: string,
  trekkers: number,
  lots: RoomyLot[],
  otherTreks: readonly Trek[],
) {
  const own = await tx
    .select({
      id: permitAllocations.id,
      lotId: permitAllocations.lotId,
      traveller: permitAllocations.traveller,
      other: sql<boolean>`${lotOfTreks(sql`${permitLots}`, otherTreks)}`,
    })
    .from(permitAllocations)
    .innerJoin(permitLots, eq(permitLots.id, permitAllocations.lotId))
    .where(eq(permitAllocations.bookingId, bookingId))
    .orderBy(asc(permitAllocations.traveller), asc(permitAllocations.allocatedAt));
  const room = new Map(lots.map((l) => [l.id, l.room]));
  const kept = new Map<number, string>();
  const stale: string[] = [];
  for (const a of own) {
    if (a.other) continue;
    const left = room.get(a.lotId) ?? 0;
    if (a.traveller <= trekkers && left > 0 && !kept.has(a.traveller)) {
      room.set(a.lotId, left - 1);
      kept.set(a.traveller, a.lotId);
    } else stale.push(a.id);
  }
  const missing: number[] = [];
  for (let position = 1; position <= trekkers; position++)
    if (!kept.has(position)) missing.push(position);
  return { kept, stale, missing, room };
}

/** Allocates `positions` of the booking from the lots chosen, in order. */
async function insertAllocations(
  tx: Tx,
  bookingId: string,
  picks: { lotId: string; traveller: number }[],
  otherTreks: readonly Trek[],
) {
  if (picks.length === 0) return;
  // A position kept no permit worth keeping on this trek: whatever row it had is replaced (a
  // permit of another trek of the same trip stays).
  await tx.delete(permitAllocations).where(
    and(
      eq(permitAllocations.bookingId, bookingId),
      inArray(
        permitAllocations.traveller,
        picks.map((p) => p.traveller),
      ),
      sql`not exists (select 1 from ${permitLots} ol where ol.id = ${permitAllocations.lotId} and ${lotOfTreks(sql`ol`, otherTreks)})`,
    ),
  );
  await tx.insert(permitAllocations).values(picks.map((p) => ({ bookingId, ...p })));
}

/**
 * Gives each of `trekkers` trekkers of the booking a permit of the trek's lots, inside the
 * transaction taking its seats and after lockTrekLots (the seat count has just found the permits
 * left): the allocations it already holds are kept where their lot still has room (a hold taken
 * again keeps its permits and their numbers), those it cannot keep (another day, a lot full or
 * no longer usable, a position past the group) are dropped, and the missing ones are allocated
 * from one lot when one has room for them all (a party treks in one sector), else from the lots
 * in turn. Refused with `seats_unavailable` when the lots have no room for them (the count behind
 * the seats keeps that from happening). `otherTreks`: the other treks of a tailor-made trip, whose
 * permits are kept as they are (a departure's booking has none: it treks once).
 */
export async function allocatePermits(
  tx: Tx,
  input: {
    bookingId: string;
    trek: Trek;
    trekkers: number;
    today: string;
    otherTreks?: readonly Trek[];
  },
): Promise<void> {
  const otherTreks = input.otherTreks ?? [];
  const lots = await lotsWithRoom(tx, input.trek, input.today, input.bookingId);
  const { stale, missing, room } = await keptAllocations(
    tx,
    input.bookingId,
    input.trekkers,
    lots,
    otherTreks,
  );
  if (stale.length) await tx.delete(permitAllocations).where(inArray(permitAllocations.id, stale));
  if (missing.length === 0) return;
  const whole = lots.find((l) => (room.get(l.id) ?? 0) >= missing.length);
  const picks: { lotId: string; traveller: number }[] = [];
  for (const traveller of missing) {
    const lot = whole ?? lots.find((l) => (room.get(l.id) ?? 0) > 0);
    if (!lot) {
      const seatsLeft = [...room.values()].reduce((n, r) => n + r, 0);
      throw new DomainError("seats_unavailable", { seatsLeft });
    }
    room.set(lot.id, (room.get(lot.id) ?? 0) - 1);
    picks.push({ lotId: lot.id, traveller });
  }
  await insertAllocations(tx, input.bookingId, picks, otherTreks);
}

/**
 * Staff allocating permits of one lot to the trekkers of a booking still without one (a private
 * trip before it is confirmed, an older reseller's booking, a booking whose lot UWA cancelled),
 * after lockTrekLots: as many as the lot has room for and the day can spare (the trekkers of other
 * bookings taking seats without a permit keep theirs). Returns how many were allocated and how
 * many are still missing; refused with `permits_unavailable` when none could be. `otherTreks`: the
 * other treks of a tailor-made trip, whose permits stay as they are.
 */
export async function allocateFromLot(
  tx: Tx,
  input: {
    bookingId: string;
    trek: Trek;
    lotId: string;
    trekkers: number;
    today: string;
    otherTreks?: readonly Trek[];
  },
): Promise<{ allocated: number; missing: number }> {
  const otherTreks = input.otherTreks ?? [];
  const lots = await lotsWithRoom(tx, input.trek, input.today, input.bookingId);
  const lot = lots.find((l) => l.id === input.lotId);
  if (!lot)
    throw new DomainError("permits_unavailable", {
      reason: "This lot is not one of the trek day's usable lots.",
    });
  const { kept, missing, room } = await keptAllocations(
    tx,
    input.bookingId,
    input.trekkers,
    lots,
    otherTreks,
  );
  if (missing.length === 0) return { allocated: 0, missing: 0 };
  const spare = (await permitsLeft(tx, input.trek, input.today, input.bookingId)) - kept.size;
  const count = Math.min(missing.length, room.get(lot.id) ?? 0, Math.max(spare, 0));
  if (count === 0)
    throw new DomainError("permits_unavailable", {
      reason: "No permit of this lot is free for the trek day.",
    });
  await insertAllocations(
    tx,
    input.bookingId,
    missing.slice(0, count).map((traveller) => ({ lotId: lot.id, traveller })),
    otherTreks,
  );
  return { allocated: count, missing: missing.length - count };
}

/**
 * How many of the booking's `trekkers` hold a permit for the trek: an allocation at a position
 * inside the group, in a usable lot of its park and day.
 */
export async function permitsHeld(
  db: Db | Tx,
  input: { bookingId: string; trek: Trek; trekkers: number; today: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(permitAllocations)
    .innerJoin(permitLots, eq(permitLots.id, permitAllocations.lotId))
    .where(
      and(
        eq(permitAllocations.bookingId, input.bookingId),
        sql`${permitAllocations.traveller} <= ${input.trekkers}`,
        eq(permitLots.park, input.trek.park),
        eq(permitLots.trekDate, input.trek.day),
        usableLot("permit_lots", input.today),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Drops the allocations of a booking this transaction did not save after all. */
export async function dropAllocations(tx: Tx, bookingId: string): Promise<void> {
  await tx.delete(permitAllocations).where(eq(permitAllocations.bookingId, bookingId));
}

/**
 * Per lot of the trek days from `from` on: the allocations that count; per park and day: the
 * trekkers taking seats there without a permit (the Permits screen and its alerts).
 */
export async function permitUse(db: Db, from: string, today: string) {
  const [lots, days] = await Promise.all([
    db
      .select({ id: permitLots.id, allocated: sql<number>`${allocatedIn("permit_lots")}::int` })
      .from(permitLots)
      .where(sql`${permitLots.trekDate} >= ${from}::date`),
    db
      .select({
        park: sql<string>`d.park`,
        day: sql<string>`d.day::text`,
        unallocated: sql<number>`${unallocatedOn(sql`d.park`, sql`d.day`, today)}::int`,
      })
      .from(
        sql`(select distinct park, trek_date as day from ${permitLots} where trek_date >= ${from}::date) as d`,
      ),
  ]);
  const unallocated = new Map(days.map((d) => [`${d.park}|${d.day}`, Number(d.unallocated)]));
  return {
    allocatedOf: new Map(lots.map((l) => [l.id, Number(l.allocated)])),
    unallocatedOf: (park: string, day: string) => unallocated.get(`${park}|${day}`) ?? 0,
  };
}
