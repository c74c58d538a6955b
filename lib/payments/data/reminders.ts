import "server-only";

import { and, eq, gte, isNotNull, isNull, lt, lte, notInArray, or, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookingEvents, bookings } from "@/db/schema";
import {
  bookingDueColumns,
  bookingMailColumns,
  dueOf,
  lockBooking,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import { countedPayments } from "@/lib/payments/data/counted";
import { daysBetween, formatDay, kampalaDayStart, todayInKampala } from "@/lib/dates";
import { bookingRef } from "@/lib/bookings/labels";
import { tripDates } from "@/lib/documents/receipt";
import { queueEmail } from "@/lib/email";
import { balanceOverdue, balanceReminder } from "@/lib/email/templates";
import { logger } from "@/lib/logger";
import { payLinkUrl } from "@/lib/payments/pay-link";
import { formatMoney } from "@/lib/payments/ledger";

/**
 * Balance reminders: a confirmed booking that still owes money is mailed its amount due and its
 * pay link 14 days and again 3 days before its balance falls due (Kampala dates), and once more,
 * as an overdue notice, if it is still unpaid two days after (not once the trip has started). Run on the
 * scheduled jobs' timer (lib/scheduled-jobs.ts) by every server.
 *
 * Once each: a reminder sent is a booking_events row (field 'reminder', to 'balance-14' or
 * 'balance-3'), written in the transaction that queues the mail, under the booking's row lock, so
 * two servers sweeping at once send it once. A run that was missed (the server was down on the
 * day) catches up: the 14-day reminder goes out any day from 14 to 4 days before, the 3-day one
 * from 3 days before to the due day itself; a booking first due within 3 days only gets the
 * second. Bookings cancelled (by staff or by their payment status), paid in full or without a
 * total are never reminded, nor is a booking on the day it was confirmed: its confirmation mail
 * has just said what is due (a trip confirmed inside its balance window owes everything that day).
 */

export const REMINDER_FIELD = "reminder";

/**
 * The reminders: each is sent when the days left are at most `days` and above `after`. The last
 * is the overdue notice, two to seven days after the due day (a payment made on the day can take
 * a day to reach the ledger).
 */
export const BALANCE_REMINDERS = [
  { name: "balance-3", days: 3, after: -1 },
  { name: "balance-14", days: 14, after: 3 },
  { name: "balance-overdue", days: -2, after: -8 },
] as const;

/** 'yyyy-MM-dd' `days` after `day`. */
function plusDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The reminder due for a balance `daysLeft` days away, or null. */
export function reminderFor(daysLeft: number): (typeof BALANCE_REMINDERS)[number] | null {
  return BALANCE_REMINDERS.find((r) => daysLeft <= r.days && daysLeft > r.after) ?? null;
}

/** Sends the balance reminders due today; returns how many were queued. */
export async function sendBalanceReminders(now: Date = new Date(), limit = 500): Promise<number> {
  const db = await getDb();
  const today = todayInKampala(now);
  const live = and(
    eq(bookings.bookingStatus, "confirmed"),
    notInArray(bookings.paymentStatus, ["Paid", "Cancelled", "Refunded"]),
    isNotNull(bookings.totalMinor),
    // The confirmation mail of the day already said what is due and when.
    or(isNull(bookings.confirmedAt), lt(bookings.confirmedAt, kampalaDayStart(today))),
  );
  const candidates = await db
    .select({ id: bookings.id, balanceDueOn: bookings.balanceDueOn })
    .from(bookings)
    .where(
      and(
        live,
        gte(bookings.balanceDueOn, plusDays(today, -7)),
        lte(bookings.balanceDueOn, plusDays(today, 14)),
        // Not already sent the reminder this window calls for (checked again under the lock).
        sql`not exists (select 1 from ${bookingEvents} e where e.booking_id = ${bookings.id}
          and e.field = ${REMINDER_FIELD}
          and e.to_value = case
            when ${bookings.balanceDueOn} < ${today}::date then 'balance-overdue'
            when ${bookings.balanceDueOn} <= ${plusDays(today, 3)}::date then 'balance-3'
            else 'balance-14' end)`,
      ),
    )
    .orderBy(bookings.balanceDueOn)
    .limit(limit);

  let sent = 0;
  for (const { id } of candidates) {
    try {
      const done = await db.transaction(async (tx) => {
        const b = await lockBooking(
          tx,
          id,
          {
            ...bookingMailColumns,
            departureDate: bookings.departureDate,
            endDate: bookings.endDate,
            ...bookingDueColumns,
          },
          live,
        );
        if (!b?.balanceDueOn || b.totalMinor === null) return false;
        const daysLeft = daysBetween(today, b.balanceDueOn);
        const reminder = reminderFor(daysLeft);
        if (!reminder) return false;
        const overdue = reminder.name === "balance-overdue";
        // A trip that has started is settled in person, not by mail.
        if (overdue && b.departureDate !== null && b.departureDate <= today) return false;
        const already = await tx
          .select({ id: bookingEvents.id })
          .from(bookingEvents)
          .where(
            and(
              eq(bookingEvents.bookingId, b.id),
              eq(bookingEvents.field, REMINDER_FIELD),
              eq(bookingEvents.toValue, reminder.name),
            ),
          )
          .limit(1);
        if (already.length > 0) return false;
        const counted = await countedPayments(tx, [b.id], "USD");
        const due = dueOf(b, counted, today);
        if (due.balanceMinor <= 0) return false;
        const amountDue = formatMoney(due.balanceMinor, "USD");
        await writeHistory(tx, "system", [
          {
            bookingId: b.id,
            field: REMINDER_FIELD,
            from: null,
            to: reminder.name,
            note: overdue
              ? `Overdue notice sent: ${amountDue} was due ${formatDay(b.balanceDueOn)}.`
              : `Balance reminder sent: ${amountDue} due ${formatDay(b.balanceDueOn)}.`,
          },
        ]);
        await queueEmail(
          {
            ...(overdue ? balanceOverdue : balanceReminder)({
              fullName: b.fullName,
              bookingReference: bookingRef(b.id),
              tourPackage: b.tourPackage,
              dates: tripDates(b.departureDate, b.endDate),
              amountDue,
              dueOn: formatDay(b.balanceDueOn),
              daysLeft,
              payUrl: payLinkUrl(b.id),
            }),
            to: b.email,
          },
          tx,
        );
        return true;
      });
      if (done) sent += 1;
    } catch (error) {
      // One booking's failure (a mail address the outbox refuses) does not stop the others.
      logger.error({ event: "balance_reminder_failed", booking: id, error: String(error) });
    }
  }
  if (sent > 0) logger.info({ event: "balance_reminders_sent", count: sent });
  return sent;
}
