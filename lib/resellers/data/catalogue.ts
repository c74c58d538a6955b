import "server-only";

import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { departures, tours } from "@/db/schema";
import { todayInKampala } from "@/lib/dates";
import {
  permitsLeftOfDeparture,
  seatsHeldOf,
  seatsLeftOf,
  seatsTakenOf,
} from "@/lib/departures/data/seats";
import type { ParkFee, PricingPackage } from "@/lib/domain";
import { feePricingFacts } from "@/lib/parks/data/fees";
import { tourPermit, type TourPermit, visitDay } from "@/lib/parks/fees";
import { computeQuote } from "@/lib/payments/quote";

import { type ProductUnit, productUnits, type UnitFeeFacts } from "../rules";

/**
 * What resellers may sell: the active tours that sell dated departures (a tour on request only is
 * not listed), and their departures with the seats free, counted as every other sale counts them
 * (on a permit tour, no more than the permits left for the trek day: what a reservation is held to).
 */

/** A tour as a product: the content OCTO's content capability shows, and its price. */
export type ProductRow = {
  id: string;
  title: string;
  slug: string;
  shortDescription: string | null;
  overview: string | null;
  durationDays: number | null;
  location: string | null;
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  imageUrl: string | null;
  packages: PricingPackage[];
  /** The park permit each traveller needs, or null for a tour without one. */
  permit: TourPermit | null;
};

const productColumns = {
  id: tours.id,
  title: tours.title,
  slug: tours.slug,
  shortDescription: tours.shortDescription,
  overview: tours.overview,
  durationDays: tours.durationDays,
  location: tours.location,
  highlights: tours.highlights,
  inclusions: tours.inclusions,
  exclusions: tours.exclusions,
  imageUrl: tours.imageUrl,
  pricing: tours.pricing,
  permitFee: tours.permitFee,
  permitPark: tours.permitPark,
  trekDay: tours.trekDay,
};

const sellable = and(eq(tours.isActive, true), sql`${tours.bookingMode} <> 'request'`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toProduct(
  row: {
    pricing: { packages?: PricingPackage[] } | null;
    permitFee: ParkFee | null;
    permitPark: string | null;
    trekDay: number;
  } & Omit<ProductRow, "packages" | "permit">,
): ProductRow {
  const { pricing, permitFee, permitPark, trekDay, ...rest } = row;
  return {
    ...rest,
    packages: Array.isArray(pricing?.packages) ? pricing.packages : [],
    permit: tourPermit({ permitFee, permitPark, trekDay }),
  };
}

/** Every product, by title. */
export async function listProducts(db: Db): Promise<ProductRow[]> {
  const rows = await db
    .select(productColumns)
    .from(tours)
    .where(sellable)
    .orderBy(asc(tours.title));
  return rows.map(toProduct);
}

/** One product by id, or null when no sellable tour has it. */
export async function productById(db: Db, id: string): Promise<ProductRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select(productColumns)
    .from(tours)
    .where(and(eq(tours.id, id), sellable))
    .limit(1);
  return row ? toProduct(row) : null;
}

/** A seat's retail price in US cents on a departure of the product (its own, else the tour's). */
export function unitRetail(product: ProductRow, departurePrices: Record<string, number>) {
  return (
    computeQuote({
      packages: product.packages,
      departurePrices,
      accommodation: null,
      groupSize: 1,
    })?.totalMinor ?? null
  );
}

/**
 * A departure as an availability: its dates, cutoff, seats free and price. `vacancies` is the
 * number freeSeats allows a reservation: the seats free and, on a permit tour, no more than the
 * permits left for its trek day.
 */
export type DepartureSlot = {
  id: string;
  tourId: string;
  startDate: string;
  endDate: string;
  capacity: number;
  cutoffDays: number;
  onSale: boolean;
  vacancies: number;
  prices: Record<string, number>;
};

