/**
 * Moving a booking to another departure of its tour from the staff Edit dialog
 * (lib/bookings/data/move.ts, moveBookingDepartureAction): the dialog's departure and its targets,
 * the move with its dates, guide, history, audit event and mail, the seats counted on both
 * departures after it, the old departure's seats offered to its waitlist, and the refusals (a full
 * target, another tour's date, a closed one, a stale dialog).
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);
// The real waitlist, watched: the move must hand the old departure's seats to it.
vi.mock("@/lib/departures/data/waitlist", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/departures/data/waitlist")>();
  return { ...real, offerReturnedSeats: vi.fn(real.offerReturnedSeats) };
});

import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { moveBookingDepartureAction } from "@/actions/bookings";
import { bookingEvents, bookings, departures, departureWaitlist, guides } from "@/db/schema";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { moveBookingToDeparture } from "@/lib/bookings/data/move";
import { createBooking } from "@/lib/bookings/data/requests";
import { getManifest } from "@/lib/departures/data/manifest";
import { offerReturnedSeats } from "@/lib/departures/data/waitlist";
import { departureRange } from "@/lib/departures/rules";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { book, makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { latestMail } from "@/tests/helpers/outbox";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const other = await sellingTour(db, "sipi-falls", "both");
  const [guide] = await db
    .insert(guides)
    .values({ fullName: "Ruth Achieng", isAvailable: true })
    .returning({ id: guides.id, fullName: guides.fullName });
  return { ...world, tour, other, guide: guide! };
});

let day = 100;
/** A fresh departure of the tour (each test its own dates). */
const departure = (options: Parameters<typeof makeDeparture>[2] = {}, tour = t.w.tour) =>
  makeDeparture(t.db, tour, { inDays: day++, ...options });

async function version(id: string) {
  return (await getBookingForEdit(id))!.version;
}

const seatsTaken = async (id: string) => (await getManifest(id))!.departure.seatsTaken;

beforeEach(() => {
  actAs(t.w.staff);
  vi.mocked(offerReturnedSeats).mockClear();
});

describe("the Edit dialog's departure", () => {
  it("shows the dates and seats, and offers open upcoming dates of the tour with room", async () => {
    const from = await departure({ capacity: 10 });
    const roomy = await departure({ capacity: 10 });
    const tight = await departure({ capacity: 3 });
    await book(tight.id, 2);
    const closed = await departure({ capacity: 10, status: "closed" });
    const otherTour = await departure({ capacity: 10 }, t.w.other);
    const id = await book(from.id, 2);

    const booking = await getBookingForEdit(id);
    expect(booking?.departure).toMatchObject({
      id: from.id,
      startDate: from.startDate,
      endDate: from.endDate,
      capacity: 10,
      seatsTaken: 2,
      status: "open",
    });
    const targets = booking!.departure!.targets.map((x) => x.id);
    expect(targets).toContain(roomy.id);
    expect(targets).not.toContain(from.id);
    expect(targets).not.toContain(tight.id); // 1 seat left for a group of 2
    expect(targets).not.toContain(closed.id);
    expect(targets).not.toContain(otherTour.id);
    expect(booking!.departure!.targets.find((x) => x.id === roomy.id)?.seatsLeft).toBe(10);
  });

  it("is null for a private trip", async () => {
    const id = (
      await createBooking(newRequest({ departureDate: "2030-01-10" }), { source: "public" })
    ).id;
    expect((await getBookingForEdit(id))?.departure).toBeNull();
  });
});

