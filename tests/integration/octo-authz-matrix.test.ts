/**
 * Authorization matrix of the OCTO API (app/octo/..., lib/resellers/http.ts): its callers are API
 * keys, not sessions (a signed-in admin's cookie counts for nothing there). No key: 401
 * UNAUTHORIZED; an unknown or revoked key: 403 FORBIDDEN; a reseller's key: its answer. Booking
 * routes aimed at reseller A's booking: A gets it, reseller B is told the uuid is unknown
 * (INVALID_BOOKING_UUID, as for a uuid nobody used: existence does not leak). Refused callers
 * change nothing.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as availabilityRoute from "@/app/octo/availability/route";
import * as calendarRoute from "@/app/octo/availability/calendar/route";
import * as bookingsRoute from "@/app/octo/bookings/route";
import * as bookingRoute from "@/app/octo/bookings/[uuid]/route";
import * as cancelRoute from "@/app/octo/bookings/[uuid]/cancel/route";
import * as confirmRoute from "@/app/octo/bookings/[uuid]/confirm/route";
import * as extendRoute from "@/app/octo/bookings/[uuid]/extend/route";
import * as productRoute from "@/app/octo/products/[id]/route";
import * as productsRoute from "@/app/octo/products/route";
import * as supplierRoute from "@/app/octo/supplier/route";
import * as webhookRoute from "@/app/octo/webhooks/[id]/route";
import * as webhooksRoute from "@/app/octo/webhooks/route";
import { bookings, resellerApiKeys, resellerBookings, resellerWebhooks, tours } from "@/db/schema";
import { createReseller } from "@/lib/resellers/data/resellers";
import { registerWebhook } from "@/lib/resellers/data/webhooks";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { availabilityIdOf, octoCall } from "@/tests/helpers/octo";
import { openWorld } from "@/tests/helpers/world";

type Caller = "noKey" | "unknownKey" | "revokedKey" | "resellerA" | "resellerB";
const CALLERS: Caller[] = ["noKey", "unknownKey", "revokedKey", "resellerA", "resellerB"];

/** An answer named: "401 UNAUTHORIZED", "403 FORBIDDEN", "400 <error>", or "allowed" (200). */
type Outcome = string;

const KEYS_REFUSED = {
  noKey: "401 UNAUTHORIZED",
  unknownKey: "403 FORBIDDEN",
  revokedKey: "403 FORBIDDEN",
};
/** Any reseller's: the catalogue. */
const ANY_RESELLER: Record<Caller, Outcome> = {
  ...KEYS_REFUSED,
  resellerA: "allowed",
  resellerB: "allowed",
};
/** Reseller A's booking: B finds no such uuid. */
const OWN_BOOKING: Record<Caller, Outcome> = {
  ...KEYS_REFUSED,
  resellerA: "allowed",
  resellerB: "400 INVALID_BOOKING_UUID",
};
/** Reseller A's webhook: B finds no such id. */
const OWN_WEBHOOK: Record<Caller, Outcome> = {
  ...KEYS_REFUSED,
  resellerA: "allowed",
  resellerB: "400 BAD_REQUEST",
};

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "departures");
  await db
    .update(tours)
    .set({ pricing: { packages: [{ name: "Standard", price: 900, per: "person" }] } })
    .where(eq(tours.id, tour.id));
  const departure = await makeDeparture(db, tour, { inDays: 80, capacity: 20 });
  const a = await createReseller({ name: "Matrix Reseller A" });
  const b = await createReseller({ name: "Matrix Reseller B" });
  const revoked = await createReseller({ name: "Matrix Revoked" });
  await db
    .update(resellerApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(eq(resellerApiKeys.resellerId, revoked.reseller.id));
  return { tour, departure, a, b, revoked };
});

function keyOf(who: Caller): string | null {
  return {
    noKey: null,
    unknownKey: "bu_live_nobody-has-this-key",
    revokedKey: t.w.revoked.key,
    resellerA: t.w.a.key,
    resellerB: t.w.b.key,
  }[who];
}

type Handler = Parameters<typeof octoCall>[0];
type Operation = {
  name: string;
  expected: Record<Caller, Outcome>;
  call: (key: string | null) => ReturnType<typeof octoCall>;
};

/** A's booking and webhook the routes aim at: made afresh before each caller's calls. */
let uuid = "";
let webhookId = "";
async function reserveForA() {
  await t.db.delete(resellerWebhooks).where(eq(resellerWebhooks.resellerId, t.w.a.reseller.id));
  ({
    webhook: { id: webhookId },
  } = await registerWebhook(t.w.a.reseller.id, {
    event: "booking_update",
    url: "https://a.example.com/hooks",
  }));
  uuid = crypto.randomUUID();
  const answer = await octoCall(bookingsRoute.POST as Handler, "/bookings", {
    key: t.w.a.key,
    method: "POST",
    body: {
      uuid,
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(t.w.departure.startDate),
      unitItems: [{ unitId: "ADULT" }],
      resellerReference: `matrix-${uuid}`,
    },
  });
  expect(answer.status).toBe(200);
}

