/** To the customer when staff change a booking's payment status or booking status (docs/decisions/0003). */
import { bookingRef } from "@/lib/bookings/labels";
import { env } from "@/lib/env";

import {
  type BookingMailSubject,
  type EmailTemplate,
  firstNameOf,
  oneLine,
  QUESTIONS_AND_SIGN_OFF,
  renderEmail,
} from "./layout";

export type BookingUpdateMailData = BookingMailSubject & {
  /** The new payment status when it changed. */
  paymentStatus: string | null;
  /** The new booking status label ('Confirmed') when it changed. */
  bookingStatus: string | null;
  /** The guide now on the trip, when one is. */
  guideName: string | null;
};

export function bookingUpdated(b: BookingUpdateMailData): EmailTemplate {
  const firstName = firstNameOf(b.fullName);
  const reference = bookingRef(b.id);
  const what = [
    b.paymentStatus ? `payment status is now ${b.paymentStatus}` : null,
    b.bookingStatus ? `booking is now ${b.bookingStatus}` : null,
  ].filter(Boolean);
  const rendered = renderEmail({
    preheader: `Your booking for ${b.tourPackage}: ${what.join(", ")}.`,
    heading: "Your booking has been updated",
    paragraphs: [
      `Hello ${firstName},`,
      `An update on your booking for ${b.tourPackage}: your ${what.join(" and your ")}.`,
    ],
    table: [
      { label: "Reference", value: reference },
      { label: "Tour package", value: b.tourPackage },
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      ...(b.paymentStatus ? [{ label: "Payment status", value: b.paymentStatus }] : []),
      ...(b.bookingStatus ? [{ label: "Booking status", value: b.bookingStatus }] : []),
      ...(b.guideName ? [{ label: "Your guide", value: b.guideName }] : []),
    ],
    cta: { label: "View my bookings", url: `${env.SITE_URL}/customer/bookings` },
    after: QUESTIONS_AND_SIGN_OFF,
  });
  return {
    template: "booking-updated",
    subject: `Booking update: ${oneLine(b.tourPackage)} (ref ${reference})`,
    ...rendered,
  };
}
