import "server-only";

import { randomUUID } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";

import { getDb, retryOnConnectionLoss, type Tx } from "@/db";
import { bookings, bookingTravellers, tours } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { actorOf, VISITOR } from "@/lib/audit/events";
import { bookingMailData, type BookingRequest } from "@/lib/bookings/request";
import { sellsDepartures, takesRequests } from "@/lib/departures/rules";
import type { BookingSource, TourBookingMode } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { DomainError } from "@/lib/errors";
import { bookingReceived, newBookingStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { packageDisplayName } from "@/lib/tours/rules";
import { CUSTOM_PACKAGE_LABEL, CUSTOM_PACKAGE_VALUE } from "@/lib/bookings/schemas/request";

import { refreshDepartures, takeSeats } from "@/lib/departures/data/seats";
import { subscribeInTransaction } from "@/lib/newsletter/data/subscriptions";
import { heldOffer, useOffer } from "@/lib/departures/data/waitlist";
import { normalizeEmail } from "@/lib/email-address";
import { holdColumns, openHoldOf, requireUnpaidRoom } from "@/lib/bookings/data/holds";
import { requireTrekAge, requireTripTrekAge } from "@/lib/parks/data/trek-age";
import { dropAllocations } from "@/lib/parks/data/stock";
import { priceTripFees, requireTripFees, saveBookingFees } from "@/lib/parks/data/fees";

export type CreateBookingResult = {
  status: "created" | "duplicate";
  id: string;
  /** A booking on a departure holds its seats at the checkout until then, unpaid. */
  holdExpiresAt: Date | null;
};

/**
 * The tour a request names by slug (a cached page never posts a database id that a re-created
 * database no longer has): an active tour (id and display name) or the custom package.
 */
async function resolveTour(tour: string): Promise<ResolvedTour | null> {
  if (tour === CUSTOM_PACKAGE_VALUE) {
    return {
      tourId: null,
      tourPackage: CUSTOM_PACKAGE_LABEL,
      bookingMode: "request",
      needsPermit: false,
    };
  }
  const db = await getDb();
  const [row] = await db
    .select({
      id: tours.id,
      title: tours.title,
      durationDays: tours.durationDays,
      bookingMode: tours.bookingMode,
      permitFee: tours.permitFee,
    })
    .from(tours)
    .where(and(eq(tours.slug, tour), eq(tours.isActive, true)))
    .limit(1);
  return row
    ? {
        tourId: row.id,
        tourPackage: packageDisplayName(row.title, row.durationDays),
        bookingMode: row.bookingMode,
        needsPermit: row.permitFee !== null,
      }
    : null;
}

type ResolvedTour = {
  tourId: string | null;
  tourPackage: string;
  bookingMode: TourBookingMode;
  /** Its trekkers need a park permit: their fees are priced by their residency. */
  needsPermit: boolean;
};

/**
 * Stores a booking request in one transaction: the row (keyed by the form's idempotency key), the
 * newsletter subscription when the box was ticked, and the two mails (to the customer, to staff).
 * Never half-saved. A repeated key returns the first booking and writes nothing. Public: the
 * public wizard calls it for visitors; the customer wizard passes `userId` of the signed-in user.
 * Neither wizard sets a booking status: that is the staff's (docs/decisions/0008), and until they do,
 * both sides show the age-derived labels. Throws `unknown_tour` for a tour not on sale.
 * A booking on a scheduled departure takes its seats in the same transaction (lib/departures/data/seats.ts):
 * refused with `seats_unavailable` when they do not fit, `departure_unavailable` when the date is
 * not on sale, and `departure_required` for another date of a tour sold on departures only.
 * The travellers named in the wizard are stored with a booking on a departure (positions 1..n,
 * never more than the group); a private trip's are ignored.
 * A private trip's request the same email sent in the last day for the same tour, date and
 * group is that request: the first booking is returned as 'duplicate' and nothing is written.
 * A request with a key is tried again while the database connection is lost (a server restart):
 * if the lost attempt did commit, the repeat finds its booking by the key and writes nothing.
 */
export async function createBooking(
  request: BookingRequest,
  options: BookingOptions,
): Promise<CreateBookingResult> {
  const key = request.idempotencyKey ?? null;
  const store = () => storeBooking(request, options, key);
  const result = await (key ? retryOnConnectionLoss(store) : store());
  if (result.status === "created" && request.departureId) refreshDepartures();
  return result;
}

type BookingOptions = {
  source: BookingSource;
  userId?: string | null;
  /** The client address the deployment trusts: unpaid holds are capped per address too. */
  clientAddress?: string | null;
};

async function storeBooking(
  request: BookingRequest,
  options: BookingOptions,
  key: string | null,
): Promise<CreateBookingResult> {
  const tour = await resolveTour(request.tour);
  if (!tour) throw new DomainError("unknown_tour");
  if (request.departureId && !(tour.tourId && sellsDepartures(tour.bookingMode))) {
    throw new DomainError("departure_unavailable");
  }
  if (!request.departureId && !takesRequests(tour.bookingMode)) {
    throw new DomainError("departure_required");
  }

  const db = await getDb();
  return db.transaction(async (tx): Promise<CreateBookingResult> => {
    // A repeated key finds its booking below without taking seats a second time.
    const repeated = key ? await bookingWithKey(tx, key) : null;
    if (repeated) return { status: "duplicate", ...repeated };
    if (request.departureId) {
      // The same buyer sending the same departure again (a second tab, the form sent twice)
      // goes back to the hold still running instead of holding its seats twice.
      const open = await openHoldOf(tx, request.departureId, request.email);
      if (open) return { status: "duplicate", id: open.id, holdExpiresAt: open.holdExpiresAt };
      await requireUnpaidRoom(
        tx,
        { email: request.email, address: options.clientAddress ?? null },
        request.groupSize,
      );
    }
    if (!request.departureId) {
      // A private trip's request sent again (the traveller missed the answer, a second tab, the
      // form filled in twice) is the same request: staff would otherwise answer it twice.
      const same = await sameRequestWithinADay(tx, request, tour);
      if (same) return { status: "duplicate", id: same, holdExpiresAt: null };
    }
    // A waitlist offer's seats are the booking's to use (its link's token proves it).
    const offerId =
      request.departureId && request.waitlistHold
        ? await heldOffer(tx, request.departureId, request.waitlistHold)
        : undefined;
    // The booking's id is chosen now: its trekkers' permits are allocated with its seats, before
    // its row is inserted (their key to it is checked at commit).
    const bookingId = randomUUID();
    const departure =
      request.departureId && tour.tourId
        ? await takeSeats(tx, {
            departureId: request.departureId,
            tourId: tour.tourId,
            groupSize: request.groupSize,
            exceptWaitlistId: offerId,
            bookingId,
          })
        : null;
    // A permit tour's fees, by each traveller's residency on the trek's day. On a departure they
    // are part of the price sold now, so each must be priced; a private trip's are stored when
    // all are (staff price the rest with the quote).
    const feeInput = {
      tourId: tour.tourId ?? "",
      startDate: departure?.startDate ?? request.departureDate,
      groupSize: request.groupSize,
      travellers: request.travellers,
    };
    // Too young to trek is the refusal that matters before any price, on a private trip too.
    if (departure) await requireTrekAge(tx, departure.id, request.travellers ?? []);
    else if (tour.needsPermit)
      await requireTripTrekAge(
        tx,
        { tourId: tour.tourId, startDate: request.departureDate },
        request.travellers ?? [],
      );
    const fees = !tour.needsPermit
      ? null
      : departure
        ? await requireTripFees(tx, feeInput)
        : await priceTripFees(tx, feeInput);
    // On a departure the booking is sold at once: its price (the land part and the fees) is set
    // and its seats are held while the buyer pays (lib/bookings/data/holds.ts).
    const hold = departure
      ? await holdColumns(tx, {
          departureId: departure.id,
          accommodation: request.accommodationPreference,
          groupSize: request.groupSize,
          address: options.clientAddress ?? null,
          feesMinor: fees?.usdMinor ?? 0,
        })
      : null;
    // The departure's dates and guide are the booking's.
    const dates = departure
      ? { departureDate: departure.startDate, endDate: departure.endDate }
      : { departureDate: request.departureDate, endDate: request.endDate };
    const stored = { ...request, ...dates };
    const [created] = await tx
      .insert(bookings)
      .values({
        id: bookingId,
        source: options.source,
        userId: options.userId ?? null,
        fullName: request.fullName,
        email: request.email,
        phone: request.phone,
        address: request.address,
        tourId: tour.tourId,
        tourPackage: tour.tourPackage,
        departureId: departure?.id ?? null,
        guideId: departure?.guideId ?? null,
        departureDate: stored.departureDate,
        endDate: stored.endDate,
        groupSize: request.groupSize,
        accommodationPreference: request.accommodationPreference,
        dietaryRestrictions: request.dietaryRestrictions,
        specialRequests: request.specialRequests,
        termsAccepted: request.termsAccepted,
        newsletterOptIn: request.newsletter,
        idempotencyKey: key,
        ...hold,
      })
      .onConflictDoNothing({ target: bookings.idempotencyKey })
      .returning({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt });

    if (!created) {
      // The same form was submitted at the same moment (double click, retried request) and the
      // other request committed first: its booking stands. Seats are the bookings' own group
      // sizes, so this request, which stored none, took none; the permits it was given go back.
      await dropAllocations(tx, bookingId);
      const existing = await bookingWithKey(tx, key ?? "");
      if (!existing) throw new Error("booking insert conflicted but no booking has its key");
      return { status: "duplicate", ...existing };
    }

    if (departure) {
      await insertTravellers(tx, created.id, request);
    } else if (tour.needsPermit) {
      // A private trek's travellers price its permits: they are kept with the request (as many
      // as the group; the wizard shows no more rows than that).
      const travellers = request.travellers?.slice(0, request.groupSize);
      await insertTravellers(tx, created.id, { ...request, travellers });
    }
    if (fees && fees.unpriced.length === 0) await saveBookingFees(tx, created.id, fees.lines);
    if (offerId) await useOffer(tx, offerId, created.id);
    if (request.newsletter) await subscribeInTransaction(tx, request.email);

    // A request holds a person's details, a hold takes seats: the trail keeps who sent it and
    // from which address (the trail's row carries the client address the deployment trusts).
    await recordAudit(
      {
        action: hold ? "booking.hold" : "booking.request",
        actor: options.userId ? actorOf({ userId: options.userId, email: request.email }) : VISITOR,
        target: { type: "booking", id: created.id },
        details: {
          source: options.source,
          departureId: departure?.id ?? null,
          groupSize: request.groupSize,
        },
      },
      tx,
    );

    // A hold's mails come with its payment (the confirmation and the staff's notice); a request
    // is acknowledged now and staff are told of it.
    if (!hold) {
      const mail = bookingMailData(created.id, stored, tour.tourPackage, options.source);
      await queueEmail({ ...bookingReceived(mail), to: request.email }, tx);
      await queueEmail({ ...newBookingStaff(mail), to: env.OPERATOR_EMAIL }, tx);
    }
    return { status: "created", id: created.id, holdExpiresAt: created.holdExpiresAt };
  });
}

/**
 * The travellers the wizard named, in order from position 1 (the lead). The schema keeps them
 * within the group; more here is a caller's bug, and the whole booking is rolled back.
 */
async function insertTravellers(tx: Tx, bookingId: string, request: BookingRequest) {
  const travellers = request.travellers ?? [];
  if (travellers.length === 0) return;
  if (travellers.length > request.groupSize) {
    throw new Error("more travellers than the booking's group");
  }
  await tx.insert(bookingTravellers).values(
    travellers.map((t, index) => ({
      bookingId,
      position: index + 1,
      fullName: t.fullName,
      nationality: t.nationality,
      dietary: t.dietary,
      medical: t.medical,
      residency: t.residency ?? null,
      dateOfBirth: t.dateOfBirth ?? null,
      proof: t.proof ?? null,
    })),
  );
}

/**
 * The private-trip request the same person sent in the last day for the same tour, date and
 * party, if any. The sender's email is locked for the transaction first, so the same request sent
 * twice at once is stored once.
 */
async function sameRequestWithinADay(
  tx: Tx,
  request: BookingRequest,
  tour: ResolvedTour,
): Promise<string | null> {
  const email = normalizeEmail(request.email);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`request-email:${email}`}))`);
  const [row] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        sql`lower(${bookings.email}) = ${email}`,
        isNull(bookings.departureId),
        tour.tourId ? eq(bookings.tourId, tour.tourId) : eq(bookings.tourPackage, tour.tourPackage),
        request.departureDate
          ? eq(bookings.departureDate, request.departureDate)
          : isNull(bookings.departureDate),
        eq(bookings.groupSize, request.groupSize),
        // A request staff already cancelled is no answer to this one.
        sql`coalesce(${bookings.bookingStatus}, 'new') <> 'cancelled'`,
        sql`${bookings.createdAt} > now() - interval '1 day'`,
      ),
    )
    .orderBy(bookings.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/** The booking a form's key already stored, if any, with its hold. */
async function bookingWithKey(
  tx: Tx,
  key: string,
): Promise<{ id: string; holdExpiresAt: Date | null } | null> {
  const [row] = await tx
    .select({ id: bookings.id, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(eq(bookings.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}
