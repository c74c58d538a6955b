/**
 * The OCTO supplier API (app/octo/..., lib/resellers) as resellers call it, with a live key and a
 * test-mode key: supplier, products (tours that sell departures only), availability calendar and
 * check with the seats free and the reseller's prices, and a booking's whole life (reserve ON_HOLD
 * with utcExpiresAt, confirm, extend, update, cancel, get, list), every refusal in OCTO's shape.
 * A reservation takes its seats from the same pool as the web's holds, gives them back the moment
 * its hold lapses, and a test-mode key's bookings never take any.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  auditEvents,
  bookings,
  bookingTravellers,
  departures,
  resellerApiKeys,
  resellerBookings,
  tours,
} from "@/db/schema";
import { createBooking } from "@/lib/bookings/data/requests";
import { seatsTakenOf } from "@/lib/departures/data/seats";
import { createReseller, issueApiKey, revokeApiKeys } from "@/lib/resellers/data/resellers";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { availabilityIdOf, octoClient } from "@/tests/helpers/octo";
import { inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

/** A seat's price on the tours of these tests: $1,200.00, and the live reseller's 20 % off it. */
const RETAIL = 120_000;
const NET = 96_000;

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "departures");
  const requestOnly = await sellingTour(db, "sipi-falls", "request");
  await db
    .update(tours)
    .set({ pricing: { packages: [{ name: "Standard", price: 1200, per: "person" }] } })
    .where(eq(tours.id, tour.id));
  const live = await createReseller({ name: "Safari Market", commissionPercent: 20 });
  const test = await createReseller({ name: "Sandbox Travel", testMode: true });
  const other = await createReseller({ name: "Other Reseller", commissionPercent: 10 });
  return { tour, requestOnly, live, test, other };
});

const liveApi = () => octoClient(t.w.live.key);
const testApi = () => octoClient(t.w.test.key);

async function seatsTaken(departureId: string) {
  const [row] = await t.db
    .select({ seats: seatsTakenOf(departures.id) })
    .from(departures)
    .where(eq(departures.id, departureId));
  return Number(row!.seats);
}

const adults = (n: number) => Array.from({ length: n }, () => ({ unitId: "ADULT" }));

function reservation(startDate: string, units: number, extra: Record<string, unknown> = {}) {
  return {
    uuid: crypto.randomUUID(),
    productId: t.w.tour.id,
    optionId: "DEFAULT",
    availabilityId: availabilityIdOf(startDate),
    unitItems: adults(units),
    ...extra,
  };
}

async function vacanciesOf(api: ReturnType<typeof octoClient>, startDate: string) {
  const answer = await api.availability({
    productId: t.w.tour.id,
    optionId: "DEFAULT",
    availabilityIds: [availabilityIdOf(startDate)],
  });
  expect(answer.status).toBe(200);
  return answer.body[0].vacancies as number;
}

