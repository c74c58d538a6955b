/**
 * Seats on a departure (lib/departures/data/seats.ts through lib/bookings/data/requests.ts): a booking takes its
 * group's seats in the transaction that saves it, is refused with the seats left when they do not
 * fit, and gives them back when it is cancelled or its option lapses unpaid.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { bookingEvents, bookings, departures, emailOutbox } from "@/db/schema";
import { lapseUnpaidOptions } from "@/lib/bookings/data/options";
import { createBooking } from "@/lib/bookings/data/requests";
import {
  getDepartureOnSale,
  queryDeparturesOnSale,
  seatsHeldOf,
  seatsTakenOf,
} from "@/lib/departures/data/seats";
import type { DomainError } from "@/lib/errors";
import type { BookingRequest } from "@/lib/bookings/request";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { inDays } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => ({
  tour: await sellingTour(db, "gorilla-safari", "both"),
  onlyDates: await sellingTour(db, "sipi-falls", "departures"),
}));

/** A booking request; a private trip's date 90 days out. */
const request = (overrides: Partial<BookingRequest> = {}) =>
  newRequest({ departureDate: inDays(90), ...overrides });

async function seatsLeft(departureId: string) {
  return (await getDepartureOnSale(departureId))?.seatsLeft;
}

describe("seats on a departure", () => {
  it("takes the group's seats and gives the booking the departure's dates", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 45, capacity: 8 });
    const result = await createBooking(
      request({ departureId: departure.id, groupSize: 3, departureDate: inDays(300) }),
      { source: "public" },
    );
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, result.id));
    expect(row).toMatchObject({
      departureId: departure.id,
      departureDate: departure.startDate,
      endDate: departure.endDate,
      groupSize: 3,
    });
    expect(await seatsLeft(departure.id)).toBe(5);
  });

  it("refuses a group larger than the seats left, naming them, and saves nothing", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 46, capacity: 4 });
    await createBooking(request({ departureId: departure.id, groupSize: 3 }), { source: "public" });
    const email = `late-${crypto.randomUUID()}@example.com`;
    const error = await refusal(
      createBooking(request({ departureId: departure.id, groupSize: 2, email }), {
        source: "public",
      }),
    );
    expect(error.code).toBe("seats_unavailable");
    expect(error.details.seatsLeft).toBe(1);
    expect(error.details.reason).toBe(
      "Only 1 seat left on this departure. Choose a smaller group or another date.",
    );
    const saved = await t.db.select().from(bookings).where(eq(bookings.email, email));
    expect(saved).toHaveLength(0);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(0);
  });

  it("says a full departure is full", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 47, capacity: 2 });
    await createBooking(request({ departureId: departure.id, groupSize: 2 }), { source: "public" });
    const error = await refusal(
      createBooking(request({ departureId: departure.id, groupSize: 1 }), { source: "public" }),
    );
    expect(error.details.reason).toBe(
      "This departure is full. Join the waitlist or choose another date.",
    );
    expect(await seatsLeft(departure.id)).toBe(0);
  });

  it("never oversells under concurrent bookings of the last seats", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 48, capacity: 10 });
    const sizes = Array.from({ length: 60 }, (_, i) => (i % 3) + 1);
    const results = await Promise.allSettled(
      sizes.map((groupSize) =>
        createBooking(request({ departureId: departure.id, groupSize }), { source: "public" }),
      ),
    );
    const saved = await t.db
      .select({ groupSize: bookings.groupSize })
      .from(bookings)
      .where(eq(bookings.departureId, departure.id));
    const taken = saved.reduce((sum, b) => sum + b.groupSize, 0);
    expect(taken).toBeLessThanOrEqual(10);
    expect(saved).toHaveLength(results.filter((r) => r.status === "fulfilled").length);
    // Every refusal is the seats one, and fair: seats only went down, so each refused group is
    // larger than the seats left at the end.
    results.forEach((r, i) => {
      if (r.status === "fulfilled") return;
      expect((r.reason as DomainError).code).toBe("seats_unavailable");
      expect(sizes[i]).toBeGreaterThan(10 - taken);
    });
  });

  it("counts seats in a select from departures alone (the subquery names the outer table)", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 53, capacity: 9 });
    await createBooking(request({ departureId: departure.id, groupSize: 3 }), { source: "public" });
    const [row] = await t.db
      .select({ taken: seatsTakenOf(departures.id), held: seatsHeldOf(departures.id) })
      .from(departures)
      .where(eq(departures.id, departure.id));
    expect(row).toEqual({ taken: 3, held: 0 });
  });

  it("does not take seats twice for a repeated form", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 49, capacity: 5 });
    const same = request({ departureId: departure.id, groupSize: 2 });
    const first = await createBooking(same, { source: "public" });
    const second = await createBooking(same, { source: "public" });
    expect(second).toMatchObject({ status: "duplicate", id: first.id });
    expect(await seatsLeft(departure.id)).toBe(3);
  });

  it("refuses a departure that is closed, past its cutoff, or of another tour", async () => {
    const closed = await makeDeparture(t.db, t.w.tour, { inDays: 50, status: "closed" });
    const pastCutoff = await makeDeparture(t.db, t.w.tour, { inDays: 5, cutoffDays: 7 });
    const otherTour = await makeDeparture(t.db, t.w.onlyDates, { inDays: 51 });
    for (const departure of [closed, pastCutoff, otherTour]) {
      const error = await refusal(
        createBooking(request({ departureId: departure.id }), { source: "public" }),
      );
      expect(error.code).toBe("departure_unavailable");
    }
    const onSale = await queryDeparturesOnSale(t.db, { tourIds: [t.w.tour.id] });
    const listed = (onSale[t.w.tour.id] ?? []).map((d) => d.id);
    expect(listed).not.toContain(closed.id);
    expect(listed).not.toContain(pastCutoff.id);
  });

  it("asks for a date on a tour sold on departures only, and takes private trips where allowed", async () => {
    const error = await refusal(
      createBooking(request({ tour: "sipi-falls" }), { source: "public" }),
    );
    expect(error.code).toBe("departure_required");
    const privateTrip = await createBooking(request(), { source: "public" });
    expect(privateTrip.status).toBe("created");
  });

  it("says Guaranteed once the minimum group is paid for, never on unpaid holds", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 52, minGroup: 4, capacity: 8 });
    const three = await createBooking(request({ departureId: departure.id, groupSize: 3 }), {
      source: "public",
    });
    const one = await createBooking(request({ departureId: departure.id, groupSize: 1 }), {
      source: "public",
    });
    // Four seats held at the checkout, none paid: not Guaranteed.
    expect(await getDepartureOnSale(departure.id)).toMatchObject({
      seatsLeft: 4,
      guaranteed: false,
    });
    const paid = { bookingStatus: "confirmed" as const, paymentStatus: "Deposit Made" as const };
    await t.db.update(bookings).set(paid).where(eq(bookings.id, three.id));
    expect((await getDepartureOnSale(departure.id))?.guaranteed).toBe(false);
    await t.db.update(bookings).set(paid).where(eq(bookings.id, one.id));
    expect((await getDepartureOnSale(departure.id))?.guaranteed).toBe(true);
  });
});

