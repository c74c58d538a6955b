import "server-only";

import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import type { Tx } from "@/db";
import { bookings } from "@/db/schema";
import type { AuditActor } from "@/lib/audit/events";
import {
  isCalledOff,
  lockBooking,
  mailSubject,
  statusLabel,
  writeHistory,
} from "@/lib/bookings/data/booking-row";
import { formatDay, todayInKampala } from "@/lib/dates";
import type { BookingSource } from "@/lib/domain";
import { invoiceAttachment } from "@/lib/documents/data";
import { queueEmail } from "@/lib/email";
import { bookingConfirmed } from "@/lib/email/templates";
import { DomainError } from "@/lib/errors";
import { countedPayments } from "@/lib/payments/data/counted";
import { recomputeBooking } from "@/lib/payments/data/ledger";
import { amountsDue, formatMoney } from "@/lib/payments/ledger";
import { payLinkUrl } from "@/lib/payments/pay-link";

/**
 * A tailor-made trip confirmed by its traveller accepting a proposal (lib/proposals/data/
 * traveller.ts), inside the acceptance's transaction: a new booking, or the request the proposal
 * started from, confirmed at the accepted version's locked total. The proposal's domain decides
 * who may accept and what was offered; the booking row, its history, its payment status and its
 * confirmation mail stay this domain's, written here as the staff's 'Confirm with this total' does.
 */

const USD = "USD";

export type TailorMadeBooking = {
  /** The request the proposal started from, confirmed; null: a booking is made. */
  bookingId: string | null;
  source: BookingSource;
  userId: string | null;
  fullName: string;
  email: string;
  phone: string | null;
  tourPackage: string;
  departureDate: string;
  endDate: string;
  groupSize: number;
  totalMinor: number;
  depositPercent: number;
  balanceDueOn: string | null;
  /** Who accepted, for the history and the ledger's trail ('Accepted by Jane Doe (TM-ABC123 v2)'). */
  note: string;
  actor: AuditActor;
};

/**
 * Stores the booking confirmed (status confirmed, confirmed now, the locked total, deposit share
 * and balance day; no tour: the plan is the proposal's), its history lines, its payment status
 * derived from the ledger, and the confirmation mail with the invoice and the pay link. A request
 * that is gone or called off refuses with `proposal_unavailable`. Returns the booking's id.
 */
export async function confirmTailorMadeBooking(tx: Tx, input: TailorMadeBooking): Promise<string> {
  const fields = {
    tourId: null,
    departureId: null,
    tourPackage: input.tourPackage,
    departureDate: input.departureDate,
    endDate: input.endDate,
    groupSize: input.groupSize,
    totalMinor: input.totalMinor,
    totalReason: null,
    depositPercent: input.depositPercent,
    balanceDueOn: input.balanceDueOn,
    bookingStatus: "confirmed" as const,
    confirmedAt: sql`clock_timestamp()`,
    holdExpiresAt: null,
    updatedAt: sql`clock_timestamp()`,
  };

  let id: string;
  let from: { status: string | null; total: number | null } = { status: null, total: null };
  if (input.bookingId) {
    const b = await lockBooking(tx, input.bookingId, {
      id: bookings.id,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: bookings.paymentStatus,
      totalMinor: bookings.totalMinor,
    });
    if (!b || isCalledOff(b))
      throw new DomainError("proposal_unavailable", {
        reason: "The booking this proposal was made for is no longer open. Please contact us.",
      });
    id = b.id;
    from = { status: b.bookingStatus, total: b.totalMinor };
    await tx.update(bookings).set(fields).where(eq(bookings.id, id));
  } else {
    id = randomUUID();
    await tx.insert(bookings).values({
      id,
      source: input.source,
      userId: input.userId,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone ?? "",
      termsAccepted: true,
      ...fields,
    });
  }

  const total = formatMoney(input.totalMinor, USD);
  await writeHistory(tx, "system", [
    {
      bookingId: id,
      field: "total",
      from: from.total === null ? null : formatMoney(from.total, USD),
      to: total,
      note: input.note,
    },
    {
      bookingId: id,
      field: "booking_status",
      from: statusLabel(from.status),
      to: "Confirmed",
      note: input.note,
    },
  ]);
  await recomputeBooking(tx, id, input.actor, input.note);

  const today = todayInKampala();
  const due = amountsDue(
    input.totalMinor,
    input.depositPercent,
    await countedPayments(tx, [id], USD),
    input.balanceDueOn,
    today,
  );
  const depositAsked = due.nextDue === "deposit" ? due.depositDue : 0;
  const mail = bookingConfirmed({
    ...mailSubject({ ...input, id }),
    groupSize: input.groupSize,
    total,
    depositDue: depositAsked > 0 ? formatMoney(depositAsked, USD) : null,
    depositPercent: input.depositPercent,
    balance: formatMoney(Math.max(0, due.balanceMinor - depositAsked), USD),
    balanceDueOn: input.balanceDueOn ? formatDay(input.balanceDueOn) : null,
    balanceDueNow: due.balanceDueNow,
    paidInFull: due.balanceMinor === 0,
    payUrl: payLinkUrl(id),
  });
  const invoice = await invoiceAttachment(tx, id);
  await queueEmail({ ...mail, to: input.email, attachments: invoice ? [invoice] : [] }, tx);
  return id;
}
