/**
 * The staff Departures screen as staff use it: adding a weekly series (dates skipped that the tour
 * already has, a tour sold on request switched to both), the list with its filters and seats,
 * editing (capacity never below the seats taken, the guide given to the bookings), closing and
 * cancelling (bookings cancelled, travellers mailed, the waitlist withdrawn), and the tour's
 * 'How it is sold'.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  addDeparturesAction,
  cancelDepartureAction,
  setDepartureSalesAction,
  updateDepartureAction,
} from "@/actions/departures";
import { updateTourAction } from "@/actions/tours";
import { bookingEvents, bookings, departures, departureWaitlist, guides, tours } from "@/db/schema";
import type { DeparturesQuery } from "@/lib/departures/list-query";
import {
  cancelDeparture,
  getDepartureChoices,
  listDeparturesForStaff,
} from "@/lib/departures/data/manage";
import { getBookingForEdit, updateBookingPayment } from "@/lib/bookings/data/manage";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { tripEndDate } from "@/lib/departures/rules";
import { formatDay } from "@/lib/dates";
import type { DomainError } from "@/lib/errors";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { book, makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { makeStaff } from "@/tests/helpers/media-world";
import { latestMail } from "@/tests/helpers/outbox";
import { inDays, tourForm } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const staff = await makeStaff(db);
  const guideRows = await db
    .select({ id: guides.id, fullName: guides.fullName })
    .from(guides)
    .orderBy(asc(guides.fullName))
    .limit(2);
  return {
    staff,
    guides: guideRows,
    // Each test works on its own tour, so lists and counts stay the test's own.
    gorilla: await sellingTour(db, "gorilla-safari", "both"),
    sipi: await sellingTour(db, "sipi-falls", "request"),
  };
});

let staff: WorldUser;
beforeAll(() => {
  staff = t.w.staff;
});
beforeEach(() => actAs(staff));
afterAll(() => actAs(null));

/** The next `weekday` (0 Sunday ... 6 Saturday) at least `from` days ahead, as days from today. */
function daysToNext(weekday: number, from: number): number {
  for (let d = from; ; d += 1) {
    if (new Date(`${inDays(d)}T00:00:00Z`).getUTCDay() === weekday) return d;
  }
}

const addForm = (fields: Record<string, unknown>) => ({
  startDate: inDays(10),
  repeat: "none",
  weekdays: [],
  intervalWeeks: "",
  until: "",
  capacity: "10",
  prices: [],
  cutoffDays: "",
  minGroup: "",
  guideId: "none",
  note: "",
  ...fields,
});

/** The Edit dialog as posted: the tour's prices, no cutoff, minimum group, guide or note. */
const editForm = (id: string, fields: Record<string, unknown>) => ({
  id,
  prices: [],
  cutoffDays: "0",
  minGroup: "",
  guideId: "none",
  note: "",
  ...fields,
});

const query = (q: Partial<DeparturesQuery>): DeparturesQuery => ({
  tour: null,
  month: "",
  status: "",
  page: 1,
  ...q,
});

async function departuresOf(tourId: string) {
  return t.db
    .select()
    .from(departures)
    .where(eq(departures.tourId, tourId))
    .orderBy(asc(departures.startDate));
}

