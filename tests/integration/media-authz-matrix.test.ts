/**
 * Authorization matrix of tour pictures: the admin picture route handlers, their DAL and the
 * public media route, each called by a visitor, customer A, customer B, a staff member and an
 * admin. Staff and admins may manage pictures; a visitor gets 401 and a customer 403, as JSON
 * (a route handler answers a status, never a redirect), and nothing is stored, removed or
 * changed for them. Operation names carry their target as "<path>#<export>"
 * (tests/unit/authz-coverage.test.ts checks every route handler has one).
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { GET as serveMedia } from "@/app/media/[...key]/route";
import { getTourPictures } from "@/lib/tours/data/media";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";
import * as media from "@/tests/helpers/media-world";

const m = openMatrixWorld();
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
      String((await media.uploadMedia(tourId, [{ name: "trek.jpg", bytes: jpeg }])).status),
  },
  {
    name: "app/api/admin/tours/[id]/media/route.ts#DELETE (a gallery picture of gorilla-safari)",
    expected: STAFF_ONLY("200"),
    run: async () => String((await media.deleteMedia(tourId, victimKey)).status),
  },
  {
    name: "app/api/admin/tours/[id]/thumbnail/route.ts#PUT (gorilla-safari's thumbnail)",
    expected: STAFF_ONLY("200"),
    run: async () =>
      String((await media.putThumbnail(tourId, { name: "cover.jpg", bytes: jpeg })).status),
  },
  {
    name: "lib/tours/data/media.ts#getTourPictures (gorilla-safari)",
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
  const added = await media.uploadMedia(tourId, [
    { name: "victim.jpg", bytes: await media.photo(500, 300, "jpeg", 90) },
  ]);
  expect(added.status).toBe(201);
  victimKey = (added.body.media as { key: string }[])[0]!.key;
}

const storage = media.tempStorageHooks("all");
beforeAll(async () => {
  jpeg = await media.photo(600, 400);
  tourId = (await media.tourOf(m.db)).id;
  await storage.driver.put(
    "gorilla-safari/media/1-public-480.webp",
    await sharp({ create: { width: 480, height: 320, channels: 3, background: "#1f4d3a" } })
      .webp()
      .toBuffer(),
    "image/webp",
  );
});
afterAll(() => {
  actAs(null);
});

describe("tour pictures authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every picture route handler and DAL function`,
    prepare: () => plantVictim(),
    operations,
    become: m.become,
    judge: async (operation) => String(await operation.run()),
    snapshot: async () => ({ tour: await media.tourOf(m.db), files: await storage.files() }),
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
    const got = await media.uploadMedia(tourId, [{ name: "trek.jpg", bytes: jpeg }], {
      origin: "https://evil.example",
    });
    expect(got.status).toBe(403);
  });
});

/**
 * A staff member's browser on another site's page (or a rebound name, or a proxy passing on what
 * the client said) posting to the picture routes: only the site's own origin may, by its Origin
 * header, whatever the Host headers claim. A request with no Origin is let through: browsers
 * send one with every cross-origin request and every POST, PUT and DELETE, so its absence means
 * a client that is not a browser page, holding the session itself.
 */
describe("the Origin of a staff member's request", () => {
  const site = new URL(env.SITE_URL);
  const SAME = { status: "allowed" } as const;
  const FOREIGN = { status: "refused" } as const;
  const cases: [string, Record<string, string>, { status: "allowed" | "refused" }][] = [
    ["the site's own origin", { origin: site.origin }, SAME],
    ["no Origin at all", {}, SAME],
    ["another site", { origin: "https://evil.example" }, FOREIGN],
    [
      "another site that is also named by Host",
      { origin: "http://evil.example", host: "evil.example" },
      FOREIGN,
    ],
    [
      "another site that is also named by X-Forwarded-Host",
      {
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      FOREIGN,
    ],
    ["the site's host over the other scheme", { origin: `https://${site.host}` }, FOREIGN],
    [
      "the site's hostname on another port",
      { origin: `${site.protocol}//${site.hostname}:4444` },
      FOREIGN,
    ],
    ["an opaque origin (a sandboxed frame)", { origin: "null" }, FOREIGN],
  ];
  const REFUSED = {
    status: 403,
    body: { title: expect.any(String), message: expect.stringMatching(/refused/) },
  };
  const missingKey = () => `tours/${tourId}/media/1-nothing`;

  it.each(cases)("%s: gallery upload, thumbnail and delete", async (_, headers, expected) => {
    m.become("staff");
    const upload = await media.uploadMedia(tourId, [{ name: "trek.jpg", bytes: jpeg }], headers);
    const thumbnail = await media.putThumbnail(tourId, { name: "cover.jpg", bytes: jpeg }, headers);
    const removal = await media.deleteMedia(tourId, missingKey(), headers);
    if (expected.status === "refused") {
      expect([upload, thumbnail, removal]).toMatchObject([REFUSED, REFUSED, REFUSED]);
      expect(upload.body).toEqual({
        title: "Error uploading images",
        message: "Cross-site upload refused.",
      });
    } else {
      expect([upload.status, thumbnail.status, removal.status]).toEqual([201, 200, 404]);
    }
  });

  describe("where the deployment vouches for its host headers (AUTH_TRUST_HOST, no AUTH_URL)", () => {
    const saved = { trust: env.AUTH_TRUST_HOST, authUrl: env.AUTH_URL };
    afterEach(() => {
      env.AUTH_TRUST_HOST = saved.trust;
      env.AUTH_URL = saved.authUrl;
    });
    const behindProxy = (origin: string) => ({
      origin,
      host: "10.0.0.7:3000",
      "x-forwarded-host": "tours.example",
      "x-forwarded-proto": "https",
    });

    it("the origin those headers name is the site's too, as Auth.js takes it", async () => {
      m.become("staff");
      const upload = () =>
        media.uploadMedia(
          tourId,
          [{ name: "trek.jpg", bytes: jpeg }],
          behindProxy("https://tours.example"),
        );
      // Not vouched for: the host headers are only what the client said.
      expect((await upload()).status).toBe(403);
      env.AUTH_TRUST_HOST = true;
      env.AUTH_URL = undefined;
      expect((await upload()).status).toBe(201);
      // The scheme they name counts too, and SITE_URL stays the site's.
      expect(
        (
          await media.uploadMedia(
            tourId,
            [{ name: "t.jpg", bytes: jpeg }],
            behindProxy("http://tours.example"),
          )
        ).status,
      ).toBe(403);
      expect(
        (await media.uploadMedia(tourId, [{ name: "t.jpg", bytes: jpeg }], behindProxy(site.origin)))
          .status,
      ).toBe(201);
    });

    it("AUTH_URL, when set, is the origin instead of the host headers", async () => {
      m.become("staff");
      env.AUTH_TRUST_HOST = true;
      env.AUTH_URL = "https://admin.tours.example/api/auth";
      const status = async (origin: string) =>
        (await media.uploadMedia(tourId, [{ name: "t.jpg", bytes: jpeg }], behindProxy(origin))).status;
      expect(await status("https://admin.tours.example")).toBe(201);
      expect(await status("https://tours.example")).toBe(403);
    });
  });
});
