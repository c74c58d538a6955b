import "server-only";

import { count, desc, eq, ilike, or, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { ADMIN_TOURS_PAGE_SIZE } from "@/lib/tours/list-query";
import type { PricingPackage } from "@/lib/domain";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { refreshDepartures } from "@/lib/departures/data/seats";
import { requireStaff, requireAdmin } from "@/lib/session";
import { refreshCatalogue } from "@/lib/tours/data/catalogue";
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
import { priceLabel } from "@/lib/tours/rules";
import { type TourData, tourSchema } from "@/lib/tours/schemas";

import { tourObjectsToDelete } from "./media";

/**
 * The admin Tours screen: every staff member lists, adds, edits and hides tours; only
 * the role `admin` deletes one (docs/decisions/0005-staff-roles.md). Every write refreshes the
 * public catalogue (`refreshCatalogue()`: home, /tours, the tour pages and both booking
 * wizards), and is saved with its audit event in one transaction.
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

/**
 * Columns whose old and new values an audit event keeps; of the others (long texts, lists, the
 * itinerary and the pricing) it names only the change, so an event stays small.
 */
const AUDITED_VALUES = new Set<string>([
  "title",
  "slug",
  "category",
  "location",
  "durationDays",
  "durationLabel",
  "groupSize",
  "difficulty",
  "isActive",
  "featuredRank",
  "bookingMode",
  "priceLabel",
  "priceMin",
]);

/** The same JSON whatever the order of its keys (jsonb hands them back in its own order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** What a save changes of a tour: each small column with its values, the others by name. */
function tourChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, unknown> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (canonical(from ?? null) === canonical(to ?? null)) continue;
    changes[key] = AUDITED_VALUES.has(key)
      ? { from: from ?? null, to: to ?? null }
      : { changed: true };
  }
  return changes;
}

/** A new tour (no pictures yet: the dialog uploads its thumbnail next). `slug_taken`. */
export async function createTour(data: TourData): Promise<SavedTour> {
  const staff = await requireStaff();
  if (await slugTaken(data.slug)) throw new DomainError("slug_taken");
  const db = await getDb();
  const row = await slugWrite(() =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(tours).values(columnsOf(data)).returning(savedColumns);
      await recordAudit(
        {
          action: "tour.create",
          actor: actorOf(staff),
          target: { type: "tour", id: created!.id },
          details: {
            title: created!.title,
            slug: created!.slug,
            isActive: data.isActive,
            category: data.category,
          },
        },
        tx,
      );
      return created!;
    }),
  );
  refreshCatalogue();
  return row;
}

/**
 * Saves a tour's fields. `slug_taken` when another tour has the slug; `not_found` for an unknown
 * id. A new slug changes the public URL; the stored pictures keep their keys.
 */
export async function updateTour(id: string, data: TourData): Promise<SavedTour> {
  const staff = await requireStaff();
  if (await slugTaken(data.slug, id)) throw new DomainError("slug_taken");
  const db = await getDb();
  const columns = columnsOf(data);
  const row = await slugWrite(() =>
    db.transaction(async (tx) => {
      // The row as it was, locked until the save commits, so the event names what it replaced.
      const [before] = await tx.select().from(tours).where(eq(tours.id, id)).for("update");
      if (!before) throw new DomainError("not_found");
      const [saved] = await tx
        .update(tours)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(tours.id, id))
        .returning(savedColumns);
      await recordAudit(
        {
          action: "tour.update",
          actor: actorOf(staff),
          target: { type: "tour", id },
          details: { changes: tourChanges(before, columns) },
        },
        tx,
      );
      return saved!;
    }),
  );
  refreshCatalogue();
  // How it is sold (and whether it is active) decides which of its departures are on sale.
  refreshDepartures();
  return row;
}

/** Shows or hides a tour on every public page. `not_found` for an unknown id. */
export async function setTourActive(
  id: string,
  isActive: boolean,
): Promise<{ title: string; isActive: boolean }> {
  const staff = await requireStaff();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: tours.isActive })
      .from(tours)
      .where(eq(tours.id, id))
      .for("update");
    if (!before) throw new DomainError("not_found");
    const [saved] = await tx
      .update(tours)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(tours.id, id))
      .returning({ title: tours.title, isActive: tours.isActive });
    await recordAudit(
      {
        action: "tour.update",
        actor: actorOf(staff),
        target: { type: "tour", id },
        details: {
          changes:
            before.isActive === isActive
              ? {}
              : { isActive: { from: before.isActive, to: isActive } },
        },
      },
      tx,
    );
    return saved!;
  });
  refreshCatalogue();
  refreshDepartures();
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
  const admin = await requireAdmin();
  const db = await getDb();
  const [tour] = await db
    .select({ title: tours.title, thumbnail: tours.thumbnail, media: tours.media })
    .from(tours)
    .where(eq(tours.id, id))
    .limit(1);
  if (!tour) throw new DomainError("not_found");

  // Only what no other tour names: two tours may share a picture stored under older keys.
  const keys = await tourObjectsToDelete(id, tour);
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
    // The row is changed (it forgets its pictures) though the delete failed: that is recorded.
    await db.transaction(async (tx) => {
      await tx
        .update(tours)
        .set({ thumbnail: null, media: [], updatedAt: new Date() })
        .where(eq(tours.id, id));
      await recordAudit(
        {
          action: "tour.delete",
          actor: actorOf(admin),
          outcome: "failure",
          target: { type: "tour", id },
          details: {
            title: tour.title,
            reason: "storage_failed",
            picturesDeleted: keys.length - failed.length,
            picturesLeft: failed.length,
          },
        },
        tx,
      );
    });
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

  await db.transaction(async (tx) => {
    const deleted = await tx.delete(tours).where(eq(tours.id, id)).returning({ id: tours.id });
    if (!deleted.length) throw new DomainError("not_found");
    await recordAudit(
      {
        action: "tour.delete",
        actor: actorOf(admin),
        target: { type: "tour", id },
        details: { title: tour.title, picturesDeleted: keys.length },
      },
      tx,
    );
  });
  refreshCatalogue();
  return { title: tour.title };
}