describe("the OCTO catalogue", () => {
  it("names the supplier and lists the tours that sell departures, with ADULT units and the reseller's prices", async () => {
    const supplier = await liveApi().supplier();
    expect(supplier.status).toBe(200);
    expect(supplier.body).toMatchObject({
      name: "Breathe Uganda",
      endpoint: expect.stringMatching(/\/octo$/),
    });

    const products = await liveApi().products();
    expect(products.status).toBe(200);
    expect(products.headers.get("octo-capabilities")).toBe("octo/pricing, octo/content");
    const ids = products.body.map((p: { id: string }) => p.id);
    expect(ids).toContain(t.w.tour.id);
    expect(ids).not.toContain(t.w.requestOnly.id);

    const product = await liveApi().product(t.w.tour.id);
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({
      id: t.w.tour.id,
      availabilityType: "START_TIME",
      instantConfirmation: true,
      defaultCurrency: "USD",
      title: expect.stringContaining("Gorilla"),
      options: [
        {
          id: "DEFAULT",
          default: true,
          units: [
            {
              id: "ADULT",
              type: "ADULT",
              pricingFrom: [{ retail: RETAIL, net: NET, currency: "USD", currencyPrecision: 2 }],
            },
          ],
        },
      ],
    });
    // Another reseller sees its own net.
    const other = await octoClient(t.w.other.key).product(t.w.tour.id);
    expect(other.body.options[0].units[0].pricingFrom[0]).toMatchObject({
      retail: RETAIL,
      net: 108_000,
    });
  });

  it("shows pricing and content only when the caller asks for them", async () => {
    const { octoCall } = await import("@/tests/helpers/octo");
    const route = await import("@/app/octo/products/[id]/route");
    const plain = await octoCall(route.GET as never, `/products/${t.w.tour.id}`, {
      key: t.w.live.key,
      capabilities: "",
      params: { id: t.w.tour.id },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.title).toBeUndefined();
    expect(plain.body.options[0].units[0].pricingFrom).toBeUndefined();
  });

  it("refuses unknown products, options and units in OCTO's shapes", async () => {
    const api = liveApi();
    expect(await api.product(t.w.requestOnly.id)).toMatchObject({
      status: 400,
      body: {
        error: "INVALID_PRODUCT_ID",
        productId: t.w.requestOnly.id,
        errorMessage: expect.any(String),
      },
    });
    expect(await api.product("not-a-product")).toMatchObject({
      status: 400,
      body: { error: "INVALID_PRODUCT_ID", productId: "not-a-product" },
    });
    const range = { localDateStart: inDays(0), localDateEnd: inDays(30) };
    expect(
      await api.calendar({ productId: t.w.tour.id, optionId: "PRIVATE", ...range }),
    ).toMatchObject({ status: 400, body: { error: "INVALID_OPTION_ID", optionId: "PRIVATE" } });
    expect(
      await api.availability({
        productId: t.w.tour.id,
        optionId: "DEFAULT",
        ...range,
        units: [{ id: "CHILD", quantity: 1 }],
      }),
    ).toMatchObject({ status: 400, body: { error: "INVALID_UNIT_ID", unitId: "CHILD" } });
    expect(await api.availability({ productId: t.w.tour.id, optionId: "DEFAULT" })).toMatchObject({
      status: 400,
      body: { error: "BAD_REQUEST" },
    });
    expect(
      await api.availability({
        productId: t.w.tour.id,
        optionId: "DEFAULT",
        availabilityIds: ["tomorrow"],
      }),
    ).toMatchObject({
      status: 400,
      body: { error: "INVALID_AVAILABILITY_ID", availabilityId: "tomorrow" },
    });
  });

  it("gives a departure's seats free, cutoff and price on the calendar and the check", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, {
      inDays: 40,
      capacity: 6,
      cutoffDays: 2,
      prices: { Standard: 1500 },
    });
    const web = await createBooking(newRequest({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    expect(web.status).toBe("created");

    const calendar = await liveApi().calendar({
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      localDateStart: inDays(39),
      localDateEnd: inDays(41),
    });
    expect(calendar.status).toBe(200);
    expect(calendar.body).toEqual([
      expect.objectContaining({
        localDate: departure.startDate,
        available: true,
        status: "AVAILABLE",
        vacancies: 4,
        capacity: 6,
        pricingFrom: expect.objectContaining({ retail: 150_000, net: 120_000 }),
      }),
    ]);

    const check = await liveApi().availability({
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      localDateStart: inDays(40),
      localDateEnd: inDays(40),
      units: [{ id: "ADULT", quantity: 5 }],
    });
    expect(check.body).toEqual([
      expect.objectContaining({
        id: availabilityIdOf(departure.startDate),
        localDateTimeStart: availabilityIdOf(departure.startDate),
        // Sales close at the end of the last booking day in Kampala (21:00 UTC).
        utcCutoffAt: `${inDays(38)}T21:00:00Z`,
        // Five seats do not fit in four.
        available: false,
        vacancies: 4,
        unitPricing: [expect.objectContaining({ unitId: "ADULT", retail: 150_000, net: 120_000 })],
      }),
    ]);
  });
});

describe("an OCTO booking's life", () => {
  it("reserves ON_HOLD for expirationMinutes, taking the seats at once, and confirms, extends, updates and cancels", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 50, capacity: 8 });
    const api = liveApi();
    const before = Date.now();
    const body = reservation(departure.startDate, 3, {
      expirationMinutes: 45,
      resellerReference: "SM-1001",
      notes: "Vegetarian",
    });
    const held = await api.reserve(body);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({
      uuid: body.uuid,
      status: "ON_HOLD",
      testMode: false,
      resellerReference: "SM-1001",
      supplierReference: expect.stringMatching(/^BU-/),
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(departure.startDate),
      pricing: { retail: 3 * RETAIL, net: 3 * NET, currency: "USD" },
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }, { unitId: "ADULT" }],
    });
    const expires = Date.parse(held.body.utcExpiresAt);
    expect(expires - before).toBeGreaterThan(44 * 60_000);
    expect(expires - before).toBeLessThan(46 * 60_000);
    expect(await seatsTaken(departure.id)).toBe(3);
    expect(await vacanciesOf(api, departure.startDate)).toBe(5);

    // A booking row of its own, as the staff screens list it: the reseller's, with its reference.
    const [row] = await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id));
    expect(row).toMatchObject({
      source: "reseller",
      resellerId: t.w.live.reseller.id,
      resellerReference: "SM-1001",
      groupSize: 3,
      bookingStatus: null,
      // The reseller's net for its seats: what it owes.
      totalMinor: 3 * NET,
      balanceDueOn: null,
    });
    expect(row!.holdExpiresAt?.toISOString()).toBe(new Date(expires).toISOString());

    // The same uuid again (a retried request) reserves nothing more.
    const again = await api.reserve(body);
    expect(again.body.supplierReference).toBe(held.body.supplierReference);
    expect(await seatsTaken(departure.id)).toBe(3);

    const extended = await api.extend(body.uuid, { expirationMinutes: 90 });
    expect(extended.status).toBe(200);
    expect(Date.parse(extended.body.utcExpiresAt) - Date.now()).toBeGreaterThan(89 * 60_000);

    const updated = await api.update(body.uuid, {
      unitItems: adults(4),
      resellerReference: "SM-1002",
    });
    expect(updated.status).toBe(200);
    expect(updated.body.unitItems).toHaveLength(4);
    expect(await seatsTaken(departure.id)).toBe(4);

    const confirmed = await api.confirm(body.uuid, {
      contact: {
        fullName: "Grace Akello",
        emailAddress: "grace@example.com",
        phoneNumber: "+256 772 000 111",
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: "CONFIRMED",
      utcExpiresAt: null,
      utcConfirmedAt: expect.any(String),
      contact: { fullName: "Grace Akello", emailAddress: "grace@example.com" },
      cancellable: true,
    });
    const [confirmedRow] = await t.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(confirmedRow).toMatchObject({
      bookingStatus: "confirmed",
      holdExpiresAt: null,
      fullName: "Grace Akello",
      resellerReference: "SM-1002",
    });
    expect(await seatsTaken(departure.id)).toBe(4);

    const got = await api.get(body.uuid);
    expect(got.body.status).toBe("CONFIRMED");
    const byReseller = await api.list("?resellerReference=SM-1002");
    expect(byReseller.body.map((b: { uuid: string }) => b.uuid)).toEqual([body.uuid]);
    const bySupplier = await api.list(`?supplierReference=${held.body.supplierReference}`);
    expect(bySupplier.body).toHaveLength(1);

    const cancelled = await api.remove(body.uuid, { reason: "Traveller fell ill" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: "CANCELLED",
      cancellation: { reason: "Traveller fell ill", utcCancelledAt: expect.any(String) },
    });
    const [cancelledRow] = await t.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(cancelledRow!.bookingStatus).toBe("cancelled");
    expect(await seatsTaken(departure.id)).toBe(0);

    // Each step is in the audit trail, the reseller named as the actor.
    const trail = await t.db
      .select({ action: auditEvents.action, actor: auditEvents.actorLabel })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, row!.id))
      .orderBy(auditEvents.occurredAt);
    expect(trail.map((e) => e.action)).toEqual([
      "booking.reseller_hold",
      "booking.reseller_update",
      "booking.reseller_confirm",
      "booking.reseller_cancel",
    ]);
    expect(trail.every((e) => e.actor === "reseller: Safari Market")).toBe(true);
  });

  it("cancels a hold by POST .../cancel, and a confirmed booking only within the departure's cutoff", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 20, capacity: 8 });
    const api = liveApi();
    const hold = reservation(departure.startDate, 2);
    await api.reserve(hold);
    expect((await api.cancel(hold.uuid)).body.status).toBe("CANCELLED");

    const sold = reservation(departure.startDate, 2);
    await api.reserve(sold);
    await api.confirm(sold.uuid, { contact: { fullName: "Peter Okello" } });
    // The departure's sales close 30 days before it: its last booking day has passed.
    await t.db.update(departures).set({ cutoffDays: 30 }).where(eq(departures.id, departure.id));
    const late = await api.cancel(sold.uuid);
    expect(late).toMatchObject({ status: 400, body: { error: "UNPROCESSABLE_ENTITY" } });
    expect((await api.get(sold.uuid)).body).toMatchObject({
      status: "CONFIRMED",
      cancellable: false,
    });
    expect(await seatsTaken(departure.id)).toBe(2);
  });

  it("refuses more seats than are free, unknown availabilities and units, and other resellers' bookings", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 55, capacity: 3 });
    const api = liveApi();
    expect(await api.reserve(reservation(departure.startDate, 4))).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY", errorMessage: expect.stringContaining("3") },
    });
    expect(await api.reserve(reservation(inDays(56), 1))).toMatchObject({
      status: 400,
      body: { error: "INVALID_AVAILABILITY_ID", availabilityId: availabilityIdOf(inDays(56)) },
    });
    expect(
      await api.reserve({
        ...reservation(departure.startDate, 1),
        unitItems: [{ unitId: "INFANT" }],
      }),
    ).toMatchObject({ status: 400, body: { error: "INVALID_UNIT_ID", unitId: "INFANT" } });
    expect(await api.reserve({ productId: t.w.tour.id })).toMatchObject({
      status: 400,
      body: { error: "BAD_REQUEST" },
    });

    const mine = reservation(departure.startDate, 1);
    await api.reserve(mine);
    const other = octoClient(t.w.other.key);
    for (const answer of [
      await other.get(mine.uuid),
      await other.confirm(mine.uuid),
      await other.cancel(mine.uuid),
      await other.reserve({ ...mine }),
    ]) {
      expect(answer).toMatchObject({
        status: 400,
        body: { error: "INVALID_BOOKING_UUID", uuid: mine.uuid },
      });
    }
    expect(await api.get(crypto.randomUUID())).toMatchObject({
      status: 400,
      body: { error: "INVALID_BOOKING_UUID" },
    });
    expect(await api.list("")).toMatchObject({ status: 400, body: { error: "BAD_REQUEST" } });
  });

  it("gives a lapsed hold's seats back the moment it lapses: EXPIRED, and the seats sold to the web", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 60, capacity: 4 });
    const api = liveApi();
    const hold = reservation(departure.startDate, 4, { expirationMinutes: 5 });
    expect((await api.reserve(hold)).body.status).toBe("ON_HOLD");
    expect(await vacanciesOf(api, departure.startDate)).toBe(0);
    const web = () =>
      createBooking(newRequest({ departureId: departure.id, groupSize: 4 }), { source: "public" });
    await expect(web()).rejects.toMatchObject({ code: "seats_unavailable" });

    // The clock passes the hold's expiry: nothing runs, the seats count sees it.
    const [rb] = await t.db
      .select({ bookingId: resellerBookings.bookingId })
      .from(resellerBookings)
      .where(eq(resellerBookings.uuid, hold.uuid));
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(bookings.id, rb!.bookingId!));
    await t.db
      .update(resellerBookings)
      .set({ holdExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(resellerBookings.uuid, hold.uuid));

    expect((await api.get(hold.uuid)).body.status).toBe("EXPIRED");
    expect(await vacanciesOf(api, departure.startDate)).toBe(4);
    expect(await api.extend(hold.uuid)).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY" },
    });
    expect((await web()).status).toBe("created");
    // The seats are the web buyer's now: the lapsed hold cannot be confirmed on them.
    expect(await api.confirm(hold.uuid, { contact: { fullName: "Late Buyer" } })).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY" },
    });
    expect(await seatsTaken(departure.id)).toBe(4);
  });
});

