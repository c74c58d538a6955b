/**
 * A departure sold in one sitting (lib/bookings/data/holds.ts): the wizard holds the seats at the
 * checkout and the buyer pays through the demo provider; the payment confirms the booking with no
 * staff step. An unpaid hold gives its seats back the moment it lapses (no job runs here), and can
 * be held again from its pay page while the seats are free. Nobody can squat seats: the anonymous
 * reproduction (9 then 5 seats of a 14-seat departure) leaves the departure on sale.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";

import { holdAgainAction, payAction } from "@/actions/payments";
import { submitBookingAction } from "@/actions/bookings";
import { bookingEvents, bookings } from "@/db/schema";
import { checkoutState, renewCheckoutHold } from "@/lib/bookings/data/holds";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { getPayableBooking } from "@/lib/payments/data/checkout";
import { settleOrder, startPayment } from "@/lib/payments/data/ledger";
import { setPaymentDriver } from "@/lib/payments";
import { createDemoDriver, payDemoOrder } from "@/lib/payments/demo";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { auditTrail } from "@/tests/helpers/audit";
import { expectRedirect, newVisitor } from "@/tests/helpers/fake-request";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { latestMail, mailCount } from "@/tests/helpers/outbox";
import { asFormData, visitorBookingValues } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => ({ tour: await sellingTour(db, "gorilla-safari", "both") }));
const nextVisitor = aNewVisitorEachTest("198.51.101");
const demo = createDemoDriver({ siteUrl: "http://localhost:3000" });
afterEach(() => setPaymentDriver(undefined));

const OPERATOR = "operations@breatheuganda.com";

async function seatsLeft(id: string) {
  return (await getDepartureOnSale(id))?.seatsLeft;
}

/** The public wizard on `departureId`, as the browser posts it: where it sent the browser. */
async function holdThroughWizard(departureId: string, fields: Record<string, string> = {}) {
  return expectRedirect(() =>
    submitBookingAction(
      undefined,
      asFormData(visitorBookingValues({ departure: departureId, ...fields })),
    ),
  );
}

/** The buyer pays `kind` at the demo checkout, and the provider's answer is asked (the return). */
async function payAtDemoCheckout(bookingId: string, kind: "deposit" | "full" = "deposit") {
  const started = await startPayment(bookingId, kind, demo);
  const trackingId = started.redirectUrl.split("/").at(-1)!;
  await payDemoOrder(trackingId, "completed", "MTN Mobile Money");
  return settleOrder(trackingId, demo);
}

/** The hold of `bookingId` lapsed a minute ago. */
const lapse = (bookingId: string) =>
  t.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(bookings.id, bookingId));

/** The booking's checkout as the staff list and My Bookings read it. */
const checkoutOf = async (id: string) =>
  (await t.db.select({ c: checkoutState }).from(bookings).where(eq(bookings.id, id)))[0]!.c;

const bookingRow = async (id: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe("a departure sold in one sitting", () => {
  it("holds the seats, takes the deposit at the demo checkout and confirms the booking at once, with the receipt as its confirmation", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 200, capacity: 6 });
    const email = `buyer-${crypto.randomUUID()}@example.com`;
    const target = await holdThroughWizard(departure.id, { groupSize: "2", email });
    const bookingId = verifyPayLink(target.replace(/^\/pay\//, ""))!.bookingId;
    expect(await seatsLeft(departure.id)).toBe(4);

    // The pay page: the price, the deposit to pay, and until when the seats are held.
    const payable = await getPayableBooking(bookingId);
    expect(payable?.hold).toMatchObject({ live: true });
    expect(payable?.totalMinor).toBeGreaterThan(0);
    expect(payable?.choices.map((c) => c.kind)).toEqual(["deposit", "full"]);
    // No mail yet: a hold is not a request for staff, and nothing is confirmed.
    expect(await latestMail(t.db, email)).toBeNull();

    const settled = await payAtDemoCheckout(bookingId);
    expect(settled).toMatchObject({ status: "completed", changed: true });
    expect(await bookingRow(bookingId)).toMatchObject({
      bookingStatus: "confirmed",
      paymentStatus: "Deposit Made",
      holdExpiresAt: null,
    });
    expect(await checkoutOf(bookingId)).toBeNull();
    expect(await seatsLeft(departure.id)).toBe(4);

    const confirmation = await latestMail(t.db, email);
    expect(confirmation).toMatchObject({ template: "booking-confirmed-paid" });
    expect(confirmation?.subject).toMatch(/^Booking confirmed: /);
    expect(confirmation?.attachments).toHaveLength(1);
    expect(await mailCount(t.db, OPERATOR, "paid-booking-staff")).toBeGreaterThanOrEqual(1);
    const history = await t.db
      .select({ to: bookingEvents.toValue, actor: bookingEvents.actorLabel })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId));
    expect(history).toContainEqual({ to: "Confirmed", actor: "system" });
    expect((await auditTrail(t.db, { targetId: bookingId })).map((e) => e.action)).toEqual(
      expect.arrayContaining(["booking.hold", "payment.completed", "booking.confirmed_paid"]),
    );
  });

  it("gives an unpaid hold's seats back the moment it lapses, refuses to pay it, and holds it again while the seats are free", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 71, capacity: 4 });
    const target = await holdThroughWizard(departure.id, { groupSize: "3" });
    const token = target.replace(/^\/pay\//, "");
    const bookingId = verifyPayLink(token)!.bookingId;
    expect(await seatsLeft(departure.id)).toBe(1);

    expect(await checkoutOf(bookingId)).toBe("live");
    await lapse(bookingId);
    expect(await seatsLeft(departure.id)).toBe(4);
    // Staff and the customer read it as 'Not Paid' (an abandoned checkout), not as a request.
    expect(await checkoutOf(bookingId)).toBe("lapsed");
    expect((await getPayableBooking(bookingId))?.hold).toMatchObject({ live: false });
    expect((await getPayableBooking(bookingId))?.choices).toEqual([]);
    // The pay button of a lapsed hold starts nothing.
    const refused = await payAction(undefined, asFormData({ token, kind: "deposit" }));
    expect(refused).toMatchObject({ status: "error", title: "Hold Lapsed" });

    // Held again from the pay page: the same booking, nothing typed again.
    const back = await expectRedirect(() => holdAgainAction(undefined, asFormData({ token })));
    expect(back).toBe(`/pay/${token}`);
    expect((await getPayableBooking(bookingId))?.hold).toMatchObject({ live: true });
    expect(await seatsLeft(departure.id)).toBe(1);

    // Lapsed again while someone else took the seats: 'Seats No Longer Free'.
    await lapse(bookingId);
    nextVisitor();
    await holdThroughWizard(departure.id, { groupSize: "2" });
    const gone = await holdAgainAction(undefined, asFormData({ token }));
    expect(gone).toMatchObject({ status: "error", title: "Seats No Longer Free" });
  });

  it("confirms a payment made after the hold lapsed while the seats are still free; without seats, tells staff and confirms nothing", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 72, capacity: 3 });
    const late = await createBooking(newRequest({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    const started = await startPayment(late.id, "deposit", demo);
    await lapse(late.id);
    await payDemoOrder(started.redirectUrl.split("/").at(-1)!, "completed", "Airtel Money");
    await settleOrder(started.redirectUrl.split("/").at(-1)!, demo);
    expect(await bookingRow(late.id)).toMatchObject({ bookingStatus: "confirmed" });

    const tooLate = await createBooking(newRequest({ departureId: departure.id, groupSize: 1 }), {
      source: "public",
    });
    const order = await startPayment(tooLate.id, "deposit", demo);
    await lapse(tooLate.id);
    // The last seat goes to someone else meanwhile.
    await createBooking(newRequest({ departureId: departure.id, groupSize: 1 }), {
      source: "public",
    });
    const trackingId = order.redirectUrl.split("/").at(-1)!;
    await payDemoOrder(trackingId, "completed", "MTN Mobile Money");
    await settleOrder(trackingId, demo);
    const row = await bookingRow(tooLate.id);
    expect(row).toMatchObject({ bookingStatus: null, paymentStatus: "Deposit Made" });
    expect(row.statusReason).toMatch(/no seats left/);
    expect(await seatsLeft(departure.id)).toBe(0);
    expect(await mailCount(t.db, OPERATOR, "paid-too-late-staff")).toBeGreaterThanOrEqual(1);
  });
});

