/**
 * Park permits as stock (lib/departures/data/seats.ts): a departure of a permit tour offers no
 * more seats than the permits of its park left for its trek day, shared by every tour trekking in
 * that park that day; lapsed blocks and cancelled lots count for nothing; a checkout hold that
 * lapses gives its permits back with its seats; many holds at once never use more than the lots.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";

import { bookings, bookingTravellers, permitLots, tours, ugxRates } from "@/db/schema";
import { listDeparturesForStaff } from "@/lib/departures/data/manage";
import { parseDeparturesQuery } from "@/lib/departures/list-query";
import { actAs } from "@/tests/helpers/customer-world";
import { makeStaff } from "@/tests/helpers/media-world";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { addDaysTo } from "@/tests/helpers/permit-days";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

// Auth.js stood in for by the world's sign-ins (actAs), for the staff's list.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const PARK = "Bwindi Impenetrable";

const t = openWorld(async (db) => {
  const gorilla = await sellingTour(db, "gorilla-safari", "both");
  const other = await sellingTour(db, "sipi-falls", "both");
  // Both trek in Bwindi: the safari on its second day, the other tour on its first.
  await db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: PARK, trekDay: 2 })
    .where(eq(tours.id, gorilla.id));
  await db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: PARK, trekDay: 1 })
    .where(eq(tours.id, other.id));
  // An East African citizen's permit is priced in shillings: the booking's dollars need a rate.
  await db
    .insert(ugxRates)
    .values({ ugxPerUsd: "3700", effectiveFrom: new Date(0), setByName: "Grace Namutebi" });
  return { gorilla, other };
});

const seatsLeft = async (id: string) => (await getDepartureOnSale(id))?.seatsLeft;

afterAll(() => actAs(null));

async function lot(
  trekDate: string,
  quantity: number,
  fields: Partial<typeof permitLots.$inferInsert> = {},
) {
  await t.db
    .insert(permitLots)
    .values({ park: PARK, trekDate, quantity, state: "paid", ...fields });
}

/** A visitor's checkout hold on a departure of the safari or, with `tour`, another tour. */
const hold = (departureId: string, groupSize: number, tour = "gorilla-safari") =>
  createBooking(newRequest({ departureId, groupSize, tour }), { source: "public" });