describe("moving a booking", () => {
  it("moves it with its seats, dates and the new departure's guide, and tells everyone", async () => {
    const from = await departure({ capacity: 6 });
    const to = await departure({ capacity: 6 });
    await t.db.update(departures).set({ guideId: t.w.guide.id }).where(eq(departures.id, to.id));
    const email = `mover-${crypto.randomUUID()}@example.com`;
    const id = await book(from.id, 3, email);
    await book(to.id, 1);

    const state = await moveBookingDepartureAction(undefined, {
      bookingId: id,
      version: await version(id),
      departureId: to.id,
    });
    const fromText = departureRange(from.startDate, from.endDate);
    const toText = departureRange(to.startDate, to.endDate);
    expect(state).toMatchObject({
      status: "success",
      title: "Booking Moved",
      message: `The booking now travels ${toText} (was ${fromText}). Guide: Ruth Achieng.`,
    });

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({
      departureId: to.id,
      departureDate: to.startDate,
      endDate: to.endDate,
      guideId: t.w.guide.id,
    });
    // Seats counted right after: the old departure has its 3 back, the new one holds 1 + 3.
    expect(await seatsTaken(from.id)).toBe(0);
    expect(await seatsTaken(to.id)).toBe(4);

    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(desc(bookingEvents.field));
    expect(events.map((e) => [e.field, e.fromValue, e.toValue])).toEqual([
      ["guide", null, "Ruth Achieng"],
      ["departure", fromText, toText],
    ]);
    expect(events[0]!.actorUserId).toBe(t.w.staff.id);
    const [audit] = await auditTrail(t.db, { action: "booking.move", targetId: id });
    expect(audit?.details).toMatchObject({ departureId: { from: from.id, to: to.id } });
    const mail = await latestMail(t.db, email, "booking-moved");
    expect(mail?.textBody).toContain(toText);
    expect(mail?.textBody).toContain(fromText);

    // The old departure's seats were handed to its waitlist, inside the move.
    expect(offerReturnedSeats).toHaveBeenCalledTimes(1);
    expect(vi.mocked(offerReturnedSeats).mock.calls[0]![1]).toBe(from.id);

    const history = (await getBookingForEdit(id))!.history;
    expect(history.map((h) => h.what)).toContain("Departure");
  });

  it("offers the seats it leaves to the old departure's waitlist", async () => {
    const from = await departure({ capacity: 3 });
    const to = await departure({ capacity: 6 });
    const id = await book(from.id, 3);
    const [waiting] = await t.db
      .insert(departureWaitlist)
      .values({
        departureId: from.id,
        fullName: "Hannah Schmidt",
        email: `hannah-${crypto.randomUUID()}@example.com`,
        groupSize: 2,
      })
      .returning({ id: departureWaitlist.id, email: departureWaitlist.email });

    await moveBookingToDeparture({ bookingId: id, version: await version(id), departureId: to.id });
    const [row] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, waiting!.id));
    expect(row?.status).toBe("offered");
    expect(await latestMail(t.db, waiting!.email)).not.toBeNull();
  });

  it("is refused when the target is full, naming the seats left, and changes nothing", async () => {
    const from = await departure({ capacity: 6 });
    const full = await departure({ capacity: 3 });
    await book(full.id, 2);
    const id = await book(from.id, 2);
    const before = await version(id);

    const error = await refusal(
      moveBookingToDeparture({ bookingId: id, version: before, departureId: full.id }),
    );
    expect(error.code).toBe("seats_unavailable");
    expect(error.details.seatsLeft).toBe(1);

    const state = await moveBookingDepartureAction(undefined, {
      bookingId: id,
      version: before,
      departureId: full.id,
    });
    expect(state.status).toBe("invalid");
    expect(state.status === "invalid" && state.fieldErrors.departureId).toEqual([
      "Only 1 seat is free on that departure: the group does not fit.",
    ]);
    expect(await version(id)).toBe(before);
    expect(await seatsTaken(from.id)).toBe(2);
    expect(await seatsTaken(full.id)).toBe(2);
    expect(offerReturnedSeats).not.toHaveBeenCalled();
  });

  it("is refused to another tour's, a closed or a past departure, and to the same one", async () => {
    const from = await departure();
    const id = await book(from.id, 1);
    const v = await version(id);
    const otherTour = await departure({}, t.w.other);
    const closed = await departure({ status: "closed" });
    const past = await makeDeparture(t.db, t.w.tour, { inDays: -3 });
    for (const target of [otherTour.id, closed.id, past.id, from.id]) {
      const error = await refusal(
        moveBookingToDeparture({ bookingId: id, version: v, departureId: target }),
      );
      expect(error.code).toBe("departure_unavailable");
    }
    expect(
      (
        await refusal(
          moveBookingToDeparture({ bookingId: id, version: v, departureId: crypto.randomUUID() }),
        )
      ).code,
    ).toBe("not_found");
  });

  it("is refused from a dialog opened before someone else's save", async () => {
    const from = await departure();
    const to = await departure();
    const id = await book(from.id, 1);
    const old = await version(id);
    await moveBookingToDeparture({ bookingId: id, version: old, departureId: to.id });
    const state = await moveBookingDepartureAction(undefined, {
      bookingId: id,
      version: old,
      departureId: from.id,
    });
    expect(state).toMatchObject({ status: "error", title: "Error" });
    expect(state.status === "error" && state.message).toMatch(
      /^Failed to move the booking\. Peter Ssali at .* changed this booking after you opened it\./,
    );
  });

  it("leaves the old departure's guide behind when the new one has none", async () => {
    const from = await departure();
    await t.db.update(departures).set({ guideId: t.w.guide.id }).where(eq(departures.id, from.id));
    const to = await departure();
    const id = await book(from.id, 1);
    expect((await getBookingForEdit(id))?.guideId).toBe(t.w.guide.id);
    const moved = await moveBookingToDeparture({
      bookingId: id,
      version: await version(id),
      departureId: to.id,
    });
    expect(moved.guideName).toBeNull();
    expect((await getBookingForEdit(id))?.guideId).toBeNull();
  });
});
