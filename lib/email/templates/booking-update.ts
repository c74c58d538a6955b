/** To the customer when staff change a booking's payment status or booking status (docs/decisions/0003). */
import { env } from "@/lib/env";

import { bookingMail, type BookingMailSubject, type EmailTemplate } from "./layout";

export type BookingUpdateMailData = BookingMailSubject & {
  /** The new payment status when it changed. */
  paymentStatus: string | null;
  /** The new booking status label ('Confirmed') when it changed. */
  bookingStatus: string | null;
  /** The guide now on the trip, when one is. */
  guideName: string | null;
};

export function bookingUpdated(b: BookingUpdateMailData): EmailTemplate {
  const what = [
    b.paymentStatus ? `payment status is now ${b.paymentStatus}` : null,
    b.bookingStatus ? `booking is now ${b.bookingStatus}` : null,
  ].filter(Boolean);
  return bookingMail(b, {
    template: "booking-updated",
    subject: "Booking update",
    preheader: `Your booking for ${b.tourPackage}: ${what.join(", ")}.`,
    heading: "Your booking has been updated",
    paragraphs: [
      `An update on your booking for ${b.tourPackage}: your ${what.join(" and your ")}.`,
    ],
    table: [
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      ...(b.paymentStatus ? [{ label: "Payment status", value: b.paymentStatus }] : []),
      ...(b.bookingStatus ? [{ label: "Booking status", value: b.bookingStatus }] : []),
      ...(b.guideName ? [{ label: "Your guide", value: b.guideName }] : []),
    ],
    cta: { label: "View my bookings", url: `${env.SITE_URL}/customer/bookings` },
  });
}
