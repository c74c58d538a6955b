/**
 * Balance reminders (lib/payments/data/reminders.ts) and the 'Payment received' mail
 * (lib/documents/data.ts queuePaymentReceiptMail) on a real database: a confirmed booking that owes
 * money is mailed 14 and 3 days before its balance falls due, once each however often the job
 * runs; paid, cancelled, unconfirmed and unquoted bookings never are; the mail carries the amount
 * due and a pay link for that booking. 'Payment received' carries the payment's PDF receipt.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { bookingEvents, bookings } from "@/db/schema";
import { queuePaymentReceiptMail } from "@/lib/documents/data";
import { reminderFor, sendBalanceReminders } from "@/lib/payments/data/reminders";
import { settleOrder } from "@/lib/payments/data/ledger";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { daysOverdue, isOverdue } from "@/lib/payments/overdue";
import type { PaymentDriver } from "@/lib/payments/types";
import { expectToSay } from "@/tests/helpers/html-text";
import { attachmentsOf, latestMail, mailCount, onlyPdfAttached } from "@/tests/helpers/outbox";
import { expectPdfToSay, pdfText } from "@/tests/helpers/pdf-text";
import { insertPayments } from "@/tests/helpers/ledger-rows";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async () => ({}));

/** Noon in Kampala on `day` ('yyyy-MM-dd'). */
const at = (day: string) => new Date(`${day}T12:00:00+03:00`);

type NewBooking = Partial<typeof bookings.$inferInsert>;

