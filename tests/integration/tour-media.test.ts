/**
 * A staff member uploads, replaces and deletes a tour's pictures through the route handlers:
 * what the answer says, what the tour row names, what is on disk, and what the public tour page
 * reads. A failing storage never leaves the tour naming a picture that is not there.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { getDb } from "@/db";
import { tours } from "@/db/schema";
import { tourObjectsToDelete } from "@/lib/tours/data/media";
import { queryActiveTourBySlug } from "@/lib/tours/data/catalogue";
import { setStorage } from "@/lib/storage";
import { pictureKeys, type StoredPicture } from "@/lib/storage/picture";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import {
  deleteMedia,
  failingStorage,
  makeStaff,
  photo,
  putThumbnail,
  tempStorageHooks,
  tourOf,
  uploadMedia,
} from "@/tests/helpers/media-world";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let tourId: string;
let staff: WorldUser;

beforeAll(async () => {
  staff = await makeStaff(t.db);
  actAs(staff);
  tourId = (await tourOf(t.db, "nile-adventure")).id;
});
afterAll(() => actAs(null));

// Each test on an empty disk and a tour without uploads.
const storage = tempStorageHooks("each");
beforeEach(async () => {
  await t.db.update(tours).set({ media: [], thumbnail: null }).where(eq(tours.id, tourId));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("gallery uploads", () => {
  it("stores several photos as WebP widths under tours/<id>/media/ keys and appends them to the tour", async () => {
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
    expect(first!.key).toMatch(new RegExp(`^tours/${tourId}/media/\\d{13}-[a-z0-9]{12}$`));
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

  it("answers a storage failure with the upload's failure toast and leaves neither a row entry nor objects", async () => {
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
  it("is stored under 'tours/{tourId}/thumbnail-{timestamp}-{random}', replaces the previous one and removes its objects", async () => {
    const first = await photo(1800, 1200);
    const put1 = await putThumbnail(tourId, { name: "cover.jpg", bytes: first });
    expect(put1.status).toBe(200);
    const one = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    expect(one.key).toMatch(new RegExp(`^tours/${tourId}/thumbnail-\\d{13}-[a-z0-9]{12}$`));
    expect(await storage.files()).toEqual(pictureKeys(one).sort());

    // The same file again: keys of its own (no upload shares an object), the first one's gone.
    await putThumbnail(tourId, { name: "cover-again.jpg", bytes: first });
    const again = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    expect(again.key).not.toBe(one.key);
    expect(again).toEqual({ ...one, key: again.key });
    expect(await storage.files()).toEqual(pictureKeys(again).sort());

    const put2 = await putThumbnail(tourId, {
      name: "new.jpg",
      bytes: await photo(1800, 1200, "jpeg", 200),
    });
    expect(put2.status).toBe(200);
    const two = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    expect(two.key).not.toBe(again.key);
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

describe("pictures shared by two tours", () => {
  /** A tour of its own for one test, with no pictures. */
  async function newTour(slug: string) {
    const [row] = await t.db
      .insert(tours)
      .values({ title: `Tour ${slug}`, slug, category: "Nature" })
      .returning({ id: tours.id });
    return row!.id;
  }

  /** What a browser gets for each object of a picture, through the public media route. */
  async function served(picture: StoredPicture): Promise<number[]> {
    return Promise.all(
      pictureKeys(picture).map(async (key) => {
        const response = await serveMedia(new Request(`http://localhost:3000/media/${key}`), {
          params: Promise.resolve({ key: key.split("/") }),
        });
        return response.status;
      }),
    );
  }

  const thumbnailOf = async (id: string) =>
    (await t.db.select({ thumbnail: tours.thumbnail }).from(tours).where(eq(tours.id, id)))[0]!
      .thumbnail!;

  it("a renamed tour keeps its thumbnail when a new tour takes its old slug and replaces the same photo", async () => {
    const slug = `twin-lakes-${crypto.randomUUID().slice(0, 6)}`;
    const cover = await photo(1200, 800, "jpeg", 150);

    const a = await newTour(slug);
    expect((await putThumbnail(a, { name: "cover.jpg", bytes: cover })).status).toBe(200);
    const aThumbnail = await thumbnailOf(a);
    await t.db
      .update(tours)
      .set({ slug: `${slug}-old` })
      .where(eq(tours.id, a));

    // A new tour under A's old slug, given the same photo, then a different one.
    const b = await newTour(slug);
    expect((await putThumbnail(b, { name: "cover.jpg", bytes: cover })).status).toBe(200);
    const bFirst = await thumbnailOf(b);
    expect(
      (await putThumbnail(b, { name: "new.jpg", bytes: await photo(1200, 800, "jpeg", 220) }))
        .status,
    ).toBe(200);

    // A's row and every object of its picture are as they were: it still serves.
    expect(await thumbnailOf(a)).toEqual(aThumbnail);
    expect(await served(aThumbnail)).toEqual(aThumbnail.widths.map(() => 200));
    // B's first thumbnail, named by no row any more, is gone.
    expect(await served(bFirst)).toEqual(bFirst.widths.map(() => 404));
    // Each tour's keys are its own: they start with its id, never with the slug it had.
    expect(bFirst.key).not.toBe(aThumbnail.key);
    expect(aThumbnail.key.startsWith(`tours/${a}/`)).toBe(true);
    expect(bFirst.key.startsWith(`tours/${b}/`)).toBe(true);
  });

  it("never deletes an object another tour still names (pictures two rows already share)", async () => {
    const slug = `crater-${crypto.randomUUID().slice(0, 6)}`;
    const [a, b] = [await newTour(`${slug}-a`), await newTour(`${slug}-b`)];
    // Two pictures stored under the old slug keys, named by both tours: what a rename and a
    // reused slug left behind before keys carried the tour's id.
    const shared = async (key: string, r: number): Promise<StoredPicture> => {
      const bytes = await sharp(await photo(480, 320, "jpeg", r))
        .webp()
        .toBuffer();
      await storage.driver.put(`${key}-480.webp`, bytes, "image/webp");
      return { key, width: 480, height: 320, widths: [480], format: "webp" };
    };
    const gallery = await shared(`${slug}/media/1700000000000-abc123`, 10);
    const cover = await shared(`${slug}/thumbnail-0123456789ab`, 20);
    for (const id of [a, b]) {
      await t.db
        .update(tours)
        .set({ thumbnail: cover, media: [gallery] })
        .where(eq(tours.id, id));
    }

    expect((await deleteMedia(b, gallery.key)).status).toBe(200);
    expect(
      (await putThumbnail(b, { name: "new.jpg", bytes: await photo(900, 600, "jpeg", 90) })).status,
    ).toBe(200);

    // B forgot both; A still names them, so their objects are still there.
    const [rowB] = await t.db.select().from(tours).where(eq(tours.id, b));
    expect(rowB!.media).toEqual([]);
    expect(rowB!.thumbnail!.key).not.toBe(cover.key);
    expect(await served(gallery)).toEqual([200]);
    expect(await served(cover)).toEqual([200]);

    // Once A forgets the gallery picture too, no row names it: its objects go.
    expect((await deleteMedia(a, gallery.key)).status).toBe(200);
    expect(await served(gallery)).toEqual([404]);
  });
});

