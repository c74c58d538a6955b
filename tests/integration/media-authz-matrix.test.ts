/**
 * Authorization matrix of tour pictures: the admin picture route handlers, their DAL and the
 * public media route, each called by a visitor, customer A, customer B, a staff member and an
 * admin. Staff and admins may manage pictures; a visitor gets 401 and a customer 403, as JSON
 * (a route handler answers a status, never a redirect), and nothing is stored, removed or
 * changed for them. Operation names carry their target as "<path>#<export>"
 * (tests/unit/authz-coverage.test.ts checks every route handler has one).
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { getTourPictures } from "@/lib/dal/tour-media";
import { DomainError } from "@/lib/errors";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";
import {
  deleteMedia,
  photo,
  putThumbnail,
  tourOf,
  uploadMedia,
  useTempStorage,
} from "@/tests/helpers/media-world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
let storage: Awaited<ReturnType<typeof useTempStorage>>;
let jpeg: Buffer;
let tourId: string;
/** A gallery picture every actor may try to delete (put back before each try). */
let victimKey: string;

/** A route handler's answer: 401 signed out, 403 without a staff role. */
const STAFF_ONLY = (allowed: string): StaffAreaOperation<string>["expected"] => ({
  visitor: "401",
  customerA: "403",
  customerB: "403",
  staff: allowed,
  admin: allowed,
});

/** Each operation answers what its caller could observe: a status, or the DAL's error code. */
const operations = (): StaffAreaOperation<string>[] => [
  {
    name: "app/api/admin/tours/[id]/media/route.ts#POST (a JPEG to gorilla-safari)",
    expected: STAFF_ONLY("201"),
    run: async () =>
      String((await uploadMedia(tourId, [{ name: "trek.jpg", bytes: jpeg }])).status),
  },
  {
    name: "app/api/admin/tours/[id]/media/route.ts#DELETE (a gallery picture of gorilla-safari)",
    expected: STAFF_ONLY("200"),
    run: async () => String((await deleteMedia(tourId, victimKey)).status),
  },
  {
    name: "app/api/admin/tours/[id]/thumbnail/route.ts#PUT (gorilla-safari's thumbnail)",
    expected: STAFF_ONLY("200"),
    run: async () =>
      String((await putThumbnail(tourId, { name: "cover.jpg", bytes: jpeg })).status),
  },
  {
    name: "lib/dal/tour-media.ts#getTourPictures (gorilla-safari)",
    expected: {
      visitor: "unauthenticated",
      customerA: "forbidden",
      customerB: "forbidden",
      staff: "ok",
      admin: "ok",
    },
    run: async () => {
      try {
        await getTourPictures(tourId);
        return "ok";
      } catch (error) {
        if (error instanceof DomainError) return error.code;
        throw error;
      }
    },
  },
  {
    name: "app/media/[...key]/route.ts#GET (a stored picture: public)",
    expected: staffArea.everyone("200"),
    run: async () => {
      const key = "gorilla-safari/media/1-public-480.webp";
      const response = await serveMedia(new Request(`http://localhost:3000/media/${key}`), {
        params: Promise.resolve({ key: key.split("/") }),
      });
      return String(response.status);
    },
  },
];

/** Puts a gallery picture in place (row and objects) for the DELETE operation. */
async function plantVictim() {
  m.become("staff");
  const added = await uploadMedia(tourId, [
    { name: "victim.jpg", bytes: await photo(500, 300, "jpeg", 90) },
  ]);
  expect(added.status).toBe(201);
  victimKey = (added.body.media as { key: string }[])[0]!.key;
}

beforeAll(async () => {
  storage = await useTempStorage();
  jpeg = await photo(600, 400);
  tourId = (await tourOf(m.db)).id;
  await storage.driver.put(
    "gorilla-safari/media/1-public-480.webp",
    await sharp({ create: { width: 480, height: 320, channels: 3, background: "#1f4d3a" } })
      .webp()
      .toBuffer(),
    "image/webp",
  );
});
afterAll(async () => {
  actAs(null);
  await storage?.stop();
});

describe("tour pictures authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every picture route handler and DAL function`,
    prepare: () => plantVictim(),
    operations,
    become: m.become,
    judge: async (operation) => String(await operation.run()),
    snapshot: async () => ({ tour: await tourOf(m.db), files: await storage.files() }),
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      if (staffArea.refused.includes(who)) return;
      // One added, the victim removed, the thumbnail set: the row and the disk agree.
      expect(after.tour.media.map((p) => p.key)).not.toContain(victimKey);
      expect(after.tour.media).toHaveLength(before.tour.media.length);
      expect(after.tour.thumbnail).not.toBeNull();
    },
  });

  it("refuses a staff member's upload sent from another site's page", async () => {
    m.become("staff");
    const got = await uploadMedia(tourId, [{ name: "trek.jpg", bytes: jpeg }], {
      origin: "https://evil.example",
    });
    expect(got.status).toBe(403);
  });
});
