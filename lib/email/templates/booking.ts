/** The booking request mails: to the customer and to staff (both wizards). */
import { bookingRef } from "@/lib/bookings/labels";
import { env } from "@/lib/env";
import { site } from "@/lib/site";

import {
  bookingMail,
  type BookingMailSubject,
  type EmailTemplate,
  oneLine,
  renderEmail,
  SIGN_OFF,
} from "./layout";

/** What the booking mails show, already formatted for people. */
export type BookingMailData = {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  country: string | null;
  tourPackage: string;
  /** 'Jun 12, 2027', or null when not given. */
  departureDate: string | null;
  endDate: string | null;
  groupSize: string;
  accommodation: string | null;
  dietaryRestrictions: string | null;
  specialRequests: string | null;
  newsletter: boolean;
};

function travelDates(b: BookingMailData): string {
  if (!b.departureDate) return "To be confirmed";
  return b.endDate ? `${b.departureDate} – ${b.endDate}` : b.departureDate;
}

/** To the customer: the summary and the 24-hour promise. */
export function bookingReceived(b: BookingMailData): EmailTemplate {
  return bookingMail(b, {
    template: "booking-received",
    subject: "Booking request received",
    preheader: "We'll contact you within 24 hours to confirm your booking details.",
    heading: "We've received your booking request",
    paragraphs: [
      `Thank you for choosing ${site.name}. Your request for ${b.tourPackage} has reached our team in Kampala.`,
      "We'll contact you within 24 hours to confirm your booking details, availability and the final price. Nothing is charged until you confirm.",
    ],
    table: [
      { label: "Travel dates", value: travelDates(b) },
      { label: "Group size", value: b.groupSize },
      { label: "Accommodation", value: b.accommodation ?? "Not specified" },
      { label: "Name", value: b.fullName },
      { label: "Email", value: b.email },
      { label: "Phone", value: b.phone },
    ],
    cta: { label: "Browse our tours", url: `${env.SITE_URL}/tours` },
    after: [
      `Questions in the meantime? Reply to this email, call ${site.phone} or message us on WhatsApp.`,
      SIGN_OFF,
    ],
  });
}

/** To staff (OPERATOR_EMAIL): every field of the request. */
export function newBookingStaff(b: BookingMailData): EmailTemplate {
  const rendered = renderEmail({
    preheader: `${b.fullName} requested ${b.tourPackage}.`,
    heading: "New booking request",
    paragraphs: [
      `${b.fullName} sent a booking request from the website. Please contact them within 24 hours.`,
    ],
    table: [
      { label: "Reference", value: bookingRef(b.id) },
      { label: "Name", value: b.fullName },
      { label: "Email", value: b.email },
      { label: "Phone", value: b.phone },
      { label: "Country", value: b.country ?? "Not specified" },
      { label: "Tour package", value: b.tourPackage },
      { label: "Travel dates", value: travelDates(b) },
      { label: "Group size", value: b.groupSize },
      { label: "Accommodation", value: b.accommodation ?? "Not specified" },
      { label: "Dietary requirements", value: b.dietaryRestrictions ?? "None" },
      { label: "Special requests", value: b.specialRequests ?? "None" },
      { label: "Newsletter", value: b.newsletter ? "Subscribed" : "No" },
    ],
    cta: { label: "Open bookings", url: `${env.SITE_URL}/admin/bookings` },
  });
  return {
    template: "new-booking-staff",
    subject: `New booking request: ${oneLine(b.fullName, 100)} – ${oneLine(b.tourPackage)}`,
    ...rendered,
  };
}

/** A booking on a departure paid at the checkout, as staff's mail names it. */
type PaidBookingMailData = BookingMailSubject & { email: string; phone: string; groupSize: number };

/** To staff: a departure booked and paid online, confirmed with no step of theirs. */
export function paidBookingStaff(b: PaidBookingMailData): EmailTemplate {
  const rendered = renderEmail({
    preheader: `${b.fullName} booked and paid ${b.tourPackage}.`,
    heading: "New booking, paid online",
    paragraphs: [
      `${b.fullName} booked ${b.tourPackage} and paid online: the booking is confirmed and its seats are taken. Nothing is needed from you before the trip.`,
    ],
    table: [
      { label: "Reference", value: bookingRef(b.id) },
      { label: "Name", value: b.fullName },
      { label: "Email", value: b.email },
      { label: "Phone", value: b.phone },
      { label: "Tour package", value: b.tourPackage },
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      { label: "Group size", value: String(b.groupSize) },
    ],
    cta: { label: "Open bookings", url: `${env.SITE_URL}/admin/bookings` },
  });
  return {
    template: "paid-booking-staff",
    subject: `New booking, paid: ${oneLine(b.fullName, 100)} – ${oneLine(b.tourPackage)}`,
    ...rendered,
  };
}

/** To staff: money came in after a checkout hold lapsed and the departure had no seats left. */
export function paidTooLateStaff(b: BookingMailSubject): EmailTemplate {
  const rendered = renderEmail({
    preheader: `${b.fullName} paid after their seats went back on sale.`,
    heading: "Paid booking without seats",
    paragraphs: [
      `${b.fullName} paid for ${b.tourPackage} after their seat hold lapsed, and the departure had no seats left by then. The payment is recorded; the booking is not confirmed.`,
      "Offer them another date (Move to another departure) or refund the payment.",
    ],
    table: [
      { label: "Reference", value: bookingRef(b.id) },
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
    ],
    cta: { label: "Open bookings", url: `${env.SITE_URL}/admin/bookings` },
  });
  return {
    template: "paid-too-late-staff",
    subject: `Paid without seats: ${oneLine(b.fullName, 100)} – ${oneLine(b.tourPackage)}`,
    ...rendered,
  };
}