describe("a test-mode key", () => {
  it("sees the real products and seats but its holds and bookings take none", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 70, capacity: 5 });
    const api = testApi();
    expect((await api.products()).body.map((p: { id: string }) => p.id)).toContain(t.w.tour.id);
    await liveApi().reserve(reservation(departure.startDate, 2));
    expect(await vacanciesOf(api, departure.startDate)).toBe(3);

    const hold = reservation(departure.startDate, 3);
    const held = await api.reserve(hold);
    expect(held.body).toMatchObject({ status: "ON_HOLD", testMode: true });
    expect(await seatsTaken(departure.id)).toBe(2);
    expect(await vacanciesOf(api, departure.startDate)).toBe(3);
    expect(
      (await api.confirm(hold.uuid, { contact: { fullName: "Test Traveller" } })).body.status,
    ).toBe("CONFIRMED");
    expect(await seatsTaken(departure.id)).toBe(2);
    // No booking row: staff lists, manifests and counts never see a test booking.
    const rows = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(eq(bookings.departureId, departure.id), eq(bookings.resellerId, t.w.test.reseller.id)),
      );
    expect(rows).toEqual([]);
    // It is still refused seats the departure does not have free.
    expect(await api.reserve(reservation(departure.startDate, 4))).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY" },
    });
    expect((await api.cancel(hold.uuid)).body.status).toBe("CANCELLED");
  });
});

