import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, departures, tours } from "@/db/schema";
import { actorOf } from "@/lib/audit/events";
import { countedPayments } from "@/lib/payments/data/counted";
import { recordStaffChange } from "@/lib/audit/data/trail";
import {
  bookingMailColumns,
  isCalledOff,
  lockBookingAt,
  mailSubject,
  staffName,
  statusLabel,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import { refreshDepartures } from "@/lib/departures/data/seats";
import { invoiceAttachment } from "@/lib/documents/data";
import { recomputeBooking } from "@/lib/payments/data/ledger";
import { requireStaff } from "@/lib/session";
import { formatDay, kampalaDay, todayInKampala } from "@/lib/dates";
import { queueEmail } from "@/lib/email";
import { bookingConfirmed } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { payLinkUrl } from "@/lib/payments/pay-link";
import { bookingDepositPercent } from "@/lib/payments/deposit";
import { amountsDue, formatMoney } from "@/lib/payments/ledger";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";
import type { ConfirmBookingInput } from "@/lib/bookings/schemas/edit";
import { requirePermitsToConfirm } from "@/lib/parks/data/allocations";
import { withParkFees } from "@/lib/bookings/price";
import { feeLinesOf, feesTotal } from "@/lib/parks/data/fees";
import { groupFeeLines } from "@/lib/parks/fees";

/**
 * 'Confirm with this total' (the Edit dialog's Price section): in one transaction, the booking
 * locked at the version the dialog showed, its total (the computed quote: the land part and the
 * park fees the booking was sold with; or another with a reason), the balance's due day (the
 * tour's balance days before departure, or the day of the first confirmation once that day has
 * passed), the deposit's share (the DEPOSIT_PERCENT setting
 * of the day, kept on the booking: a booking confirmed again keeps the share it was first told),
 * the payment status derived again from the ledger against the new total (lib/payments/data/ledger.ts
 * recomputeBooking, which also picks the guide of a booking already paid in part), booking status
 * Confirmed, the history rows, the audit event and the confirmation mail with the pay link and
 * the invoice in the outbox.
 *
 * The rule of the total is held here against the server's own computation: a total other than
 * the computed one needs a reason, whatever the browser sent as 'computed'.
 */

const USD = "USD";

export type ConfirmResult = {
  totalMinor: number;
  total: string;
  balanceDueOn: string | null;
  paymentStatus: string;
  statusChanged: boolean;
};

export async function confirmBooking(input: ConfirmBookingInput): Promise<ConfirmResult> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const b = await lockBookingAt(tx, input.bookingId, input.version, {
      ...bookingMailColumns,
      departureDate: bookings.departureDate,
      groupSize: bookings.groupSize,
      accommodation: bookings.accommodationPreference,
      bookingStatus: bookings.bookingStatus,
      confirmedAt: bookings.confirmedAt,
      paymentStatus: bookings.paymentStatus,
      totalMinor: bookings.totalMinor,
      totalReason: bookings.totalReason,
      depositPercent: bookings.depositPercent,
      packages: sql<unknown>`${tours.pricing} -> 'packages'`,
      balanceDueDays: tours.balanceDueDays,
      departurePrices: departures.prices,
    });
    if (isCalledOff(b))
      throw new DomainError("nothing_due", { reason: "This booking is cancelled." });
    // A private gorilla trip is confirmed only with a permit for every trekker.
    await requirePermitsToConfirm(tx, b.id);

    const fees = await feeLinesOf(tx, [b.id]);
    const quote = withParkFees(
      computeQuote({
        packages: Array.isArray(b.packages) ? b.packages : [],
        departurePrices: b.departurePrices,
        accommodation: b.accommodation,
        groupSize: b.groupSize,
      }),
      fees.get(b.id) ?? [],
    );
    const reason = input.totalReason?.trim() || null;
    if (input.total !== quote?.totalMinor && !reason)
      throw new DomainError("payment_invalid", {
        reason: "Give a reason for a total other than the computed one.",
      });

    const today = todayInKampala();
    // Never due before the customer was first told the price: the day it was first confirmed.
    const quotedOn = b.confirmedAt ? kampalaDay(b.confirmedAt) : today;
    const dueOn = balanceDueOn(b.departureDate, b.balanceDueDays ?? 60, quotedOn);
    const depositPercent = bookingDepositPercent(b.depositPercent);
    const statusChanged = b.bookingStatus !== "confirmed";

    await tx
      .update(bookings)
      .set({
        totalMinor: input.total,
        totalReason: input.total === quote?.totalMinor ? null : reason,
        balanceDueOn: dueOn,
        depositPercent,
        bookingStatus: "confirmed",
        ...(statusChanged ? { confirmedAt: sql`clock_timestamp()` } : {}),
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, b.id));

    const actor = staffName(staff);
    const from = b.totalMinor === null ? null : formatMoney(b.totalMinor, USD);
    const to = formatMoney(input.total, USD);
    await writeHistory(tx, staff, [
      ...(from !== to ? [{ bookingId: b.id, field: "total", from, to, note: reason }] : []),
      ...(statusChanged
        ? [
            {
              bookingId: b.id,
              field: "booking_status",
              from: statusLabel(b.bookingStatus),
              to: "Confirmed",
            },
          ]
        : []),
    ]);
    const { to: paymentStatus } = await recomputeBooking(
      tx,
      b.id,
      actorOf(staff),
      `Total set to ${to}.`,
      {
        historyLabel: actor,
        audit: (payment) =>
          recordStaffChange(
            tx,
            staff,
            "booking.update",
            { type: "booking", id: b.id },
            {
              changes: {
                total: { from, to, computed: quote ? formatMoney(quote.totalMinor, USD) : null },
                ...(reason && input.total !== quote?.totalMinor
                  ? { totalReason: { changed: true } }
                  : {}),
                balanceDueOn: { from: null, to: dueOn },
                ...(statusChanged
                  ? { bookingStatus: { from: b.bookingStatus, to: "confirmed" } }
                  : {}),
                ...(payment.from !== payment.to ? { paymentStatus: payment } : {}),
              },
            },
          ),
      },
    );

    const rows = await countedPayments(tx, [b.id], USD);
    const due = amountsDue(input.total, depositPercent, rows, dueOn, today);
    // Inside the balance window the whole amount is asked now, not a deposit.
    const depositAsked = due.nextDue === "deposit" ? due.depositDue : 0;
    const feeLines = fees.get(b.id) ?? [];
    const mail = bookingConfirmed({
      ...mailSubject(b),
      groupSize: b.groupSize,
      total: to,
      fees: groupFeeLines(feeLines),
      tour: formatMoney(input.total - feesTotal(feeLines), USD),
      depositDue: depositAsked > 0 ? formatMoney(depositAsked, USD) : null,
      depositPercent,
      balance: formatMoney(Math.max(0, due.balanceMinor - depositAsked), USD),
      balanceDueOn: dueOn ? formatDay(dueOn) : null,
      balanceDueNow: due.balanceDueNow,
      paidInFull: due.balanceMinor === 0,
      payUrl: payLinkUrl(b.id),
    });
    // The invoice of the booking as this transaction confirmed it goes with the mail, which says so.
    const invoice = await invoiceAttachment(tx, b.id);
    if (!invoice) throw new Error(`booking ${b.id} was confirmed but has no invoice`);
    await queueEmail({ ...mail, to: b.email, attachments: [invoice] }, tx);
    return {
      totalMinor: input.total,
      total: to,
      balanceDueOn: dueOn,
      paymentStatus,
      statusChanged,
    };
  });
  refreshDepartures();
  return result;
}
