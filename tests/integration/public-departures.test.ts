/**
 * Booking a dated departure through both wizards' actions, as the browser posts them: the
 * public wizard (submitBookingAction) and Book New Trip (createCustomerBookingAction). A visitor
 * holds the last seats and is sent on to pay; the next one is told 'Not Enough Seats' on the group
 * size, naming the seats left. And what the wizards are given to offer (getWizardDateChoices).
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { createCustomerBookingAction, submitBookingAction } from "@/actions/bookings";
import { bookings } from "@/db/schema";
import { getWizardDateChoices } from "@/lib/bookings/data/dates";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import {
  DEPARTURE_REQUIRED_MESSAGE,
  DEPARTURE_UNAVAILABLE_MESSAGE,
} from "@/lib/bookings/schemas/request";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { refusedOn } from "@/tests/helpers/action-states";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { requestedBookingId } from "@/tests/helpers/requested";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import {
  asFormData,
  customerBookingValues,
  inDays,
  visitorBookingValues,
} from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";

const t = openWorld(async (db) => ({
  ...(await createWorld(db)),
  both: await sellingTour(db, "gorilla-safari", "both"),
  onlyDates: await sellingTour(db, "sipi-falls", "departures"),
  onRequest: await sellingTour(db, "nile-adventure", "request"),
}));

aNewVisitorEachTest("198.51.100");
beforeEach(() => actAs(null));

/** The public wizard's form on a departure, as the browser posts it after choosing the date. */
const visitorBooks = (fields: Record<string, string>) =>
  submitBookingAction(undefined, asFormData(visitorBookingValues(fields)));

/** Book New Trip's form on a departure (the wizard posts its values as an object). */
const customerBooks = (fields: Record<string, string>) =>
  createCustomerBookingAction(undefined, customerBookingValues(fields));

/** The wizards' answer to a group larger than the seats left: the message on the group size. */
const notEnoughSeats = (message: string) => refusedOn("groupSize", message, "Not Enough Seats");
const FULL = "This departure is full. Join the waitlist or choose another date.";

async function seatsLeft(id: string) {
  return (await getDepartureOnSale(id))?.seatsLeft;
}

describe("the public wizard on a departure", () => {
  it("holds the last seats with the departure's dates and goes on to pay; the next visitor gets 'Not Enough Seats'", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 60, capacity: 3 });
    const itsDates = {
      departure: departure.id,
      startDate: departure.startDate,
      endDate: departure.endDate,
    };
    const target = await expectRedirect(() => visitorBooks({ ...itsDates, groupSize: "3" }));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id));
    expect(row).toMatchObject({
      groupSize: 3,
      departureDate: departure.startDate,
      endDate: departure.endDate,
      bookingStatus: null,
      paymentStatus: "Pending",
    });
    // The pay page of that booking, its price set from the tour's tiers.
    expect(verifyPayLink(target.replace(/^\/pay\//, ""))?.bookingId).toBe(row!.id);
    expect(row!.totalMinor).toBeGreaterThan(0);
    expect(row!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await seatsLeft(departure.id)).toBe(0);

    const next = await visitorBooks({ ...itsDates, groupSize: "1" });
    expect(next).toMatchObject(notEnoughSeats(FULL));
    expect(
      await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id)),
    ).toHaveLength(1);
  });

  it("names the seats left to a group that does not fit", async () => {
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 61, capacity: 4 });
    await expectRedirect(() => visitorBooks({ departure: departure.id, groupSize: "3" }));
    const state = await visitorBooks({ departure: departure.id, groupSize: "2" });
    expect(state).toMatchObject(
      notEnoughSeats("Only 1 seat left on this departure. Choose a smaller group or another date."),
    );
  });

  it("takes a private trip on the typed date where the tour runs privately", async () => {
    const startDate = inDays(75);
    const email = `private-${crypto.randomUUID()}@example.com`;
    // A request staff confirm: the browser goes to its confirmation page.
    const id = await requestedBookingId(() =>
      visitorBooks({ departure: "private", startDate, groupSize: "2", email }),
    );
    const [row] = await t.db.select().from(bookings).where(eq(bookings.email, email));
    expect(row).toMatchObject({ id, departureId: null, departureDate: startDate });
  });

  it("refuses a private date for a tour sold on its departures only", async () => {
    const state = await visitorBooks({ tour: "sipi-falls", departure: "private" });
    expect(state).toMatchObject(refusedOn("departure", DEPARTURE_REQUIRED_MESSAGE));
  });

  it("refuses a departure past its cutoff", async () => {
    const departure = await makeDeparture(t.db, t.w.both, {
      inDays: 5,
      cutoffDays: 10,
      capacity: 8,
    });
    const state = await visitorBooks({ departure: departure.id, groupSize: "1" });
    expect(state).toMatchObject(refusedOn("departure", DEPARTURE_UNAVAILABLE_MESSAGE));
  });
});

