import "server-only";

import { and, eq, isNotNull, or, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { bookings, departures, tours } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { SYSTEM, VISITOR } from "@/lib/audit/events";
import { lockBooking, mailSubject, writeHistory } from "@/lib/bookings/data/booking-row";
import {
  lockDeparture,
  refreshDepartures,
  requireSeats,
  takeSeats,
} from "@/lib/departures/data/seats";
import { todayInKampala } from "@/lib/dates";
import { normalizeEmail } from "@/lib/email-address";
import { queueEmail } from "@/lib/email";
import { paidBookingStaff, paidTooLateStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";
import type { CheckoutState } from "@/lib/bookings/list-query";

/**
 * Checkout holds: a departure's seats held for a visitor while they pay, in the transaction that
 * saves their booking. The hold is an expiry on the booking row (bookings.hold_expires_at), and
 * the seat counts compare it with the clock (lib/departures/data/seats.ts takesSeats): unpaid at
 * that moment, the seats are on sale again without any job running. The payment that makes the
 * booking Deposit Made or Paid confirms it (confirmPaidHold, called by the ledger in the same
 * transaction).
 *
 * Nobody can take a departure off sale unpaid: one buyer (an email, and separately a client
 * address) holds at most UNPAID_SEATS_PER_BUYER unpaid seats at once over all departures. Both
 * keys are locked for the transaction (advisory locks, always email before address) before the
 * departure's row, so two holds of one buyer at once are counted one after the other.
 */

/** When a hold taken now lapses, by the database's clock (the one the seat counts compare with). */
const holdUntil = () => sql`now() + make_interval(mins => ${env.CHECKOUT_HOLD_MINUTES})`;

/** An unpaid booking inside its checkout hold. */
const openHold = sql`(${bookings.holdExpiresAt} > now() and ${bookings.paidMinor} = 0 and coalesce(${bookings.bookingStatus}, 'new') = 'new' and ${bookings.paymentStatus} = 'Pending')`;

/** A booking's checkout not paid (lib/bookings/list-query.ts CheckoutState), read in SQL. */
export const checkoutState = sql<CheckoutState>`(case when ${bookings.holdExpiresAt} is null or ${bookings.paidMinor} > 0 or coalesce(${bookings.bookingStatus}, 'new') <> 'new' then null when ${bookings.holdExpiresAt} > now() then 'live' else 'lapsed' end)`;

export type Buyer = { email: string; address: string | null };

/**
 * Refuses `groupSize` more unpaid seats to a buyer already holding UNPAID_SEATS_PER_BUYER less
 * than that (`unpaid_seats_limit`, `seatsLeft` naming how many more they may hold). Locks the
 * buyer's keys first (see above).
 */
export async function requireUnpaidRoom(tx: Tx, buyer: Buyer, groupSize: number): Promise<void> {
  const email = normalizeEmail(buyer.email);
  const keys = [`hold-email:${email}`, ...(buyer.address ? [`hold-address:${buyer.address}`] : [])];
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const [row] = await tx
    .select({ seats: sql<number>`coalesce(sum(${bookings.groupSize}), 0)::int` })
    .from(bookings)
    .where(
      and(
        openHold,
        buyer.address
          ? or(sql`lower(${bookings.email}) = ${email}`, eq(bookings.holdAddress, buyer.address))
          : sql`lower(${bookings.email}) = ${email}`,
      ),
    );
  const held = Number(row?.seats ?? 0);
  const room = env.UNPAID_SEATS_PER_BUYER - held;
  if (groupSize > room) {
    throw new DomainError("unpaid_seats_limit", {
      seatsLeft: Math.max(room, 0),
      reason:
        `You already hold ${held} unpaid ${held === 1 ? "seat" : "seats"}. Pay for ` +
        `${held === 1 ? "it" : "them"}, or let the hold lapse, before holding more.`,
    });
  }
}

/** The same buyer's unpaid hold still running on this departure: a second submit resumes it. */
export async function openHoldOf(
  tx: Tx,
  departureId: string,
  email: string,
): Promise<{ id: string; holdExpiresAt: Date } | null> {
  const [row] = await tx
    .select({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.departureId, departureId),
        sql`lower(${bookings.email}) = ${normalizeEmail(email)}`,
        openHold,
      ),
    )
    .limit(1);
  return row?.holdExpiresAt ? { id: row.id, holdExpiresAt: row.holdExpiresAt } : null;
}

/**
 * What a checkout hold's booking is sold at: the quote of the tour's tier the traveller chose (or
 * its first priced one) at the departure's own price when it has one, times the group, and the
 * travellers' park fees priced by the caller (`feesMinor`, US cents); the deposit share of today's
 * setting; the balance due the tour's balance days before departure. Null when the tour has no
 * price to sell at (its dates are then a request for staff to quote).
 */
export async function holdPrice(
  tx: Tx,
  input: {
    departureId: string;
    accommodation: string | null;
    groupSize: number;
    feesMinor?: number;
  },
) {
  const [row] = await tx
    .select({
      startDate: departures.startDate,
      departurePrices: departures.prices,
      packages: sql<unknown>`${tours.pricing} -> 'packages'`,
      balanceDueDays: tours.balanceDueDays,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(eq(departures.id, input.departureId));
  if (!row) return null;
  const quote = computeQuote({
    packages: Array.isArray(row.packages) ? row.packages : [],
    departurePrices: row.departurePrices,
    accommodation: input.accommodation,
    groupSize: input.groupSize,
  });
  if (!quote) return null;
  return {
    totalMinor: quote.totalMinor + (input.feesMinor ?? 0),
    depositPercent: env.DEPOSIT_PERCENT,
    balanceDueOn: balanceDueOn(row.startDate, row.balanceDueDays, todayInKampala()),
  };
}

/** The columns of a held booking saved with its hold: its price and the hold's expiry. */
export async function holdColumns(
  tx: Tx,
  input: {
    departureId: string;
    accommodation: string | null;
    groupSize: number;
    address: string | null;
    feesMinor?: number;
  },
) {
  const price = await holdPrice(tx, input);
  if (!price) throw new DomainError("departure_unavailable");
  return { ...price, holdExpiresAt: holdUntil(), holdAddress: input.address };
}

/** A booking's hold as the pay page reads it: its expiry, and whether it still runs. */
export const holdColumnsForPage = {
  holdExpiresAt: bookings.holdExpiresAt,
  holdLive: sql<boolean>`coalesce(${bookings.holdExpiresAt} > now(), false)`,
};

/**
 * 'Hold my seats again' on the pay page of a hold that lapsed unpaid (authorized by its pay link,
 * verified by the caller): the same booking takes its seats again for a new hold if they are
 * still free, within the buyer's unpaid seats, so the visitor starts again from where they were
 * without typing anything. Refused with `nothing_due` for a booking that is not a lapsed unpaid
 * hold, and as a new hold would be (`seats_unavailable`, `departure_unavailable`,
 * `unpaid_seats_limit`).
 */
export async function renewCheckoutHold(
  bookingId: string,
  address: string | null,
): Promise<{ holdExpiresAt: Date }> {
  const db = await getDb();
  const renewed = await db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId, {
      id: bookings.id,
      email: bookings.email,
      tourId: bookings.tourId,
      departureId: bookings.departureId,
      groupSize: bookings.groupSize,
      ...holdColumnsForPage,
      open: sql<boolean>`(${bookings.paidMinor} = 0 and coalesce(${bookings.bookingStatus}, 'new') = 'new' and ${bookings.paymentStatus} = 'Pending')`,
    });
    if (!b || !b.open || !b.holdExpiresAt || b.holdLive || !b.departureId || !b.tourId)
      throw new DomainError("nothing_due", { reason: "This booking has no lapsed hold." });
    await requireUnpaidRoom(tx, { email: b.email, address }, b.groupSize);
    await takeSeats(tx, {
      departureId: b.departureId,
      tourId: b.tourId,
      groupSize: b.groupSize,
      bookingId: b.id,
    });
    const [row] = await tx
      .update(bookings)
      .set({ holdExpiresAt: holdUntil(), holdAddress: address, updatedAt: sql`clock_timestamp()` })
      .where(eq(bookings.id, b.id))
      .returning({ holdExpiresAt: bookings.holdExpiresAt });
    await recordAudit(
      {
        action: "booking.hold",
        actor: VISITOR,
        target: { type: "booking", id: b.id },
        details: { departureId: b.departureId, groupSize: b.groupSize, renewed: true },
      },
      tx,
    );
    return { holdExpiresAt: row!.holdExpiresAt! };
  });
  refreshDepartures();
  return renewed;
}

