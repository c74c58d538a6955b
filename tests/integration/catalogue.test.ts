import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import {
  adminUsers,
  bookings,
  guides,
  type NewBooking,
  type NewTour,
  tours,
  users,
} from "@/db/schema";
import { seed } from "@/db/seed";
import {
  getActiveTourBySlug,
  queryActiveTourBySlug,
  queryActiveTourCards,
  refreshCatalogue,
  TOURS_TAG,
} from "@/lib/tours/data/catalogue";
import { useTestDb } from "@/tests/helpers/db";

// Next's data cache needs a running Next server: here its two functions are recorded instead, to
// check the wiring. Every cached catalogue read carries the tours tag, and a change expires it.
type CacheOptions = { tags?: string[]; revalidate?: number };
const nextCache = vi.hoisted(() => ({
  unstable_cache: vi.fn(
    (...args: [read: unknown, keyParts?: string[], options?: CacheOptions]) => args[0],
  ),
  revalidateTag: vi.fn(),
}));
vi.mock("next/cache", () => nextCache);
// The reads the catalogue caches, as its module registered them on loading: the demo seed run
// below loads other domains' cached reads too (the seat counts), which are not the catalogue's.
const catalogueCaches = [...nextCache.unstable_cache.mock.calls];

// A Vitest helper, not a React hook (eslint.config.mjs applies the React rules to every file).
// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

/** The public prices the operator quotes (budget tier, USD per person). */
const BUDGET_PRICES: Record<string, number> = {
  "gorilla-safari": 1200,
  "nile-adventure": 450,
  "crater-lakes": 890,
  "lake-bunyonyi": 680,
  "murchison-safari": 780,
  "karamoja-cultural": 920,
  "kampala-cultural": 320,
  "bwindi-wellness": 1150,
  "sipi-falls": 580,
  "birding-paradise": 850,
  "lakeside-safari": 520,
  "family-adventure": 980,
};
const SLUGS = Object.keys(BUDGET_PRICES);
const FEATURED = ["gorilla-safari", "nile-adventure", "murchison-safari"];

/** The database error behind a failed statement (drizzle wraps it in `cause`). */
async function dbError(
  statement: PromiseLike<unknown>,
): Promise<{ code?: string; message: string }> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return cause as { code?: string; message: string };
  }
  throw new Error("expected the statement to be rejected");
}

