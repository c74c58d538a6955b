/**
 * S3 (the image storage, S3_ENDPOINT) goes down while staff edit a tour: a real S3-protocol
 * server (s3rver) that the test stops. Every save that has to write pictures, and deleting the
 * tour, fails with the message the admin screens show, and the tour row stays as it was: no
 * new picture named, none forgotten, no half state.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { adminUsers, tours } from "@/db/schema";
import { deleteTourAction } from "@/actions/tours";
import { setStorage } from "@/lib/storage";
import { createS3Storage } from "@/lib/storage/s3";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import {
  deleteMedia,
  makeStaff,
  photo,
  putThumbnail,
  tourOf,
  uploadMedia,
} from "@/tests/helpers/media-world";
import { startS3Server } from "@/tests/helpers/s3-server";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let s3: Awaited<ReturnType<typeof startS3Server>>;
let staff: WorldUser;
let admin: WorldUser;
let tourId: string;
let s3Running = false;

async function tourRow() {
  const [row] = await t.db.select().from(tours).where(eq(tours.id, tourId));
  return row;
}

beforeAll(async () => {
  s3 = await startS3Server();
  s3Running = true;
  setStorage(createS3Storage(s3.config));
  staff = await makeStaff(t.db);
  admin = await makeStaff(t.db);
  await t.db.update(adminUsers).set({ role: "admin" }).where(eq(adminUsers.userId, admin.id));
  tourId = (await tourOf(t.db, "gorilla-safari")).id;
});

afterAll(async () => {
  actAs(null);
  setStorage(undefined);
  if (s3Running) await s3.stop();
});

describe("S3 down while a tour is edited", () => {
  let before: Awaited<ReturnType<typeof tourRow>>;
  const errors = () => vi.spyOn(console, "error").mockImplementation(() => {});
  /** What an upload answers when S3 cannot store it: the route's 500 under the toast's title. */
  const notStored = (title: string) => ({
    status: 500,
    body: { title, message: "The images could not be stored. Please try again." },
  });
  /** `step`'s answer as `who`, its error log kept quiet; the tour row must be as it was after it. */
  async function leavingTourAsItWas<T>(who: WorldUser, step: () => Promise<T>): Promise<T> {
    const logged = errors();
    actAs(who);
    const answer = await step();
    expect(await tourRow()).toEqual(before);
    logged.mockRestore();
    return answer;
  }

  it("while S3 is up, the tour gets a thumbnail and a gallery picture", async () => {
    actAs(staff);
    const cover = { name: "cover.jpg", bytes: await photo(1200, 800) };
    expect((await putThumbnail(tourId, cover)).status).toBe(200);
    const gallery = [{ name: "silverback.jpg", bytes: await photo(900, 600) }];
    expect((await uploadMedia(tourId, gallery)).status).toBe(201);
    before = await tourRow();
    expect(before?.thumbnail).not.toBeNull();
    expect(before?.media).toHaveLength(1);
    // Down from here on: every request is refused at the socket.
    await s3.stop();
    s3Running = false;
  });

  it("a new thumbnail fails with the upload error and leaves the tour as it was", async () => {
    const thumbnail = { name: "new.jpg", bytes: await photo(1000, 700, "jpeg", 200) };
    const got = await leavingTourAsItWas(staff, () => putThumbnail(tourId, thumbnail));
    expect(got).toEqual(notStored("Error uploading image"));
  });

  it("new gallery pictures fail with the upload error and leave the tour as it was", async () => {
    const gallery = [
      { name: "a.jpg", bytes: await photo(800, 600) },
      { name: "b.jpg", bytes: await photo(800, 600, "jpeg", 90) },
    ];
    const got = await leavingTourAsItWas(staff, () => uploadMedia(tourId, gallery));
    expect(got).toEqual(notStored("Error uploading images"));
  });

  it("deleting the tour fails with a clear message and deletes nothing", async () => {
    const got = await leavingTourAsItWas(admin, () => deleteTourAction(undefined, { id: tourId }));
    expect(got).toMatchObject({
      status: "error",
      title: "Error deleting tour",
      message:
        "Image storage is unavailable, so nothing was deleted. Please try again in a few minutes.",
    });
  });

  it("removing a gallery picture takes it off the tour; its objects are logged as orphans", async () => {
    // The row forgets the picture first (it is never shown again); objects left behind in the
    // bucket are harmless and named in the log for removal by hand.
    const logged = errors();
    actAs(staff);
    const key = before!.media[0]!.key;
    expect((await deleteMedia(tourId, key)).status).toBe(200);
    expect((await tourRow())?.media).toEqual([]);
    expect(logged.mock.calls.some(([line]) => String(line).includes("storage_orphans"))).toBe(true);
    logged.mockRestore();
  });
});
