import "server-only";

import { and, asc, eq, sql } from "drizzle-orm";

import type { AnyPgColumn } from "drizzle-orm/pg-core";

import type { Tx } from "@/db";
import { bookingEvents, bookings, guides } from "@/db/schema";
import { AUTO_ASSIGN_PAYMENT_STATUSES } from "@/lib/bookings/list-query";
import type { AuditActor } from "@/lib/audit/events";
import { todayInKampala } from "@/lib/dates";
import type { BookingStatus, PaymentStatus, TourCategory } from "@/lib/domain";
import {
  type AssignmentOutcome,
  assignmentMessage,
  type GuideCandidate,
  pickGuide,
  preferredSpecialties,
  tripOf,
} from "@/lib/guides/assignment";

import { recordAudit } from "@/lib/audit/data/trail";

/**
 * The automatic guide assignment (docs/decisions/0009) on the database: which guides are busy on
 * a trip, and the pick itself, inside the caller's transaction with the booking locked. A
 * booking that becomes Deposit Made or Paid gets its guide here whichever way the money came
 * (staff recording cash or a transfer, the provider settling an online payment, a total that
 * turns what was paid into the whole): lib/payments/data/ledger.ts calls assignGuideWhenPaid wherever it
 * derives the payment status. No caller check: every function runs inside a caller that checked.
 */

/** A trip that still needs its guide: not cancelled by staff, payment not cancelled or refunded. */
const liveBooking = sql`(coalesce(${bookings.bookingStatus}, '') <> 'cancelled' and ${bookings.paymentStatus} not in ('Cancelled', 'Refunded'))`;

/** The last day of a booking's trip: its end date, or 3 days from departure. */
const tripEnd = sql`coalesce(${bookings.endDate}, ${bookings.departureDate} + 2)`;

/** Another live booking of the guide whose trip shares a day with `trip` (not `bookingId`). */
export function overlapping(
  guideId: AnyPgColumn | string,
  bookingId: string,
  trip: { start: string; end: string },
  departureId: string | null = null,
) {
  return and(
    sql`${bookings.guideId} = ${guideId}`,
    sql`${bookings.id} <> ${bookingId}`,
    // The other bookings of the same departure are the same trip, led by the same guide.
    departureId ? sql`${bookings.departureId} is distinct from ${departureId}` : undefined,
    liveBooking,
    sql`${bookings.departureDate} is not null`,
    sql`${bookings.departureDate} <= ${trip.end}::date`,
    sql`${tripEnd} >= ${trip.start}::date`,
  );
}

/** What the pick reads of the booking (locked by the caller). */
export type AssignableBooking = {
  id: string;
  departureDate: string | null;
  endDate: string | null;
  departureId: string | null;
  tourCategory: TourCategory | null;
  tourTags: string[] | null;
};

/**
 * Automatic assignment inside the caller's transaction. Every available guide
 * row is locked (in id order, so two savers queue instead of deadlocking) before the overlaps are
 * read: a second assignment waits for the first to commit and then sees its booking, so no guide
 * gets two overlapping trips.
 */
export async function autoAssign(tx: Tx, booking: AssignableBooking): Promise<AssignmentOutcome> {
  const trip = tripOf(booking);
  const preferred = preferredSpecialties(
    booking.tourCategory ? { category: booking.tourCategory, tags: booking.tourTags ?? [] } : null,
  );
  if (!trip) return pickGuide([], preferred, false);
  await tx
    .select({ id: guides.id })
    .from(guides)
    .where(eq(guides.isAvailable, true))
    .orderBy(asc(guides.id))
    .for("update");
  const today = todayInKampala();
  const candidates: GuideCandidate[] = (
    await tx
      .select({
        id: guides.id,
        fullName: guides.fullName,
        specialty: guides.specialty,
        isAvailable: guides.isAvailable,
        overlaps: sql<boolean>`exists (select 1 from ${bookings} where ${overlapping(guides.id, booking.id, trip, booking.departureId)})`,
        upcomingTrips: sql<number>`(select count(*)::int from ${bookings} where ${bookings.guideId} = ${guides.id} and ${liveBooking} and ${bookings.departureDate} >= ${today}::date)`,
      })
      .from(guides)
  ).map((g) => ({ ...g, overlaps: Boolean(g.overlaps), upcomingTrips: Number(g.upcomingTrips) }));
  return pickGuide(candidates, preferred, true);
}

/** What decides whether the pick is due. */
type PickState = {
  paymentStatus: PaymentStatus;
  bookingStatus: BookingStatus | null;
  guideId: string | null;
  departureId: string | null;
};

/**
 * Whether the automatic pick is due: Deposit Made or Paid, no guide yet, a private trip (a
 * departure's bookings get the departure's guide, set on the departure) that staff have not
 * cancelled.
 */
export function wantsAutomaticGuide(booking: PickState): boolean {
  return (
    (AUTO_ASSIGN_PAYMENT_STATUSES as readonly string[]).includes(booking.paymentStatus) &&
    booking.guideId === null &&
    booking.departureId === null &&
    booking.bookingStatus !== "cancelled"
  );
}

/** The pick's outcome and the server's message about it (null: the pick was not due). */
export type AutomaticAssignment = { ok: boolean; message: string } | null;

/**
 * Runs the automatic pick when it is due (wantsAutomaticGuide) and, when a guide is free, gives
 * the booking that guide with the history line ('system' chose the guide, the message as its
 * note) and the audit event of `actor`, whose payment or change made the assignment. The change
 * stands when no guide is free: the message says why.
 */
export async function assignGuideWhenPaid(
  tx: Tx,
  booking: AssignableBooking & PickState,
  actor: AuditActor,
): Promise<AutomaticAssignment> {
  if (!wantsAutomaticGuide(booking)) return null;
  const outcome = await autoAssign(tx, booking);
  const message = assignmentMessage(outcome);
  if (!outcome.ok) return { ok: false, message };
  await tx.insert(bookingEvents).values({
    bookingId: booking.id,
    actorUserId: null,
    actorLabel: "system",
    field: "guide",
    fromValue: null,
    toValue: outcome.guide.fullName,
    note: message,
    createdAt: sql`clock_timestamp()`,
  });
  await tx
    .update(bookings)
    .set({ guideId: outcome.guide.id, updatedAt: sql`clock_timestamp()` })
    .where(eq(bookings.id, booking.id));
  await recordAudit(
    {
      action: "booking.update",
      actor,
      target: { type: "booking", id: booking.id },
      details: { changes: { guideId: { from: null, to: outcome.guide.id, automatic: true } } },
    },
    tx,
  );
  return { ok: true, message };
}