describe("seats of a permit tour", () => {
  it("are held to the permits left for the trek day, shared by every tour trekking in the park that day", async () => {
    const safari = await makeDeparture(t.db, t.w.gorilla, { inDays: 120, capacity: 8 });
    const trekDay = addDaysTo(safari.startDate, 1);
    // No permits held yet: nothing on sale.
    expect(await seatsLeft(safari.id)).toBe(0);
    expect((await refusal(hold(safari.id, 1))).code).toBe("seats_unavailable");

    await lot(trekDay, 3);
    expect(await seatsLeft(safari.id)).toBe(3);
    await hold(safari.id, 2);
    expect(await seatsLeft(safari.id)).toBe(1);

    // The other tour treks in the same park that same day: it has the one permit left.
    const dayTrip = await makeDeparture(t.db, t.w.other, { inDays: 121, capacity: 12 });
    expect(dayTrip.startDate).toBe(trekDay);
    expect(await seatsLeft(dayTrip.id)).toBe(1);
    const error = await refusal(hold(dayTrip.id, 2, "sipi-falls"));
    expect(error).toMatchObject({ code: "seats_unavailable", details: { seatsLeft: 1 } });
    await hold(dayTrip.id, 1, "sipi-falls");
    expect(await seatsLeft(dayTrip.id)).toBe(0);
    expect(await seatsLeft(safari.id)).toBe(0);
  });

  it("are counted so on the staff's Departures list too, with the permits left for the trek day", async () => {
    const safari = await makeDeparture(t.db, t.w.gorilla, { inDays: 125, capacity: 8 });
    await lot(addDaysTo(safari.startDate, 1), 6);
    await hold(safari.id, 2);
    actAs(await makeStaff(t.db));
    const list = await listDeparturesForStaff(
      parseDeparturesQuery({ tour: t.w.gorilla.id, month: "all" }),
    );
    // Eight seats, two taken by a checkout hold: six free by the seats, four by the permits,
    // which is what the site sells.
    expect(list.items.find((d) => d.id === safari.id)).toMatchObject({
      capacity: 8,
      sold: 2,
      free: 4,
      permitsLeft: 4,
    });
    // A tour without a permit has none to count.
    const other = await makeDeparture(t.db, t.w.other, { inDays: 126, capacity: 8 });
    await t.db
      .update(tours)
      .set({ permitFee: null, permitPark: null })
      .where(eq(tours.id, t.w.other.id));
    const plain = await listDeparturesForStaff(
      parseDeparturesQuery({ tour: t.w.other.id, month: "all" }),
    );
    expect(plain.items.find((d) => d.id === other.id)).toMatchObject({
      free: 8,
      permitsLeft: null,
    });
    await t.db
      .update(tours)
      .set({ permitFee: "gorilla_tracking", permitPark: PARK, trekDay: 1 })
      .where(eq(tours.id, t.w.other.id));
  });

  it("counts no lapsed block and no cancelled lot, and gets a lapsed hold's permits back", async () => {
    const safari = await makeDeparture(t.db, t.w.gorilla, { inDays: 130, capacity: 8 });
    const trekDay = addDaysTo(safari.startDate, 1);
    await lot(trekDay, 4, { state: "blocked", blockedUntil: addDaysTo(trekDay, -200) });
    await lot(trekDay, 4, { state: "cancelled" });
    expect(await seatsLeft(safari.id)).toBe(0);
    await lot(trekDay, 2, { state: "blocked", blockedUntil: null });
    expect(await seatsLeft(safari.id)).toBe(2);

    const held = await hold(safari.id, 2);
    expect(await seatsLeft(safari.id)).toBe(0);
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bookings.id, held.id));
    expect(await seatsLeft(safari.id)).toBe(2);
  });

  it("never uses more permits than the lots hold, however many hold at once on two tours", async () => {
    const safari = await makeDeparture(t.db, t.w.gorilla, { inDays: 140, capacity: 40 });
    const trekDay = addDaysTo(safari.startDate, 1);
    const dayTrip = await makeDeparture(t.db, t.w.other, { inDays: 141, capacity: 40 });
    await lot(trekDay, 6);
    await lot(trekDay, 4, { state: "deposit_paid" });
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 ? hold(safari.id, (i % 3) + 1) : hold(dayTrip.id, (i % 3) + 1, "sipi-falls"),
      ),
    );
    const used = await t.db
      .select({ n: sql<number>`coalesce(sum(${bookings.groupSize}), 0)::int` })
      .from(bookings)
      .where(sql`${bookings.departureId} in (${safari.id}, ${dayTrip.id})`);
    expect(Number(used[0]!.n)).toBeLessThanOrEqual(10);
    expect(attempts.filter((a) => a.status === "fulfilled").length).toBeGreaterThan(0);
    for (const a of attempts)
      if (a.status === "rejected")
        expect((a.reason as { code?: string }).code).toBe("seats_unavailable");
  });
});

describe("a gorilla trek's minimum age", () => {
  it("refuses a 12-year-old on the trek day, takes one of 15, and keeps residency and proof", async () => {
    const safari = await makeDeparture(t.db, t.w.gorilla, { inDays: 160, capacity: 8 });
    const trekDay = addDaysTo(safari.startDate, 1);
    await lot(trekDay, 8);
    const traveller = (fullName: string, years: number, dayOffset = 0) => ({
      fullName,
      nationality: "Uganda",
      dietary: null,
      medical: null,
      residency: "east_african_citizen" as const,
      dateOfBirth: addDaysTo(
        `${Number(trekDay.slice(0, 4)) - years}${trekDay.slice(4)}`,
        dayOffset,
      ),
      proof: "national_id" as const,
    });
    const young = await refusal(
      createBooking(
        newRequest({
          departureId: safari.id,
          groupSize: 2,
          travellers: [traveller("Sarah Nakato", 40), traveller("Ivan Okello", 15, 1)],
        }),
        { source: "public" },
      ),
    );
    expect(young.code).toBe("trekker_too_young");
    expect(young.details.reason).toMatch(/^Ivan Okello must be at least 15 on the trek day/);
    expect(await seatsLeft(safari.id)).toBe(8);

    const booked = await createBooking(
      newRequest({
        departureId: safari.id,
        groupSize: 2,
        travellers: [traveller("Sarah Nakato", 40), traveller("Ivan Okello", 15)],
      }),
      { source: "public" },
    );
    const stored = await t.db
      .select({
        name: bookingTravellers.fullName,
        residency: bookingTravellers.residency,
        proof: bookingTravellers.proof,
      })
      .from(bookingTravellers)
      .where(eq(bookingTravellers.bookingId, booked.id));
    expect(stored).toContainEqual({
      name: "Ivan Okello",
      residency: "east_african_citizen",
      proof: "national_id",
    });
  });
});
