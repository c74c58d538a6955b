import "server-only";

import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { unstable_cache } from "next/cache";

import { databaseCacheKey, type Db, getDb, type Tx } from "@/db";
import { bookingParkFees, parkFeeTariffs, tours } from "@/db/schema";
import { todayInKampala } from "@/lib/dates";
import { DEPARTURES_TAG } from "@/lib/departures/data/seats";
import { type ParkFee, RESIDENCIES } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import {
  type FeeRate,
  type FeeTraveller,
  type ParkFeeLine,
  type ParkFeesPrice,
  priceParkFees,
  pricesByResidency,
  type ResidencyPrice,
  type TourPermit,
  tourPermit,
  unpricedFeeMessage,
  visitDay,
} from "@/lib/parks/fees";
import type { TariffRow } from "@/lib/parks/rules";
import { ugxRateAt } from "@/lib/payments/data/rate-of-day";
import { TOURS_TAG } from "@/lib/tours/data/catalogue";

/**
 * The park fees of tours and bookings. Prices are public (what the site sells at), so the reads of
 * tariffs and rates for the wizards and the tour pages check no caller. A booking's lines are
 * priced and stored in the transaction that stores the booking (its caller already checked), and
 * read back by the pages that show the booking after they have checked theirs.
 */

export type FeeTariff = TariffRow & { id: string };

const tariffColumns = {
  id: parkFeeTariffs.id,
  fee: parkFeeTariffs.fee,
  park: parkFeeTariffs.park,
  residency: parkFeeTariffs.residency,
  ageBand: parkFeeTariffs.ageBand,
  currency: parkFeeTariffs.currency,
  amountMinor: parkFeeTariffs.amountMinor,
  effectiveFrom: parkFeeTariffs.effectiveFrom,
  effectiveTo: parkFeeTariffs.effectiveTo,
};

/** Every tariff row of these fees, whatever their dates (a handful a fee). */
export async function tariffsOf(db: Db | Tx, fees: readonly ParkFee[]): Promise<FeeTariff[]> {
  if (fees.length === 0) return [];
  return db
    .select(tariffColumns)
    .from(parkFeeTariffs)
    .where(inArray(parkFeeTariffs.fee, [...new Set(fees)]))
    .orderBy(asc(parkFeeTariffs.effectiveFrom), asc(parkFeeTariffs.id));
}

/** The shilling rate in force now, as the pricing reads it, or null while staff set none. */
async function rateNow(db: Db | Tx): Promise<(FeeRate & { effectiveFrom: Date }) | null> {
  const rate = await ugxRateAt(db);
  return rate
    ? { id: rate.id, ugxPerUsd: rate.ugxPerUsd, effectiveFrom: rate.effectiveFrom }
    : null;
}

/**
 * What a wizard needs to price the fees of the tours it offers: their tariff rows and today's
 * rate. `db`: a transaction's handle (the OCTO webhooks render inside theirs); the process's
 * database when not given.
 */
export type FeePricingFacts = { tariffs: FeeTariff[]; rate: FeeRate | null };

export async function feePricingFacts(
  fees: readonly ParkFee[],
  handle?: Db | Tx,
): Promise<FeePricingFacts> {
  const db = handle ?? (await getDb());
  const [tariffs, rate] = await Promise.all([tariffsOf(db, fees), rateNow(db)]);
  return { tariffs, rate: rate && { id: rate.id, ugxPerUsd: rate.ugxPerUsd } };
}

/**
 * The fees of a booking about to be stored on `tourId`'s trip from `startDate`, for its group and
 * the travellers named (the rest priced by the defaults), at the tariff rows in force on the visit's
 * day and the shilling rate in force now. Null for a tour without a permit or a trip without a
 * date: nothing to price.
 */
export async function priceTripFees(
  tx: Tx,
  input: {
    tourId: string;
    startDate: string | null;
    groupSize: number;
    travellers?: readonly FeeTraveller[];
  },
): Promise<(ParkFeesPrice & { permit: TourPermit }) | null> {
  if (!input.startDate) return null;
  const [tour] = await tx
    .select({ permitFee: tours.permitFee, permitPark: tours.permitPark, trekDay: tours.trekDay })
    .from(tours)
    .where(eq(tours.id, input.tourId));
  const permit = tour ? tourPermit(tour) : null;
  if (!permit) return null;
  const [rows, rate] = await Promise.all([tariffsOf(tx, [permit.fee]), rateNow(tx)]);
  const price = priceParkFees(rows, {
    permit,
    visitDate: visitDay(input.startDate, permit.trekDay),
    groupSize: input.groupSize,
    travellers: input.travellers,
    rate,
  });
  return { ...price, permit };
}

/**
 * As priceTripFees, for a booking sold at once (a departure's checkout or a staff hold): every
 * traveller's fee must be priced, else `park_fee_unpriced` (its reason naming the fee and
 * category) refuses the booking rather than selling it short.
 */
export async function requireTripFees(
  tx: Tx,
  input: Parameters<typeof priceTripFees>[1],
): Promise<ParkFeesPrice | null> {
  const price = await priceTripFees(tx, input);
  const [missing] = price?.unpriced ?? [];
  if (missing) throw new DomainError("park_fee_unpriced", { reason: unpricedFeeMessage(missing) });
  return price;
}

