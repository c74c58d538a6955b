/**
 * The travellers named in both booking wizards (issue: names as on passports, nationality,
 * dietary and medical notes "collected in the wizard's traveller step"), through the actions as
 * the wizards post them: stored with a booking on a scheduled departure (positions 1..n, in the
 * booking's own transaction), refused beyond the group with a message on the field, and ignored
 * for a private trip.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { createCustomerBookingAction, submitBookingAction } from "@/actions/bookings";
import { bookings } from "@/db/schema";
import { createBooking } from "@/lib/bookings/data/requests";
import { travellersOfBookings } from "@/lib/bookings/data/travellers";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { tooManyTravellersMessage } from "@/lib/bookings/schemas/travellers";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { requestedBookingId } from "@/tests/helpers/requested";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { customerBookingValues, inDays, visitorBookingValues } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";

const t = openWorld(async (db) => ({
  ...(await createWorld(db)),
  both: await sellingTour(db, "gorilla-safari", "both"),
}));

aNewVisitorEachTest("198.51.100");
beforeEach(() => actAs(null));

type Row = { fullName: string; nationality: string; dietary: string; medical: string };
const row = (fullName = "", more: Partial<Row> = {}): Row => ({
  fullName,
  nationality: "",
  dietary: "",
  medical: "",
  ...more,
});

/** The public wizard's values (it posts them as an object, the travellers as an array). */
const visitorBooks = (fields: Record<string, unknown>) =>
  submitBookingAction(undefined, { ...visitorBookingValues(), ...fields });

/** Book New Trip's values, as the wizard posts them. */
const customerBooks = (fields: Record<string, unknown>) =>
  createCustomerBookingAction(undefined, customerBookingValues(fields));

/** A stored traveller at `position`: what was not given is null. */
const stored = (position: number, fullName: string, more: Partial<Row> = {}) => ({
  position,
  fullName,
  nationality: null,
  dietary: null,
  medical: null,
  residency: null,
  dateOfBirth: null,
  proof: null,
  ...more,
});

/** The stored travellers of the booking on a departure, or of the request with a key. */
async function travellersOf(where: { departureId: string } | { idempotencyKey: string }) {
  const [booking] = await t.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      "departureId" in where
        ? eq(bookings.departureId, where.departureId)
        : eq(bookings.idempotencyKey, where.idempotencyKey),
    );
  if (!booking) throw new Error("no booking");
  // As My Bookings reads them: by position.
  return (await travellersOfBookings(t.db, [booking.id])).get(booking.id) ?? [];
}

type Wizard = (fields: Record<string, unknown>) => Promise<unknown>;

/**
 * Four travellers named for a group of 2 on a departure with 8 seats free: refused on the field,
 * what was typed kept (`kept`), nothing stored, no seat taken.
 */
async function expectFourForTwoRefused(
  book: Wizard,
  departureId: string,
  fields: Record<string, string>,
  kept: Record<string, string>,
) {
  const state = await book({
    ...fields,
    departure: departureId,
    groupSize: "2",
    travellers: [row("A One"), row("B Two"), row("C Three"), row("D Four")],
  });
  expect(state).toMatchObject({
    status: "invalid",
    fieldErrors: { travellers: [tooManyTravellersMessage(2)] },
    values: { ...kept, groupSize: "2" },
  });
  expect(
    await t.db.select().from(bookings).where(eq(bookings.departureId, departureId)),
  ).toHaveLength(0);
  expect((await getDepartureOnSale(departureId))?.seatsLeft).toBe(8);
}

/** A private trip (on the typed date in `date`) with two travellers named: booked without them. */
async function expectPrivateTripTravellersIgnored(book: Wizard, date: Record<string, string>) {
  const idempotencyKey = crypto.randomUUID();
  const send = () =>
    book({
      ...date,
      idempotencyKey,
      departure: "private",
      groupSize: "1",
      travellers: [row("Jane O'Brien"), row("Tom O'Brien")],
    });
  // The public wizard sends the browser to the request's page; Book New Trip answers with a toast.
  if (book === visitorBooks) await requestedBookingId(send);
  else expect(await send()).toMatchObject({ status: "success" });
  expect(await travellersOf({ idempotencyKey })).toEqual([]);
}

