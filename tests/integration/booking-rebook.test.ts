/**
 * Money owed back and a cancelled booking booked again (lib/bookings/refund-due.ts,
 * lib/bookings/data/move.ts rebookCancelledBooking, rebookBookingAction): a cancelled booking
 * still holding money paid shows its refund due in the staff list and the Edit dialog; it can be
 * booked again on a date of its tour with room (seats taken under the departure's lock), with its
 * history, audit event and mail; never past the seats left, never a live or refunded booking.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { rebookBookingAction } from "@/actions/bookings";
import { recordPaymentAction } from "@/actions/payments";
import { bookings } from "@/db/schema";
import { getBookingForEdit, listAdminBookings } from "@/lib/bookings/data/manage";
import { rebookCancelledBooking } from "@/lib/bookings/data/move";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
import { refundDueMinor } from "@/lib/bookings/refund-due";
import { getManifest } from "@/lib/departures/data/manifest";
import { departureRange } from "@/lib/departures/rules";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { book, makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { latestMail } from "@/tests/helpers/outbox";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const other = await sellingTour(db, "sipi-falls", "both");
  return { ...world, tour, other };
});

let day = 200;
const departure = (options: Parameters<typeof makeDeparture>[2] = {}, tour = t.w.tour) =>
  makeDeparture(t.db, tour, { inDays: day++, ...options });

const version = async (id: string) => (await getBookingForEdit(id))!.version;
const seatsTaken = async (id: string) => (await getManifest(id))!.departure.seatsTaken;

/**
 * A booking of `groupSize` on the departure, `paid` US dollars received in cash (the ledger and
 * the booking's net paid), then cancelled.
 */
async function cancelledPaid(departureId: string, groupSize: number, paid: number) {
  const email = `rebook-${crypto.randomUUID()}@example.com`;
  const id = await book(departureId, groupSize, email);
  await t.db
    .update(bookings)
    .set({ bookingStatus: "confirmed", totalMinor: 240_000, holdExpiresAt: null })
    .where(eq(bookings.id, id));
  if (paid > 0) {
    const state = await recordPaymentAction(undefined, {
      bookingId: id,
      method: "cash",
      kind: "deposit",
      amount: String(paid),
      reference: `R-${crypto.randomUUID().slice(0, 6)}`,
      note: "",
    });
    expect(state.status).toBe("success");
  }
  await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, id));
  return { id, email };
}

beforeEach(() => actAs(t.w.staff));

describe("the refund due", () => {
  it("shows on a cancelled booking that was paid, in the list and the dialog, and on no other", async () => {
    const on = await departure({ capacity: 10 });
    const paid = await cancelledPaid(on.id, 2, 640);
    const unpaid = await cancelledPaid(on.id, 1, 0);
    const live = await book(on.id, 1);
    await t.db.update(bookings).set({ paidMinor: 30_000 }).where(eq(bookings.id, live));

    const row = async (id: string) => {
      const page = await listAdminBookings(parseAdminBookingQuery({}));
      const found = page.items.find((b) => b.id === id);
      if (found) return found;
      // Other tests' bookings may push it off page 1: found by its email instead.
      const [b] = await t.db
        .select({ email: bookings.email })
        .from(bookings)
        .where(eq(bookings.id, id));
      return (await listAdminBookings(parseAdminBookingQuery({ q: b!.email }))).items[0]!;
    };
    expect((await row(paid.id)).refundDueMinor).toBe(64_000);
    expect((await row(unpaid.id)).refundDueMinor).toBe(0);
    expect((await row(live)).refundDueMinor).toBe(0);

    // The dialog's card reads the same figure from its ledger.
    const dialog = (await getBookingForEdit(paid.id))!;
    expect(
      refundDueMinor({
        bookingStatus: dialog.bookingStatus,
        paymentStatus: dialog.paymentStatus,
        paidMinor: dialog.ledger.due.paidMinor,
      }),
    ).toBe(64_000);
  });
});