describe("adding departures", () => {
  it("adds a weekly series, skips a date the tour already has, and records one event", async () => {
    // A tour of its own, so the dates are the test's.
    const target = await sellingTour(t.db, "murchison-safari", "both");
    const monday = daysToNext(1, 14);
    const existing = await makeDeparture(t.db, target, { inDays: monday + 7 });
    const choices = await getDepartureChoices();
    const tiers = choices.tours.find((c) => c.id === target.id)!.tiers;
    expect(tiers.length).toBeGreaterThan(0);

    const state = await addDeparturesAction(
      undefined,
      addForm({
        tourId: target.id,
        startDate: inDays(monday),
        repeat: "weekly",
        weekdays: ["MO"],
        until: inDays(monday + 7 * 11),
        capacity: "12",
        prices: [
          { name: tiers[0], price: "1450" },
          { name: "Not a tier", price: "5" },
        ],
        minGroup: "4",
      }),
    );
    expect(state).toMatchObject({
      status: "success",
      title: "Departures Added",
      message: "Added 11 departures; skipped 1 date that already had one.",
    });

    const rows = (await departuresOf(target.id)).filter((d) => d.id !== existing.id);
    expect(rows).toHaveLength(11);
    expect(rows[0]).toMatchObject({
      startDate: inDays(monday),
      endDate: tripEndDate(inDays(monday), target.durationDays),
      capacity: 12,
      cutoffDays: 0,
      minGroup: 4,
      status: "open",
      prices: { [tiers[0]!]: 1450 },
    });
    const events = await auditTrail(t.db, { action: "departure.create", targetId: target.id });
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({
      count: 11,
      first: inDays(monday),
      last: inDays(monday + 7 * 11),
      skipped: 1,
    });
    expect(events[0]!.actorLabel).toBe(staff.email);
  });

  it("switches a tour sold on request only to both, and says so", async () => {
    const state = await addDeparturesAction(
      undefined,
      addForm({ tourId: t.w.sipi.id, startDate: inDays(20) }),
    );
    const [tour] = await t.db
      .select({ title: tours.title, bookingMode: tours.bookingMode })
      .from(tours)
      .where(eq(tours.id, t.w.sipi.id));
    expect(tour!.bookingMode).toBe("both");
    expect(state).toMatchObject({
      status: "success",
      message: `Added 1 departure. ${tour!.title} is now sold both as private trips on request and on scheduled departures.`,
    });
    expect(await getDepartureOnSale((await departuresOf(t.w.sipi.id))[0]!.id)).not.toBeNull();
  });

  it("refuses a first date in the past and a series of more than 200 dates, adding nothing", async () => {
    const before = (await departuresOf(t.w.gorilla.id)).length;
    const past = await addDeparturesAction(
      undefined,
      addForm({ tourId: t.w.gorilla.id, startDate: inDays(-1) }),
    );
    expect(past).toMatchObject({
      status: "invalid",
      fieldErrors: { startDate: ["The first date must be today or later."] },
    });
    const long = await addDeparturesAction(
      undefined,
      addForm({
        tourId: t.w.gorilla.id,
        repeat: "weekly",
        weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
        until: inDays(400),
      }),
    );
    expect(long).toMatchObject({
      status: "invalid",
      fieldErrors: { until: ["A series can have at most 200 dates: choose an earlier end date."] },
    });
    expect(await departuresOf(t.w.gorilla.id)).toHaveLength(before);
  });

  it("says nothing was added when every date already has a departure", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 33 });
    const state = await addDeparturesAction(
      undefined,
      addForm({ tourId: t.w.gorilla.id, startDate: d.startDate }),
    );
    expect(state).toMatchObject({
      status: "error",
      title: "No Departures Added",
    });
  });
});