async function booking(extra: NewBooking): Promise<{ id: string; email: string }> {
  const email = `reminder-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [row] = await t.db
    .insert(bookings)
    .values({
      source: "public",
      fullName: "Nakato Reminder",
      email,
      phone: "+256 700 000 000",
      tourPackage: "Bwindi Gorilla Trek (4 Days)",
      departureDate: "2027-06-12",
      endDate: "2027-06-15",
      groupSize: 2,
      termsAccepted: true,
      bookingStatus: "confirmed",
      paymentStatus: "Deposit Made",
      totalMinor: 400000,
      balanceDueOn: "2027-04-13",
      ...extra,
    })
    .returning({ id: bookings.id });
  return { id: row!.id, email };
}

async function remindersOf(bookingId: string): Promise<string[]> {
  const rows = await t.db
    .select({ to: bookingEvents.toValue })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.field, "reminder")))
    .orderBy(bookingEvents.createdAt);
  return rows.map((r) => r.to!);
}

const mailsTo = (email: string, template: string) => mailCount(t.db, email, template);

describe("reminderFor", () => {
  it("is the 14-day reminder from 14 to 4 days before, the 3-day one from 3 to the due day", () => {
    expect(reminderFor(15)).toBeNull();
    expect(reminderFor(14)?.name).toBe("balance-14");
    expect(reminderFor(4)?.name).toBe("balance-14");
    expect(reminderFor(3)?.name).toBe("balance-3");
    expect(reminderFor(0)?.name).toBe("balance-3");
    expect(reminderFor(-1)).toBeNull();
    // The overdue notice: two to seven days after the due day.
    expect(reminderFor(-2)?.name).toBe("balance-overdue");
    expect(reminderFor(-7)?.name).toBe("balance-overdue");
    expect(reminderFor(-8)).toBeNull();
  });
});

describe("sendBalanceReminders", () => {
  const due = "2027-04-13";
  let owing: { id: string; email: string };
  const never: { id: string; email: string }[] = [];

  beforeAll(async () => {
    owing = await booking({ balanceDueOn: due });
    await insertPayments(t.db, [
      {
        bookingId: owing.id,
        amountMinor: 120000,
        method: "Cash",
        completedAt: new Date("2027-03-01T09:00:00Z"),
      },
    ]);
    never.push(
      await booking({ balanceDueOn: due, paymentStatus: "Paid" }),
      await booking({ balanceDueOn: due, bookingStatus: "cancelled" }),
      await booking({ balanceDueOn: due, paymentStatus: "Cancelled" }),
      await booking({ balanceDueOn: due, paymentStatus: "Refunded" }),
      await booking({ balanceDueOn: due, bookingStatus: "new" }),
      await booking({ balanceDueOn: due, totalMinor: null }),
    );
  });

  it("mails the 14-day reminder once, with the amount due and a pay link for the booking", async () => {
    expect(await sendBalanceReminders(at("2027-03-29"))).toBe(0); // 15 days before: not yet
    expect(await sendBalanceReminders(at("2027-03-30"))).toBe(1);
    expect(await sendBalanceReminders(at("2027-03-30"))).toBe(0);
    expect(await sendBalanceReminders(at("2027-03-31"))).toBe(0);
    expect(await remindersOf(owing.id)).toEqual(["balance-14"]);

    const mail = await latestMail(t.db, owing.email, "balance-reminder");
    expect(mail!.subject).toContain("Apr 13, 2027");
    expect(mail!.textBody).toContain("$2,800.00");
    expect(mail!.textBody).toContain("in 14 days");
    // The pay link as lib/payments/pay-link.ts writes it ('/pay/<token>' or '/pay?token=<token>').
    const token = /\/pay(?:\/|\?token=)([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
    expect(verifyPayLink(token ?? "")?.bookingId).toBe(owing.id);
  });

  it("mails the 3-day reminder once, and nothing after the due day", async () => {
    expect(await sendBalanceReminders(at("2027-04-09"))).toBe(0); // 4 days: the 14-day one is sent
    expect(await sendBalanceReminders(at("2027-04-10"))).toBe(1);
    expect(await sendBalanceReminders(at("2027-04-10"))).toBe(0);
    expect(await sendBalanceReminders(at("2027-04-13"))).toBe(0);
    expect(await sendBalanceReminders(at("2027-04-14"))).toBe(0);
    expect(await remindersOf(owing.id)).toEqual(["balance-14", "balance-3"]);
    expect(await mailsTo(owing.email, "balance-reminder")).toBe(2);
    const mail = await latestMail(t.db, owing.email, "balance-reminder");
    expect(mail!.textBody).toContain("in 3 days");
  });

  it("never reminds a paid, cancelled, refunded, unconfirmed or unquoted booking", async () => {
    for (const b of never) {
      expect(await remindersOf(b.id)).toEqual([]);
      expect(await mailsTo(b.email, "balance-reminder")).toBe(0);
    }
  });

  it("a booking whose ledger covers the total is not reminded, whatever its status says", async () => {
    const covered = await booking({ balanceDueOn: "2027-05-20" });
    await insertPayments(t.db, [
      {
        bookingId: covered.id,
        kind: "full",
        amountMinor: 400000,
        provider: "bank",
        method: "Bank transfer",
        completedAt: new Date(),
      },
    ]);
    expect(await sendBalanceReminders(at("2027-05-06"))).toBe(0);
    expect(await remindersOf(covered.id)).toEqual([]);
  });

  it("a balance first due within 3 days gets only the 3-day reminder", async () => {
    const late = await booking({ balanceDueOn: "2027-07-03" });
    expect(await sendBalanceReminders(at("2027-07-01"))).toBe(1);
    expect(await sendBalanceReminders(at("2027-07-02"))).toBe(0);
    expect(await remindersOf(late.id)).toEqual(["balance-3"]);
  });
});

describe("the overdue notice", () => {
  it("goes once, two days after an unpaid due day, saying what was due and when", async () => {
    const late = await booking({
      balanceDueOn: "2027-08-10",
      departureDate: "2027-10-01",
      endDate: "2027-10-04",
    });
    expect(await sendBalanceReminders(at("2027-08-11"))).toBe(0); // a day's grace
    expect(await sendBalanceReminders(at("2027-08-12"))).toBe(1);
    expect(await sendBalanceReminders(at("2027-08-12"))).toBe(0);
    expect(await sendBalanceReminders(at("2027-08-15"))).toBe(0);
    expect(await remindersOf(late.id)).toEqual(["balance-overdue"]);
    expect(await mailsTo(late.email, "balance-reminder")).toBe(0);
    const mail = await latestMail(t.db, late.email, "balance-overdue");
    expect(mail!.subject).toBe(
      `Balance overdue: Bwindi Gorilla Trek (4 Days) (ref ${late.id.slice(0, 8).toUpperCase()})`,
    );
    expect(mail!.textBody).toContain("$4,000.00, was due on Aug 10, 2027");
    const token = /\/pay(?:\/|\?token=)([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
    expect(verifyPayLink(token ?? "")?.bookingId).toBe(late.id);
  });

  it("is not sent once the trip has started, nor for a balance paid since", async () => {
    const started = await booking({
      balanceDueOn: "2027-09-01",
      departureDate: "2027-09-02",
      endDate: "2027-09-05",
    });
    const paid = await booking({
      balanceDueOn: "2027-09-01",
      departureDate: "2027-12-01",
      endDate: "2027-12-04",
    });
    await insertPayments(t.db, [
      {
        bookingId: paid.id,
        kind: "full",
        amountMinor: 400000,
        provider: "bank",
        method: "Bank transfer",
        completedAt: new Date("2027-09-02T09:00:00Z"),
      },
    ]);
    expect(await sendBalanceReminders(at("2027-09-03"))).toBe(0);
    expect(await remindersOf(started.id)).toEqual([]);
    expect(await remindersOf(paid.id)).toEqual([]);
  });
});

describe("isOverdue", () => {
  const b = {
    bookingStatus: "confirmed" as const,
    paymentStatus: "Deposit Made" as const,
    balanceDueOn: "2027-04-13",
  };
  it("is overdue the day after the due day while not paid and not cancelled", () => {
    expect(isOverdue(b, "2027-04-13")).toBe(false);
    expect(isOverdue(b, "2027-04-14")).toBe(true);
    expect(daysOverdue(b, "2027-04-20")).toBe(7);
    expect(isOverdue({ ...b, paymentStatus: "Paid" }, "2027-04-20")).toBe(false);
    expect(isOverdue({ ...b, bookingStatus: "cancelled" }, "2027-04-20")).toBe(false);
    expect(isOverdue({ ...b, paymentStatus: "Refunded" }, "2027-04-20")).toBe(false);
    expect(isOverdue({ ...b, balanceDueOn: null }, "2027-04-20")).toBe(false);
    expect(daysOverdue({ ...b, paymentStatus: "Paid" }, "2027-04-20")).toBe(0);
  });
});

describe("queuePaymentReceiptMail", () => {
  it("queues 'Payment received' for a completed payment, its receipt attached", async () => {
    const b = await booking({ balanceDueOn: "2027-04-13" });
    const reference = `BU-MAIL-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    const [p] = await insertPayments(t.db, [
      {
        bookingId: b.id,
        amountMinor: 120000,
        provider: "pesapal",
        merchantReference: reference,
        method: "MTN Mobile Money",
        confirmationCode: "MP123",
        completedAt: new Date(),
      },
    ]);
    expect(await t.db.transaction((tx) => queuePaymentReceiptMail(tx, p!.id))).toBe(true);
    const mail = await latestMail(t.db, b.email, "payment-received");
    expect(mail!.subject).toContain("$1,200.00");
    expectToSay(mail!.textBody, [
      reference,
      "MTN Mobile Money",
      "$2,800.00, due by Apr 13, 2027",
      "Your receipt is attached to this email as a PDF file.",
      "/customer/bookings",
    ]);

    // The attachment is the receipt My Bookings offers: same name, this payment and booking.
    const receipt = onlyPdfAttached(mail!, `breathe-uganda-receipt-${reference}.pdf`);
    expectPdfToSay(receipt, [
      "Payment receipt",
      reference,
      b.id.slice(0, 8).toUpperCase(),
      "Nakato Reminder",
      "Bwindi Gorilla Trek (4 Days)",
      "MTN Mobile Money",
      "MP123",
      "$1,200.00",
    ]);
  });

  it("queues nothing for a refund or a payment not completed", async () => {
    const b = await booking({});
    const rows = await insertPayments(t.db, [
      { bookingId: b.id, kind: "refund", amountMinor: 1000, completedAt: new Date() },
      {
        bookingId: b.id,
        kind: "balance",
        amountMinor: 1000,
        provider: "pesapal",
        status: "pending",
      },
    ]);
    for (const row of rows)
      expect(await t.db.transaction((tx) => queuePaymentReceiptMail(tx, row.id))).toBe(false);
    expect(await mailsTo(b.email, "payment-received")).toBe(0);
  });
});