describe("deleting a tour", () => {
  it("leaves out the objects another tour still names", async () => {
    const slug = `delta-${crypto.randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (const suffix of ["a", "b"]) {
      const [row] = await t.db
        .insert(tours)
        .values({ title: `Tour ${suffix}`, slug: `${slug}-${suffix}`, category: "Nature" })
        .returning({ id: tours.id });
      ids.push(row!.id);
    }
    const [a, b] = ids as [string, string];
    const shared: StoredPicture = {
      key: `${slug}/thumbnail-0123456789ab`,
      width: 480,
      height: 320,
      widths: [480],
      format: "webp",
    };
    await t.db.update(tours).set({ thumbnail: shared }).where(eq(tours.id, a));
    await t.db.update(tours).set({ thumbnail: shared }).where(eq(tours.id, b));
    expect((await uploadMedia(b, [{ name: "own.jpg", bytes: await photo(480, 320) }])).status).toBe(
      201,
    );
    const own = (await t.db.select().from(tours).where(eq(tours.id, b)))[0]!;

    // B's own gallery picture goes with it; the thumbnail A names too stays.
    expect(await tourObjectsToDelete(b, own)).toEqual(pictureKeys(own.media[0]!));
    await t.db.update(tours).set({ thumbnail: null }).where(eq(tours.id, a));
    expect(await tourObjectsToDelete(b, own)).toEqual([
      ...pictureKeys(shared),
      ...pictureKeys(own.media[0]!),
    ]);
  });
});

describe("audit trail", () => {
  const eventsOf = (id: string) => auditTrail(t.db, { targetType: "tour", targetId: id });

  it("records each upload and delete with the staff member, the tour, the slot and the keys", async () => {
    const before = (await eventsOf(tourId)).length;
    await uploadMedia(tourId, [{ name: "a.jpg", bytes: await photo(600, 400) }]);
    const [added] = (await tourOf(t.db, "nile-adventure")).media;
    await putThumbnail(tourId, { name: "cover.jpg", bytes: await photo(600, 400, "jpeg", 99) });
    const cover = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    await putThumbnail(tourId, { name: "new.jpg", bytes: await photo(600, 400, "jpeg", 11) });
    const replacement = (await tourOf(t.db, "nile-adventure")).thumbnail!;
    await deleteMedia(tourId, added!.key);

    const events = (await eventsOf(tourId)).slice(before);
    expect(events).toMatchObject([
      {
        action: "tour.picture_upload",
        actorUserId: staff.id,
        actorLabel: staff.email,
        actorRole: "staff",
        outcome: "success",
        details: { slot: "media", keys: [added!.key] },
      },
      {
        action: "tour.picture_upload",
        actorUserId: staff.id,
        details: { slot: "thumbnail", key: cover.key, replaced: null },
      },
      {
        action: "tour.picture_upload",
        actorUserId: staff.id,
        details: { slot: "thumbnail", key: replacement.key, replaced: cover.key },
      },
      {
        action: "tour.picture_delete",
        actorUserId: staff.id,
        details: { slot: "media", key: added!.key },
      },
    ]);
  });

  it("makes no change whose event cannot be written: the event is in the change's transaction", async () => {
    await uploadMedia(tourId, [{ name: "a.jpg", bytes: await photo(600, 400) }]);
    const before = await tourOf(t.db, "nile-adventure");
    const files = await storage.files();
    vi.spyOn(console, "error").mockImplementation(() => {});
    // The trail's table out of reach: every event write fails.
    await t.db.execute(sql`alter table audit_events rename to audit_events_away`);
    try {
      const bytes = await photo(600, 400, "jpeg", 77);
      expect((await uploadMedia(tourId, [{ name: "b.jpg", bytes }])).status).toBe(500);
      expect((await putThumbnail(tourId, { name: "c.jpg", bytes })).status).toBe(500);
      expect((await deleteMedia(tourId, before.media[0]!.key)).status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table audit_events_away rename to audit_events`);
    }
    // The row as it was, and no object of the refused uploads left on the disk.
    expect(await tourOf(t.db, "nile-adventure")).toEqual(before);
    expect(await storage.files()).toEqual(files);
  });

  it("records nothing for a refused upload or a delete of a picture the tour does not have", async () => {
    const before = (await eventsOf(tourId)).length;
    await uploadMedia(tourId, [{ name: "x.jpg", bytes: Buffer.from("<html></html>") }]);
    await deleteMedia(tourId, "nile-adventure/media/1-nothing");
    expect(await eventsOf(tourId)).toHaveLength(before);
  });
});
