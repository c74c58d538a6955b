import { z } from "zod";

import {
  acceptedCheckbox,
  departureField,
  groupSizeField,
  LIMITS,
  optionalChoice,
  optionalText,
  optionalTravelDate,
  requiredText,
} from "@/lib/fields";
import { wizardSteps } from "@/lib/wizard";

import { idempotencyKeyField, TERMS_MESSAGE, tourChoiceField } from "./request";
import { travellersFitGroup, wizardTravellersField } from "./travellers";

/**
 * A signed-in customer's booking request (Book New Trip, /customer/new-booking): one schema for
 * the form and the server action, plus one sub-schema per step for the wizard's Next button. It
 * has no email field: the booking is the account's, its email taken from the session.
 */

/** Customer wizard group sizes: 1 to 10, default 1. */
export const CUSTOMER_GROUP_SIZE_MAX = 10;

export const CUSTOMER_ACCOMMODATION_OPTIONS = [
  { value: "budget", label: "Budget" },
  { value: "mid-range", label: "Mid-range" },
  { value: "luxury", label: "Luxury" },
  { value: "camping", label: "Camping" },
] as const;

const personalShape = {
  fullName: requiredText("Full name", LIMITS.name),
  // Any phone as typed: the customer wizard checks no format on it, by design.
  phone: requiredText("Phone number", LIMITS.phone),
  address: optionalText("Address", LIMITS.requests, { multiline: true }),
};

const tripShape = {
  tour: tourChoiceField,
  departure: departureField,
  departureDate: optionalTravelDate("Departure date"),
  groupSize: groupSizeField(CUSTOMER_GROUP_SIZE_MAX),
  accommodation: optionalChoice(CUSTOMER_ACCOMMODATION_OPTIONS.map((o) => o.value)),
};

const additionalShape = {
  dietary: optionalText("Dietary restrictions", LIMITS.requests, { multiline: true }),
  specialRequests: optionalText("Special requests", LIMITS.requests, { multiline: true }),
  /** On a scheduled departure: the travellers' passport names and notes (all optional). */
  travellers: wizardTravellersField(CUSTOMER_GROUP_SIZE_MAX),
  terms: acceptedCheckbox(TERMS_MESSAGE),
};

export const customerBookingStepSchemas = [
  z.object(personalShape),
  z.object(tripShape),
  z.object(additionalShape),
] as const;

/** Book New Trip's steps; each step's fields are its schema's keys. */
export const CUSTOMER_BOOKING_STEPS = wizardSteps(
  ["Personal Information", "Trip Details", "Additional Information"],
  customerBookingStepSchemas,
);

export const customerBookingSchema = z
  .object({
    ...personalShape,
    ...tripShape,
    ...additionalShape,
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine(travellersFitGroup);

export type CustomerBookingFormValues = z.input<typeof customerBookingSchema>;
export type CustomerBookingInput = z.output<typeof customerBookingSchema>;
