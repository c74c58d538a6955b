/**
 * A booking request as both wizards hand it to lib/bookings/data/requests.ts (already validated), and the
 * way its two mails show it. Pure: unit-testable without a database.
 */
import type { BookingDetails, BookingSource } from "@/lib/domain";
import { formatDay } from "@/lib/dates";
import { groupSizeLabel } from "@/lib/bookings/labels";
import type { BookingMailData } from "@/lib/email/templates";
import {
  accommodationLabel,
  PUBLIC_GROUP_SIZE_MAX,
  type PublicBookingInput,
} from "@/lib/bookings/schemas/request";
import { CUSTOMER_ACCOMMODATION_OPTIONS } from "@/lib/bookings/schemas/customer-request";
import type { Traveller } from "@/lib/bookings/schemas/travellers";

export type BookingRequest = BookingDetails & {
  /** A tour's slug, or 'custom'. Checked against the active tours by the DAL. */
  tour: string;
  /**
   * The scheduled departure whose seats the booking takes (its dates replace the form's), or
   * null for a private trip on the form's date.
   */
  departureId: string | null;
  /** A waitlist offer's token: the booking may use the seats it holds. */
  waitlistHold?: string | null;
  termsAccepted: true;
  newsletter: boolean;
  /**
   * The travellers named in the wizard (passport name, nationality, dietary and medical notes), in
   * order, at most the group size: stored only for a booking on a scheduled departure.
   */
  travellers?: Traveller[];
  /** The form's key: a second request with the same key returns the first booking. */
  idempotencyKey?: string;
};

/** The public wizard's fields as stored: first and last name joined into full_name, the country in address. */
export function bookingRequestFromPublic(input: PublicBookingInput): BookingRequest {
  return {
    fullName: `${input.firstName} ${input.lastName}`,
    email: input.email,
    phone: input.phone,
    address: input.country,
    tour: input.tour,
    departureId: input.departure,
    waitlistHold: input.hold,
    departureDate: input.startDate,
    endDate: input.endDate,
    groupSize: input.groupSize,
    accommodationPreference: input.accommodation,
    dietaryRestrictions: input.dietary,
    specialRequests: input.specialRequests,
    termsAccepted: input.terms,
    newsletter: input.newsletter,
    travellers: input.travellers,
    idempotencyKey: input.idempotencyKey,
  };
}

/** '3 people'; the public wizard's top choice reads '9+ people', as the form offered it. */
function groupSizeText(size: number, source: BookingSource): string {
  return source === "public" && size >= PUBLIC_GROUP_SIZE_MAX
    ? `${PUBLIC_GROUP_SIZE_MAX}+ people`
    : groupSizeLabel(size);
}

/** What the customer's and the staff's mail show of a stored request. */
export function bookingMailData(
  id: string,
  request: BookingRequest,
  tourPackage: string,
  source: BookingSource,
): BookingMailData {
  return {
    id,
    fullName: request.fullName,
    email: request.email,
    phone: request.phone,
    country: source === "public" ? request.address : null,
    tourPackage,
    departureDate: request.departureDate ? formatDay(request.departureDate) : null,
    endDate: request.endDate ? formatDay(request.endDate) : null,
    groupSize: groupSizeText(request.groupSize, source),
    accommodation: accommodationLabel(
      request.accommodationPreference,
      source === "customer" ? CUSTOMER_ACCOMMODATION_OPTIONS : undefined,
    ),
    dietaryRestrictions: request.dietaryRestrictions,
    specialRequests: request.specialRequests,
    newsletter: request.newsletter,
  };
}
