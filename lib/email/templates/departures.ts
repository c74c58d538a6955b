/** To the customer when a departure booking ends without them asking: a lapsed option, a cancelled date. */
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

export type BookingEndedMailData = BookingMailSubject & {
  /** Why it ended, in a sentence the customer reads as is. */
  reason: string;
};

export function bookingEnded(b: BookingEndedMailData): EmailTemplate {
  const firstName = firstNameOf(b.fullName);
  const reference = bookingRef(b.id);
  const rendered = renderEmail({
    preheader: `Your booking for ${b.tourPackage} has been cancelled.`,
    heading: "Your booking has been cancelled",
    paragraphs: [
      `Hello ${firstName},`,
      `Your booking for ${b.tourPackage} has been cancelled. ${b.reason}`,
      "Any payment you made will be refunded in full or moved to another date, as you prefer: reply to this email and we will arrange it.",
    ],
    table: [
      { label: "Reference", value: reference },
      { label: "Tour package", value: b.tourPackage },
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      { label: "Booking status", value: "Cancelled" },
    ],
    cta: { label: "Choose another date", url: `${env.SITE_URL}/tours` },
    after: QUESTIONS_AND_SIGN_OFF,
  });
  return {
    template: "booking-ended",
    subject: `Booking cancelled: ${oneLine(b.tourPackage)} (ref ${reference})`,
    ...rendered,
  };
}
