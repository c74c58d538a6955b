/**
 * A staff member uploads and removes a library lodge's pictures through the route handlers on
 * the Lodges screen: what the answer says, what the lodge row names, what is on disk, what the
 * audit trail records, and what a traveller's proposal page reads of the lodge (lodgePicturesOf).
 * The checks of a file are the tour gallery's, and so are their messages.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { lodges } from "@/db/schema";
import { lodgePicturesOf } from "@/lib/library/data/choices";
import { listLodges } from "@/lib/library/data/lodges";
import { setStorage } from "@/lib/storage";
import { MAX_UPLOAD_BYTES } from "@/lib/storage/images";
import { pictureKeys } from "@/lib/storage/picture";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import {
  lodgeOf,
  makeLodge,
  removeLodgePicture,
  uploadLodgePictures,
} from "@/tests/helpers/lodge-pictures-world";
import {
  failingStorage,
  makeStaff,
  photo,
  tempStorageHooks,
  tourOf,
  uploadMedia,
} from "@/tests/helpers/media-world";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let lodgeId: string;
let otherLodgeId: string;
let staff: WorldUser;

beforeAll(async () => {
  staff = await makeStaff(t.db);
  actAs(staff);
  lodgeId = await makeLodge(t.db, "Gorilla Heights Lodge");
  otherLodgeId = await makeLodge(t.db, "Buhoma Camp");
});
afterAll(() => actAs(null));

// Each test on an empty disk and lodges without uploads.
const storage = tempStorageHooks("each");
beforeEach(async () => {
  await t.db
    .update(lodges)
    .set({ pictures: [] })
    .where(inArray(lodges.id, [lodgeId, otherLodgeId]));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("uploading a lodge's pictures", () => {
  it("stores each photo as WebP widths under lodges/<id>/media/ keys and adds it to the lodge", async () => {
    const got = await uploadLodgePictures(lodgeId, [
      { name: "banda.jpg", bytes: await photo(2000, 1333) },
      { name: "deck.png", bytes: await photo(700, 500, "png"), type: "image/png" },
    ]);
    expect(got.status).toBe(201);
    expect(got.body).toMatchObject({
      title: "Images uploaded",
      message: "2 image(s) added successfully.",
    });

    const { pictures } = await lodgeOf(t.db, lodgeId);
    expect(pictures).toHaveLength(2);
    const [first, second] = pictures;
    expect(first!.key).toMatch(new RegExp(`^lodges/${lodgeId}/media/\\d{13}-[a-z0-9]{12}$`));
    expect(first).toMatchObject({
      width: 2000,
      height: 1333,
      widths: [480, 768, 960, 1600, 2000],
      format: "webp",
    });
    expect(second).toMatchObject({ width: 700, height: 500, widths: [480, 700] });
    expect(await storage.files()).toEqual([...pictureKeys(first!), ...pictureKeys(second!)].sort());

    // The stored variant is served as WebP by the public media route.
    const variant = `${first!.key}-480.webp`;
    const served = await serveMedia(new Request(`http://localhost:3000/media/${variant}`), {
      params: Promise.resolve({ key: variant.split("/") }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    // The Lodges screen shows both as thumbnails; the other lodge keeps none.
    const listed = await listLodges();
    const card = listed.find((l) => l.id === lodgeId)!;
    expect(card.pictures.map((p) => p.key)).toEqual([first!.key, second!.key]);
    expect(card.pictures[0]!.srcSet).toContain(`/media/${first!.key}-480.webp 480w`);
    expect(listed.find((l) => l.id === otherLodgeId)!.pictures).toEqual([]);

    const [event] = await auditTrail(t.db, {
      action: "library.lodge_picture_upload",
      targetId: lodgeId,
    });
    expect(event).toMatchObject({
      actorUserId: staff.id,
      actorRole: "staff",
      targetType: "lodge",
      details: { lodge: "Gorilla Heights Lodge", keys: [first!.key, second!.key] },
    });
  });

  it("gives the traveller's proposal page a srcset of the uploaded picture instead of the artwork", async () => {
    const [before] = await lodgePicturesOf([lodgeId]);
    expect(before!.pictures).toEqual([
      {
        src: "/images/tours/bwindi-wellness.svg",
        srcSet: null,
        sizes: null,
        width: null,
        height: null,
      },
    ]);

    await uploadLodgePictures(lodgeId, [{ name: "view.jpg", bytes: await photo(1200, 800) }]);
    const { key } = (await lodgeOf(t.db, lodgeId)).pictures[0]!;
    const [after] = await lodgePicturesOf([lodgeId], "100vw");
    expect(after!.pictures).toEqual([
      {
        src: `/media/${key}-960.webp`,
        srcSet: [480, 768, 960, 1200].map((w) => `/media/${key}-${w}.webp ${w}w`).join(", "),
        sizes: "100vw",
        width: 1200,
        height: 800,
      },
    ]);
  });

  it("refuses a file that is not an image, and one over 10 MB, with the tour gallery's messages, storing nothing", async () => {
    const disguised = {
      name: "rates.jpg",
      bytes: Buffer.from("<html><script>alert(1)</script></html>"),
    };
    const jpeg = await photo(400, 300);
    const huge = {
      name: "huge.jpg",
      bytes: Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - jpeg.length)]),
    };

    const notImage = await uploadLodgePictures(lodgeId, [disguised]);
    expect(notImage).toEqual({
      status: 422,
      body: {
        title: "Error uploading images",
        message: "rates.jpg: not a JPEG, PNG, WebP or AVIF image.",
        files: [{ file: "rates.jpg", message: "rates.jpg: not a JPEG, PNG, WebP or AVIF image." }],
      },
    });
    const tooLarge = await uploadLodgePictures(lodgeId, [huge]);
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.message).toMatch(/^huge\.jpg: the file is larger than 10 MB\.$/);

    // The tour gallery answers the same files in the same words.
    const tourId = (await tourOf(t.db, "nile-adventure")).id;
    expect((await uploadMedia(tourId, [disguised])).body).toEqual(notImage.body);
    expect((await uploadMedia(tourId, [huge])).body).toEqual(tooLarge.body);

    expect((await lodgeOf(t.db, lodgeId)).pictures).toEqual([]);
    expect(await storage.files()).toEqual([]);
  });

  it("answers a storage failure with the upload's failure toast and leaves neither a row entry nor objects", async () => {
    setStorage(failingStorage(storage.driver, { putNumber: 3 }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const got = await uploadLodgePictures(lodgeId, [
      { name: "one.jpg", bytes: await photo(1000, 700) },
    ]);
    expect(got).toEqual({
      status: 500,
      body: {
        title: "Error uploading images",
        message: "The images could not be stored. Please try again.",
      },
    });
    expect((await lodgeOf(t.db, lodgeId)).pictures).toEqual([]);
    expect(await storage.files()).toEqual([]);
    expect(errors.mock.calls.flat().join(" ")).not.toMatch(/storage_orphans/);
  });

  it("refuses an unknown or malformed lodge id", async () => {
    const bytes = await photo(100, 100);
    expect(await uploadLodgePictures(crypto.randomUUID(), [{ name: "a.jpg", bytes }])).toEqual({
      status: 404,
      body: { title: "Error uploading images", message: "This lodge or picture no longer exists." },
    });
    expect(await uploadLodgePictures("not-a-uuid", [{ name: "a.jpg", bytes }])).toEqual({
      status: 400,
      body: { title: "Error uploading images", message: "Unknown lodge." },
    });
    expect(await storage.files()).toEqual([]);
  });
});

describe("removing a lodge's picture", () => {
  it("takes it off the lodge, deletes every one of its objects and records it", async () => {
    await uploadLodgePictures(lodgeId, [
      { name: "a.jpg", bytes: await photo(1200, 800) },
      { name: "b.jpg", bytes: await photo(1200, 800, "jpeg", 90) },
    ]);
    const [a, b] = (await lodgeOf(t.db, lodgeId)).pictures;

    expect(await removeLodgePicture(lodgeId, a!.key)).toEqual({
      status: 200,
      body: { title: "Image deleted", message: "The image has been removed successfully." },
    });
    expect((await lodgeOf(t.db, lodgeId)).pictures).toEqual([b]);
    expect(await storage.files()).toEqual(pictureKeys(b!).sort());
    const [event] = await auditTrail(t.db, {
      action: "library.lodge_picture_delete",
      targetId: lodgeId,
    });
    expect(event).toMatchObject({
      actorUserId: staff.id,
      details: { lodge: "Gorilla Heights Lodge", key: a!.key },
    });

    // Gone already, another lodge's picture, or not a lodge picture's key at all.
    expect(await removeLodgePicture(lodgeId, a!.key)).toEqual({
      status: 404,
      body: { title: "Error deleting image", message: "This lodge or picture no longer exists." },
    });
    expect((await removeLodgePicture(otherLodgeId, b!.key)).status).toBe(404);
    expect(await storage.files()).toEqual(pictureKeys(b!).sort());
    expect((await removeLodgePicture(lodgeId, "../../etc/passwd")).status).toBe(400);
    const tourKey = `tours/${crypto.randomUUID()}/media/1-abc`;
    expect((await removeLodgePicture(lodgeId, tourKey)).status).toBe(400);
  });

  it("keeps objects another lodge row still names", async () => {
    await uploadLodgePictures(lodgeId, [{ name: "a.jpg", bytes: await photo(600, 400) }]);
    const [a] = (await lodgeOf(t.db, lodgeId)).pictures;
    // A copied row naming the same picture (as an older tour key can be named twice).
    await t.db
      .update(lodges)
      .set({ pictures: [a!] })
      .where(eq(lodges.id, otherLodgeId));

    expect((await removeLodgePicture(lodgeId, a!.key)).status).toBe(200);
    expect((await lodgeOf(t.db, lodgeId)).pictures).toEqual([]);
    expect(await storage.files()).toEqual(pictureKeys(a!).sort());
  });
});