function slotColumns(today: string) {
  return {
    id: departures.id,
    tourId: departures.tourId,
    startDate: departures.startDate,
    endDate: departures.endDate,
    capacity: departures.capacity,
    cutoffDays: departures.cutoffDays,
    prices: departures.prices,
    taken: seatsTakenOf(departures.id),
    held: seatsHeldOf(departures.id),
    permitsLeft: permitsLeftOfDeparture(today),
    onSale: sql<boolean>`(${departures.status} = 'open' and ${departures.startDate} - ${departures.cutoffDays} >= ${today}::date)`,
  };
}

function toSlot(row: {
  id: string;
  tourId: string;
  startDate: string;
  endDate: string;
  capacity: number;
  cutoffDays: number;
  prices: Record<string, number>;
  taken: number;
  held: number;
  permitsLeft: number | null;
  onSale: boolean;
}): DepartureSlot {
  return {
    id: row.id,
    tourId: row.tourId,
    startDate: row.startDate,
    endDate: row.endDate,
    capacity: row.capacity,
    cutoffDays: row.cutoffDays,
    prices: row.prices,
    onSale: Boolean(row.onSale),
    vacancies: seatsLeftOf(row),
  };
}

/**
 * The product's departures from `from` to `to` (start days, inclusive), or on the start days
 * given, soonest first: open ones and those closed to sales (past their cutoff, or closed by staff)
 * alike, each saying whether it is on sale; cancelled ones are not listed.
 */
export async function departureSlots(
  db: Db,
  tourId: string,
  range: { from?: string; to?: string; startDates?: string[] },
  today: string = todayInKampala(),
): Promise<DepartureSlot[]> {
  const rows = await db
    .select(slotColumns(today))
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(
      and(
        eq(departures.tourId, tourId),
        inArray(departures.status, ["open", "closed"]),
        gte(departures.startDate, range.from ?? today),
        range.to ? lte(departures.startDate, range.to) : undefined,
        range.startDates ? inArray(departures.startDate, range.startDates) : undefined,
      ),
    )
    .orderBy(asc(departures.startDate));
  return rows.map(toSlot);
}

/** One departure by id as an availability (any status), or null. */
export async function departureSlot(
  db: Db,
  id: string,
  today: string = todayInKampala(),
): Promise<DepartureSlot | null> {
  const [row] = await db
    .select(slotColumns(today))
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, id))
    .limit(1);
  return row ? toSlot(row) : null;
}

/** The same reads on the process's database, for the API's answers. */
export const readProducts = async () => listProducts(await getDb());
export const readProduct = async (id: string) => productById(await getDb(), id);
export const readSlots = async (tourId: string, range: Parameters<typeof departureSlots>[2]) =>
  departureSlots(await getDb(), tourId, range);
export const readUnitFeeFacts = async (product: ProductRow) => unitFeeFacts(await getDb(), product);

/** What prices a permit product's units on any day; null for a product without a permit. */
export type UnitFeeFactsRead = Omit<UnitFeeFacts, "day"> | null;

/**
 * The tariff rows and shilling rate that price a permit product's units, through `db` (a
 * transaction's handle where one is open).
 */
export async function unitFeeFacts(db: Db, product: ProductRow): Promise<UnitFeeFactsRead> {
  if (!product.permit) return null;
  const facts = await feePricingFacts([product.permit.fee], db);
  return { rows: facts.tariffs, rate: facts.rate };
}

/**
 * The product's units priced on a departure starting `startDate` (its trek day's tariff), or,
 * without one, today (a product's from-prices, as the tour page quotes them).
 */
export function unitsOn(
  product: ProductRow,
  facts: UnitFeeFactsRead,
  startDate?: string,
): ProductUnit[] {
  const permit = product.permit;
  if (!permit || !facts) return productUnits(permit);
  const day = startDate ? visitDay(startDate, permit.trekDay) : todayInKampala();
  return productUnits(permit, { ...facts, day });
}