describe("keys", () => {
  it("refuses a call without a key (401 UNAUTHORIZED) and with an unknown or revoked one (403 FORBIDDEN)", async () => {
    expect(await octoClient(null).products()).toMatchObject({
      status: 401,
      body: { error: "UNAUTHORIZED", errorMessage: expect.any(String) },
    });
    expect(await octoClient("bu_live_not-a-key").products()).toMatchObject({
      status: 403,
      body: { error: "FORBIDDEN" },
    });
    const { key, reseller } = await createReseller({ name: "Revoked Tours" });
    expect((await octoClient(key).products()).status).toBe(200);
    await t.db
      .update(resellerApiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(resellerApiKeys.resellerId, reseller.id));
    expect((await octoClient(key).products()).status).toBe(403);
  });
});

describe("an update to another product", () => {
  it("moves a hold to a departure of the other product: its seats taken there, given back here", async () => {
    const other = await sellingTour(t.db, "nile-adventure", "departures");
    await t.db
      .update(tours)
      .set({ pricing: { packages: [{ name: "Standard", price: 300, per: "person" }] } })
      .where(eq(tours.id, other.id));
    const here = await makeDeparture(t.db, t.w.tour, { inDays: 90, capacity: 6 });
    const there = await makeDeparture(t.db, other, { inDays: 91, capacity: 6 });
    const api = liveApi();
    const hold = reservation(here.startDate, 2);
    await api.reserve(hold);
    const moved = await api.update(hold.uuid, {
      productId: other.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(there.startDate),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      productId: other.id,
      availabilityId: availabilityIdOf(there.startDate),
      pricing: { retail: 2 * 30_000, net: 2 * 24_000 },
    });
    expect(await seatsTaken(here.id)).toBe(0);
    expect(await seatsTaken(there.id)).toBe(2);
    const [row] = await t.db
      .select({ tourId: bookings.tourId, departureId: bookings.departureId })
      .from(bookings)
      .where(eq(bookings.departureId, there.id));
    expect(row).toEqual({ tourId: other.id, departureId: there.id });
    expect(await api.update(hold.uuid, { productId: t.w.tour.id })).toMatchObject({
      status: 400,
      body: { error: "INVALID_AVAILABILITY_ID" },
    });
  });
});

