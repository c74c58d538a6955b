/**
 * Staff holds (lib/departures/data/staff-holds.ts, actions/departures.ts#holdSeatsAction): from the
 * Departures screen, staff hold seats on a departure for a named party without payment. The hold
 * is a confirmed booking taking its seats in one transaction, priced as 'Confirm with this total'
 * prices it, audited, shown as a hold on the list and the manifest, refused beyond the seats
 * left, and lapsing unpaid at its option date like every confirmed departure booking.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { holdSeatsAction } from "@/actions/departures";
import { bookingEvents, bookings, departures, tours } from "@/db/schema";
import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { formatDay, kampalaDay } from "@/lib/dates";
import { getDepartureChoices, listDeparturesForStaff } from "@/lib/departures/data/manage";
import { getManifest } from "@/lib/departures/data/manifest";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { env } from "@/lib/env";
import { computeQuote } from "@/lib/payments/quote";
import { refusedOn, succeeded } from "@/tests/helpers/action-states";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { makeStaff } from "@/tests/helpers/media-world";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const [row] = await db
    .select({ title: tours.title, pricing: tours.pricing })
    .from(tours)
    .where(eq(tours.id, tour.id));
  return {
    staff: await makeStaff(db),
    tour: { ...tour, title: row!.title, pricing: row!.pricing },
  };
});

beforeEach(() => actAs(t.w.staff));
afterAll(() => actAs(null));

const DAY = 24 * 60 * 60 * 1000;

/** 'Hold Seats' as the dialog posts it. */
function hold(departureId: string, seats: number, fields: Record<string, string> = {}) {
  return holdSeatsAction(undefined, {
    departureId,
    fullName: "Kampala Partners",
    email: "Desk@Kampala-Partners.example",
    phone: "",
    seats: String(seats),
    note: "",
    ...fields,
  });
}

async function bookingsOn(departureId: string) {
  return t.db.select().from(bookings).where(eq(bookings.departureId, departureId));
}

describe("holding seats for a named party", () => {
  it("takes the seats in a confirmed, priced, unpaid booking, audited, until its option date", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 90, capacity: 6 });
    const state = await hold(departure.id, 4, { phone: "+256 772 123 456", note: "Agency group" });

    const [held] = await bookingsOn(departure.id);
    expect(held).toMatchObject({
      source: "admin",
      fullName: "Kampala Partners",
      email: "desk@kampala-partners.example",
      phone: "+256 772 123 456",
      groupSize: 4,
      bookingStatus: "confirmed",
      paymentStatus: "Pending",
      paidMinor: 0,
      departureDate: departure.startDate,
    });
    expect(held!.confirmedAt).toBeInstanceOf(Date);
    // Priced as 'Confirm with this total' prices it: the computed quote, the deposit of the day.
    const pricing = t.w.tour.pricing as { packages?: never[] } | null;
    const quote = computeQuote({
      packages: pricing?.packages ?? [],
      departurePrices: {},
      accommodation: null,
      groupSize: 4,
    });
    expect(quote).not.toBeNull();
    expect(held!.totalMinor).toBe(quote!.totalMinor);
    expect(held!.depositPercent).toBe(env.DEPOSIT_PERCENT);

    const until = formatDay(
      kampalaDay(new Date(held!.confirmedAt!.getTime() + env.BOOKING_OPTION_DAYS * DAY)),
    );
    expect(state).toEqual(
      succeeded(
        "Seats Held",
        `4 seats on ${t.w.tour.title}, ${formatDay(departure.startDate)} held for Kampala Partners until ${until}. Unpaid, they go back on sale then.`,
      ),
    );
    // The dialog said the same date before it was sent.
    expect((await getDepartureChoices()).heldUntil).toBe(until);

    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 2 });

    // Audited, in the trail and in the booking's history, with the note.
    const [event] = await auditTrail(t.db, {
      action: "departure.staff_hold",
      targetId: departure.id,
    });
    expect(event).toMatchObject({ actorRole: "staff", targetType: "departure" });
    expect(event!.details).toMatchObject({ bookingId: held!.id, seats: 4 });
    const history = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, held!.id));
    expect(history).toMatchObject([
      {
        field: "booking_status",
        toValue: "Confirmed",
        note: `Seats held by staff, unpaid, until ${until}. Agency group`,
      },
    ]);

    // Shown as a hold on the Departures screen and on the manifest.
    const list = await listDeparturesForStaff({
      tour: t.w.tour.id,
      month: "",
      status: "",
      page: 1,
    });
    expect(list.items.find((d) => d.id === departure.id)).toMatchObject({
      sold: 4,
      free: 2,
      staffHoldSeats: 4,
    });
    const manifest = await getManifest(departure.id);
    expect(manifest?.bookings).toMatchObject([
      { leadName: "Kampala Partners", paymentStatus: "Pending", staffHoldUntil: until },
    ]);

    // Paid in part, it is an ordinary booking: no longer a hold.
    await t.db
      .update(bookings)
      .set({ paymentStatus: "Deposit Made" })
      .where(eq(bookings.id, held!.id));
    expect((await getManifest(departure.id))?.bookings[0]?.staffHoldUntil).toBeNull();
  });

  it("refuses more seats than are left, and a date not on sale, holding nothing", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 91, capacity: 5 });
    expect(await hold(departure.id, 3)).toMatchObject({ status: "success" });
    expect(await hold(departure.id, 3)).toMatchObject(
      refusedOn(
        "seats",
        "Only 2 seats left on this departure. Choose a smaller group or another date.",
      ),
    );
    expect(await bookingsOn(departure.id)).toHaveLength(1);
    expect(await hold(departure.id, 2)).toMatchObject({ status: "success" });
    expect(await hold(departure.id, 1)).toMatchObject(
      refusedOn("seats", "This departure is full. Join the waitlist or choose another date."),
    );

    const closed = await makeDeparture(t.db, t.w.tour, {
      inDays: 92,
      capacity: 5,
      status: "closed",
    });
    expect(await hold(closed.id, 1)).toEqual({
      status: "error",
      title: "Date Not Available",
      message: "This departure is not on sale: reopen it to hold seats on it.",
      values: expect.anything(),
    });
    expect(await bookingsOn(closed.id)).toHaveLength(0);
    expect(await hold(departure.id, 0)).toMatchObject(
      refusedOn("seats", "Seats must be a whole number from 1 to 50."),
    );
  });

  it("lapses unpaid at its option date, its seats back on sale", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 93, capacity: 4 });
    expect(await hold(departure.id, 4)).toMatchObject({ status: "success" });
    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 0 });

    await lapseUnpaidOptions(new Date(Date.now() + (env.BOOKING_OPTION_DAYS - 1) * DAY));
    expect((await bookingsOn(departure.id))[0]?.bookingStatus).toBe("confirmed");

    await lapseUnpaidOptions(new Date(Date.now() + (env.BOOKING_OPTION_DAYS + 1) * DAY));
    const [lapsed] = await bookingsOn(departure.id);
    expect(lapsed?.bookingStatus).toBe("cancelled");
    expect(await getDepartureOnSale(departure.id)).toMatchObject({ seatsLeft: 4 });
    const list = await listDeparturesForStaff({
      tour: t.w.tour.id,
      month: "",
      status: "",
      page: 1,
    });
    expect(list.items.find((d) => d.id === departure.id)?.staffHoldSeats).toBe(0);
    // Nothing left of it on the departure's row either.
    const [row] = await t.db
      .select({ status: departures.status })
      .from(departures)
      .where(eq(departures.id, departure.id));
    expect(row?.status).toBe("open");
  });
});