describe("the list", () => {
  it("shows upcoming dates by start date with seats sold, held and free, bookings and badges", async () => {
    const tour = t.w.gorilla;
    const past = await makeDeparture(t.db, tour, { inDays: -30 });
    const later = await makeDeparture(t.db, tour, { inDays: 71, capacity: 4, minGroup: 3 });
    const sooner = await makeDeparture(t.db, tour, { inDays: 70, capacity: 10 });
    const three = await book(later.id, 3);
    const one = await book(later.id, 1);
    await book(sooner.id, 2);
    await t.db.insert(departureWaitlist).values({
      departureId: sooner.id,
      fullName: "Held Seats",
      email: "held@example.com",
      groupSize: 3,
      status: "offered",
      holdExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });

    const page = await listDeparturesForStaff(query({ tour: tour.id }));
    const ids = page.items.map((d) => d.id);
    expect(ids).not.toContain(past.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const starts = page.items.map((d) => d.startDate);
    expect(starts).toEqual([...starts].sort());

    const s = page.items.find((d) => d.id === sooner.id)!;
    expect(s).toMatchObject({ sold: 2, held: 3, free: 5, capacity: 10, bookings: 1 });
    expect(s.guaranteed).toBe(false);
    const l = page.items.find((d) => d.id === later.id)!;
    // Four seats held at the checkout, unpaid: sold out, but not Guaranteed until paid for.
    expect(l).toMatchObject({ sold: 4, held: 0, free: 0, bookings: 2, guaranteed: false });
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", paymentStatus: "Deposit Made" })
      .where(inArray(bookings.id, [three, one]));
    const paid = await listDeparturesForStaff(query({ tour: tour.id }));
    expect(paid.items.find((d) => d.id === later.id)).toMatchObject({ guaranteed: true });

    // All dates, and one month.
    const all = await listDeparturesForStaff(query({ tour: tour.id, month: "all" }));
    expect(all.items.map((d) => d.id)).toContain(past.id);
    const month = past.startDate.slice(0, 7);
    const inMonth = await listDeparturesForStaff(query({ tour: tour.id, month }));
    expect(inMonth.items.every((d) => d.startDate.startsWith(month))).toBe(true);
    expect(inMonth.items.map((d) => d.id)).toContain(past.id);
    const choices = await getDepartureChoices();
    expect(choices.months).toContain(month);
  });

  it("filters by status and pages 20 at a time", async () => {
    const tour = await sellingTour(t.db, "kampala-cultural", "both");
    for (let i = 0; i < 22; i += 1) await makeDeparture(t.db, tour, { inDays: 200 + i });
    const closed = await makeDeparture(t.db, tour, { inDays: 250, status: "closed" });
    const first = await listDeparturesForStaff(query({ tour: tour.id, month: "all" }));
    expect(first.items).toHaveLength(20);
    expect(first.pageCount).toBeGreaterThanOrEqual(2);
    const second = await listDeparturesForStaff(query({ tour: tour.id, month: "all", page: 2 }));
    expect(second.page).toBe(2);
    expect(second.items.some((d) => first.items.some((f) => f.id === d.id))).toBe(false);
    const onlyClosed = await listDeparturesForStaff(query({ tour: tour.id, status: "closed" }));
    expect(onlyClosed.items.map((d) => d.id)).toContain(closed.id);
    expect(onlyClosed.items.every((d) => d.status === "closed")).toBe(true);
  });
});

describe("editing a departure", () => {
  it("refuses a capacity below the seats taken, naming them, and raises it", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 80, capacity: 8 });
    await book(d.id, 3);
    await book(d.id, 2);
    const edit = (capacity: string) =>
      updateDepartureAction(
        undefined,
        editForm(d.id, { capacity, cutoffDays: "2", note: "Porters booked" }),
      );
    expect(await edit("4")).toMatchObject({
      status: "invalid",
      fieldErrors: { capacity: ["At least 5 seats are taken: capacity cannot go below 5."] },
    });
    const [unchanged] = await t.db.select().from(departures).where(eq(departures.id, d.id));
    expect(unchanged!.capacity).toBe(8);

    const saved = await edit("14");
    expect(saved).toMatchObject({ status: "success", title: "Departure Updated" });
    const [row] = await t.db.select().from(departures).where(eq(departures.id, d.id));
    expect(row).toMatchObject({ capacity: 14, cutoffDays: 2, note: "Porters booked" });
    expect((await getDepartureOnSale(d.id))?.seatsLeft).toBe(9);
  });

  it("offers the seats of a raised capacity to the waitlist", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 82, capacity: 2 });
    await book(d.id, 2);
    const [waiting] = await t.db
      .insert(departureWaitlist)
      .values({
        departureId: d.id,
        fullName: "Wanda Wait",
        email: "wanda@example.com",
        groupSize: 2,
      })
      .returning({ id: departureWaitlist.id });
    const state = await updateDepartureAction(undefined, editForm(d.id, { capacity: "4" }));
    expect(state).toMatchObject({ status: "success" });
    const [row] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, waiting!.id));
    expect(row!.status).toBe("offered");
    const list = await listDeparturesForStaff(query({ tour: t.w.gorilla.id }));
    expect(list.items.find((x) => x.id === d.id)).toMatchObject({ sold: 2, held: 2, free: 0 });
  });

  it("gives a new guide to each live booking, with a line in its history", async () => {
    const [g1, g2] = t.w.guides;
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 81 });
    const one = await book(d.id, 2);
    const two = await book(d.id, 1);
    const gone = await book(d.id, 1);
    await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, gone));
    await t.db.update(bookings).set({ guideId: g2!.id }).where(eq(bookings.id, two));

    const state = await updateDepartureAction(
      undefined,
      editForm(d.id, { capacity: "12", guideId: g1!.id }),
    );
    expect(state).toMatchObject({
      status: "success",
      message: `${(await getDepartureChoices()).tours.find((x) => x.id === t.w.gorilla.id)!.title} on ${formatDay(d.startDate)} has been saved. The new guide was given to 2 bookings.`,
    });
    const rows = await t.db
      .select({ id: bookings.id, guideId: bookings.guideId })
      .from(bookings)
      .where(eq(bookings.departureId, d.id));
    expect(rows.find((r) => r.id === one)!.guideId).toBe(g1!.id);
    expect(rows.find((r) => r.id === two)!.guideId).toBe(g1!.id);
    expect(rows.find((r) => r.id === gone)!.guideId).toBeNull();
    const history = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, two), eq(bookingEvents.field, "guide")));
    expect(history).toMatchObject([{ fromValue: g2!.fullName, toValue: g1!.fullName }]);
    const list = await listDeparturesForStaff(query({ tour: t.w.gorilla.id }));
    expect(list.items.find((x) => x.id === d.id)!.guideName).toBe(g1!.fullName);
  });
});

