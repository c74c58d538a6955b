"use server";

import { createAction } from "@/lib/action";
import { ActionError, ActionFieldError, type ActionState } from "@/lib/action-state";
import { bookingRequestFromPublic } from "@/lib/booking-request";
import { createBooking } from "@/lib/dal/bookings";
import { deliverAfterResponse } from "@/lib/email";
import { checkRateLimit, clientIp, tooManyRequestsMessage } from "@/lib/rate-limit";
import { HONEYPOT_FIELD, publicBookingSchema, TERMS_MESSAGE } from "@/lib/validations/booking";

const SUCCESS = {
  title: "Booking Request Submitted!",
  message: "Thank you! We'll contact you within 24 hours to confirm your booking details.",
};

const submit = createAction(
  publicBookingSchema,
  async (data, { ip }) => {
    const limit = await checkRateLimit("booking", [ip, data.email]);
    if (!limit.allowed) {
      throw new ActionError("Too Many Requests", tooManyRequestsMessage(limit.retryAfterSeconds));
    }
    const result = await createBooking(bookingRequestFromPublic(data), { source: "public" });
    if (result.status === "unknown_tour") {
      throw new ActionFieldError({ tour: ["This package is not available. Please choose another tour package."] });
    }
    if (result.status === "created") deliverAfterResponse();
    return { status: "success", ...SUCCESS };
  },
  {
    name: "submitBooking",
    context: async () => ({ ip: await clientIp() }),
    failure: {
      title: "Submission Failed",
      message: "There was an error submitting your booking. Please try again or contact us directly.",
    },
    honeypot: { field: HONEYPOT_FIELD, success: SUCCESS },
  },
);

/** The public booking wizard (/booking). A request without the terms box is 'Terms Required'. */
export async function submitBooking(
  prev: ActionState | undefined,
  input: FormData | Record<string, unknown>,
): Promise<ActionState> {
  const state = await submit(prev, input);
  if (state.status === "invalid" && state.fieldErrors.terms) {
    return { ...state, title: "Terms Required", message: TERMS_MESSAGE };
  }
  return state;
}
