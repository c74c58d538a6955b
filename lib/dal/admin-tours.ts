import "server-only";

import { count, desc, eq, ilike, or, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { ADMIN_TOURS_PAGE_SIZE } from "@/lib/admin-tours";
import type { PricingPackage } from "@/lib/domain";
import { requireStaff, requireAdmin } from "@/lib/dal/session";
import { refreshCatalogue } from "@/lib/dal/tours";
import { DomainError } from "@/lib/errors";
import {
  clampPage,
  containsPattern,
  isUuid,
  type Page,
  pageCountOf,
  SEARCH_MAX,
} from "@/lib/list-query";
import { getStorage } from "@/lib/storage";
import { priceLabel } from "@/lib/tours";
import { type TourData, tourSchema } from "@/lib/validations/tours";

import { tourPictureKeys } from "./tour-media";

/**
 * The admin Tours screen: every staff member lists, adds, edits and hides tours; only
 * the role `admin` deletes one (README, Roles). Every write refreshes the public catalogue
 * (`refreshCatalogue()`: home, /tours, the tour pages and both booking wizards).
 */

export type AdminTourRow = {
  id: string;
  title: string;
  slug: string;
  durationLabel: string | null;
  durationDays: number | null;
  priceLabel: string | null;
  isActive: boolean;
  featuredRank: number | null;
  mediaCount: number;
  createdAt: string;
  updatedAt: string;
};

/** A row of the tours table, as Drizzle reads it. */
type TourRow = typeof tours.$inferSelect;

/**
 * The form's fields, each a column of the same name: the row stores the form's output. The type
 * refuses a form field that has no column of its name.
 */
const FORM_FIELDS: readonly (keyof TourData & keyof TourRow)[] = Object.keys(
  tourSchema.shape,
) as (keyof TourData)[];

/**
 * Everything the Edit dialog shows: the row's value of every form field (the pricing tiers as a
 * list), so a field added to the form schema and the table arrives here by itself.
 */
export type AdminTourDetail = Omit<Pick<TourRow, keyof TourData>, "pricing"> & {
  id: string;
  pricing: PricingPackage[];
  hasThumbnail: boolean;
};

/** Tours, newest first, matching `q` in the title or the slug; one page of them. */
export async function listToursForStaff(q = "", page = 1): Promise<Page<AdminTourRow>> {
  await requireStaff();
  const db = await getDb();
  const term = q.trim().slice(0, SEARCH_MAX);
  const where = term
    ? or(ilike(tours.title, containsPattern(term)), ilike(tours.slug, containsPattern(term)))
    : undefined;
  const [counted] = await db.select({ value: count() }).from(tours).where(where);
  const total = counted?.value ?? 0;
  const shown = clampPage(page, total, ADMIN_TOURS_PAGE_SIZE);
  const rows = await db
    .select({
      id: tours.id,
      title: tours.title,
      slug: tours.slug,
      durationLabel: tours.durationLabel,
      durationDays: tours.durationDays,
      priceLabel: tours.priceLabel,
      isActive: tours.isActive,
      featuredRank: tours.featuredRank,
      mediaCount: sql<number>`jsonb_array_length(${tours.media})`.mapWith(Number),
      createdAt: tours.createdAt,
      updatedAt: tours.updatedAt,
    })
    .from(tours)
    .where(where)
    .orderBy(desc(tours.createdAt), desc(tours.id))
    .limit(ADMIN_TOURS_PAGE_SIZE)
    .offset((shown - 1) * ADMIN_TOURS_PAGE_SIZE);
  return {
    items: rows.map(({ createdAt, updatedAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    })),
    total,
    page: shown,
    pageCount: pageCountOf(total, ADMIN_TOURS_PAGE_SIZE),
  };
}

/** One tour for the Edit dialog, or null. */
export async function getTourForStaff(id: string): Promise<AdminTourDetail | null> {
  await requireStaff();
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.select().from(tours).where(eq(tours.id, id)).limit(1);
  if (!row) return null;
  const fields = Object.fromEntries(FORM_FIELDS.map((k) => [k, row[k]])) as Pick<
    TourRow,
    keyof TourData
  >;
  const { pricing, itinerary } = fields;
  // A stored value of another shape is logged and the form starts from its defaults.
  const packages = Array.isArray(pricing?.packages) ? pricing.packages : null;
  if (!packages || !Array.isArray(itinerary))
    console.error(JSON.stringify({ event: "tour_unparsable_json", tourId: id }));
  return {
    ...fields,
    id: row.id,
    itinerary: Array.isArray(itinerary) ? [...itinerary].sort((a, b) => a.day - b.day) : [],
    pricing: packages ?? [],
    hasThumbnail: row.thumbnail !== null,
  };
}

/** The row's columns from the form: price label and minimum price from the first tier. */
function columnsOf(data: TourData) {
  const { pricing, ...rest } = data;
  const packages = pricing.map(({ description, ...tier }) =>
    description ? { ...tier, description } : tier,
  );
  return {
    ...rest,
    pricing: { packages },
    priceLabel: priceLabel(packages),
    priceMin: packages[0]?.price ?? null,
  };
}

/** Postgres' unique_violation, as postgres.js and PGlite report it (Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

async function slugTaken(slug: string, exceptId?: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: tours.id }).from(tours).where(eq(tours.slug, slug)).limit(1);
  return row !== undefined && row.id !== exceptId;
}

/** What a save answers of the tour. */
const savedColumns = { id: tours.id, title: tours.title, slug: tours.slug };
type SavedTour = { id: string; title: string; slug: string };

/** A write of a tour's slug: the unique index refusing it (another save won) is `slug_taken`. */
async function slugWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("slug_taken");
    throw error;
  }
}

