/**
 * A staff member uploads, replaces and deletes a tour's pictures through the route handlers:
 * what the answer says, what the tour row names, what is on disk, and what the public tour page
 * reads. A failing storage never leaves the tour naming a picture that is not there.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { queryActiveTourBySlug } from "@/lib/dal/tours";
import { setStorage } from "@/lib/storage";
import { pictureKeys } from "@/lib/storage/picture";
import { actAs } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import {
  deleteMedia,
  failingStorage,
  makeStaff,
  photo,
  putThumbnail,
  tourOf,
  uploadMedia,
  useTempStorage,
} from "@/tests/helpers/media-world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let storage: Awaited<ReturnType<typeof useTempStorage>>;
let tourId: string;

beforeAll(async () => {
  actAs(await makeStaff(t.db));
  tourId = (await tourOf(t.db, "nile-adventure")).id;
});
afterAll(() => actAs(null));

// Each test on an empty disk and a tour without uploads.
beforeEach(async () => {
  storage = await useTempStorage();
  await t.db.update(tours).set({ media: [], thumbnail: null }).where(eq(tours.id, tourId));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await storage.stop();
});

describe("gallery uploads", () => {
  it("stores several photos as WebP widths under the spec's keys and appends them to the tour", async () => {
    const got = await uploadMedia(tourId, [
      { name: "rafting.jpg", bytes: await photo(2000, 1333) },
      { name: "bujagali.png", bytes: await photo(700, 500, "png"), type: "image/png" },
    ]);
    expect(got.status).toBe(201);
    expect(got.body).toMatchObject({
      title: "Images uploaded",
      message: "2 image(s) added successfully.",
    });

    const tour = await tourOf(t.db, "nile-adventure");
    expect(tour.media).toHaveLength(2);
    const [first, second] = tour.media;
    expect(first!.key).toMatch(/^nile-adventure\/media\/\d{13}-[a-z0-9]+$/);
    expect(first).toMatchObject({
      width: 2000,
      height: 1333,
      widths: [480, 768, 960, 1600, 2000],
      format: "webp",
    });
    expect(second).toMatchObject({ width: 700, height: 500, widths: [480, 700] });
    expect(await storage.files()).toEqual([...pictureKeys(first!), ...pictureKeys(second!)].sort());

    // The answer gives the admin grid what it shows: URLs of the stored variants.
    const media = got.body.media as { key: string; src: string; srcSet: string }[];
    expect(media[0]).toMatchObject({ key: first!.key, src: `/media/${first!.key}-960.webp` });
    expect(media[0]!.srcSet).toContain(`/media/${first!.key}-2000.webp 2000w`);

    // The public tour page reads the gallery.
    const detail = await queryActiveTourBySlug(await getDb(), "nile-adventure");
    expect(detail?.media.map((p) => p.key)).toEqual([first!.key, second!.key]);
  });

  it("refuses the whole request when one file is disguised, naming it, and stores nothing", async () => {
    const got = await uploadMedia(tourId, [
      { name: "rafting.jpg", bytes: await photo(800, 600) },
      { name: "invoice.jpg", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
    ]);
    expect(got.status).toBe(422);
    expect(got.body).toMatchObject({
      title: "Error uploading images",
      message: "invoice.jpg: not a JPEG, PNG, WebP or AVIF image.",
      files: [
        { file: "invoice.jpg", message: "invoice.jpg: not a JPEG, PNG, WebP or AVIF image." },
      ],
    });
    expect((await tourOf(t.db, "nile-adventure")).media).toEqual([]);
    expect(await storage.files()).toEqual([]);
  });

  it("answers a storage failure with the spec's error and leaves neither a row entry nor objects", async () => {
    setStorage(failingStorage(storage.driver, { putNumber: 4 }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const got = await uploadMedia(tourId, [
      { name: "one.jpg", bytes: await photo(1000, 700) },
      { name: "two.jpg", bytes: await photo(1000, 700, "jpeg", 90) },
    ]);
    expect(got.status).toBe(500);
    expect(got.body).toEqual({
      title: "Error uploading images",
      message: "The images could not be stored. Please try again.",
    });
    expect((await tourOf(t.db, "nile-adventure")).media).toEqual([]);
    // The first picture's objects and the second's written widths were removed again.
    expect(await storage.files()).toEqual([]);
    expect(errors.mock.calls.flat().join(" ")).not.toMatch(/storage_orphans/);
  });

  it("refuses more than 10 files, a body that is not a form, and an unknown tour", async () => {
    const bytes = await photo(100, 100);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes }));
    expect((await uploadMedia(tourId, eleven)).status).toBe(413);

    const { POST } = await import("@/app/api/admin/tours/[id]/media/route");
    const notForm = await POST(
      new Request(`http://localhost:3000/api/admin/tours/${tourId}/media`, {
        method: "POST",
        body: JSON.stringify({ files: ["x"] }),
        headers: { "content-type": "application/json" },
      }),
      { params: Promise.resolve({ id: tourId }) },
    );
    expect(notForm.status).toBe(400);

    const unknown = await uploadMedia(crypto.randomUUID(), [{ name: "a.jpg", bytes }]);
    expect(unknown).toEqual({
      status: 404,
      body: { title: "Error uploading images", message: "This tour or image no longer exists." },
    });
    expect((await uploadMedia("not-a-uuid", [{ name: "a.jpg", bytes }])).status).toBe(400);
    expect(await storage.files()).toEqual([]);
  });
});

describe("gallery delete", () => {
  it("removes the picture from the tour and every one of its objects", async () => {
    const added = await uploadMedia(tourId, [
      { name: "a.jpg", bytes: await photo(1200, 800) },
      { name: "b.jpg", bytes: await photo(1200, 800, "jpeg", 90) },
    ]);
    const [a, b] = (await tourOf(t.db, "nile-adventure")).media;
    expect(added.status).toBe(201);

    const got = await deleteMedia(tourId, a!.key);
    expect(got).toEqual({
      status: 200,
      body: { title: "Image deleted", message: "The image has been removed successfully." },
    });
    expect((await tourOf(t.db, "nile-adventure")).media).toEqual([b]);
    expect(await storage.files()).toEqual(pictureKeys(b!).sort());

    expect(await deleteMedia(tourId, a!.key)).toMatchObject({
      status: 404,
      body: { title: "Error deleting image" },
    });
    expect((await deleteMedia(tourId, "../../etc/passwd")).status).toBe(400);
  });

  it("forgets the picture even when storage fails, and logs the objects left behind", async () => {
    await uploadMedia(tourId, [{ name: "a.jpg", bytes: await photo(600, 400) }]);
    const [a] = (await tourOf(t.db, "nile-adventure")).media;
    setStorage(failingStorage(storage.driver, { deletes: true }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    expect((await deleteMedia(tourId, a!.key)).status).toBe(200);
    expect((await tourOf(t.db, "nile-adventure")).media).toEqual([]);
    const logged = JSON.parse(String(errors.mock.calls[0]![0])) as {
      event: string;
      keys: string[];
    };
    expect(logged).toMatchObject({ event: "storage_orphans", keys: pictureKeys(a!) });
  });
});

describe("thumbnail", () => {
  it("is stored under '{slug}/thumbnail-{hash}', replaces the previous one and removes its objects", async () => {
    const first = await photo(1800, 1200);
    const put1 = await putThumbnail(tourId, { name: "cover.jpg", bytes: first });
    expect(put1.status).toBe(200);
    const one = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    expect(one.key).toMatch(/^nile-adventure\/thumbnail-[0-9a-f]{12}$/);
    expect(await storage.files()).toEqual(pictureKeys(one).sort());

    // The same file again: the same keys, still there.
    await putThumbnail(tourId, { name: "cover-again.jpg", bytes: first });
    expect((await tourOf(t.db, "nile-adventure")).thumbnail).toEqual(one);
    expect(await storage.files()).toEqual(pictureKeys(one).sort());

    const put2 = await putThumbnail(tourId, {
      name: "new.jpg",
      bytes: await photo(1800, 1200, "jpeg", 200),
    });
    expect(put2.status).toBe(200);
    const two = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    expect(two.key).not.toBe(one.key);
    expect(await storage.files()).toEqual(pictureKeys(two).sort());

    // The public pages read it (cards and the tour page).
    const detail = await queryActiveTourBySlug(await getDb(), "nile-adventure");
    expect(detail?.thumbnail).toEqual(two);
  });

  it("keeps the previous thumbnail when the new one cannot be stored", async () => {
    await putThumbnail(tourId, { name: "cover.jpg", bytes: await photo(900, 600) });
    const before = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    setStorage(failingStorage(storage.driver, { putNumber: 2 }));
    vi.spyOn(console, "error").mockImplementation(() => {});

    const got = await putThumbnail(tourId, {
      name: "new.jpg",
      bytes: await photo(900, 600, "jpeg", 200),
    });
    expect(got.status).toBe(500);
    expect((await tourOf(t.db, "nile-adventure")).thumbnail).toEqual(before);
    expect(await storage.files()).toEqual(pictureKeys(before).sort());
  });
});