describe("the public wizard's travellers", () => {
  it("are stored with a booking on a departure, named rows only, from position 1", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 60, capacity: 8 });
    // On a departure the wizard goes on to pay: the seats are held and the browser sent on.
    const target = await expectRedirect(() =>
      visitorBooks({
        departure: departure.id,
        startDate: departure.startDate,
        endDate: departure.endDate,
        groupSize: "3",
        travellers: [
          row("Jane O'Brien", { nationality: "Irish", medical: "Asthma: carries an inhaler" }),
          row(),
          row(" Tom O'Brien ", { dietary: "Vegetarian" }),
        ],
      }),
    );
    expect(target).toMatch(/^\/pay\//);
    expect(await travellersOf({ departureId: departure.id })).toEqual([
      stored(1, "Jane O'Brien", { nationality: "Irish", medical: "Asthma: carries an inhaler" }),
      stored(2, "Tom O'Brien", { dietary: "Vegetarian" }),
    ]);
  });

  it("refuses 4 travellers for a group of 2 on the field, keeping what was typed, storing nothing", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 61, capacity: 8 });
    await expectFourForTwoRefused(
      visitorBooks,
      departure.id,
      { firstName: "Jane", startDate: departure.startDate },
      { firstName: "Jane", departure: departure.id },
    );
  });

  it("puts a row's missing name on that row's field", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 63, capacity: 8 });
    const state = await visitorBooks({
      departure: departure.id,
      groupSize: "2",
      travellers: [row("Jane O'Brien"), row("", { nationality: "Kenyan" })],
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { "travellers.1.fullName": ["Enter the full name as on the passport"] },
    });
  });

  it("ignores a private trip's travellers", async () => {
    await expectPrivateTripTravellersIgnored(visitorBooks, { startDate: inDays(75) });
  });
});

describe("Book New Trip's travellers", () => {
  it("are stored with the customer's booking on a departure", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 64, capacity: 8 });
    actAs(t.w.a);
    const target = await expectRedirect(() =>
      customerBooks({
        departure: departure.id,
        departureDate: departure.startDate,
        groupSize: "2",
        travellers: [row("Amelia Carter", { nationality: "British" }), row("Noah Carter")],
      }),
    );
    expect(target).toMatch(/^\/pay\//);
    expect(await travellersOf({ departureId: departure.id })).toEqual([
      stored(1, "Amelia Carter", { nationality: "British" }),
      stored(2, "Noah Carter"),
    ]);
  });

  it("refuses 4 travellers for a group of 2 on the field", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 65, capacity: 8 });
    actAs(t.w.a);
    await expectFourForTwoRefused(customerBooks, departure.id, {}, { fullName: "Amelia Carter" });
  });

  it("ignores a private trip's travellers", async () => {
    actAs(t.w.b);
    await expectPrivateTripTravellersIgnored(customerBooks, { departureDate: inDays(80) });
  });
});

describe("the booking's transaction", () => {
  it("never stores more travellers than the group: the whole booking is rolled back", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 66, capacity: 8 });
    const traveller = { fullName: "A One", nationality: null, dietary: null, medical: null };
    await expect(
      createBooking(
        {
          fullName: "Jane O'Brien",
          email: `direct-${crypto.randomUUID()}@example.com`,
          phone: "+256 700 123 456",
          address: "Kenya",
          tour: "gorilla-safari",
          departureId: departure.id,
          departureDate: departure.startDate,
          endDate: null,
          groupSize: 1,
          accommodationPreference: null,
          dietaryRestrictions: null,
          specialRequests: null,
          termsAccepted: true,
          newsletter: false,
          travellers: [traveller, { ...traveller, fullName: "B Two" }],
        },
        { source: "public" },
      ),
    ).rejects.toThrow("more travellers than the booking's group");
    expect(
      await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id)),
    ).toHaveLength(0);
    expect((await getDepartureOnSale(departure.id))?.seatsLeft).toBe(8);
  });
});