describe("seats coming back", () => {
  it("returns the seats of an unpaid confirmed booking whose option lapsed, and tells the customer", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 60, capacity: 6 });
    const email = `lapse-${crypto.randomUUID()}@example.com`;
    const unpaid = await createBooking(
      request({ departureId: departure.id, groupSize: 4, email }),
      {
        source: "public",
      },
    );
    const paid = await createBooking(request({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    const eightDaysAgo = sql`now() - interval '8 days'`;
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: eightDaysAgo })
      .where(eq(bookings.id, unpaid.id));
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: eightDaysAgo, paymentStatus: "Deposit Made" })
      .where(eq(bookings.id, paid.id));
    expect(await seatsLeft(departure.id)).toBe(0);

    expect(await lapseUnpaidOptions(new Date(), 7)).toBeGreaterThanOrEqual(1);
    expect(await seatsLeft(departure.id)).toBe(4);
    const [lapsed] = await t.db.select().from(bookings).where(eq(bookings.id, unpaid.id));
    expect(lapsed).toMatchObject({
      bookingStatus: "cancelled",
      statusReason: "It was not paid within 7 days of confirmation, so its seats were released.",
    });
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, paid.id));
    expect(kept?.bookingStatus).toBe("confirmed");
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^Booking cancelled:/),
    );
    const history = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, unpaid.id));
    expect(history).toContainEqual(
      expect.objectContaining({ actorLabel: "system", toValue: "Cancelled" }),
    );
    // A second sweep finds nothing more to do.
    expect(await lapseUnpaidOptions(new Date(), 7)).toBe(0);
  });
});
