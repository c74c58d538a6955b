/**
 * The admin Tours screen's actions as staff and admins use them: what the answer says, what the
 * tour row holds, what the public catalogue reads, what storage keeps, and what bookings keep.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  createTourAction,
  deleteTourAction,
  setTourActiveAction,
  updateTourAction,
} from "@/actions/tours";
import { bookings, tours } from "@/db/schema";
import { listToursForStaff } from "@/lib/tours/data/manage";
import { queryActiveTourBySlug, queryActiveTourCards } from "@/lib/tours/data/catalogue";
import { setStorage } from "@/lib/storage";
import type { TourInput } from "@/lib/tours/schemas";
import { actAs, createWorld, type WorldUser } from "@/tests/helpers/customer-world";
import {
  failingStorage,
  makeStaff,
  photo,
  putThumbnail,
  tempStorageHooks,
  uploadMedia,
} from "@/tests/helpers/media-world";
import { tourForm } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createWorld);
let staff: WorldUser;

const form = tourForm;

async function rowOf(slug: string) {
  const [row] = await t.db.select().from(tours).where(eq(tours.slug, slug));
  return row;
}

async function create(overrides: Partial<TourInput> = {}) {
  const state = await createTourAction(undefined, form(overrides));
  expect(state).toMatchObject({ status: "success" });
  return (await rowOf(String(overrides.slug ?? form().slug)))!;
}

beforeAll(async () => {
  staff = await makeStaff(t.db);
});
afterAll(() => actAs(null));
beforeEach(() => actAs(staff));

describe("add and edit a tour", () => {
  it("creates the tour with its success toast, lists split and trimmed, price label from the first tier", async () => {
    const state = await createTourAction(undefined, form());
    expect(state).toMatchObject({
      status: "success",
      title: "Tour created",
      message: "Sipi Falls Coffee Trail has been successfully added.",
    });
    const row = (await rowOf("sipi-falls-coffee-trail"))!;
    expect(row).toMatchObject({
      category: "Nature",
      durationDays: 3,
      overview: null,
      durationLabel: null,
      tags: ["waterfalls", "coffee", "hiking"],
      highlights: ["Sipi's three falls", "Arabica roasting"],
      inclusions: ["Guide", "Lodge", "Meals"],
      exclusions: ["Flights"],
      priceLabel: "$450 per person",
      priceMin: 450,
      isActive: true,
      featuredRank: null,
    });
    expect(row.itinerary.map((d) => d.day)).toEqual([1, 2]);
    expect(row.pricing.packages).toEqual([
      { name: "Standard", price: 450, per: "person" },
      { name: "Luxury", price: 900, per: "person", description: "Private lodge" },
    ]);
    // On the public catalogue at once.
    expect(await queryActiveTourBySlug(t.db, "sipi-falls-coffee-trail")).toMatchObject({
      title: "Sipi Falls Coffee Trail",
      priceMin: 450,
    });
  });

  it("refuses a slug another tour has, on add and on edit, with 'Slug already exists' on the slug", async () => {
    const taken = await createTourAction(
      undefined,
      form({ title: "Another", slug: "gorilla-safari" }),
    );
    expect(taken).toMatchObject({
      status: "invalid",
      title: "Slug already exists",
      message: "Please choose a different slug.",
      fieldErrors: { slug: ["Please choose a different slug."] },
    });
    expect(taken.status === "invalid" && taken.values.title).toBe("Another");

    const mine = await create({ title: "Ssese Islands", slug: "ssese-islands" });
    const edit = await updateTourAction(undefined, {
      ...form({ title: "Ssese Islands", slug: "gorilla-safari" }),
      id: mine.id,
    });
    expect(edit).toMatchObject({
      status: "invalid",
      fieldErrors: { slug: ["Please choose a different slug."] },
    });
    expect((await rowOf("ssese-islands"))!.title).toBe("Ssese Islands");

    // Its own slug is no clash; the price follows the new first tier.
    const saved = await updateTourAction(undefined, {
      ...form({
        title: "Ssese Islands Retreat",
        slug: "ssese-islands",
        pricing: [{ name: "Budget", price: "275", per: "couple", description: "" }],
      }),
      id: mine.id,
    });
    expect(saved).toMatchObject({ status: "success", title: "Tour updated" });
    expect(await rowOf("ssese-islands")).toMatchObject({
      title: "Ssese Islands Retreat",
      priceLabel: "$275 per couple",
      priceMin: 275,
    });
  });

  it("gives each refused field its own message and saves nothing", async () => {
    const state = await createTourAction(undefined, {
      ...form({ title: "", slug: "Bad Slug!", pricing: [] }),
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: {
        title: ["Title is required"],
        slug: ["Slug must contain only lowercase letters, numbers, and hyphens"],
        pricing: ["At least one pricing tier required"],
      },
    });
    const tier = await createTourAction(undefined, {
      ...form({
        slug: "tier-check",
        pricing: [{ name: "", price: "-5", per: "", description: "" }],
      }),
    });
    expect(tier).toMatchObject({
      fieldErrors: {
        "pricing.0.name": ["Package name required"],
        "pricing.0.price": ["Price must be positive"],
        "pricing.0.per": ["Per required (e.g., person)"],
      },
    });
    expect(await rowOf("tier-check")).toBeUndefined();
  });

  it("keeps the meeting point staff enter, shows it on the public tour, and clears it when blanked", async () => {
    const row = await create({
      title: "Ssese Islands Escape",
      slug: "ssese-escape",
      meetingPoint: "  Entebbe ferry pier, 8:00 am on day 1 ",
    });
    expect(row.meetingPoint).toBe("Entebbe ferry pier, 8:00 am on day 1");
    expect(await queryActiveTourBySlug(t.db, "ssese-escape")).toMatchObject({
      meetingPoint: "Entebbe ferry pier, 8:00 am on day 1",
    });

    const tooLong = await updateTourAction(undefined, {
      ...form({ title: "Ssese Islands Escape", slug: "ssese-escape", meetingPoint: "x".repeat(201) }),
      id: row.id,
    });
    expect(tooLong).toMatchObject({ status: "invalid", fieldErrors: { meetingPoint: [expect.any(String)] } });

    await updateTourAction(undefined, {
      ...form({ title: "Ssese Islands Escape", slug: "ssese-escape", meetingPoint: "" }),
      id: row.id,
    });
    expect((await rowOf("ssese-escape"))!.meetingPoint).toBeNull();
  });

  it("finds tours by title or slug", async () => {
    await create({ title: "Elgon Caldera Climb", slug: "wagagai-summit" });
    expect((await listToursForStaff("caldera")).items.map((r) => r.slug)).toEqual([
      "wagagai-summit",
    ]);
    expect((await listToursForStaff("WAGAGAI")).items.map((r) => r.title)).toEqual([
      "Elgon Caldera Climb",
    ]);
    expect((await listToursForStaff("%")).items).toEqual([]);
  });
});

describe("featured on home", () => {
  it("a tour given 'Featured on Home' 1 leads the catalogue", async () => {
    const tour = await create({
      title: "Ziwa Rhino Walk",
      slug: "ziwa-rhino-walk",
      featuredRank: "1",
    });
    expect(tour.featuredRank).toBe(1);
    const cards = await queryActiveTourCards(t.db);
    expect(cards[0]!.slug).toBe("ziwa-rhino-walk");
    await updateTourAction(undefined, {
      ...form({ title: "Ziwa Rhino Walk", slug: "ziwa-rhino-walk", featuredRank: "" }),
      id: tour.id,
    });
    expect((await queryActiveTourCards(t.db))[0]!.slug).not.toBe("ziwa-rhino-walk");
  });
});

describe("hide and activate", () => {
  it("hides a tour from the public catalogue and brings it back, with a toast each way", async () => {
    const tour = await create({ title: "Lake Bunyonyi Canoe", slug: "lake-bunyonyi-canoe" });
    expect(await setTourActiveAction(undefined, { id: tour.id, isActive: false })).toMatchObject({
      status: "success",
      title: "Tour hidden",
      message: "Lake Bunyonyi Canoe is now hidden from the website.",
    });
    expect(await queryActiveTourBySlug(t.db, "lake-bunyonyi-canoe")).toBeNull();
    expect(await setTourActiveAction(undefined, { id: tour.id, isActive: true })).toMatchObject({
      title: "Tour activated",
      message: "Lake Bunyonyi Canoe is now visible on the website.",
    });
    expect(await queryActiveTourBySlug(t.db, "lake-bunyonyi-canoe")).not.toBeNull();
  });
});

describe("delete", () => {
  const storage = tempStorageHooks("each");

  async function tourWithPictures(slug: string) {
    const tour = await create({ title: `Tour ${slug}`, slug });
    expect(
      (await putThumbnail(tour.id, { name: "cover.jpg", bytes: await photo(1200, 800) })).status,
    ).toBe(200);
    expect(
      (await uploadMedia(tour.id, [{ name: "a.jpg", bytes: await photo(900, 600) }])).status,
    ).toBe(201);
    const [booking] = await t.db
      .insert(bookings)
      .values({
        source: "public",
        fullName: "Test Traveller",
        email: "traveller@example.com",
        phone: "+256 700 000 000",
        tourId: tour.id,
        tourPackage: `Tour ${slug} (3 Days)`,
        groupSize: 2,
        termsAccepted: true,
      })
      .returning({ id: bookings.id });
    return { tour, bookingId: booking!.id };
  }

  it("staff may not delete a tour", async () => {
    const tour = await create({ title: "Staff Cannot", slug: "staff-cannot" });
    expect(await deleteTourAction(undefined, { id: tour.id })).toMatchObject({
      status: "error",
      title: "Error deleting tour",
      message: "Only administrators can delete tours.",
    });
    expect(await rowOf("staff-cannot")).toBeDefined();
  });

  it("an admin's delete removes every stored picture and the row; bookings keep their package name", async () => {
    const { tour, bookingId } = await tourWithPictures("kidepo-valley");
    expect((await storage.files()).length).toBeGreaterThan(0);
    expect((await listToursForStaff("kidepo-valley")).items[0]).toMatchObject({ mediaCount: 1 });
    actAs(t.w.admin);
    expect(await deleteTourAction(undefined, { id: tour.id })).toMatchObject({
      status: "success",
      title: "Tour deleted",
      message: "Tour kidepo-valley has been permanently removed.",
    });
    expect(await rowOf("kidepo-valley")).toBeUndefined();
    expect(await storage.files()).toEqual([]);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ tourId: null, tourPackage: "Tour kidepo-valley (3 Days)" });
  });

  it("an admin's delete leaves the pictures another tour still names (older keys may be shared)", async () => {
    const { tour } = await tourWithPictures("sipi-falls-shared");
    const other = await create({ title: "Tour Sharing", slug: "sipi-falls-sharing" });
    const [row] = await t.db.select().from(tours).where(eq(tours.id, tour.id));
    // Two rows naming the same objects, as keys built from a slug and a content hash once could.
    await t.db.update(tours).set({ thumbnail: row!.thumbnail }).where(eq(tours.id, other.id));
    const before = await storage.files();
    actAs(t.w.admin);
    expect(await deleteTourAction(undefined, { id: tour.id })).toMatchObject({
      title: "Tour deleted",
    });
    const after = await storage.files();
    const thumbnailFiles = before.filter((f) => f.includes(row!.thumbnail!.key));
    expect(thumbnailFiles.length).toBeGreaterThan(0);
    expect(after).toEqual(expect.arrayContaining(thumbnailFiles));
    // The gallery picture only the deleted tour named is gone.
    expect(after.filter((f) => f.includes(row!.media[0]!.key))).toEqual([]);
  });

  it("a storage failure of some deletes is reported and leaves the tour naming no picture; deleting again finishes", async () => {
    const { tour } = await tourWithPictures("semuliki-hot-springs");
    setStorage(failingStorage(storage.driver, { deleteNumber: 2 }));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    actAs(t.w.admin);
    expect(await deleteTourAction(undefined, { id: tour.id })).toMatchObject({
      status: "error",
      title: "Error deleting tour",
    });
    expect(error.mock.calls.some(([line]) => String(line).includes("storage_orphans"))).toBe(true);
    error.mockRestore();
    expect(await rowOf("semuliki-hot-springs")).toMatchObject({ thumbnail: null, media: [] });

    setStorage(storage.driver);
    expect(await deleteTourAction(undefined, { id: tour.id })).toMatchObject({
      title: "Tour deleted",
    });
    expect(await rowOf("semuliki-hot-springs")).toBeUndefined();
  });
});
