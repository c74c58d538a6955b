import "server-only";

import { and, asc, desc, eq, sql } from "drizzle-orm";
import { revalidateTag, unstable_cache } from "next/cache";

import { databaseCacheKey, type Db, getDb } from "@/db";
import { tours } from "@/db/schema";
import type { TourCard, TourDetail } from "@/lib/tours";

/** Cache tag of everything the public catalogue shows: revalidate it when a tour changes. */
export const TOURS_TAG = "tours";

const cardColumns = {
  id: tours.id,
  slug: tours.slug,
  title: tours.title,
  category: tours.category,
  location: tours.location,
  shortDescription: tours.shortDescription,
  durationLabel: tours.durationLabel,
  durationDays: tours.durationDays,
  groupSize: tours.groupSize,
  priceMin: tours.priceMin,
  highlights: tours.highlights,
  imageUrl: tours.imageUrl,
  thumbnail: tours.thumbnail,
  featuredRank: tours.featuredRank,
};

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
    .select({
      ...cardColumns,
      overview: tours.overview,
      difficulty: tours.difficulty,
      itinerary: tours.itinerary,
      inclusions: tours.inclusions,
      exclusions: tours.exclusions,
      pricing: tours.pricing,
      mediaUrls: tours.mediaUrls,
      media: tours.media,
      updatedAt: tours.updatedAt,
    })
    .from(tours)
    .where(and(eq(tours.slug, slug), eq(tours.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { pricing, updatedAt, ...rest } = row;
  return {
    ...rest,
    itinerary: [...rest.itinerary].sort((a, b) => a.day - b.day),
    packages: pricing.packages,
    updatedAt: updatedAt.toISOString(),
  };
}

// Public reads are cached and tagged: pages are not rendered from the database on every
// request, and `revalidateTag(TOURS_TAG, "max")` refreshes them when a tour changes. The key names
// the database: the data cache outlives the process (next build writes it to .next/cache), and
// rows read from another database carry ids this one does not know (the booking wizards post
// them back).
const CACHE_SECONDS = 60 * 60;

export const getActiveTourCards = unstable_cache(
  async () => queryActiveTourCards(await getDb()),
  ["tours:active-cards:v2", databaseCacheKey()],
  { tags: [TOURS_TAG], revalidate: CACHE_SECONDS },
);

export const getActiveTourBySlug = unstable_cache(
  async (slug: string) => queryActiveTourBySlug(await getDb(), slug),
  ["tours:active-by-slug:v2", databaseCacheKey()],
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
