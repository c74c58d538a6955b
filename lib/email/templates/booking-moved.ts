/** To the customer when staff move their booking to another departure of the same tour. */
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import { bookingMail, type EmailTemplate, SIGN_OFF } from "./layout";

export type BookingMovedMailData = {
  id: string;
  fullName: string;
  tourPackage: string;
  /** 'Jun 12 - Jun 18, 2027': the dates before and after. */
  from: string;
  to: string;
  /** The guide of the new departure, when it has one. */
  guideName: string | null;
};

export function bookingMoved(b: BookingMovedMailData): EmailTemplate {
  return bookingMail(b, {
    template: "booking-moved",
    subject: "New dates for your booking",
    preheader: `Your ${b.tourPackage} trip now departs ${b.to}.`,
    heading: "Your trip has new dates",
    paragraphs: [
      `Your booking for ${b.tourPackage} has been moved to another departure: ${b.to} (it was ${b.from}). Your group, payment and everything else stay as they were.`,
    ],
    table: [
      { label: "New dates", value: b.to },
      { label: "Previous dates", value: b.from },
      ...(b.guideName ? [{ label: "Your guide", value: b.guideName }] : []),
    ],
    cta: { label: "View my bookings", url: `${env.SITE_URL}/customer/bookings` },
    after: [
      `If these dates do not suit you, reply to this email, call ${site.phone} or message us on WhatsApp.`,
      SIGN_OFF,
    ],
  });
}

/** To the customer when staff book their cancelled booking again, on another date of its tour. */
export function bookingRebooked(b: BookingMovedMailData): EmailTemplate {
  return bookingMail(b, {
    template: "booking-rebooked",
    subject: "Your booking is on again",
    preheader: `Your ${b.tourPackage} trip is booked again for ${b.to}.`,
    heading: "Your trip is booked again",
    paragraphs: [
      `Your cancelled booking for ${b.tourPackage} is booked again, on ${b.to} (it was ${b.from}). What you paid counts towards it; your group stays as it was.`,
    ],
    table: [
      { label: "Dates", value: b.to },
      { label: "Cancelled dates", value: b.from },
      ...(b.guideName ? [{ label: "Your guide", value: b.guideName }] : []),
    ],
    cta: { label: "View my bookings", url: `${env.SITE_URL}/customer/bookings` },
    after: [
      `If these dates do not suit you, reply to this email, call ${site.phone} or message us on WhatsApp.`,
      SIGN_OFF,
    ],
  });
}