/** A new tour (no pictures yet: the dialog uploads its thumbnail next). `slug_taken`. */
export async function createTour(data: TourData): Promise<SavedTour> {
  await requireStaff();
  if (await slugTaken(data.slug)) throw new DomainError("slug_taken");
  const db = await getDb();
  const [row] = await slugWrite(() =>
    db.insert(tours).values(columnsOf(data)).returning(savedColumns),
  );
  refreshCatalogue();
  return row!;
}

/**
 * Saves a tour's fields. `slug_taken` when another tour has the slug; `not_found` for an unknown
 * id. A new slug changes the public URL; the stored pictures keep their keys.
 */
export async function updateTour(id: string, data: TourData): Promise<SavedTour> {
  await requireStaff();
  if (await slugTaken(data.slug, id)) throw new DomainError("slug_taken");
  const db = await getDb();
  const [row] = await slugWrite(() =>
    db
      .update(tours)
      .set({ ...columnsOf(data), updatedAt: new Date() })
      .where(eq(tours.id, id))
      .returning(savedColumns),
  );
  if (!row) throw new DomainError("not_found");
  refreshCatalogue();
  return row;
}

/** Shows or hides a tour on every public page. `not_found` for an unknown id. */
export async function setTourActive(
  id: string,
  isActive: boolean,
): Promise<{ title: string; isActive: boolean }> {
  await requireStaff();
  const db = await getDb();
  const [row] = await db
    .update(tours)
    .set({ isActive, updatedAt: new Date() })
    .where(eq(tours.id, id))
    .returning({ title: tours.title, isActive: tours.isActive });
  if (!row) throw new DomainError("not_found");
  refreshCatalogue();
  return row;
}

/**
 * Deletes a tour (admins only): every stored object of its thumbnail and gallery first,
 * then the row. Bookings keep `tour_package`; their `tour_id` becomes null (the foreign key).
 * If storage refuses every delete (it is down), nothing is gone: the row is left as it was and
 * `storage_failed` is thrown with reason 'unavailable'. If it refuses only some, the row stays
 * but forgets all its pictures (some are gone, so none may be shown), the keys left behind are
 * logged as orphans, and `storage_failed` is thrown: deleting again removes the row.
 */
export async function deleteTour(id: string): Promise<{ title: string }> {
  await requireAdmin();
  const db = await getDb();
  const [tour] = await db
    .select({ title: tours.title, thumbnail: tours.thumbnail, media: tours.media })
    .from(tours)
    .where(eq(tours.id, id))
    .limit(1);
  if (!tour) throw new DomainError("not_found");

  const keys = tourPictureKeys(tour);
  const storage = getStorage();
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = keys.filter((_, i) => results[i]!.status === "rejected");
  if (failed.length && failed.length === keys.length) {
    const error = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    console.error(
      JSON.stringify({
        event: "storage_unavailable",
        reason: "tour delete",
        error: String(error.reason),
      }),
    );
    throw new DomainError("storage_failed", { reason: "unavailable" });
  }
  if (failed.length) {
    await db
      .update(tours)
      .set({ thumbnail: null, media: [], updatedAt: new Date() })
      .where(eq(tours.id, id));
    refreshCatalogue();
    const error = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    console.error(
      JSON.stringify({
        event: "storage_orphans",
        reason: "tour delete failed",
        keys: failed,
        error: String(error.reason),
      }),
    );
    throw new DomainError("storage_failed");
  }

  const deleted = await db.delete(tours).where(eq(tours.id, id)).returning({ id: tours.id });
  if (!deleted.length) throw new DomainError("not_found");
  refreshCatalogue();
  return { title: tour.title };
}
