"use server";

import { enforceRateLimit, publicAction } from "@/lib/action";
import { bookingRequestFromPublic } from "@/lib/booking-request";
import { createBooking } from "@/lib/dal/bookings";
import { deliverAfterResponse } from "@/lib/email";
import {
  HONEYPOT_FIELD,
  publicBookingSchema,
  TERMS_MESSAGE,
  UNKNOWN_TOUR_MESSAGE,
} from "@/lib/validations/booking";

const SUBMITTED = {
  title: "Booking Request Submitted!",
  message: "Thank you! We'll contact you within 24 hours to confirm your booking details.",
};

/** The public booking wizard (/booking). A request without the terms box is 'Terms Required'. */
export const submitBooking = publicAction(
  publicBookingSchema,
  async (data, { ip }) => {
    await enforceRateLimit("booking", [ip, data.email]);
    const result = await createBooking(bookingRequestFromPublic(data), { source: "public" });
    if (result.status === "created") deliverAfterResponse();
    return SUBMITTED;
  },
  {
    name: "submitBooking",
    failure: {
      title: "Submission Failed",
      message: "There was an error submitting your booking. Please try again or contact us directly.",
    },
    errors: { unknown_tour: { field: "tour", message: UNKNOWN_TOUR_MESSAGE } },
    invalid: (fieldErrors) =>
      fieldErrors.terms ? { title: "Terms Required", message: TERMS_MESSAGE } : undefined,
    honeypot: { field: HONEYPOT_FIELD, success: SUBMITTED },
  },
);