describe("closing and cancelling", () => {
  it("closes a departure's sales and reopens them", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 90 });
    expect(await setDepartureSalesAction(undefined, { id: d.id, open: false })).toMatchObject({
      status: "success",
      title: "Departure Closed",
    });
    expect(await getDepartureOnSale(d.id)).toBeNull();
    expect(await setDepartureSalesAction(undefined, { id: d.id, open: true })).toMatchObject({
      status: "success",
      title: "Departure Reopened",
    });
    expect(await getDepartureOnSale(d.id)).not.toBeNull();
  });

  it("cancels every live booking with the reason, mails each traveller and withdraws the waitlist", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 100, capacity: 6 });
    const email = `cancelled-${crypto.randomUUID()}@example.com`;
    const booked = await book(d.id, 4, email);
    const other = await book(d.id, 2);
    await t.db.update(bookings).set({ bookingStatus: "confirmed" }).where(eq(bookings.id, other));
    const [waiting] = await t.db
      .insert(departureWaitlist)
      .values({ departureId: d.id, fullName: "Wait Ing", email: "wait@example.com", groupSize: 1 })
      .returning({ id: departureWaitlist.id });

    const state = await cancelDepartureAction(undefined, {
      id: d.id,
      reason: "The park is closed for repairs",
    });
    expect(state).toMatchObject({ status: "success", title: "Departure Cancelled" });
    expect((state as { message: string }).message).toContain(
      "2 bookings were cancelled and the travellers have been emailed.",
    );

    const reason = `The departure of ${formatDay(d.startDate)} was cancelled: The park is closed for repairs.`;
    const rows = await t.db.select().from(bookings).where(eq(bookings.departureId, d.id));
    expect(rows.map((r) => [r.bookingStatus, r.statusReason])).toEqual([
      ["cancelled", reason],
      ["cancelled", reason],
    ]);
    const history = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, other), eq(bookingEvents.field, "booking_status")));
    expect(history).toMatchObject([{ fromValue: "Confirmed", toValue: "Cancelled", note: reason }]);

    const mail = await latestMail(t.db, email, "booking-ended");
    expect(mail?.textBody).toContain(reason);
    expect(mail?.subject).toContain(`(ref ${booked.slice(0, 8).toUpperCase()})`);

    const [w] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, waiting!.id));
    expect(w!.status).toBe("withdrawn");
    // Those waiting are told the date will not run, and why.
    const waitMail = await latestMail(t.db, "wait@example.com", "waitlist-departure-cancelled");
    expect(waitMail?.subject).toMatch(/^Departure cancelled: /);
    expect(waitMail?.textBody).toContain(reason);
    const [row] = await t.db.select().from(departures).where(eq(departures.id, d.id));
    expect(row).toMatchObject({
      status: "cancelled",
      cancelReason: "The park is closed for repairs",
    });
    const [event] = await auditTrail(t.db, { action: "departure.cancel", targetId: d.id });
    expect(event!.details).toMatchObject({ count: 2 });
    expect(await getDepartureOnSale(d.id)).toBeNull();

    // Irreversible: no second cancel, no edit, no reopening.
    expect(await cancelDepartureAction(undefined, { id: d.id, reason: "Again" })).toMatchObject({
      status: "error",
      title: "Already Cancelled",
    });
    expect(await setDepartureSalesAction(undefined, { id: d.id, open: true })).toMatchObject({
      status: "error",
      title: "Departure Cancelled",
    });
  });

  it("leaves no live booking on a date cancelled while travellers are booking it", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 102, capacity: 40 });
    await book(d.id, 1);
    const attempts = Array.from({ length: 12 }, () =>
      createBooking(newRequest({ departureId: d.id, groupSize: 1 }), { source: "public" }),
    );
    const [cancelled, ...results] = await Promise.allSettled([
      cancelDepartureAction(undefined, { id: d.id, reason: "Storm warning" }),
      ...attempts,
    ]);
    expect(cancelled).toMatchObject({ status: "fulfilled", value: { status: "success" } });
    // A booking saved after the cancellation is refused; one saved before it is cancelled.
    for (const r of results) {
      if (r.status === "rejected") expect(String(r.reason)).toContain("departure_unavailable");
    }
    const rows = await t.db.select().from(bookings).where(eq(bookings.departureId, d.id));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.bookingStatus === "cancelled")).toBe(true);
  });

  it("queues a cancellation behind a booking's own edit instead of deadlocking", async () => {
    for (let round = 0; round < 6; round += 1) {
      const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 110 + round, capacity: 10 });
      const ids = [await book(d.id, 2), await book(d.id, 2)];
      const edits = await Promise.all(ids.map((id) => getBookingForEdit(id)));
      const results = await Promise.allSettled([
        ...edits.map((b) =>
          updateBookingPayment({
            bookingId: b!.id,
            version: b!.version,
            paymentStatus: "Cancelled",
            paymentNote: null,
            bookingStatus: "cancelled",
          }),
        ),
        cancelDeparture(d.id, "Flooding"),
      ]);
      // A booking edited after the cancellation finds it changed; nothing else may fail.
      for (const r of results) {
        if (r.status === "rejected") expect((r.reason as DomainError).code).toBe("stale_booking");
      }
      expect(results.at(-1)!.status).toBe("fulfilled");
      const rows = await t.db.select().from(bookings).where(eq(bookings.departureId, d.id));
      expect(rows.every((r) => r.bookingStatus === "cancelled")).toBe(true);
    }
  });

  it("brings a cancelled booking back only while its seats are still free", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 104, capacity: 4 });
    const id = await book(d.id, 3);
    const setStatus = async (bookingId: string, bookingStatus: "cancelled" | "confirmed") => {
      const b = await getBookingForEdit(bookingId);
      return updateBookingPayment({
        bookingId,
        version: b!.version,
        paymentNote: null,
        bookingStatus,
      });
    };
    await setStatus(id, "cancelled");
    expect((await getDepartureOnSale(d.id))?.seatsLeft).toBe(4);

    // Two of the three seats went to someone else meanwhile: the booking cannot come back.
    const other = await book(d.id, 2);
    const error = await refusal(setStatus(id, "confirmed"));
    expect(error.code).toBe("seats_unavailable");
    expect(error.details.reason).toBe(
      "Only 2 seats left on this departure. Choose a smaller group or another date.",
    );
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(still!.bookingStatus).toBe("cancelled");

    // Once they are free again, it comes back and takes them.
    await setStatus(other, "cancelled");
    await setStatus(id, "confirmed");
    expect((await getDepartureOnSale(d.id))?.seatsLeft).toBe(1);
  });

  it("never lowers a capacity below the seats booked at the same moment", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 103, capacity: 10 });
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, () =>
        createBooking(newRequest({ departureId: d.id, groupSize: 1 }), { source: "public" }),
      ),
      updateDepartureAction(undefined, editForm(d.id, { capacity: "4" })),
    ]);
    expect(
      results.every(
        (r) => r.status === "fulfilled" || String(r.reason).includes("seats_unavailable"),
      ),
    ).toBe(true);
    const [row] = await t.db.select().from(departures).where(eq(departures.id, d.id));
    const taken = (await t.db.select().from(bookings).where(eq(bookings.departureId, d.id))).reduce(
      (sum, b) => sum + b.groupSize,
      0,
    );
    expect(taken).toBeLessThanOrEqual(row!.capacity);
  });

  it("asks for a reason", async () => {
    const d = await makeDeparture(t.db, t.w.gorilla, { inDays: 101 });
    expect(await cancelDepartureAction(undefined, { id: d.id, reason: "  " })).toMatchObject({
      status: "invalid",
      fieldErrors: { reason: ["Reason is required"] },
    });
  });
});

describe("how a tour is sold", () => {
  it("is saved with the tour", async () => {
    const [tour] = await t.db
      .select({ id: tours.id, slug: tours.slug })
      .from(tours)
      .where(eq(tours.slug, "gorilla-safari"));
    const state = await updateTourAction(undefined, {
      ...tourForm({ slug: tour!.slug, title: "Gorilla Safari" }),
      bookingMode: "departures",
      id: tour!.id,
    });
    expect(state).toMatchObject({ status: "success" });
    const [row] = await t.db
      .select({ bookingMode: tours.bookingMode })
      .from(tours)
      .where(eq(tours.id, tour!.id));
    expect(row!.bookingMode).toBe("departures");
    // Put back for the other tests of the file.
    await t.db.update(tours).set({ bookingMode: "both" }).where(eq(tours.id, tour!.id));
  });
});