describe("nobody can squat seats", () => {
  it("the anonymous reproduction (9 then 5 seats of 14, any emails) leaves the departure on sale", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 73, capacity: 14 });
    const nine = await holdThroughWizard(departure.id, { groupSize: "9" });
    const five = await submitBookingAction(
      undefined,
      asFormData(visitorBookingValues({ departure: departure.id, groupSize: "5" })),
    );
    expect(five).toMatchObject({
      status: "invalid",
      title: "Seats Already Held",
      fieldErrors: { groupSize: [expect.stringMatching(/already hold 9 unpaid seats/)] },
    });
    expect(await seatsLeft(departure.id)).toBe(5);

    // The next visitor can still buy, and once the unpaid hold lapses all its seats are back.
    nextVisitor();
    await holdThroughWizard(departure.id, { groupSize: "2" });
    expect(await seatsLeft(departure.id)).toBe(3);
    await lapse(verifyPayLink(nine.replace(/^\/pay\//, ""))!.bookingId);
    expect(await seatsLeft(departure.id)).toBe(12);
  });

  it("caps one email's unpaid seats from any address, and resumes the same buyer's hold instead of holding twice", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 74, capacity: 20 });
    const other = await makeDeparture(t.db, t.w.tour, { inDays: 81, capacity: 20 });
    const email = `squat-${crypto.randomUUID()}@example.com`;
    const first = await holdThroughWizard(departure.id, { groupSize: "8", email });
    // The same form sent again (a new key): the hold still running, not a second one.
    const again = await holdThroughWizard(departure.id, { groupSize: "8", email });
    expect(verifyPayLink(again.slice(5))!.bookingId).toBe(verifyPayLink(first.slice(5))!.bookingId);
    expect(await seatsLeft(departure.id)).toBe(12);

    newVisitor("203.0.113.77");
    const state = await submitBookingAction(
      undefined,
      asFormData(visitorBookingValues({ departure: other.id, groupSize: "3", email })),
    );
    expect(state).toMatchObject({ status: "invalid", title: "Seats Already Held" });
    expect(await seatsLeft(other.id)).toBe(20);
    // Two seats more are within the cap.
    await holdThroughWizard(other.id, { groupSize: "2", email });
    expect(await seatsLeft(other.id)).toBe(18);
  });

  it("a renewed hold counts within the buyer's cap too", async () => {
    const departure = await makeDeparture(t.db, t.w.tour, { inDays: 75, capacity: 20 });
    const email = `renew-${crypto.randomUUID()}@example.com`;
    const first = await createBooking(
      newRequest({ departureId: departure.id, groupSize: 6, email }),
      { source: "public", clientAddress: "192.0.2.60" },
    );
    await lapse(first.id);
    await createBooking(newRequest({ departureId: departure.id, groupSize: 6, email }), {
      source: "public",
      clientAddress: "192.0.2.61",
    });
    const error = await refusal(renewCheckoutHold(first.id, "192.0.2.62"));
    expect(error.code).toBe("unpaid_seats_limit");
  });
});