describe("rebooking a cancelled booking", () => {
  it("offers the tour's open dates with room, its own included, and books it again with its seats, history, audit and mail", async () => {
    const from = await departure({ capacity: 6 });
    const to = await departure({ capacity: 6 });
    const tight = await departure({ capacity: 3 });
    await book(tight.id, 2);
    const { id, email } = await cancelledPaid(from.id, 3, 640);
    expect(await seatsTaken(from.id)).toBe(0);

    const dialog = await getBookingForEdit(id);
    expect(dialog!.departure!.rebook).toBe(true);
    const targets = dialog!.departure!.targets.map((x) => x.id);
    expect(targets).toContain(from.id);
    expect(targets).toContain(to.id);
    expect(targets).not.toContain(tight.id);

    const state = await rebookBookingAction(undefined, {
      bookingId: id,
      version: dialog!.version,
      departureId: to.id,
    });
    const toText = departureRange(to.startDate, to.endDate);
    const fromText = departureRange(from.startDate, from.endDate);
    expect(state).toMatchObject({
      status: "success",
      title: "Booking Rebooked",
      message: `The booking is confirmed again for ${toText}. The customer has been emailed.`,
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({
      bookingStatus: "confirmed",
      departureId: to.id,
      departureDate: to.startDate,
      endDate: to.endDate,
      paidMinor: 64_000,
      statusReason: null,
    });
    expect(await seatsTaken(to.id)).toBe(3);
    expect(await seatsTaken(from.id)).toBe(0);

    const after = await getBookingForEdit(id);
    expect(after!.departure!.rebook).toBe(false);
    expect(after!.history.map((h) => [h.what, h.from, h.to])).toEqual(
      expect.arrayContaining([
        ["Booking status", "Cancelled", "Confirmed"],
        ["Departure", fromText, toText],
      ]),
    );
    const [audit] = await auditTrail(t.db, { action: "booking.rebook", targetId: id });
    expect(audit?.details).toMatchObject({ departureId: { from: from.id, to: to.id } });
    const mail = await latestMail(t.db, email, "booking-rebooked");
    expect(mail?.textBody).toContain(toText);
  });

  it("is refused when the group does not fit, naming the seats left, and changes nothing", async () => {
    const from = await departure({ capacity: 6 });
    const full = await departure({ capacity: 3 });
    await book(full.id, 2);
    const { id } = await cancelledPaid(from.id, 2, 100);
    const before = await version(id);
    const state = await rebookBookingAction(undefined, {
      bookingId: id,
      version: before,
      departureId: full.id,
    });
    expect(state.status === "invalid" && state.fieldErrors.departureId).toEqual([
      "Only 1 seat is free on that departure: the group does not fit.",
    ]);
    expect(await version(id)).toBe(before);
    expect(await seatsTaken(full.id)).toBe(2);
  });

  it("is refused for a live or refunded booking, and to another tour's date", async () => {
    const from = await departure({ capacity: 6 });
    const to = await departure({ capacity: 6 });
    const live = await book(from.id, 1);
    expect(
      (
        await refusal(
          rebookCancelledBooking({
            bookingId: live,
            version: await version(live),
            departureId: to.id,
          }),
        )
      ).code,
    ).toBe("departure_unavailable");

    const { id: refunded } = await cancelledPaid(from.id, 1, 0);
    await t.db.update(bookings).set({ paymentStatus: "Refunded" }).where(eq(bookings.id, refunded));
    expect(
      (
        await refusal(
          rebookCancelledBooking({
            bookingId: refunded,
            version: await version(refunded),
            departureId: to.id,
          }),
        )
      ).code,
    ).toBe("departure_unavailable");

    const { id } = await cancelledPaid(from.id, 1, 50);
    const otherTour = await departure({ capacity: 6 }, t.w.other);
    expect(
      (
        await refusal(
          rebookCancelledBooking({
            bookingId: id,
            version: await version(id),
            departureId: otherTour.id,
          }),
        )
      ).code,
    ).toBe("departure_unavailable");
  });
});
