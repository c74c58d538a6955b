/**
 * The OCTO side of gorilla permits and park fees (lib/resellers, app/octo): a permit tour's units
 * are its residency categories, each priced at the land price plus that category's park fee on
 * the trek day (the reseller's net discounts the land only); a departure's vacancies are the
 * number a reservation is held to, seats and permits left; a live reseller's reservation gives
 * each trekker a permit with the seat and stores its travellers' categories and fee lines as a
 * web booking of the same party; its permits follow its seats through extend, confirm, a change
 * of party, a lapse and a cancellation; a test-mode key never takes a permit. Twenty reservations
 * at once never take more permits than the lot holds (on the Postgres server too).
 */
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import {
  bookingParkFees,
  bookings,
  bookingTravellers,
  permitAllocations,
  permitLots,
  resellerBookings,
  resellerTourPrices,
  tours,
  ugxRates,
} from "@/db/schema";
import { createBooking } from "@/lib/bookings/data/requests";
import { seatsRefusedMessage } from "@/lib/departures/rules";
import type { Residency } from "@/lib/domain";
import { createReseller } from "@/lib/resellers/data/resellers";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { availabilityIdOf, octoClient } from "@/tests/helpers/octo";
import { addDaysTo } from "@/tests/helpers/permit-days";
import { openWorld } from "@/tests/helpers/world";

const PARK = "Bwindi Impenetrable";
/** The land price of a seat ($1,200.00), and the live reseller's net for it (20 % off). */
const LAND = 120_000;
const LAND_NET = 96_000;
/** The published gorilla permits: US$800, US$700, US$500, and UGX 300,000 at 3,700 a dollar. */
const FEE = {
  foreign_non_resident: 80_000,
  foreign_resident: 70_000,
  rest_of_africa: 50_000,
  east_african_citizen: 8_109,
} satisfies Record<Residency, number>;

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "departures");
  const plain = await sellingTour(db, "nile-adventure", "departures");
  await db
    .update(tours)
    .set({
      pricing: { packages: [{ name: "Standard", price: 1200, per: "person" }] },
      permitFee: "gorilla_tracking",
      permitPark: PARK,
      trekDay: 2,
    })
    .where(eq(tours.id, tour.id));
  await db
    .insert(ugxRates)
    .values({ ugxPerUsd: "3700", effectiveFrom: new Date(0), setByName: "Grace Namutebi" });
  const live = await createReseller({ name: "Permit Market", commissionPercent: 20 });
  const test = await createReseller({ name: "Permit Sandbox", testMode: true });
  const netted = await createReseller({ name: "Net Gorillas", commissionPercent: 5 });
  await db
    .insert(resellerTourPrices)
    .values({ resellerId: netted.reseller.id, tourId: tour.id, netMinor: 100_000 });
  return { tour, plain, live, test, netted };
});

const liveApi = () => octoClient(t.w.live.key);
const testApi = () => octoClient(t.w.test.key);

let day = 90;
/** A departure of the safari on its own dates, with a paid lot of `permits` on its trek day. */
async function safari(capacity: number, permits: number) {
  const departure = await makeDeparture(t.db, t.w.tour, { inDays: day, capacity });
  day += 3;
  const trekDay = addDaysTo(departure.startDate, 1);
  const [lot] = await t.db
    .insert(permitLots)
    .values({ park: PARK, trekDate: trekDay, quantity: permits, state: "paid" })
    .returning({ id: permitLots.id });
  return { departure, trekDay, lotId: lot!.id };
}

const unitOf = (residency: Residency) => `adult-${residency.replaceAll("_", "-")}`;

function reservation(startDate: string, units: string[], extra: Record<string, unknown> = {}) {
  return {
    uuid: crypto.randomUUID(),
    productId: t.w.tour.id,
    optionId: "DEFAULT",
    availabilityId: availabilityIdOf(startDate),
    unitItems: units.map((unitId) => ({ unitId })),
    ...extra,
  };
}

async function availabilityOf(api: ReturnType<typeof octoClient>, startDate: string) {
  const answer = await api.availability({
    productId: t.w.tour.id,
    optionId: "DEFAULT",
    availabilityIds: [availabilityIdOf(startDate)],
  });
  expect(answer.status).toBe(200);
  return answer.body[0];
}