describe("a reseller's keys", () => {
  it("issues another key beside the first, and revokes keys by their first characters", async () => {
    const { key } = await createReseller({ name: "Two Keys Ltd" });
    const second = await issueApiKey("two keys ltd");
    expect(second).not.toBe(key);
    expect((await octoClient(second).supplier()).status).toBe(200);
    expect(await revokeApiKeys("Two Keys Ltd", second.slice(0, 12))).toBeGreaterThanOrEqual(1);
    expect((await octoClient(second).supplier()).status).toBe(403);
    await expect(issueApiKey("Nobody Ltd")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("a reseller's booking changed by staff", () => {
  it("tells the reseller what staff did on the booking row: cancelled is CANCELLED, and it cannot be confirmed", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 95, capacity: 6 });
    const api = liveApi();
    const hold = reservation(departure.startDate, 2);
    await api.reserve(hold);
    const [rb] = await t.db
      .select({ bookingId: resellerBookings.bookingId })
      .from(resellerBookings)
      .where(eq(resellerBookings.uuid, hold.uuid));
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", statusReason: "Cancelled by the operator." })
      .where(eq(bookings.id, rb!.bookingId!));
    expect((await api.get(hold.uuid)).body).toMatchObject({
      status: "CANCELLED",
      cancellation: { reason: "Cancelled by the operator." },
    });
    expect(await api.confirm(hold.uuid, { contact: { fullName: "Too Late" } })).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY" },
    });
    expect(await seatsTaken(departure.id)).toBe(0);
  });
});