function operations(): Operation[] {
  const range = { localDateStart: t.w.departure.startDate, localDateEnd: t.w.departure.startDate };
  const product = { productId: t.w.tour.id, optionId: "DEFAULT" };
  const on =
    (route: Handler, path: string, method: string, body?: unknown) => (key: string | null) =>
      octoCall(route, path, { key, method, body, params: { uuid, id: t.w.tour.id } });
  const onWebhook = (route: Handler, method: string) => (key: string | null) =>
    octoCall(route, `/webhooks/${webhookId}`, { key, method, params: { id: webhookId } });
  return [
    {
      name: "app/octo/supplier/route.ts#GET",
      expected: ANY_RESELLER,
      call: on(supplierRoute.GET as Handler, "/supplier", "GET"),
    },
    {
      name: "app/octo/products/route.ts#GET",
      expected: ANY_RESELLER,
      call: on(productsRoute.GET as Handler, "/products", "GET"),
    },
    {
      name: "app/octo/products/[id]/route.ts#GET",
      expected: ANY_RESELLER,
      call: on(productRoute.GET as Handler, "/products/x", "GET"),
    },
    {
      name: "app/octo/availability/calendar/route.ts#POST",
      expected: ANY_RESELLER,
      call: on(calendarRoute.POST as Handler, "/availability/calendar", "POST", {
        ...product,
        ...range,
      }),
    },
    {
      name: "app/octo/availability/route.ts#POST",
      expected: ANY_RESELLER,
      call: on(availabilityRoute.POST as Handler, "/availability", "POST", {
        ...product,
        ...range,
      }),
    },
    {
      name: "app/octo/bookings/route.ts#GET by A's reference (B: an empty list)",
      expected: ANY_RESELLER,
      call: (key) =>
        octoCall(bookingsRoute.GET as Handler, `/bookings?resellerReference=matrix-${uuid}`, {
          key,
        }),
    },
    {
      name: "app/octo/bookings/[uuid]/route.ts#GET",
      expected: OWN_BOOKING,
      call: on(bookingRoute.GET as Handler, "/bookings/u", "GET"),
    },
    {
      name: "app/octo/bookings/[uuid]/route.ts#PATCH",
      expected: OWN_BOOKING,
      call: on(bookingRoute.PATCH as Handler, "/bookings/u", "PATCH", { notes: "Window seat" }),
    },
    {
      name: "app/octo/bookings/[uuid]/extend/route.ts#POST",
      expected: OWN_BOOKING,
      call: on(extendRoute.POST as Handler, "/bookings/u/extend", "POST", {
        expirationMinutes: 20,
      }),
    },
    {
      name: "app/octo/bookings/[uuid]/confirm/route.ts#POST",
      expected: OWN_BOOKING,
      call: on(confirmRoute.POST as Handler, "/bookings/u/confirm", "POST", {
        contact: { fullName: "Matrix" },
      }),
    },
    {
      name: "app/octo/bookings/[uuid]/cancel/route.ts#POST",
      expected: OWN_BOOKING,
      call: on(cancelRoute.POST as Handler, "/bookings/u/cancel", "POST", {}),
    },
    {
      name: "app/octo/bookings/[uuid]/route.ts#DELETE (a cancelled booking answers as it stands)",
      expected: OWN_BOOKING,
      call: on(bookingRoute.DELETE as Handler, "/bookings/u", "DELETE", {}),
    },
    {
      name: "app/octo/webhooks/route.ts#GET (the caller's own: B's list is empty)",
      expected: ANY_RESELLER,
      call: on(webhooksRoute.GET as Handler, "/webhooks", "GET"),
    },
    {
      name: "app/octo/webhooks/[id]/route.ts#DELETE (A's webhook)",
      expected: OWN_WEBHOOK,
      call: onWebhook(webhookRoute.DELETE as Handler, "DELETE"),
    },
    {
      name: "app/octo/webhooks/route.ts#POST (a webhook of the caller's own)",
      expected: ANY_RESELLER,
      call: on(webhooksRoute.POST as Handler, "/webhooks", "POST", {
        event: "availability_update",
        url: "https://hooks.example.com/seats",
      }),
    },
    {
      name: "app/octo/bookings/route.ts#POST (a reservation of the caller's own)",
      expected: ANY_RESELLER,
      call: (key) =>
        octoCall(bookingsRoute.POST as Handler, "/bookings", {
          key,
          method: "POST",
          body: {
            ...product,
            availabilityId: availabilityIdOf(t.w.departure.startDate),
            unitItems: [{ unitId: "ADULT" }],
          },
        }),
    },
  ];
}

function outcome(answer: { status: number; body: unknown }): Outcome {
  const error = (answer.body as { error?: string }).error;
  return answer.status === 200 ? "allowed" : `${answer.status} ${error}`;
}

async function snapshot() {
  const held = await t.db.select().from(resellerBookings).orderBy(resellerBookings.uuid);
  const rows = await t.db
    .select({ id: bookings.id, status: bookings.bookingStatus, hold: bookings.holdExpiresAt })
    .from(bookings)
    .where(eq(bookings.departureId, t.w.departure.id))
    .orderBy(bookings.id);
  const webhooks = await t.db.select().from(resellerWebhooks).orderBy(resellerWebhooks.id);
  return { held, rows, webhooks };
}

describe("OCTO API authorization matrix", () => {
  for (const who of CALLERS) {
    it(`answers ${who} as the matrix says`, async () => {
      await reserveForA();
      const before = await snapshot();
      const mismatches: string[] = [];
      for (const op of operations()) {
        const got = outcome(await op.call(keyOf(who)));
        if (got !== op.expected[who])
          mismatches.push(`${op.name}: expected ${op.expected[who]}, got ${got}`);
      }
      expect(mismatches).toEqual([]);
      if (who !== "resellerA" && who !== "resellerB") {
        expect(await snapshot(), `${who} changed nothing`).toEqual(before);
      }
      if (who === "resellerB") {
        // B's own reservation is B's; A's booking is as it was.
        const after = await snapshot();
        const [mine] = after.held.filter((h) => h.uuid === uuid);
        expect(mine).toEqual(before.held.find((h) => h.uuid === uuid));
        // A's webhook is still there.
        expect(after.webhooks.map((w) => w.id)).toContain(webhookId);
      }
    });
  }
});
