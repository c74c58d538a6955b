/**
 * Authorization matrix of a library lodge's pictures: the route handlers the Lodges screen
 * uploads to and removes with, each called by a visitor, customer A, customer B, a staff member
 * and an admin. Every member of staff manages the library, an admin too; a visitor gets 401 and
 * a customer 403, as JSON (a route handler answers a status, never a redirect), and nothing is
 * stored, removed or changed for them. A staff member's request from another site's page is
 * refused as the tour picture routes refuse it.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { env } from "@/lib/env";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";
import {
  lodgeOf,
  makeLodge,
  removeLodgePicture,
  uploadLodgePictures,
} from "@/tests/helpers/lodge-pictures-world";
import { photo, tempStorageHooks } from "@/tests/helpers/media-world";

const m = openMatrixWorld();
let jpeg: Buffer;
let lodgeId: string;
/** A picture every actor may try to remove (put back before each try). */
let victimKey: string;

/** A route handler's answer: 401 signed out, 403 without a staff role. */
const STAFF_ONLY = (allowed: string): StaffAreaOperation<string>["expected"] => ({
  visitor: "401",
  customerA: "403",
  customerB: "403",
  staff: allowed,
  admin: allowed,
});

const operations = (): StaffAreaOperation<string>[] => [
  {
    name: "app/api/admin/library/lodges/[id]/pictures/route.ts#POST (a JPEG to a lodge)",
    expected: STAFF_ONLY("201"),
    run: async () =>
      String((await uploadLodgePictures(lodgeId, [{ name: "banda.jpg", bytes: jpeg }])).status),
  },
  {
    name: "app/api/admin/library/lodges/[id]/pictures/route.ts#DELETE (one of the lodge's pictures)",
    expected: STAFF_ONLY("200"),
    run: async () => String((await removeLodgePicture(lodgeId, victimKey)).status),
  },
];

/** Puts a picture in place (row and objects) for the DELETE operation. */
async function plantVictim() {
  m.become("staff");
  const added = await uploadLodgePictures(lodgeId, [
    { name: "victim.jpg", bytes: await photo(500, 300, "jpeg", 90) },
  ]);
  expect(added.status).toBe(201);
  victimKey = (added.body.pictures as { key: string }[])[0]!.key;
}

const storage = tempStorageHooks("all");
beforeAll(async () => {
  jpeg = await photo(600, 400);
  lodgeId = await makeLodge(m.db, "Matrix Pictures Lodge");
});
afterAll(() => {
  actAs(null);
});

describe("lodge pictures authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: upload and remove a lodge's picture`,
    prepare: () => plantVictim(),
    operations,
    become: m.become,
    judge: async (operation) => String(await operation.run()),
    snapshot: async () => ({ lodge: await lodgeOf(m.db, lodgeId), files: await storage.files() }),
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      if (staffArea.refused.includes(who)) return;
      // One added, the victim removed: as many pictures as before, the victim gone everywhere.
      const keys = after.lodge.pictures.map((p) => p.key);
      expect(keys).not.toContain(victimKey);
      expect(keys).toHaveLength(before.lodge.pictures.length);
      expect(after.files.some((f) => f.startsWith(victimKey))).toBe(false);
    },
  });

  it("refuses a staff member's upload and removal sent from another site's page", async () => {
    await plantVictim();
    const before = await lodgeOf(m.db, lodgeId);
    const evil = { origin: "https://evil.example" };
    expect(await uploadLodgePictures(lodgeId, [{ name: "x.jpg", bytes: jpeg }], evil)).toEqual({
      status: 403,
      body: { title: "Error uploading images", message: "Cross-site upload refused." },
    });
    expect(await removeLodgePicture(lodgeId, victimKey, { origin: "null" })).toEqual({
      status: 403,
      body: { title: "Error deleting image", message: "Cross-site request refused." },
    });
    expect(await lodgeOf(m.db, lodgeId)).toEqual(before);

    // The site's own origin is let through.
    const own = { origin: new URL(env.SITE_URL).origin };
    expect((await removeLodgePicture(lodgeId, victimKey, own)).status).toBe(200);
  });
});