describe("the travellers a reseller names", () => {
  it("lists them on the departure's manifest, one per place, and answers them on the unit items", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 97, capacity: 6 });
    const api = liveApi();
    const hold = reservation(departure.startDate, 2, {
      unitItems: [
        { unitId: "ADULT", contact: { fullName: "Ana Lima", country: "Brazil" } },
        { unitId: "ADULT" },
      ],
    });
    const held = await api.reserve(hold);
    expect(held.body.unitItems[0].contact).toMatchObject({
      fullName: "Ana Lima",
      country: "Brazil",
    });
    const confirmed = await api.confirm(hold.uuid, {
      contact: { fullName: "Ana Lima" },
      unitItems: [
        { unitId: "ADULT", contact: { firstName: "Ana", lastName: "Lima", country: "Brazil" } },
        { unitId: "ADULT", contact: { fullName: "Rui Lima" } },
      ],
    });
    expect(confirmed.status).toBe(200);
    const [rb] = await t.db
      .select({ bookingId: resellerBookings.bookingId })
      .from(resellerBookings)
      .where(eq(resellerBookings.uuid, hold.uuid));
    const travellers = await t.db
      .select({
        position: bookingTravellers.position,
        fullName: bookingTravellers.fullName,
        nationality: bookingTravellers.nationality,
      })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, rb!.bookingId!))
      .orderBy(bookingTravellers.position);
    expect(travellers).toEqual([
      { position: 1, fullName: "Ana Lima", nationality: "Brazil" },
      { position: 2, fullName: "Rui Lima", nationality: null },
    ]);
  });
});