const vacancies = async (startDate: string) =>
  (await availabilityOf(liveApi(), startDate)).vacancies as number;

async function bookingIdOf(uuid: string) {
  const [row] = await t.db
    .select({ bookingId: resellerBookings.bookingId })
    .from(resellerBookings)
    .where(eq(resellerBookings.uuid, uuid));
  return row!.bookingId!;
}

/** The booking's allocations that count for its group: [position, lot]. */
async function permitsOf(bookingId: string) {
  const rows = await t.db
    .select({ traveller: permitAllocations.traveller, lotId: permitAllocations.lotId })
    .from(permitAllocations)
    .innerJoin(bookings, eq(bookings.id, permitAllocations.bookingId))
    .where(
      sql`${permitAllocations.bookingId} = ${bookingId} and ${permitAllocations.traveller} <= ${bookings.groupSize}`,
    )
    .orderBy(asc(permitAllocations.traveller));
  return rows.map((r) => [r.traveller, r.lotId]);
}

/** A booking's fee lines as the invoice and pay page read them (its id left out). */
async function feeLines(bookingId: string) {
  return t.db
    .select({
      traveller: bookingParkFees.traveller,
      fee: bookingParkFees.fee,
      residency: bookingParkFees.residency,
      residencyGiven: bookingParkFees.residencyGiven,
      ageBand: bookingParkFees.ageBand,
      visitDate: bookingParkFees.visitDate,
      currency: bookingParkFees.currency,
      amountMinor: bookingParkFees.amountMinor,
      usdMinor: bookingParkFees.usdMinor,
      usdRate: bookingParkFees.usdRate,
      tariffId: bookingParkFees.tariffId,
    })
    .from(bookingParkFees)
    .where(eq(bookingParkFees.bookingId, bookingId))
    .orderBy(asc(bookingParkFees.traveller));
}

async function lapse(uuid: string) {
  await t.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(bookings.id, await bookingIdOf(uuid)));
  await t.db
    .update(resellerBookings)
    .set({ holdExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(resellerBookings.uuid, uuid));
}

