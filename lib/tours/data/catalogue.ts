import "server-only";

import { and, asc, type Column, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { revalidateTag, unstable_cache } from "next/cache";

import { databaseCacheKey, type Db, getDb } from "@/db";
import { tours } from "@/db/schema";
import type { PricingPackage } from "@/lib/domain";

import { shapeKey } from "@/lib/shape-key";

/** Cache tag of everything the public catalogue shows: revalidate it when a tour changes. */
export const TOURS_TAG = "tours";

/** A row of the tours table, as Drizzle reads it. */
type TourRow = typeof tours.$inferSelect;

/**
 * Columns the public pages never read. Every other column of the tours table is part of the
 * public tour (TourDetail) without being listed anywhere: a new column shows up in the tour
 * page's data by itself, and one meant for staff only is named here.
 */
const STAFF_ONLY = [
  "tags",
  "priceLabel",
  "thumbnailUrl",
  "isActive",
  "createdAt",
] as const satisfies readonly (keyof TourRow)[];

/** What a tour card needs (lists, home, search, booking wizards). */
const CARD = [
  "id",
  "slug",
  "title",
  "category",
  "location",
  "shortDescription",
  "durationLabel",
  "durationDays",
  "groupSize",
  "priceMin",
  "highlights",
  "imageUrl",
  "thumbnail",
  "featuredRank",
  // A permit tour's card quotes the permit with the tour (lib/parks/data/fees.ts).
  "permitFee",
] as const satisfies readonly (keyof TourRow)[];

type StaffOnly = (typeof STAFF_ONLY)[number];
type PublicRow = Omit<TourRow, StaffOnly>;

/** A tour card. Plain JSON: safe to cache and to send to clients. */
export type TourCard = Pick<TourRow, (typeof CARD)[number]>;

/**
 * The public tour: every column but the staff-only ones, with the pricing tiers as `packages`,
 * the itinerary in day order and the update time as ISO text (the data cache stores JSON).
 */
export type TourDetail = Omit<PublicRow, "pricing" | "updatedAt"> & {
  packages: PricingPackage[];
  updatedAt: string;
};

type Columns = ReturnType<typeof getTableColumns<typeof tours>>;

/** The columns a card and the tour page read, out of the table's columns. */
function selectionsOf(columns: Record<string, Column>) {
  const entries = Object.entries(columns);
  const isCard = (key: string) => (CARD as readonly string[]).includes(key);
  const isPublic = (key: string) => !(STAFF_ONLY as readonly string[]).includes(key);
  return {
    card: Object.fromEntries(entries.filter(([key]) => isCard(key))),
    detail: Object.fromEntries(entries.filter(([key]) => isPublic(key))),
  };
}

const selections = selectionsOf(getTableColumns(tours));
const cardColumns = selections.card as Pick<Columns, (typeof CARD)[number]>;
const detailColumns = selections.detail as Omit<Columns, StaffOnly>;

/** The one mapping from a row to the public tour. */
function toTourDetail({ pricing, updatedAt, ...rest }: PublicRow): TourDetail {
  return {
    ...rest,
    itinerary: [...rest.itinerary].sort((a, b) => a.day - b.day),
    packages: pricing.packages,
    updatedAt: updatedAt.toISOString(),
  };
}

/** Active tours for the public catalogue: featured first, then newest. */
export async function queryActiveTourCards(db: Db): Promise<TourCard[]> {
  return db
    .select(cardColumns)
    .from(tours)
    .where(eq(tours.isActive, true))
    .orderBy(sql`${tours.featuredRank} asc nulls last`, desc(tours.createdAt), asc(tours.title));
}

/** One active tour by slug, or null (unknown and hidden tours alike). */
export async function queryActiveTourBySlug(db: Db, slug: string): Promise<TourDetail | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const [row] = await db
    .select(detailColumns)
    .from(tours)
    .where(and(eq(tours.slug, slug), eq(tours.isActive, true)))
    .limit(1);
  return row ? toTourDetail(row) : null;
}

// Public reads are cached and tagged: pages are not rendered from the database on every
// request, and refreshCatalogue() refreshes them when a tour changes. The data cache outlives
// the process (next build writes it to .next/cache), so its key names:
// - the shape of what is cached (the columns read and the row mapping): entries written by a
//   build whose tour had other fields are never read back as today's tour;
// - the database: rows read from another database carry ids this one does not know (the
//   booking wizards post them back).
const CACHE_SECONDS = 60 * 60;

/**
 * The shape part of the catalogue's cache keys: a hash of the columns read out of `columns` (the
 * tours table's) and of the row mapping. Adding, removing, renaming or retyping a public column
 * changes it by itself.
 */
export function catalogueShapeKey(columns: Record<string, Column> = getTableColumns(tours)) {
  return shapeKey(selectionsOf(columns), [toTourDetail]);
}
const CATALOGUE_SHAPE = catalogueShapeKey();

export const getActiveTourCards = unstable_cache(
  async () => queryActiveTourCards(await getDb()),
  ["tours:active-cards", CATALOGUE_SHAPE, databaseCacheKey()],
  { tags: [TOURS_TAG], revalidate: CACHE_SECONDS },
);

export const getActiveTourBySlug = unstable_cache(
  async (slug: string) => queryActiveTourBySlug(await getDb(), slug),
  ["tours:active-by-slug", CATALOGUE_SHAPE, databaseCacheKey()],
  { tags: [TOURS_TAG], revalidate: CACHE_SECONDS },
);

export async function getFeaturedTours(count = 3): Promise<TourCard[]> {
  return (await getActiveTourCards()).slice(0, count);
}

/**
 * Call after any change to the tours table: the cached catalogue reads and every page built from
 * them (home, /tours, the tour pages) are regenerated on their next request.
 */
export function refreshCatalogue(): void {
  revalidateTag(TOURS_TAG, { expire: 0 });
}