/**
 * Called by the ledger when a payment makes a booking Deposit Made or Paid, in that transaction,
 * with the booking locked. A booking paid inside its checkout hold is confirmed at once (no staff
 * step): status Confirmed, the hold cleared (it now takes seats as a confirmed booking), a history
 * line, the audit event and the staff's mail; the payer's receipt mail says it is confirmed.
 * Paid after the hold lapsed, it takes its seats again if they are still free; if not, it stays
 * unconfirmed with the money counted and staff are told to move or refund it.
 * Returns whether the booking is now confirmed by this payment.
 */
export async function confirmPaidHold(tx: Tx, bookingId: string): Promise<boolean> {
  const [b] = await tx
    .select({
      id: bookings.id,
      fullName: bookings.fullName,
      email: bookings.email,
      phone: bookings.phone,
      tourPackage: bookings.tourPackage,
      departureDate: bookings.departureDate,
      departureId: bookings.departureId,
      groupSize: bookings.groupSize,
      bookingStatus: bookings.bookingStatus,
      ...holdColumnsForPage,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), isNotNull(bookings.holdExpiresAt)));
  if (!b || !b.departureId || (b.bookingStatus !== null && b.bookingStatus !== "new")) return false;

  if (!b.holdLive) {
    const departure = await lockDeparture(tx, b.departureId);
    const fits =
      departure !== null &&
      departure.status !== "cancelled" &&
      (await requireSeats(tx, departure, b.groupSize, { bookingId: b.id }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DomainError && error.code === "seats_unavailable") return false;
          throw error;
        },
      ));
    if (!fits) {
      await tx
        .update(bookings)
        .set({
          statusReason:
            "Paid after its seat hold lapsed, when the departure had no seats left: move it to another date or refund it.",
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(bookings.id, b.id));
      await queueEmail({ ...paidTooLateStaff(mailSubject(b)), to: env.OPERATOR_EMAIL }, tx);
      return false;
    }
  }

  await tx
    .update(bookings)
    .set({
      bookingStatus: "confirmed",
      confirmedAt: sql`clock_timestamp()`,
      holdExpiresAt: null,
      statusReason: null,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(bookings.id, b.id));
  await writeHistory(tx, "system", [
    {
      bookingId: b.id,
      field: "booking_status",
      from: "New",
      to: "Confirmed",
      note: "Paid online at the checkout: confirmed at once.",
    },
  ]);
  await recordAudit(
    {
      action: "booking.confirmed_paid",
      actor: SYSTEM,
      target: { type: "booking", id: b.id },
      details: { departureId: b.departureId, groupSize: b.groupSize },
    },
    tx,
  );
  await queueEmail(
    {
      ...paidBookingStaff({
        ...mailSubject(b),
        email: b.email,
        phone: b.phone,
        groupSize: b.groupSize,
      }),
      to: env.OPERATOR_EMAIL,
    },
    tx,
  );
  refreshDepartures();
  return true;
}