/** Stores a booking's fee lines as priced (in the transaction that stores the booking). */
export async function saveBookingFees(
  tx: Tx,
  bookingId: string,
  lines: readonly ParkFeeLine[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(bookingParkFees).values(lines.map((line) => ({ bookingId, ...line })));
}

/**
 * Replaces a booking's fee lines with `lines` (a reseller's party changed over OCTO: its
 * travellers who kept their place and category keep the line they were sold), in the change's
 * transaction.
 */
export async function replaceBookingFees(
  tx: Tx,
  bookingId: string,
  lines: readonly ParkFeeLine[],
): Promise<void> {
  await tx.delete(bookingParkFees).where(eq(bookingParkFees.bookingId, bookingId));
  await saveBookingFees(tx, bookingId, lines);
}

/**
 * The fee lines of bookings the caller has already scoped, by booking id, in traveller order.
 * Takes the database handle, which only data modules open: not an entry point.
 */
export async function feeLinesOf(
  db: Db | Tx,
  bookingIds: readonly string[],
): Promise<Map<string, ParkFeeLine[]>> {
  const byBooking = new Map<string, ParkFeeLine[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      bookingId: bookingParkFees.bookingId,
      traveller: bookingParkFees.traveller,
      fee: bookingParkFees.fee,
      park: bookingParkFees.park,
      residency: bookingParkFees.residency,
      residencyGiven: bookingParkFees.residencyGiven,
      ageBand: bookingParkFees.ageBand,
      visitDate: bookingParkFees.visitDate,
      currency: bookingParkFees.currency,
      amountMinor: bookingParkFees.amountMinor,
      usdMinor: bookingParkFees.usdMinor,
      usdRate: bookingParkFees.usdRate,
      rateId: bookingParkFees.rateId,
      tariffId: bookingParkFees.tariffId,
    })
    .from(bookingParkFees)
    .where(inArray(bookingParkFees.bookingId, [...bookingIds]))
    .orderBy(
      asc(bookingParkFees.bookingId),
      asc(bookingParkFees.traveller),
      asc(bookingParkFees.fee),
    );
  for (const { bookingId, ...line } of rows) {
    const list = byBooking.get(bookingId) ?? [];
    list.push(line);
    byBooking.set(bookingId, list);
  }
  return byBooking;
}

/** The US cents of a booking's fee lines. */
export const feesTotal = (lines: readonly Pick<ParkFeeLine, "usdMinor">[]) =>
  lines.reduce((sum, line) => sum + line.usdMinor, 0);

/** A permit tour's prices by residency for one adult, as its page lists them. */
export type TourFeePrices = {
  /** The day whose tariff the prices are at ('yyyy-MM-dd'): today. */
  day: string;
  /** The shilling rate a fee in shillings is shown at, with the day it took effect. */
  rate: { ugxPerUsd: string; effectiveFrom: Date } | null;
  prices: ResidencyPrice[];
};

/**
 * The tour page's prices of a permit tour: for each residency category, its from-price (US cents)
 * and one adult's fee at the tariff in force today (a fee in shillings at today's rate). Null for
 * a tour without a permit or a price. Read fresh with each regeneration of the page (once a minute
 * at most), so a tariff or rate staff enter shows within that minute.
 */
export async function tourFeePrices(tour: {
  permitFee: ParkFee | null;
  permitPark: string | null;
  trekDay: number;
  priceMin: number | null;
}): Promise<TourFeePrices | null> {
  const permit = tourPermit(tour);
  if (!permit || tour.priceMin === null) return null;
  const db = await getDb();
  const [rows, rate] = await Promise.all([tariffsOf(db, [permit.fee]), rateNow(db)]);
  const day = todayInKampala();
  return {
    day,
    rate: rate && { ugxPerUsd: rate.ugxPerUsd, effectiveFrom: rate.effectiveFrom },
    prices: pricesByResidency(rows, {
      permit,
      visitDate: day,
      landMinor: tour.priceMin * 100,
      rate,
      residencies: RESIDENCIES,
    }),
  };
}

/**
 * The lists' from-price of each permit tour for a foreign non-resident, in US cents: the land
 * from-price and that category's fee at today's tariff, by tour id. Cached with the catalogue and
 * the departures (a permit setting changes with the departures' tag, a tariff refreshes both).
 */
export const getNonResidentFromPrices = unstable_cache(
  async (today: string): Promise<Record<string, number>> => {
    const db = await getDb();
    const permitTours = await db
      .select({
        id: tours.id,
        permitFee: tours.permitFee,
        permitPark: tours.permitPark,
        trekDay: tours.trekDay,
        priceMin: tours.priceMin,
      })
      .from(tours)
      .where(and(eq(tours.isActive, true), isNotNull(tours.permitFee)));
    const rows = await tariffsOf(
      db,
      permitTours.flatMap((t) => (t.permitFee ? [t.permitFee] : [])),
    );
    const result: Record<string, number> = {};
    for (const tour of permitTours) {
      const permit = tourPermit(tour);
      if (!permit || tour.priceMin === null) continue;
      const [price] = pricesByResidency(rows, {
        permit,
        visitDate: today,
        landMinor: tour.priceMin * 100,
        rate: null,
        residencies: ["foreign_non_resident"],
      });
      if (price?.totalMinor != null) result[tour.id] = price.totalMinor;
    }
    return result;
  },
  ["parks:non-resident-from-prices", databaseCacheKey()],
  { tags: [TOURS_TAG, DEPARTURES_TAG], revalidate: 60 * 60 },
);