describe("a permit tour's units", () => {
  it("are its residency categories, each the land price and the category's permit at face value; the net discounts the land only", async () => {
    const answer = await liveApi().product(t.w.tour.id);
    expect(answer.status).toBe(200);
    const [option] = answer.body.options;
    expect(option.units.map((u: { id: string }) => u.id)).toEqual([
      "adult-foreign-non-resident",
      "adult-foreign-resident",
      "adult-rest-of-africa",
      "adult-east-african-citizen",
    ]);
    expect(option.units[0]).toMatchObject({
      type: "ADULT",
      internalName: "Adult, foreign non-resident",
      reference: "foreign_non_resident",
      title: "Adult, foreign non-resident",
      restrictions: { minAge: 15, maxAge: 100, idRequired: true, paxCount: 1 },
      pricingFrom: [
        {
          original: LAND + FEE.foreign_non_resident,
          retail: LAND + FEE.foreign_non_resident,
          net: LAND_NET + FEE.foreign_non_resident,
          currency: "USD",
        },
      ],
    });
    const byId = Object.fromEntries(
      option.units.map((u: { id: string; pricingFrom: { retail: number; net: number }[] }) => [
        u.id,
        [u.pricingFrom[0]!.retail, u.pricingFrom[0]!.net],
      ]),
    );
    expect(byId).toEqual({
      "adult-foreign-non-resident": [200_000, 176_000],
      "adult-foreign-resident": [190_000, 166_000],
      "adult-rest-of-africa": [170_000, 146_000],
      // UGX 300,000 at 3,700 a dollar: US$81.09, rounded up to the cent.
      "adult-east-african-citizen": [128_109, 104_109],
    });
    // The option's from-price is the foreign non-resident's, as the tour page quotes it.
    expect(option.pricingFrom[0]).toMatchObject({ retail: 200_000, net: 176_000 });

    // A reseller with its own net for the tour: that net for the land, the permit on top.
    const netted = await octoClient(t.w.netted.key).product(t.w.tour.id);
    expect(netted.body.options[0].units[2].pricingFrom[0]).toMatchObject({
      retail: 170_000,
      net: 100_000 + FEE.rest_of_africa,
    });

    // A tour without a permit keeps its one ADULT unit.
    const plain = await liveApi().product(t.w.plain.id);
    expect(
      plain.body.options[0].units.map((u: { id: string; restrictions: { minAge: number } }) => [
        u.id,
        u.restrictions.minAge,
      ]),
    ).toEqual([["ADULT", 0]]);
  });

  it("are priced on each departure at its trek day's tariff, and refused where they are not the product's", async () => {
    const { departure } = await safari(8, 8);
    const a = await availabilityOf(liveApi(), departure.startDate);
    expect(
      a.unitPricing.map((p: { unitId: string; retail: number; net: number }) => [
        p.unitId,
        p.retail,
        p.net,
      ]),
    ).toEqual([
      ["adult-foreign-non-resident", 200_000, 176_000],
      ["adult-foreign-resident", 190_000, 166_000],
      ["adult-rest-of-africa", 170_000, 146_000],
      ["adult-east-african-citizen", 128_109, 104_109],
    ]);
    expect(a.pricing).toMatchObject({ retail: 200_000, net: 176_000 });

    // ADULT is not a unit of a permit tour, and a category not one of a tour without a permit.
    expect(await liveApi().reserve(reservation(departure.startDate, ["ADULT"]))).toMatchObject({
      status: 400,
      body: { error: "INVALID_UNIT_ID", unitId: "ADULT" },
    });
    const plainDeparture = await makeDeparture(t.db, t.w.plain, { inDays: 95, capacity: 8 });
    expect(
      await liveApi().reserve({
        ...reservation(plainDeparture.startDate, ["adult-foreign-resident"]),
        productId: t.w.plain.id,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: "INVALID_UNIT_ID", unitId: "adult-foreign-resident" },
    });
    expect(
      await liveApi().availability({
        productId: t.w.tour.id,
        optionId: "DEFAULT",
        availabilityIds: [availabilityIdOf(departure.startDate)],
        units: [{ id: "ADULT", quantity: 1 }],
      }),
    ).toMatchObject({ status: 400, body: { error: "INVALID_UNIT_ID" } });
  });

  it("a category UWA does not price on the day is offered nowhere and refused", async () => {
    const { departure } = await safari(8, 8);
    // The habituation permit has no published Rest of Africa price.
    await t.db
      .update(tours)
      .set({ permitFee: "gorilla_habituation" })
      .where(eq(tours.id, t.w.tour.id));
    try {
      const a = await availabilityOf(liveApi(), departure.startDate);
      expect(a.unitPricing.map((p: { unitId: string }) => p.unitId)).not.toContain(
        "adult-rest-of-africa",
      );
      const asked = await liveApi().availability({
        productId: t.w.tour.id,
        optionId: "DEFAULT",
        availabilityIds: [availabilityIdOf(departure.startDate)],
        units: [{ id: "adult-rest-of-africa", quantity: 1 }],
      });
      expect(asked.body[0].available).toBe(false);
      const refused = await liveApi().reserve(
        reservation(departure.startDate, ["adult-rest-of-africa"]),
      );
      expect(refused).toMatchObject({ status: 400, body: { error: "UNPROCESSABLE_ENTITY" } });
      expect(refused.body.errorMessage).toContain("park fee cannot be priced");
      expect(await vacancies(departure.startDate)).toBe(8);
    } finally {
      await t.db
        .update(tours)
        .set({ permitFee: "gorilla_tracking" })
        .where(eq(tours.id, t.w.tour.id));
    }
  });
});

