import "server-only";

import { asc, eq, gte, sql } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { permitLots, tours } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { actorOf } from "@/lib/audit/events";
import { todayInKampala } from "@/lib/dates";
import { refreshDepartures } from "@/lib/departures/data/seats";
import { permitUse } from "@/lib/parks/data/stock";
import type { ParkFee, PermitLotState } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import type { PermitLotInput, PermitLotStateInput, TourPermitInput } from "@/lib/parks/schemas";
import { requireAdmin, requireStaff } from "@/lib/session";

/**
 * Park permits held as stock (/admin/permits): the lots staff record (any staff member: they
 * book them with UWA) and the tours whose trekkers need one (an admin's setting). The seats of a
 * permit tour's departures are held to the permits left (lib/departures/data/seats.ts); here each
 * park and trek day shows what is held, used and left. Every change is audited.
 */

export type PermitLotDto = {
  id: string;
  park: string;
  sector: string | null;
  trekDate: string;
  quantity: number;
  uwaReference: string | null;
  faceValueMinor: number | null;
  currency: string;
  state: PermitLotState;
  blockedUntil: string | null;
  note: string | null;
};

/** A lot of a trek day, with its permits allocated to bookings holding their place. */
export type PermitDayLot = PermitLotDto & { allocated: number };

/** A park's trek day: its lots, the permits they hold, those used by bookings and those left. */
export type PermitDay = {
  park: string;
  trekDate: string;
  lots: PermitDayLot[];
  held: number;
  used: number;
  left: number;
};

const lotColumns = {
  id: permitLots.id,
  park: permitLots.park,
  sector: permitLots.sector,
  trekDate: permitLots.trekDate,
  quantity: permitLots.quantity,
  uwaReference: permitLots.uwaReference,
  faceValueMinor: permitLots.faceValueMinor,
  currency: permitLots.currency,
  state: permitLots.state,
  blockedUntil: permitLots.blockedUntil,
  note: permitLots.note,
};

/** Whether a lot's permits count today (as the seat count reads them). */
const counts = (lot: PermitLotDto, today: string) =>
  lot.state === "paid" ||
  lot.state === "deposit_paid" ||
  (lot.state === "blocked" && (lot.blockedUntil === null || lot.blockedUntil >= today));

/**
 * The trek days from `today` on with their lots, soonest first, through `db` (no caller check:
 * for listPermitDays and the alerts' scheduled job). A day's permits used are those allocated in
 * its usable lots and the trekkers taking seats there still without one (lib/parks/data/stock.ts).
 */
export async function permitDaysFrom(db: Db, today: string): Promise<PermitDay[]> {
  const [lots, use] = await Promise.all([
    db
      .select(lotColumns)
      .from(permitLots)
      .where(gte(permitLots.trekDate, today))
      .orderBy(asc(permitLots.trekDate), asc(permitLots.park), asc(permitLots.id)),
    permitUse(db, today, today),
  ]);
  const days = new Map<string, PermitDay>();
  for (const lot of lots) {
    const key = `${lot.park}|${lot.trekDate}`;
    const day = days.get(key) ?? {
      park: lot.park,
      trekDate: lot.trekDate,
      lots: [],
      held: 0,
      used: use.unallocatedOf(lot.park, lot.trekDate),
      left: 0,
    };
    const allocated = use.allocatedOf.get(lot.id) ?? 0;
    day.lots.push({ ...lot, allocated });
    if (counts(lot, today)) {
      day.held += lot.quantity;
      day.used += allocated;
    }
    day.left = Math.max(day.held - day.used, 0);
    days.set(key, day);
  }
  return [...days.values()];
}

/** The trek days from today on with their lots, soonest first. */
export async function listPermitDays(): Promise<PermitDay[]> {
  await requireStaff();
  return permitDaysFrom(await getDb(), todayInKampala());
}

export async function createPermitLot(input: PermitLotInput): Promise<PermitLotDto> {
  const staff = await requireStaff();
  const db = await getDb();
  const lot = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(permitLots)
      .values({ ...input, createdByName: staff.name?.trim() || staff.email })
      .returning(lotColumns);
    await recordAudit(
      {
        action: "permit_lot.create",
        actor: actorOf(staff),
        target: { type: "permit_lot", id: row!.id },
        details: {
          park: row!.park,
          trekDate: row!.trekDate,
          quantity: row!.quantity,
          state: row!.state,
          uwaReference: row!.uwaReference,
        },
      },
      tx,
    );
    return row!;
  });
  refreshDepartures();
  return lot;
}

/**
 * A lot's state (a block paid, cancelled or moved to another day by UWA). A cancelled or
 * rescheduled lot no longer counts: the departures of its day lose the seats it held (bookings
 * already taking seats keep them; staff see the day short of permits on this screen).
 */
export async function setPermitLotState(input: PermitLotStateInput): Promise<PermitLotDto> {
  const staff = await requireStaff();
  const db = await getDb();
  const lot = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(lotColumns)
      .from(permitLots)
      .where(eq(permitLots.id, input.id))
      .for("update");
    if (!before) throw new DomainError("not_found");
    const [row] = await tx
      .update(permitLots)
      .set({ state: input.state, blockedUntil: input.blockedUntil, updatedAt: new Date() })
      .where(eq(permitLots.id, input.id))
      .returning(lotColumns);
    await recordAudit(
      {
        action: "permit_lot.update",
        actor: actorOf(staff),
        target: { type: "permit_lot", id: input.id },
        details: {
          state: { from: before.state, to: row!.state },
          blockedUntil: { from: before.blockedUntil, to: row!.blockedUntil },
        },
      },
      tx,
    );
    return row!;
  });
  refreshDepartures();
  return lot;
}

export type PermitTourDto = {
  id: string;
  title: string;
  permitFee: ParkFee | null;
  permitPark: string | null;
  trekDay: number;
};

/** Every active tour with its permit setting, permit tours first. */
export async function listPermitTours(): Promise<PermitTourDto[]> {
  await requireStaff();
  const db = await getDb();
  return db
    .select({
      id: tours.id,
      title: tours.title,
      permitFee: tours.permitFee,
      permitPark: tours.permitPark,
      trekDay: tours.trekDay,
    })
    .from(tours)
    .where(eq(tours.isActive, true))
    .orderBy(sql`${tours.permitPark} is null`, asc(tours.title));
}

/** Which permit a tour's trekkers need, in which park, on which day of the trip. Admins only. */
export async function setTourPermit(input: TourPermitInput): Promise<PermitTourDto> {
  const admin = await requireAdmin();
  const db = await getDb();
  const tour = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tours)
      .set({
        permitFee: input.permitFee,
        permitPark: input.permitPark,
        trekDay: input.trekDay,
        updatedAt: new Date(),
      })
      .where(eq(tours.id, input.tourId))
      .returning({
        id: tours.id,
        title: tours.title,
        permitFee: tours.permitFee,
        permitPark: tours.permitPark,
        trekDay: tours.trekDay,
      });
    if (!row) throw new DomainError("not_found");
    await recordAudit(
      {
        action: "tour.permit",
        actor: actorOf(admin),
        target: { type: "tour", id: row.id },
        details: { permitFee: row.permitFee, permitPark: row.permitPark, trekDay: row.trekDay },
      },
      tx,
    );
    return row;
  });
  refreshDepartures();
  return tour;
}
