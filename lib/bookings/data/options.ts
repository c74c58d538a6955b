import "server-only";

import { and, asc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings } from "@/db/schema";
import { SYSTEM } from "@/lib/audit/events";
import { queueEmail } from "@/lib/email";
import { bookingEnded } from "@/lib/email/templates";
import { env } from "@/lib/env";

import { recordAudit } from "@/lib/audit/data/trail";
import {
  bookingMailColumns,
  lockBooking,
  mailSubject,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import { sweepSeats } from "@/lib/departures/data/seats";
import { offerReturnedSeats } from "@/lib/departures/data/waitlist";

/**
 * A confirmed booking on a departure holds its seats for a few days while the customer pays (its
 * option). When the option passes unpaid, the booking lapses: it is cancelled with the reason,
 * its seats go back on sale (and to the waitlist), and the customer is told. Run on a timer by
 * every server; each booking is settled in its own transaction with its row locked, so two
 * servers sweeping at once lapse it once.
 */

/** The customer's and the history's words for a lapsed option. */
export function optionLapsedReason(optionDays: number): string {
  return `It was not paid within ${optionDays} days of confirmation, so its seats were released.`;
}

/**
 * Confirmed before `cutoff` and nothing paid yet. A reseller's booking has no option: the
 * reseller pays for it on account, never through the booking.
 */
const unpaidSince = (cutoff: Date) =>
  and(
    eq(bookings.bookingStatus, "confirmed"),
    eq(bookings.paymentStatus, "Pending"),
    lt(bookings.confirmedAt, cutoff),
    isNull(bookings.resellerId),
  );

/** Lapses every unpaid confirmed departure booking whose option has passed; returns how many. */
export async function lapseUnpaidOptions(
  now: Date = new Date(),
  optionDays: number = env.BOOKING_OPTION_DAYS,
): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - optionDays * 24 * 60 * 60 * 1000);
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(isNotNull(bookings.departureId), unpaidSince(cutoff)))
    .orderBy(asc(bookings.confirmedAt))
    .limit(200);

  const reason = optionLapsedReason(optionDays);
  return sweepSeats(due, "booking_options_lapsed", async (tx, id) => {
    // Checked again under the lock: staff may have recorded a payment meanwhile.
    const b = await lockBooking(
      tx,
      id,
      {
        ...bookingMailColumns,
        departureDate: bookings.departureDate,
        departureId: bookings.departureId,
      },
      unpaidSince(cutoff),
    );
    if (!b?.departureId) return false;
    await tx
      .update(bookings)
      .set({
        bookingStatus: "cancelled",
        statusReason: reason,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, b.id));
    await writeHistory(tx, "system", [
      {
        bookingId: b.id,
        field: "booking_status",
        from: "Confirmed",
        to: "Cancelled",
        note: `Option lapsed. ${reason}`,
      },
    ]);
    await recordAudit(
      {
        action: "booking.option_lapsed",
        actor: SYSTEM,
        target: { type: "booking", id: b.id },
        details: { departureId: b.departureId, optionDays },
      },
      tx,
    );
    await queueEmail(
      {
        ...bookingEnded({
          ...mailSubject(b),
          reason,
        }),
        to: b.email,
      },
      tx,
    );
    await offerReturnedSeats(tx, b.departureId);
    return true;
  });
}