describe("a permit tour's availability", () => {
  it("shows the permits' number when a departure has more seats than usable permits, and a reservation of more is refused in OCTO's shape", async () => {
    const { departure, trekDay } = await safari(12, 5);
    // A block UWA let lapse counts for nothing.
    await t.db.insert(permitLots).values({
      park: PARK,
      trekDate: trekDay,
      quantity: 4,
      state: "blocked",
      blockedUntil: addDaysTo(trekDay, -200),
    });
    const a = await availabilityOf(liveApi(), departure.startDate);
    expect(a).toMatchObject({ vacancies: 5, capacity: 12, status: "LIMITED", available: true });
    expect(a.maxUnits).toBe(5);
    const calendar = await liveApi().calendar({
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      localDateStart: departure.startDate,
      localDateEnd: departure.startDate,
    });
    expect(calendar.body[0]).toMatchObject({ localDate: departure.startDate, vacancies: 5 });
    // Six asked for: not available to that request.
    const six = await liveApi().availability({
      productId: t.w.tour.id,
      optionId: "DEFAULT",
      availabilityIds: [availabilityIdOf(departure.startDate)],
      units: [{ id: "adult-foreign-non-resident", quantity: 6 }],
    });
    expect(six.body[0].available).toBe(false);

    const fnr = unitOf("foreign_non_resident");
    for (const api of [liveApi(), testApi()]) {
      expect(await api.reserve(reservation(departure.startDate, Array(6).fill(fnr)))).toMatchObject(
        {
          status: 400,
          body: { error: "UNPROCESSABLE_ENTITY", errorMessage: seatsRefusedMessage(5) },
        },
      );
    }
    // What the availability shows is what a reservation accepts.
    expect(
      (await testApi().reserve(reservation(departure.startDate, Array(5).fill(fnr)))).status,
    ).toBe(200);
    // A web checkout of two takes two permits: the reseller sees three.
    await createBooking(newRequest({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    expect(await vacancies(departure.startDate)).toBe(3);
  });
});

describe("a live reseller's reservation on a permit tour", () => {
  it("gives each trekker a permit with the seat, and stores the party's categories and fee lines as a web booking of the same party", async () => {
    const { departure, lotId } = await safari(12, 12);
    const hold = reservation(
      departure.startDate,
      [unitOf("foreign_non_resident"), unitOf("east_african_citizen"), unitOf("rest_of_africa")],
      {
        unitItems: [
          { unitId: unitOf("foreign_non_resident"), contact: { fullName: "Anna Berg" } },
          {
            unitId: unitOf("east_african_citizen"),
            contact: { fullName: "Joseph Kamau", country: "KE" },
          },
          { unitId: unitOf("rest_of_africa") },
        ],
      },
    );
    const answer = await liveApi().reserve(hold);
    expect(answer.status).toBe(200);
    const fees = FEE.foreign_non_resident + FEE.east_african_citizen + FEE.rest_of_africa;
    expect(answer.body.pricing).toMatchObject({
      retail: 3 * LAND + fees,
      net: 3 * LAND_NET + fees,
    });
    expect(
      answer.body.unitItems.map(
        (u: { unitId: string; pricing: { retail: number; net: number } }) => [
          u.unitId,
          u.pricing.retail,
          u.pricing.net,
        ],
      ),
    ).toEqual([
      ["adult-foreign-non-resident", 200_000, 176_000],
      ["adult-east-african-citizen", 128_109, 104_109],
      ["adult-rest-of-africa", 170_000, 146_000],
    ]);

    const bookingId = await bookingIdOf(hold.uuid);
    expect(await permitsOf(bookingId)).toEqual([
      [1, lotId],
      [2, lotId],
      [3, lotId],
    ]);
    expect(await vacancies(departure.startDate)).toBe(9);

    // The booking owes the reseller's net for the land and the permits at face value.
    const [row] = await t.db
      .select({ totalMinor: bookings.totalMinor })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    expect(row!.totalMinor).toBe(3 * LAND_NET + fees);
    const travellers = await t.db
      .select({
        position: bookingTravellers.position,
        fullName: bookingTravellers.fullName,
        residency: bookingTravellers.residency,
      })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, bookingId))
      .orderBy(asc(bookingTravellers.position));
    expect(travellers).toEqual([
      { position: 1, fullName: "Anna Berg", residency: "foreign_non_resident" },
      { position: 2, fullName: "Joseph Kamau", residency: "east_african_citizen" },
    ]);

    // A web checkout of the same party on the same departure: the same lines, to the cent.
    const web = await createBooking(
      newRequest({
        departureId: departure.id,
        groupSize: 3,
        travellers: (
          ["foreign_non_resident", "east_african_citizen", "rest_of_africa"] as const
        ).map((residency, i) => ({
          fullName: `Traveller ${i + 1}`,
          nationality: null,
          dietary: null,
          medical: null,
          residency,
        })),
      }),
      { source: "public" },
    );
    const lines = await feeLines(bookingId);
    expect(lines.map((l) => [l.traveller, l.residency, l.residencyGiven, l.usdMinor])).toEqual([
      [1, "foreign_non_resident", true, 80_000],
      [2, "east_african_citizen", true, 8_109],
      [3, "rest_of_africa", true, 50_000],
    ]);
    expect(lines).toEqual(await feeLines(web.id));
  });

  it("keeps its permits when extended and confirmed, counts none once lapsed or cancelled, and takes them again when a lapsed hold is confirmed", async () => {
    const { departure, lotId } = await safari(8, 4);
    const fnr = unitOf("foreign_non_resident");
    const api = liveApi();
    const hold = reservation(departure.startDate, [fnr, fnr]);
    await api.reserve(hold);
    const bookingId = await bookingIdOf(hold.uuid);
    expect(await vacancies(departure.startDate)).toBe(2);
    expect((await api.extend(hold.uuid, { expirationMinutes: 60 })).body.status).toBe("ON_HOLD");
    expect(await permitsOf(bookingId)).toEqual([
      [1, lotId],
      [2, lotId],
    ]);

    // Lapsed: its seats and permits are on sale again at once.
    await lapse(hold.uuid);
    expect(await vacancies(departure.startDate)).toBe(4);
    // Confirmed while they are still free: taken again, the same permits kept.
    const confirmed = await api.confirm(hold.uuid, { contact: { fullName: "Anna Berg" } });
    expect(confirmed.body.status).toBe("CONFIRMED");
    expect(await permitsOf(bookingId)).toEqual([
      [1, lotId],
      [2, lotId],
    ]);
    expect(await vacancies(departure.startDate)).toBe(2);

    // A third traveller: one more permit; back to one: the others' go back.
    const three = await api.update(hold.uuid, {
      unitItems: [{ unitId: fnr }, { unitId: fnr }, { unitId: fnr }],
    });
    expect(three.status).toBe(200);
    expect(await permitsOf(bookingId)).toHaveLength(3);
    expect(await vacancies(departure.startDate)).toBe(1);
    // More than the permits left beside its own: refused, nothing changed.
    expect(
      await api.update(hold.uuid, { unitItems: Array(5).fill({ unitId: fnr }) }),
    ).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY", errorMessage: seatsRefusedMessage(4) },
    });
    await api.update(hold.uuid, { unitItems: [{ unitId: fnr }] });
    expect(await permitsOf(bookingId)).toEqual([[1, lotId]]);
    expect(await vacancies(departure.startDate)).toBe(3);

    // Cancelled: its permit counts for nothing (the row stays, with its number if it had one).
    expect((await api.cancel(hold.uuid, { reason: "Plans changed" })).body.status).toBe(
      "CANCELLED",
    );
    expect(await vacancies(departure.startDate)).toBe(4);
  });

  it("is not confirmed on permits sold to the web after its hold lapsed", async () => {
    const { departure } = await safari(8, 3);
    const fnr = unitOf("foreign_non_resident");
    const hold = reservation(departure.startDate, [fnr, fnr]);
    await liveApi().reserve(hold);
    await lapse(hold.uuid);
    await createBooking(newRequest({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    expect(await liveApi().confirm(hold.uuid, {})).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY", errorMessage: seatsRefusedMessage(1) },
    });
    expect(await permitsOf(await bookingIdOf(hold.uuid))).toHaveLength(2);
    expect(await vacancies(departure.startDate)).toBe(1);
  });

  it("moves its permits and prices its fees again on another departure; a change of category prices that traveller only", async () => {
    const first = await safari(8, 8);
    const second = await safari(8, 8);
    const fnr = unitOf("foreign_non_resident");
    const eac = unitOf("east_african_citizen");
    const hold = reservation(first.departure.startDate, [fnr, eac]);
    await liveApi().reserve(hold);
    const bookingId = await bookingIdOf(hold.uuid);

    // The shilling rate moves: a traveller keeping their place and category keeps their fee.
    await t.db
      .insert(ugxRates)
      .values({ ugxPerUsd: "4000", effectiveFrom: new Date(), setByName: "Grace Namutebi" });
    try {
      const changed = await liveApi().update(hold.uuid, {
        unitItems: [{ unitId: unitOf("foreign_resident") }, { unitId: eac }],
      });
      expect(
        changed.body.unitItems.map((u: { pricing: { retail: number } }) => u.pricing.retail),
      ).toEqual([190_000, 128_109]);
      expect((await feeLines(bookingId)).map((l) => [l.residency, l.usdMinor])).toEqual([
        ["foreign_resident", 70_000],
        ["east_african_citizen", 8_109],
      ]);

      // Another departure: its trek day's permits, and the fees priced again (UGX 300,000 at 4,000).
      const moved = await liveApi().update(hold.uuid, {
        availabilityId: availabilityIdOf(second.departure.startDate),
      });
      expect(moved.status).toBe(200);
      expect(await permitsOf(bookingId)).toEqual([
        [1, second.lotId],
        [2, second.lotId],
      ]);
      expect(await vacancies(first.departure.startDate)).toBe(8);
      expect(await vacancies(second.departure.startDate)).toBe(6);
      expect((await feeLines(bookingId)).map((l) => [l.visitDate, l.usdMinor])).toEqual([
        [second.trekDay, 70_000],
        [second.trekDay, 7_500],
      ]);
      const [row] = await t.db
        .select({ totalMinor: bookings.totalMinor })
        .from(bookings)
        .where(eq(bookings.id, bookingId));
      expect(row!.totalMinor).toBe(2 * LAND_NET + 70_000 + 7_500);
    } finally {
      // The booking's line keeps its rate: the demo rate is set again rather than the other deleted.
      await t.db
        .insert(ugxRates)
        .values({ ugxPerUsd: "3700", effectiveFrom: new Date(), setByName: "Grace Namutebi" });
    }
  });
});

