"use server";

import { publicAction } from "@/lib/action";
import { bookingRequestFromPublic } from "@/lib/bookings/request";
import { createBooking } from "@/lib/bookings/data/requests";
import { deliverAfterResponse } from "@/lib/email";
import {
  BOOKING_ERRORS,
  HONEYPOT_FIELD,
  publicBookingSchema,
  termsRequired,
} from "@/lib/bookings/schemas/request";

/** The public booking wizard (/booking). A request without the terms box is 'Terms Required'. */
export const submitBookingAction = publicAction(
  publicBookingSchema,
  async (data) => {
    const result = await createBooking(bookingRequestFromPublic(data), { source: "public" });
    if (result.status === "created") deliverAfterResponse();
  },
  {
    name: "submitBookingAction",
    success: {
      title: "Booking Request Submitted!",
      message: "Thank you! We'll contact you within 24 hours to confirm your booking details.",
    },
    rateLimit: [{ scope: "booking", keys: (data, { ip }) => [ip, data.email] }],
    failure: {
      title: "Submission Failed",
      message:
        "There was an error submitting your booking. Please try again or contact us directly.",
    },
    errors: BOOKING_ERRORS,
    invalid: termsRequired,
    honeypot: HONEYPOT_FIELD,
  },
);