/**
 * A booking with a pending $1,200 provider order, and a provider driver that reports the order
 * completed, paid by `paid.method` with its confirmation code.
 */
async function completingOrder(prefix: string, paid: { method: string; confirmationCode: string }) {
  const b = await booking({ paymentStatus: "Pending" });
  const trackingId = crypto.randomUUID();
  const reference = `${prefix}-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await insertPayments(t.db, [
    {
      bookingId: b.id,
      amountMinor: 120000,
      provider: "pesapal",
      providerTrackingId: trackingId,
      merchantReference: reference,
      status: "pending",
    },
  ]);
  const driver: PaymentDriver = {
    name: "pesapal",
    submitOrder: () => Promise.reject(new Error("not in this test")),
    cancelOrder: () => Promise.reject(new Error("not in this test")),
    getOrderStatus: async () => ({
      trackingId,
      merchantReference: reference,
      status: "completed",
      amountMinor: 120000,
      currency: "USD",
      ...paid,
      description: null,
    }),
  };
  return { b, trackingId, reference, driver };
}

describe("settleOrder mails the receipt", () => {
  it("queues one 'Payment received' when a provider order completes, however often it is asked", async () => {
    const { b, trackingId, reference, driver } = await completingOrder("BU-SETTLE", {
      method: "Airtel Money",
      confirmationCode: "AM42",
    });
    expect((await settleOrder(trackingId, driver)).changed).toBe(true);
    expect((await settleOrder(trackingId, driver)).changed).toBe(false);
    expect(await mailsTo(b.email, "payment-received")).toBe(1);
    const mail = await latestMail(t.db, b.email, "payment-received");
    expect(mail!.textBody).toContain(reference);
    expect(mail!.textBody).toContain("Airtel Money");
    // Its receipt, as the provider reported the payment in the same transaction.
    const [receipt] = attachmentsOf(mail!);
    expect(receipt!.filename).toBe(`breathe-uganda-receipt-${reference}.pdf`);
    const text = pdfText(receipt!.bytes);
    expect(text).toContain("Airtel Money");
    expect(text).toContain("AM42");
    expect(text).toContain("$1,200.00");
    expect(text).toContain(b.id.slice(0, 8).toUpperCase());
  });
});

describe("a receipt that cannot be drawn", () => {
  it("still records the payment and mails the payer where to download it", async () => {
    const receipts = await import("@/lib/documents/receipt");
    const broken = vi.spyOn(receipts, "renderReceipt").mockRejectedValue(new Error("font"));
    try {
      const { b, trackingId, driver } = await completingOrder("BU-NOPDF", {
        method: "MTN Mobile Money",
        confirmationCode: "MP77",
      });
      expect((await settleOrder(trackingId, driver)).changed).toBe(true);
      expect(broken).toHaveBeenCalled();
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, b.id));
      expect(row!.paymentStatus).toBe("Deposit Made");
      const mail = await latestMail(t.db, b.email, "payment-received");
      expect(attachmentsOf(mail!)).toEqual([]);
      expect(mail!.textBody).toContain("Your receipt is in My Bookings with your invoice");
      expect(mail!.textBody).not.toContain("attached");
    } finally {
      broken.mockRestore();
    }
  });
});
