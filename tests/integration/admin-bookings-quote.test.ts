/**
 * The Edit dialog's Price section and ledger on a real database: the computed quote, 'Confirm
 * with this total' (total, reason, balance due day, Confirmed, history, audit, the mail with the
 * pay link and the invoice attached), a total other than the computed one refused without a
 * reason (by the server, whatever the browser claims), cash and bank payments deriving the payment
 * status, and refunds (admins); the deposit's share, the setting of the day each booking was
 * confirmed.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { confirmBookingAction } from "@/actions/bookings";
import { recordPaymentAction, recordRefundAction } from "@/actions/payments";
import { bookings, departures, payments } from "@/db/schema";
import { overdueLabel } from "@/lib/bookings/list-query";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { getPayableBooking } from "@/lib/payments/data/checkout";
import { sendBalanceReminders } from "@/lib/payments/data/reminders";
import { settleOrder, startPayment } from "@/lib/payments/data/ledger";
import { env } from "@/lib/env";
import { payLinkUrl } from "@/lib/payments/pay-link";
import { createDemoDriver, payDemoOrder } from "@/lib/payments/demo";
import {
  bookingRow,
  createAdminWorld,
  insertBookings,
  ofTour,
  tourBySlug,
} from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { attachmentsOf, latestMail, onlyPdfAttached } from "@/tests/helpers/outbox";
import { inDays } from "@/tests/helpers/payloads";
import { expectPdfToSay, pdfText } from "@/tests/helpers/pdf-text";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createAdminWorld);

beforeEach(() => actAs(t.w.staff));

let gorilla: { id: string; tourPackage: string };
beforeAll(async () => {
  gorilla = await tourBySlug(t.db, "gorilla-safari");
});

async function openDialog(id: string) {
  const booking = await getBookingForEdit(id);
  if (!booking) throw new Error("booking not found");
  return booking;
}

const confirm = async (id: string, fields: Record<string, string> = {}) => {
  const b = await openDialog(id);
  return confirmBookingAction(undefined, {
    bookingId: id,
    version: b.version,
    total: b.price.quote ? String(b.price.quote.totalMinor / 100) : "",
    computedTotal: b.price.quote ? String(b.price.quote.totalMinor / 100) : "",
    totalReason: "",
    ...fields,
  });
};

const pay = (id: string, fields: Record<string, string>) =>
  recordPaymentAction(undefined, { bookingId: id, method: "bank", reference: "STB-1", ...fields });

describe("the Price section", () => {
  it("computes the tier price times the group, confirms with it and mails the pay link and invoice", async () => {
    const departure = inDays(200);
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        email: "quote@example.com",
        fullName: "Quinn Quote",
        departureDate: departure,
        accommodationPreference: "standard",
        groupSize: 2,
        bookingStatus: "new",
      }),
    ]);
    const before = await openDialog(id!);
    expect(before.price).toMatchObject({
      quote: {
        tier: "Standard",
        unitPrice: 1800,
        source: "tour",
        groupSize: 2,
        totalMinor: 360_000,
      },
      totalMinor: null,
      total: null,
      depositPercent: 30,
    });
    expect(before.ledger).toEqual({
      due: expect.objectContaining({ paidMinor: 0, nextDue: null }),
      entries: [],
    });

    expect(await confirm(id!)).toMatchObject({
      status: "success",
      title: "Booking Confirmed",
      message:
        "Confirmed at $3,600.00. The customer has been emailed the confirmation with the pay link.",
    });
    const row = await bookingRow(t.db, id!);
    expect(row).toMatchObject({
      totalMinor: 360_000,
      totalReason: null,
      // Gorilla permits: the balance is due 91 days before departure.
      balanceDueOn: inDays(200 - 91),
      bookingStatus: "confirmed",
      paymentStatus: "Pending",
    });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    const after = await openDialog(id!);
    expect(after.price).toMatchObject({ totalMinor: 360_000, total: "$3,600.00" });
    expect(after.ledger.due).toMatchObject({ depositMinor: 108_000, depositDue: 108_000 });
    expect(after.history.map((h) => [h.what, h.from, h.to])).toEqual(
      expect.arrayContaining([
        ["Total", null, "$3,600.00"],
        ["Booking status", "New", "Confirmed"],
      ]),
    );
    const [audit] = await auditTrail(t.db, { targetId: id!, action: "booking.update" });
    expect(audit?.details).toMatchObject({
      changes: { total: { from: null, to: "$3,600.00", computed: "$3,600.00" } },
    });

    const mail = await latestMail(t.db, "quote@example.com", "booking-confirmed");
    expect(mail?.subject).toBe(
      `Booking confirmed: ${gorilla.tourPackage} (ref ${id!.slice(0, 8).toUpperCase()})`,
    );
    expect(mail?.textBody).toContain("$3,600.00");
    expect(mail?.textBody).toContain("$1,080.00");
    expect(mail?.textBody).toContain("$2,520.00");
    expect(mail?.textBody).toContain(payLinkUrl(id!).replace(/[A-Za-z0-9_-]{74}$/, ""));
    expect(mail?.textBody).toMatch(/\/pay(\/|\?token=)[A-Za-z0-9_-]{74}\b/);

    // The invoice goes with it: the booking as confirmed, what is due now.
    expect(mail?.textBody).toContain("Your invoice is attached to this email as a PDF file.");
    const reference = id!.slice(0, 8).toUpperCase();
    const invoice = onlyPdfAttached(mail!, `breathe-uganda-invoice-${reference}.pdf`);
    expectPdfToSay(invoice, [
      `Invoice ${reference}`,
      "Quinn Quote (quote@example.com)",
      gorilla.tourPackage,
      "2 travellers",
      "$3,600.00",
      "$1,080.00",
      "No payments yet.",
    ]);
  });

  it("asks a trip confirmed inside its balance window for everything today, without overdue or reminders", async () => {
    // 45 days out on a 91-day gorilla tour: 91 days before departure was 46 days ago.
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        email: "late@example.com",
        fullName: "Lena Late",
        departureDate: inDays(45),
        accommodationPreference: "standard",
        groupSize: 2,
        bookingStatus: "new",
      }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" });
    const row = await bookingRow(t.db, id!);
    expect(row.balanceDueOn).toBe(inDays(0));
    expect(overdueLabel(row, inDays(0))).toBeNull();
    expect(overdueLabel(row, inDays(1))).toBe("Overdue 1 day");
    expect((await openDialog(id!)).ledger.due).toMatchObject({
      balanceMinor: 360_000,
      balanceDueNow: true,
      nextDue: "balance",
    });

    // The mail asks for the whole amount now; the invoice says so too.
    const mail = await latestMail(t.db, "late@example.com", "booking-confirmed");
    expect(mail?.textBody).toContain(
      "As your trip departs soon, the full amount of $3,600.00 is due now",
    );
    expect(mail?.textBody).not.toContain("deposit of");
    expect(pdfText(attachmentsOf(mail!)[0]!.bytes)).toContain(
      "The balance of $3,600.00 is due now.",
    );

    // The pay page offers the rest at once, its day read as now.
    const payable = await getPayableBooking(id!);
    expect(payable?.due).toMatchObject({ nextDue: "balance", balanceDueNow: true });

    // No reminder on top of the confirmation mail of the day.
    await sendBalanceReminders();
    expect(await latestMail(t.db, "late@example.com", "balance-reminder")).toBeNull();

    // A part-payment's receipt mail says the rest is due now, not by a day.
    expect(await pay(id!, { kind: "deposit", amount: "1080" })).toMatchObject({
      status: "success",
    });
    const receipt = await latestMail(t.db, "late@example.com", "payment-received");
    expect(receipt?.textBody).toContain("$2,520.00, due now");
  });

  it("keeps the due day of the first confirmation when the total changes later", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        departureDate: inDays(30),
        accommodationPreference: "standard",
        groupSize: 2,
        bookingStatus: "new",
      }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" });
    // Confirmed ten days ago: its balance fell due then, and stays overdue after a new total.
    await t.db
      .update(bookings)
      .set({ confirmedAt: new Date(Date.now() - 10 * 86_400_000), balanceDueOn: inDays(-10) })
      .where(eq(bookings.id, id!));
    expect(
      await confirm(id!, { total: "3000", totalReason: "Returning traveller discount" }),
    ).toMatchObject({ status: "success" });
    expect((await bookingRow(t.db, id!)).balanceDueOn).toBe(inDays(-10));
  });

  it("uses the departure's own price for the tier, else the lowest tier", async () => {
    const [d] = await t.db
      .insert(departures)
      .values({
        tourId: gorilla.id,
        startDate: inDays(321),
        endDate: inDays(325),
        capacity: 12,
        prices: { Budget: 1000 },
      })
      .returning({ id: departures.id });
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        departureId: d!.id,
        departureDate: inDays(321),
        accommodationPreference: "mid-range",
        groupSize: 3,
      }),
    ]);
    expect((await openDialog(id!)).price.quote).toMatchObject({
      tier: "Budget",
      unitPrice: 1000,
      source: "departure",
      totalMinor: 300_000,
    });
  });

  it("refuses another total without a reason, on the server's own figure", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        departureDate: inDays(220),
        accommodationPreference: "luxury",
      }),
    ]);
    // The browser claims the typed total is the computed one: the server computes $5,000.00.
    const refused = await confirm(id!, { total: "4500", computedTotal: "4500" });
    expect(refused).toMatchObject({
      status: "invalid",
      fieldErrors: { totalReason: ["Give a reason for a total other than the computed one."] },
    });
    expect((await bookingRow(t.db, id!)).totalMinor).toBeNull();
    // And the schema asks for it in the browser too.
    expect(await confirm(id!, { total: "4500" })).toMatchObject({
      status: "invalid",
      fieldErrors: { totalReason: ["Give a reason for a total other than the computed one."] },
    });
    expect(
      await confirm(id!, { total: "4,500", totalReason: "Returning guests: 10 % off" }),
    ).toMatchObject({ status: "success" });
    const row = await bookingRow(t.db, id!);
    expect([row.totalMinor, row.totalReason]).toEqual([450_000, "Returning guests: 10 % off"]);
    const history = (await openDialog(id!)).history.find((h) => h.what === "Total");
    expect(history?.note).toBe("Returning guests: 10 % off");
  });

  it("refuses a stale confirmation and a cancelled booking", async () => {
    const [id, cancelled] = await insertBookings(t.db, [
      ofTour(gorilla, { departureDate: inDays(230) }),
      ofTour(gorilla, {
        departureDate: inDays(231),
        bookingStatus: "cancelled",
      }),
    ]);
    const { version } = await openDialog(id!);
    expect(await confirm(id!)).toMatchObject({ status: "success" });
    const stale = await confirmBookingAction(undefined, {
      bookingId: id!,
      version,
      total: "1",
      totalReason: "x",
    });
    expect(stale).toMatchObject({ status: "error", title: "Error" });
    expect(stale.status === "error" && stale.message).toMatch(/^Failed to confirm the booking\. /);
    expect(await confirm(cancelled!)).toMatchObject({
      status: "error",
      message: "This booking is cancelled. Set its Booking Status first.",
    });
    expect((await bookingRow(t.db, cancelled!)).totalMinor).toBeNull();
  });
});

describe("the ledger", () => {
  it("derives Deposit Made, then Paid, from recorded payments; admins refund to Refunded", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        email: "ledger@example.com",
        departureDate: inDays(240),
        accommodationPreference: "budget",
        guideId: t.w.guide?.id ?? null,
      }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" }); // $2,400.00
    expect(await pay(id!, { kind: "deposit", amount: "720" })).toMatchObject({
      status: "success",
      title: "Payment Updated",
      message: "Payment status has been updated successfully.",
    });
    expect((await openDialog(id!)).paymentStatus).toBe("Deposit Made");
    expect((await latestMail(t.db, "ledger@example.com", "booking-updated"))?.textBody).toContain(
      "Deposit Made",
    );
    // The payer is sent the 'Payment received' mail for a payment staff recorded too.
    expect((await latestMail(t.db, "ledger@example.com", "payment-received"))?.subject).toMatch(
      /^Payment received: \$720\.00 for /,
    );
    expect(await pay(id!, { kind: "balance", amount: "1,680", method: "cash" })).toMatchObject({
      title: "Payment Updated",
      message: "Payment status has been updated successfully.",
    });
    const paid = await openDialog(id!);
    expect(paid.paymentStatus).toBe("Paid");
    expect(paid.ledger.due).toMatchObject({ paidMinor: 240_000, balanceMinor: 0, nextDue: null });
    expect(paid.ledger.entries.map((e) => [e.kind, e.method, e.amount, e.status])).toEqual([
      ["balance", "Cash", "$1,680.00", "completed"],
      ["deposit", "Bank transfer", "$720.00", "completed"],
    ]);
    expect(paid.canRefund).toBe(false);

    const refund = { bookingId: id!, method: "bank", amount: "2400", reference: "RF-1" };
    expect(await recordRefundAction(undefined, refund)).toMatchObject({
      status: "error",
      message: "Only administrators can record refunds.",
    });
    actAs(t.w.admin);
    expect((await openDialog(id!)).canRefund).toBe(true);
    expect(await recordRefundAction(undefined, { ...refund, amount: "2401" })).toMatchObject({
      status: "invalid",
      fieldErrors: { amount: ["A refund can be at most what was paid ($2,400.00)."] },
    });
    expect(await recordRefundAction(undefined, refund)).toMatchObject({
      status: "success",
      title: "Refund Recorded",
      message: "Refund recorded. Payment status: Refunded.",
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id!));
    expect(row?.paymentStatus).toBe("Refunded");
  });

  it("records MTN or Airtel mobile money with its transaction code, never without one", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, { departureDate: inDays(250), accommodationPreference: "budget" }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" }); // $2,400.00
    expect(
      await pay(id!, { kind: "deposit", amount: "720", method: "mtn", reference: "" }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { reference: ["Enter the mobile money transaction code."] },
    });
    expect(
      await pay(id!, { kind: "deposit", amount: "720", method: "airtel", reference: "AX7H2K9Q" }),
    ).toMatchObject({ status: "success" });
    const dialog = await openDialog(id!);
    expect(dialog.paymentStatus).toBe("Deposit Made");
    expect(dialog.ledger.entries.map((e) => [e.method, e.reference, e.online])).toEqual([
      ["Airtel Money", "AX7H2K9Q", false],
    ]);
    const [row] = await t.db.select().from(payments).where(eq(payments.bookingId, id!));
    expect(row).toMatchObject({ provider: "mobile", confirmationCode: "AX7H2K9Q" });
  });

  it("shows an abandoned checkout as such, not as a pending charge beside the paid one", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, { departureDate: inDays(260), accommodationPreference: "budget" }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" });
    const order = (status: "pending" | "failed", minutesAgo: number) => ({
      bookingId: id!,
      kind: "deposit" as const,
      amountMinor: 72_000,
      currency: "USD" as const,
      provider: "demo" as const,
      merchantReference: `BU-TEST-${crypto.randomUUID().slice(0, 12)}`,
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    // Left at the checkout, paid through a second one; a failed one; one just started.
    const [left, failed, running] = await t.db
      .insert(payments)
      .values([order("pending", 30), order("failed", 20), order("pending", 1)])
      .returning({ id: payments.id });
    expect(await pay(id!, { kind: "deposit", amount: "720" })).toMatchObject({ status: "success" });
    const entries = new Map((await openDialog(id!)).ledger.entries.map((e) => [e.id, e]));
    expect(entries.get(left!.id)?.abandoned).toBe(true);
    expect(entries.get(failed!.id)?.abandoned).toBe(true);
    // Made before the cash deposit too: a checkout a payer walked away from.
    expect(entries.get(running!.id)?.abandoned).toBe(true);
    expect([...entries.values()].find((e) => e.method === "Bank transfer")?.abandoned).toBe(false);
  });

  it("refuses an amount of nothing or in another method", async () => {
    const [id] = await insertBookings(t.db, [{ departureDate: null }]);
    expect(await pay(id!, { kind: "deposit", amount: "0" })).toMatchObject({
      status: "invalid",
      fieldErrors: { amount: ["Enter the amount in US dollars, e.g. 1080.00."] },
    });
    expect(await pay(id!, { kind: "deposit", amount: "10", method: "card" })).toMatchObject({
      status: "invalid",
    });
    expect((await openDialog(id!)).ledger.entries).toEqual([]);
  });
});

describe("a payment above the balance owed", () => {
  async function confirmedAt2400(email: string) {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        email,
        departureDate: inDays(240),
        accommodationPreference: "budget",
        guideId: t.w.guide?.id ?? null,
      }),
    ]);
    expect(await confirm(id!)).toMatchObject({ status: "success" }); // $2,400.00
    return id!;
  }

  it("is refused to staff with the balance named, and nothing is saved", async () => {
    const id = await confirmedAt2400("over-staff@example.com");
    expect(await pay(id, { kind: "deposit", amount: "720" })).toMatchObject({ status: "success" });
    const refused = {
      status: "invalid",
      fieldErrors: { amount: ["At most $1,680.00 is owed on this booking."] },
    };
    expect(await pay(id, { kind: "balance", amount: "1,680.01" })).toMatchObject(refused);
    expect(await pay(id, { kind: "balance", amount: "1,681" })).toMatchObject(refused);
    // The confirmation is the admin's to give: a member of staff sending it is refused too.
    expect(await pay(id, { kind: "balance", amount: "2,000", overBalance: "true" })).toMatchObject({
      status: "error",
      message: "Only administrators can record more than the balance owed.",
    });
    const after = await openDialog(id);
    expect(after.ledger.entries.map((e) => e.amount)).toEqual(["$720.00"]);
    expect(after.paymentStatus).toBe("Deposit Made");
    expect(after.canRecordOverBalance).toBe(false);
  });

  it("is recorded for an admin who confirms it", async () => {
    const id = await confirmedAt2400("over-admin@example.com");
    actAs(t.w.admin);
    expect((await openDialog(id)).canRecordOverBalance).toBe(true);
    expect(await pay(id, { kind: "full", amount: "2,500" })).toMatchObject({
      status: "invalid",
      fieldErrors: { amount: ["At most $2,400.00 is owed on this booking."] },
    });
    expect(await pay(id, { kind: "full", amount: "2,500", overBalance: "true" })).toMatchObject({
      status: "success",
      title: "Payment Updated",
    });
    const after = await openDialog(id);
    expect(after.paymentStatus).toBe("Paid");
    expect(after.ledger.due).toMatchObject({ paidMinor: 250_000, balanceMinor: 0 });
  });

  it("cannot be a sum past the bound, and large sums never stop the next online payment", async () => {
    const id = await confirmedAt2400("over-huge@example.com");
    actAs(t.w.admin);
    expect(
      await pay(id, { kind: "full", amount: "9,999,999.99", overBalance: "true" }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { amount: ["At most $1,000,000.00 can be recorded at once."] },
    });
    expect((await openDialog(id)).ledger.entries).toEqual([]);

    // A total past the 32-bit range of the old columns ($21,474,836.47): a payment recorded, then
    // the rest paid online, settle and make the booking Paid.
    await t.db.update(bookings).set({ totalMinor: 3_500_000_000 }).where(eq(bookings.id, id));
    expect(await pay(id, { kind: "deposit", amount: "1,000,000" })).toMatchObject({
      status: "success",
    });
    const driver = createDemoDriver();
    const order = await startPayment(id, "full", driver);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(row!.amountMinor).toBe(3_400_000_000);
    await payDemoOrder(row!.providerTrackingId!, "completed", "MTN Mobile Money");
    expect(await settleOrder(row!.providerTrackingId!, driver)).toMatchObject({
      status: "completed",
    });
    expect(await bookingRow(t.db, id)).toMatchObject({
      paidMinor: 3_500_000_000,
      paymentStatus: "Paid",
    });
  });
});

describe("the deposit's share", () => {
  const setting = env.DEPOSIT_PERCENT;
  afterEach(() => {
    env.DEPOSIT_PERCENT = setting;
  });

  it("is the setting of the day the booking was confirmed, whatever the setting says later", async () => {
    const trek = ofTour(gorilla, {
      accommodationPreference: "standard",
      groupSize: 2,
    });
    const [early, late] = await insertBookings(t.db, [
      { ...trek, email: "early@example.com", departureDate: inDays(250) },
      { ...trek, email: "late@example.com", departureDate: inDays(251) },
    ]);
    env.DEPOSIT_PERCENT = 30;
    expect(await confirm(early!)).toMatchObject({ status: "success" }); // $3,600.00
    expect((await bookingRow(t.db, early!)).depositPercent).toBe(30);

    env.DEPOSIT_PERCENT = 50;
    // Confirmed at 30, it keeps 30: the dialog, the pay page and the amount charged.
    const kept = await openDialog(early!);
    expect(kept.price.depositPercent).toBe(30);
    expect(kept.ledger.due).toMatchObject({ depositMinor: 108_000, depositDue: 108_000 });
    expect((await getPayableBooking(early!))?.choices[0]).toEqual({
      kind: "deposit",
      amountMinor: 108_000,
      label: "Pay the deposit (30%): $1,080.00",
    });
    const order = await startPayment(early!, "deposit", createDemoDriver());
    const [row] = await t.db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(row?.amountMinor).toBe(108_000);
    // Confirmed again with another total, it still asks the share it was first told.
    expect(
      await confirm(early!, { total: "3,000", totalReason: "Returning guests" }),
    ).toMatchObject({ status: "success" });
    expect((await bookingRow(t.db, early!)).depositPercent).toBe(30);
    expect((await openDialog(early!)).ledger.due).toMatchObject({ depositMinor: 90_000 });

    // Confirmed now, at 50: the dialog before and after, the mail and the pay page ask half.
    expect((await openDialog(late!)).price.depositPercent).toBe(50);
    expect(await confirm(late!)).toMatchObject({ status: "success" });
    expect((await bookingRow(t.db, late!)).depositPercent).toBe(50);
    expect((await openDialog(late!)).ledger.due).toMatchObject({ depositMinor: 180_000 });
    expect((await latestMail(t.db, "late@example.com", "booking-confirmed"))?.textBody).toContain(
      "please pay the deposit of $1,800.00 (50% of the total)",
    );
    expect((await getPayableBooking(late!))?.choices[0]).toEqual({
      kind: "deposit",
      amountMinor: 180_000,
      label: "Pay the deposit (50%): $1,800.00",
    });
  });
});
