import "server-only";

import { randomUUID } from "node:crypto";

import { sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, departures, tours } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { writeHistory } from "@/lib/bookings/data/booking-row";
import { formatDay, kampalaDay, todayInKampala } from "@/lib/dates";
import type { StaffHoldData } from "@/lib/departures/schemas/staff-hold";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { bookingDepositPercent } from "@/lib/payments/deposit";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";
import { priceTripFees, saveBookingFees } from "@/lib/parks/data/fees";
import { requireStaff } from "@/lib/session";
import { packageDisplayName } from "@/lib/tours/rules";

import { outer, readDeparture, refreshDepartures, takeSeats } from "./seats";

/**
 * Staff holds: seats a member of staff takes on a departure for a named party without payment
 * (a phone call, a partner agency). The hold is a booking of its own (source 'admin', confirmed
 * now, its total the computed quote as 'Confirm with this total' would set it), so the option
 * rule of every unpaid confirmed departure booking applies to it unchanged: unpaid at its option
 * date (BOOKING_OPTION_DAYS after confirmation, lib/bookings/data/options.ts), it lapses and its
 * seats go back on sale. Paid in part or whole, it is an ordinary booking.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an unpaid booking confirmed at `confirmedAt` lapses (its option date). */
export function optionUntil(confirmedAt: Date, optionDays: number = env.BOOKING_OPTION_DAYS): Date {
  return new Date(confirmedAt.getTime() + optionDays * DAY_MS);
}

/** The option date of a hold made now, as the dialog states it ('Dec 5, 2026', Kampala). */
export function optionDayIfHeldNow(now: Date = new Date()): string {
  return formatDay(kampalaDay(optionUntil(now)));
}

/**
 * A booking staff hold unpaid: made by staff on a departure, confirmed, nothing paid. An SQL
 * condition on `bookings`, for the lists that label them.
 */
export const isStaffHold = sql<boolean>`(${bookings.source} = 'admin' and ${bookings.departureId} is not null and ${bookings.bookingStatus} = 'confirmed' and ${bookings.paymentStatus} = 'Pending')`;

export type StaffHoldResult = {
  bookingId: string;
  tourTitle: string;
  startDate: string;
  seats: number;
  /** The option date ('Dec 5, 2026', Kampala). */
  heldUntil: string;
};

/**
 * Holds `seats` on the departure for the party, in one transaction: the seats taken under the
 * departure's lock (takeSeats: `seats_unavailable` naming the seats left, `departure_unavailable`
 * when the date is not on sale), the booking, its history line and the audit event. `not_found`
 * for an unknown departure. Staff and admins.
 */
export async function holdSeatsForParty(data: StaffHoldData): Promise<StaffHoldResult> {
  const staff = await requireStaff();
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const tour = await readDeparture(tx, data.departureId, {
      tourId: tours.id,
      title: tours.title,
      durationDays: tours.durationDays,
      packages: sql<unknown>`${tours.pricing} -> 'packages'`,
      balanceDueDays: tours.balanceDueDays,
      prices: departures.prices,
    });
    if (!tour) throw new DomainError("not_found");
    // Chosen before the row is inserted: the party's permits are allocated with its seats.
    const bookingId = randomUUID();
    const departure = await takeSeats(tx, {
      departureId: data.departureId,
      tourId: tour.tourId,
      groupSize: data.seats,
      bookingId,
    });

    // The total, the balance's day and the deposit's share as 'Confirm with this total' sets them.
    const quote = computeQuote({
      packages: Array.isArray(tour.packages) ? tour.packages : [],
      departurePrices: tour.prices,
      accommodation: null,
      groupSize: data.seats,
    });
    // A permit tour's fees for the party, each priced in the default category until their
    // residency is given; a fee that cannot be priced leaves the total for staff to confirm.
    const fees = await priceTripFees(tx, {
      tourId: tour.tourId,
      startDate: departure.startDate,
      groupSize: data.seats,
    });
    const feesPriced = !fees || fees.unpriced.length === 0;
    const [created] = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        source: "admin",
        fullName: data.fullName,
        email: data.email,
        phone: data.phone ?? "",
        tourId: tour.tourId,
        tourPackage: packageDisplayName(tour.title, tour.durationDays),
        departureId: departure.id,
        guideId: departure.guideId,
        departureDate: departure.startDate,
        endDate: departure.endDate,
        groupSize: data.seats,
        // Staff take the party's booking on their word; the party accepts the terms as they pay.
        termsAccepted: true,
        bookingStatus: "confirmed",
        confirmedAt: sql`clock_timestamp()`,
        totalMinor: quote && feesPriced ? quote.totalMinor + (fees?.usdMinor ?? 0) : null,
        balanceDueOn: balanceDueOn(
          departure.startDate,
          tour.balanceDueDays ?? 60,
          todayInKampala(),
        ),
        depositPercent: bookingDepositPercent(null),
      })
      .returning({ id: bookings.id, confirmedAt: bookings.confirmedAt });
    if (fees && feesPriced) await saveBookingFees(tx, created!.id, fees.lines);
    const heldUntil = optionUntil(created!.confirmedAt!);
    const heldUntilDay = formatDay(kampalaDay(heldUntil));

    await writeHistory(tx, staff, [
      {
        bookingId: created!.id,
        field: "booking_status",
        from: null,
        to: "Confirmed",
        note: [`Seats held by staff, unpaid, until ${heldUntilDay}.`, data.note]
          .filter(Boolean)
          .join(" "),
      },
    ]);
    await recordStaffChange(
      tx,
      staff,
      "departure.staff_hold",
      { type: "departure", id: departure.id },
      {
        bookingId: created!.id,
        startDate: departure.startDate,
        seats: data.seats,
        heldUntil: heldUntil.toISOString(),
        ...(data.note ? { note: { given: true } } : {}),
      },
    );
    return {
      bookingId: created!.id,
      tourTitle: tour.title,
      startDate: departure.startDate,
      seats: data.seats,
      heldUntil: heldUntilDay,
    };
  });
  refreshDepartures();
  return result;
}

/** The seats of the departure's unpaid staff holds (a correlated subquery on `id`). */
export function staffHoldSeatsOf(id: typeof departures.id) {
  return sql<number>`(select coalesce(sum(${bookings.groupSize}), 0)::int from ${bookings} where ${bookings.departureId} = ${outer(id)} and ${isStaffHold})`;
}
