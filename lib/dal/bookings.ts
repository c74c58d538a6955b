import "server-only";

import { format, parseISO } from "date-fns";
import { and, eq } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, tours } from "@/db/schema";
import type { BookingSource } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { type BookingMailData, bookingReceived, newBookingStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { packageDisplayName } from "@/lib/tours";
import {
  accommodationLabel,
  CUSTOM_PACKAGE_LABEL,
  CUSTOM_PACKAGE_VALUE,
  PUBLIC_GROUP_SIZE_MAX,
  type PublicBookingInput,
} from "@/lib/validations/booking";
import { CUSTOMER_ACCOMMODATION_OPTIONS } from "@/lib/validations/customer";

import { subscribeInTransaction } from "./newsletter";

/** A booking request as both wizards hand it over (already validated). */
export type BookingRequest = {
  fullName: string;
  email: string;
  phone: string;
  /** The public wizard stores the country of residence here, the customer wizard an address. */
  address: string | null;
  /** A tour id, or 'custom'. Checked against the active tours here. */
  tour: string;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  accommodationPreference: string | null;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  termsAccepted: true;
  newsletter: boolean;
  /** The form's key: a second request with the same key returns the first booking. */
  idempotencyKey?: string;
};

export type CreateBookingResult =
  | { status: "created" | "duplicate"; id: string }
  | { status: "unknown_tour" };

/** The public wizard's fields as stored (spec section 3: full_name joined, country in address). */
export function bookingRequestFromPublic(input: PublicBookingInput): BookingRequest {
  return {
    fullName: `${input.firstName} ${input.lastName}`,
    email: input.email,
    phone: input.phone,
    address: input.country,
    tour: input.tour,
    departureDate: input.startDate,
    endDate: input.endDate,
    groupSize: input.groupSize,
    accommodationPreference: input.accommodation,
    dietaryRestrictions: input.dietary,
    specialRequests: input.specialRequests,
    termsAccepted: input.terms,
    newsletter: input.newsletter,
    idempotencyKey: input.idempotencyKey,
  };
}

/** The tour a request names: an active tour (id and display name) or the custom package. */
async function resolveTour(
  tour: string,
): Promise<{ tourId: string | null; tourPackage: string } | null> {
  if (tour === CUSTOM_PACKAGE_VALUE) return { tourId: null, tourPackage: CUSTOM_PACKAGE_LABEL };
  const db = await getDb();
  const [row] = await db
    .select({ id: tours.id, title: tours.title, durationDays: tours.durationDays })
    .from(tours)
    .where(and(eq(tours.id, tour), eq(tours.isActive, true)))
    .limit(1);
  return row
    ? { tourId: row.id, tourPackage: packageDisplayName(row.title, row.durationDays) }
    : null;
}

function displayDate(isoDate: string | null): string | null {
  return isoDate ? format(parseISO(isoDate), "MMM dd, yyyy") : null;
}

function groupSizeText(size: number, source: BookingSource): string {
  const n =
    source === "public" && size >= PUBLIC_GROUP_SIZE_MAX
      ? `${PUBLIC_GROUP_SIZE_MAX}+`
      : String(size);
  return `${n} ${size === 1 ? "person" : "people"}`;
}

/**
 * Stores a booking request in one transaction: the row (keyed by the form's idempotency key), the
 * newsletter subscription when the box was ticked, and the two mails (to the customer, to staff).
 * Never half-saved. A repeated key returns the first booking and writes nothing. Public: the
 * public wizard calls it for visitors; the customer wizard passes `userId` of the signed-in user.
 */
export async function createBooking(
  request: BookingRequest,
  options: { source: BookingSource; userId?: string | null },
): Promise<CreateBookingResult> {
  const tour = await resolveTour(request.tour);
  if (!tour) return { status: "unknown_tour" };

  const db = await getDb();
  const key = request.idempotencyKey ?? null;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(bookings)
      .values({
        source: options.source,
        userId: options.userId ?? null,
        fullName: request.fullName,
        email: request.email,
        phone: request.phone,
        address: request.address,
        tourId: tour.tourId,
        tourPackage: tour.tourPackage,
        departureDate: request.departureDate,
        endDate: request.endDate,
        groupSize: request.groupSize,
        accommodationPreference: request.accommodationPreference,
        dietaryRestrictions: request.dietaryRestrictions,
        specialRequests: request.specialRequests,
        termsAccepted: request.termsAccepted,
        newsletterOptIn: request.newsletter,
        bookingStatus: options.source === "public" ? null : "new",
        idempotencyKey: key,
      })
      .onConflictDoNothing({ target: bookings.idempotencyKey })
      .returning({ id: bookings.id });

    if (!created) {
      // The same form was submitted before (double click, retried request): its booking stands.
      const [existing] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.idempotencyKey, key ?? ""))
        .limit(1);
      if (!existing) throw new Error("booking insert conflicted but no booking has its key");
      return { status: "duplicate", id: existing.id };
    }

    if (request.newsletter) await subscribeInTransaction(tx, request.email);

    const mail: BookingMailData = {
      id: created.id,
      fullName: request.fullName,
      email: request.email,
      phone: request.phone,
      country: options.source === "public" ? request.address : null,
      tourPackage: tour.tourPackage,
      departureDate: displayDate(request.departureDate),
      endDate: displayDate(request.endDate),
      groupSize: groupSizeText(request.groupSize, options.source),
      accommodation: accommodationLabel(
        request.accommodationPreference,
        options.source === "customer" ? CUSTOMER_ACCOMMODATION_OPTIONS : undefined,
      ),
      dietaryRestrictions: request.dietaryRestrictions,
      specialRequests: request.specialRequests,
      newsletter: request.newsletter,
    };
    await queueEmail({ ...bookingReceived(mail), to: request.email }, tx);
    await queueEmail({ ...newBookingStaff(mail), to: env.OPERATOR_EMAIL }, tx);
    return { status: "created", id: created.id };
  });
}