async function countRows(
  table: typeof tours | typeof guides | typeof users | typeof bookings | typeof adminUsers,
) {
  const [row] = await t.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

const validTour = (overrides: Partial<NewTour> = {}): NewTour => ({
  title: "Test Tour",
  slug: "test-tour",
  category: "Nature",
  ...overrides,
});

const validBooking = (overrides: Partial<NewBooking> = {}): NewBooking => ({
  fullName: "Test Traveller",
  email: "traveller@example.com",
  phone: "+256 700 000 000",
  tourPackage: "Custom Package - Contact us for pricing",
  groupSize: 2,
  termsAccepted: true,
  ...overrides,
});

describe("seeded catalogue", () => {
  it("has the 12 spec tours, all active", async () => {
    const rows = await t.db.select({ slug: tours.slug, isActive: tours.isActive }).from(tours);
    expect(rows.map((r) => r.slug).sort()).toEqual([...SLUGS].sort());
    expect(rows.every((r) => r.isActive)).toBe(true);
    expect(await queryActiveTourCards(t.db)).toHaveLength(12);
  });

  it.each(SLUGS)(
    "%s: the quoted budget price, 3 packages, itinerary of durationDays days",
    async (slug) => {
      const tour = await queryActiveTourBySlug(t.db, slug);
      expect(tour).not.toBeNull();
      const { packages, itinerary, durationDays, priceMin } = tour!;

      expect(packages.map((p) => p.name)).toEqual(["Budget", "Standard", "Luxury"]);
      expect(packages[0]!.price).toBe(BUDGET_PRICES[slug]);
      expect(priceMin).toBe(BUDGET_PRICES[slug]);
      expect(
        packages.every((p) => Number.isInteger(p.price) && p.price > 0 && p.per.length > 0),
      ).toBe(true);
      expect(packages[0]!.price).toBeLessThan(packages[1]!.price);
      expect(packages[1]!.price).toBeLessThan(packages[2]!.price);

      expect(durationDays).toBeGreaterThanOrEqual(2);
      expect(durationDays).toBeLessThanOrEqual(7);
      expect(itinerary).toHaveLength(durationDays!);
      expect(itinerary.map((d) => d.day)).toEqual(
        Array.from({ length: durationDays! }, (_, i) => i + 1),
      );
      expect(itinerary.every((d) => d.title.length > 0 && d.description.length > 0)).toBe(true);
    },
  );

  it("budget prices: gorilla 1,200 with standard 1,800 and luxury 2,500", async () => {
    const gorilla = await queryActiveTourBySlug(t.db, "gorilla-safari");
    expect(gorilla!.packages.map((p) => p.price)).toEqual([1200, 1800, 2500]);
  });

  it("has guides", async () => {
    expect(await countRows(guides)).toBeGreaterThan(0);
  });
});

describe("queryActiveTourCards", () => {
  it("lists the featured tours first, in rank order", async () => {
    const cards = await queryActiveTourCards(t.db);
    expect(cards.slice(0, 3).map((c) => c.slug)).toEqual(FEATURED);
    expect(cards.slice(0, 3).map((c) => c.featuredRank)).toEqual([1, 2, 3]);
    expect(cards.slice(3).every((c) => c.featuredRank === null)).toBe(true);
  });

  it("returns card fields only (a DTO, not the row)", async () => {
    const [card] = await queryActiveTourCards(t.db);
    expect(card).toBeDefined();
    expect(card).not.toHaveProperty("pricing");
    expect(card).not.toHaveProperty("isActive");
    expect(card).not.toHaveProperty("itinerary");
    expect(card!.highlights.length).toBeGreaterThan(0);
  });
});

describe("queryActiveTourBySlug", () => {
  it("finds a tour by its slug", async () => {
    const tour = await queryActiveTourBySlug(t.db, "gorilla-safari");
    expect(tour?.title).toBeTruthy();
    expect(tour?.category).toBe("Wildlife");
    expect(typeof tour?.updatedAt).toBe("string");
  });

  it.each([
    "does-not-exist",
    "Gorilla-Safari",
    "gorilla_safari",
    "../gorilla-safari",
    "%E0%A4%A",
    "'; drop table tours;--",
    "<script>alert(1)</script>",
    "",
    "a".repeat(101),
  ])("returns null for the unknown or malformed slug %j", async (slug) => {
    expect(await queryActiveTourBySlug(t.db, slug)).toBeNull();
  });

  it("returns null for a hidden tour, which also leaves the list", async () => {
    const slug = "lakeside-safari";
    await t.db.update(tours).set({ isActive: false }).where(eq(tours.slug, slug));
    try {
      expect(await queryActiveTourBySlug(t.db, slug)).toBeNull();
      const cards = await queryActiveTourCards(t.db);
      expect(cards).toHaveLength(11);
      expect(cards.map((c) => c.slug)).not.toContain(slug);
    } finally {
      await t.db.update(tours).set({ isActive: true }).where(eq(tours.slug, slug));
    }
    expect(await queryActiveTourBySlug(t.db, slug)).not.toBeNull();
  });
});

describe("seed", () => {
  it("is idempotent: running it twice changes no counts", async () => {
    const before = { tours: await countRows(tours), guides: await countRows(guides) };
    const first = await seed(t.db, { demo: false });
    const second = await seed(t.db, { demo: false });
    expect({ tours: first.tours, guides: first.guides }).toEqual(before);
    expect({ tours: second.tours, guides: second.guides }).toEqual(before);
    expect({ tours: await countRows(tours), guides: await countRows(guides) }).toEqual(before);
  });

  it("is idempotent with the demo data as well", async () => {
    const seededCounts = async () => {
      await seed(t.db, { demo: true });
      return {
        tours: await countRows(tours),
        guides: await countRows(guides),
        users: await countRows(users),
        admins: await countRows(adminUsers),
        bookings: await countRows(bookings),
      };
    };
    const after1 = await seededCounts();
    const after2 = await seededCounts();
    expect(after2).toEqual(after1);
    expect(after1.tours).toBe(12);
  });

  it("never overwrites an admin's edit of a seeded tour", async () => {
    await t.db
      .update(tours)
      .set({ title: "Gorilla Trek (edited)" })
      .where(eq(tours.slug, "gorilla-safari"));
    try {
      await seed(t.db, { demo: false });
      const [row] = await t.db
        .select({ title: tours.title })
        .from(tours)
        .where(eq(tours.slug, "gorilla-safari"));
      expect(row?.title).toBe("Gorilla Trek (edited)");
    } finally {
      await t.db
        .update(tours)
        .set({ title: "Gorilla Trek & Safari Escape" })
        .where(eq(tours.slug, "gorilla-safari"));
    }
  });
});

describe("constraints", () => {
  it("accepts a valid tour (control)", async () => {
    const [row] = await t.db
      .insert(tours)
      .values(validTour({ slug: "constraint-control" }))
      .returning({ id: tours.id });
    expect(row?.id).toBeTruthy();
    await t.db.delete(tours).where(inArray(tours.slug, ["constraint-control"]));
  });

  it("rejects a duplicate slug", async () => {
    const error = await dbError(t.db.insert(tours).values(validTour({ slug: "gorilla-safari" })));
    expect(error.code).toBe("23505");
    expect(error.message).toMatch(/tours_slug_idx/);
  });

  it("rejects an unknown category", async () => {
    const error = await dbError(
      t.db
        .insert(tours)
        .values(validTour({ slug: "bad-category", category: "Beach" as NewTour["category"] })),
    );
    expect(error.code).toBe("23514");
    expect(error.message).toMatch(/tours_category_check/);
  });

  it("rejects a malformed slug", async () => {
    const error = await dbError(t.db.insert(tours).values(validTour({ slug: "Bad Slug!" })));
    expect(error.code).toBe("23514");
    expect(error.message).toMatch(/tours_slug_format/);
  });

  it("accepts a valid booking (control)", async () => {
    const [row] = await t.db
      .insert(bookings)
      .values(validBooking({ groupSize: 1 }))
      .returning({ id: bookings.id });
    expect(row?.id).toBeTruthy();
    await t.db.delete(bookings).where(eq(bookings.id, row!.id));
  });

  it("rejects a booking without accepted terms", async () => {
    const error = await dbError(
      t.db.insert(bookings).values(validBooking({ termsAccepted: false })),
    );
    expect(error.code).toBe("23514");
    expect(error.message).toMatch(/bookings_terms_accepted/);
  });

  it.each([0, -1, 51])("rejects a booking with group size %i", async (groupSize) => {
    const error = await dbError(t.db.insert(bookings).values(validBooking({ groupSize })));
    expect(error.code).toBe("23514");
    expect(error.message).toMatch(/bookings_group_size_check/);
  });
});

describe("refreshCatalogue", () => {
  it("tags every cached catalogue read, and a change to a tour expires the tag at once", async () => {
    // The cached reads behind home, /tours and the tour pages (getActiveTourCards, -BySlug).
    expect(catalogueCaches).toHaveLength(2);
    for (const [, , options] of catalogueCaches) {
      expect(options?.tags).toContain(TOURS_TAG);
    }

    // What the admin's tour editor will do: write the tour, then refresh the catalogue.
    await t.db
      .update(tours)
      .set({ title: "Sipi Falls (Updated)" })
      .where(eq(tours.slug, "sipi-falls"));
    refreshCatalogue();
    expect(nextCache.revalidateTag).toHaveBeenCalledWith(TOURS_TAG, { expire: 0 });
    expect((await getActiveTourBySlug("sipi-falls"))?.title).toBe("Sipi Falls (Updated)");
  });
});
