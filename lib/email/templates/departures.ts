/** To the customer when a departure booking ends without them asking: a lapsed option, a cancelled date. */
import { env } from "@/lib/env";

import { bookingMail, type BookingMailSubject, type EmailTemplate } from "./layout";

export type BookingEndedMailData = BookingMailSubject & {
  /** Why it ended, in a sentence the customer reads as is. */
  reason: string;
};

export function bookingEnded(b: BookingEndedMailData): EmailTemplate {
  return bookingMail(b, {
    template: "booking-ended",
    subject: "Booking cancelled",
    preheader: `Your booking for ${b.tourPackage} has been cancelled.`,
    heading: "Your booking has been cancelled",
    paragraphs: [
      `Your booking for ${b.tourPackage} has been cancelled. ${b.reason}`,
      "Any payment you made will be refunded in full or moved to another date, as you prefer: reply to this email and we will arrange it.",
    ],
    table: [
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      { label: "Booking status", value: "Cancelled" },
    ],
    cta: { label: "Choose another date", url: `${env.SITE_URL}/tours` },
  });
}