describe("a test-mode key on a permit tour", () => {
  it("sees the permits left but never takes one, whatever it reserves, confirms or changes", async () => {
    const { departure } = await safari(8, 6);
    const fnr = unitOf("foreign_non_resident");
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(permitAllocations);
    const api = testApi();
    const hold = reservation(departure.startDate, [fnr, fnr, unitOf("rest_of_africa")]);
    const answer = await api.reserve(hold);
    expect(answer.status).toBe(200);
    expect(answer.body.pricing).toMatchObject({ retail: 2 * 200_000 + 170_000 });
    await api.update(hold.uuid, { unitItems: Array(4).fill({ unitId: fnr }) });
    await api.confirm(hold.uuid, { unitItems: Array(5).fill({ unitId: fnr }) });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(permitAllocations);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await vacancies(departure.startDate)).toBe(6);
    // Beyond the permits left: refused as a live key's would be.
    expect(
      await api.update(hold.uuid, { unitItems: Array(7).fill({ unitId: fnr }) }),
    ).toMatchObject({
      status: 400,
      body: { error: "UNPROCESSABLE_ENTITY", errorMessage: seatsRefusedMessage(6) },
    });
  });
});

describe("reservations at once", () => {
  it("never take more permits than the lot holds", async () => {
    const { departure, lotId } = await safari(40, 8);
    const fnr = unitOf("foreign_non_resident");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        liveApi().reserve(reservation(departure.startDate, Array((i % 2) + 1).fill(fnr))),
      ),
    );
    for (const a of answers) {
      if (a.status !== 200) expect(a.body.error).toBe("UNPROCESSABLE_ENTITY");
    }
    const [allocated] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(permitAllocations)
      .where(eq(permitAllocations.lotId, lotId));
    const held = answers
      .filter((a) => a.status === 200)
      .reduce((n, a) => n + a.body.unitItems.length, 0);
    expect(allocated!.n).toBe(held);
    expect(held).toBeLessThanOrEqual(8);
    expect(held).toBeGreaterThan(0);
    expect(await vacancies(departure.startDate)).toBe(8 - held);
  });
});