describe("Book New Trip on a departure", () => {
  it("books the last seat for the signed-in customer; the next customer gets 'Not Enough Seats'", async () => {
    actAs(t.w.a);
    const departure = await makeDeparture(t.db, t.w.both, { inDays: 62, capacity: 2 });
    const target = await expectRedirect(() =>
      customerBooks({
        departure: departure.id,
        departureDate: departure.startDate,
        groupSize: "2",
      }),
    );
    expect(target).toMatch(/^\/pay\//);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id));
    expect(row).toMatchObject({
      userId: t.w.a.id,
      groupSize: 2,
      departureDate: departure.startDate,
      endDate: departure.endDate,
    });

    actAs(t.w.b);
    const next = await customerBooks({ departure: departure.id, groupSize: "1" });
    expect(next).toMatchObject(notEnoughSeats(FULL));
  });

  it("needs one of the dates of a tour sold on departures only", async () => {
    actAs(t.w.a);
    const state = await customerBooks({ tour: "sipi-falls", departure: "" });
    expect(state).toMatchObject(refusedOn("departure", DEPARTURE_REQUIRED_MESSAGE));
  });
});

describe("what the wizards offer", () => {
  it("each departure-selling tour's dates on sale with their seats, and whether it runs privately", async () => {
    const open = await makeDeparture(t.db, t.w.onlyDates, { inDays: 90, capacity: 6 });
    const pastCutoff = await makeDeparture(t.db, t.w.onlyDates, {
      inDays: 3,
      cutoffDays: 7,
    });
    const closed = await makeDeparture(t.db, t.w.onlyDates, { inDays: 95, status: "closed" });
    const choices = await getWizardDateChoices(await getActiveTourCards());

    expect(choices["sipi-falls"]?.privateTrips).toBe(false);
    expect(choices["gorilla-safari"]?.privateTrips).toBe(true);
    const sipi = choices["sipi-falls"]?.departures.map((d) => d.id) ?? [];
    expect(sipi).toContain(open.id);
    expect(sipi).not.toContain(pastCutoff.id);
    expect(sipi).not.toContain(closed.id);
    expect(choices["sipi-falls"]?.departures.find((d) => d.id === open.id)).toMatchObject({
      startDate: open.startDate,
      seatsLeft: 6,
    });
    // A tour sold on request only has no entry: its wizard asks for a date as before.
    expect(choices["nile-adventure"]).toBeUndefined();
  });

  it("includes a linked departure beyond the first dates, and ignores an id that is not one", async () => {
    const many = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        makeDeparture(t.db, t.w.onlyDates, { inDays: 200 + i * 7 }),
      ),
    );
    const last = many[many.length - 1]!;
    const tours = await getActiveTourCards();
    const plain = await getWizardDateChoices(tours);
    expect(plain["sipi-falls"]?.departures.map((d) => d.id)).not.toContain(last.id);
    const linked = await getWizardDateChoices(tours, last.id);
    expect(linked["sipi-falls"]?.departures.map((d) => d.id)).toContain(last.id);
    await expect(getWizardDateChoices(tours, "not-a-uuid")).resolves.toBeTruthy();
  });
});
