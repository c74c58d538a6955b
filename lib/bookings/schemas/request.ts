import { z } from "zod";

import { seatsRefusedMessage } from "@/lib/departures/rules";
import type { DomainError } from "@/lib/errors";
import { wizardSteps } from "@/lib/wizard";

import {
  acceptedCheckbox,
  departureField,
  emailField,
  groupSizeField,
  isIsoDate,
  LIMITS,
  optionalCheckbox,
  optionalChoice,
  optionalText,
  optionalTravelDate,
  requiredPhone,
  requiredText,
  requiredTravelDate,
} from "@/lib/fields";
import { travellersFitGroup, wizardTravellersField } from "./travellers";

/**
 * The public booking wizard (/booking): one schema for react-hook-form and the server action, plus
 * one sub-schema per step for the wizard's Next button. A signed-in customer's request
 * (./customer-request.ts) shares its tour, terms and idempotency fields.
 */
export { HONEYPOT_FIELD } from "@/lib/fields";

/** The tour field's value for a custom trip (no tour row). */
export const CUSTOM_PACKAGE_VALUE = "custom";
/** The custom option's label, stored as the booking's tour_package. */
export const CUSTOM_PACKAGE_LABEL = "Custom Package - Contact us for pricing";

/** Public wizard group sizes: 1 to 8 and '9+' (stored as 9). */
export const PUBLIC_GROUP_SIZE_MAX = 9;
export const PUBLIC_GROUP_SIZE_OPTIONS = [
  ...Array.from({ length: PUBLIC_GROUP_SIZE_MAX - 1 }, (_, i) => ({
    value: String(i + 1),
    label: i === 0 ? "1 person" : `${i + 1} people`,
  })),
  { value: `${PUBLIC_GROUP_SIZE_MAX}+`, label: `${PUBLIC_GROUP_SIZE_MAX}+ people` },
];

export const PUBLIC_ACCOMMODATION_OPTIONS = [
  { value: "budget", label: "Budget" },
  { value: "standard", label: "Standard" },
  { value: "luxury", label: "Luxury" },
  { value: "mixed", label: "Mixed" },
] as const;

export function accommodationLabel(
  value: string | null | undefined,
  options: readonly { value: string; label: string }[] = PUBLIC_ACCOMMODATION_OPTIONS,
): string | null {
  if (!value) return null;
  return options.find((o) => o.value === value)?.label ?? value;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A tour's slug (checked against the active tours by the server) or 'custom'. A slug, not the
 * database id: a cached page must never post an id that a re-created database no longer has.
 */
export const tourChoiceField = z
  .string({ error: "Please select a tour package" })
  .trim()
  .max(100, "Please select a tour package")
  .refine((v) => v === CUSTOM_PACKAGE_VALUE || SLUG.test(v), {
    message: "Please select a tour package",
  });

/** The server's answer when the chosen departure is no longer on sale. */
export const DEPARTURE_UNAVAILABLE_MESSAGE =
  "This departure is no longer available. Please choose another date.";
/** A tour sold only on its departures, asked for another date. */
export const DEPARTURE_REQUIRED_MESSAGE =
  "This tour runs on scheduled departures only. Please choose one of its dates.";

/** The server's answer when the chosen tour is no longer on sale. */
export const UNKNOWN_TOUR_MESSAGE =
  "This package is not available. Please choose another tour package.";

/** How both booking actions show the DAL's errors: a tour no longer on sale, on its field. */
export const BOOKING_ERRORS = {
  unknown_tour: { field: "tour", message: UNKNOWN_TOUR_MESSAGE },
  seats_unavailable: (error: DomainError) => ({
    field: "groupSize",
    title: "Not Enough Seats",
    message: error.details.reason ?? seatsRefusedMessage(error.details.seatsLeft ?? 0),
  }),
  departure_unavailable: { field: "departure", message: DEPARTURE_UNAVAILABLE_MESSAGE },
  departure_required: { field: "departure", message: DEPARTURE_REQUIRED_MESSAGE },
  trekker_too_young: (error: DomainError) => ({
    field: "travellers",
    title: "Too Young to Trek",
    message: error.details.reason ?? "A traveller is too young for this trek.",
  }),
  park_fee_unpriced: (error: DomainError) => ({
    field: "travellers",
    title: "Park Fee Not Priced",
    message: error.details.reason ?? "A traveller's park fee cannot be priced online.",
  }),
  unpaid_seats_limit: (error: DomainError) => ({
    field: "groupSize",
    title: "Seats Already Held",
    message: error.details.reason ?? "You already hold other unpaid seats.",
  }),
  invalid_token: {
    title: "Offer Expired",
    message:
      "This waitlist offer has expired or was already used. The seats it held are back on sale.",
  },
} as const;

export const TERMS_MESSAGE = "Please accept the terms and conditions to proceed.";

/** Both wizards: a request without the terms box answers the 'Terms Required' toast. */
export function termsRequired(fieldErrors: Record<string, string[]>) {
  return fieldErrors.terms ? { title: "Terms Required", message: TERMS_MESSAGE } : undefined;
}

/** A waitlist offer's token, carried from its mailed link through the wizard (hidden). */
export const waitlistHoldField = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || null);

/** Sent by the form once per fill: a double click or a retried request stores one booking. */
export const idempotencyKeyField = z
  .string({ error: "Invalid request key" })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "Invalid request key")
  .optional();

const personalShape = {
  firstName: requiredText("First name", LIMITS.name),
  lastName: requiredText("Last name", LIMITS.name),
  email: emailField,
  phone: requiredPhone("Phone number"),
  country: requiredText("Country of residence", LIMITS.country),
};

const tripShape = {
  tour: tourChoiceField,
  departure: departureField,
  startDate: requiredTravelDate("Start date", "Please choose a start date"),
  endDate: optionalTravelDate("End date"),
  groupSize: groupSizeField(PUBLIC_GROUP_SIZE_MAX, { plus: true }),
  accommodation: optionalChoice(PUBLIC_ACCOMMODATION_OPTIONS.map((o) => o.value)),
};

const confirmationShape = {
  dietary: optionalText("Dietary requirements", LIMITS.requests, { multiline: true }),
  specialRequests: optionalText("Special requests", LIMITS.requests, { multiline: true }),
  /** On a scheduled departure: the travellers' passport names and notes (all optional). */
  travellers: wizardTravellersField(PUBLIC_GROUP_SIZE_MAX),
  terms: acceptedCheckbox(TERMS_MESSAGE),
  newsletter: optionalCheckbox,
};

/**
 * End date not before the start date. Runs even while other fields are invalid (`when`), so the
 * wizard's step 2 shows it although step 3 is not filled in yet.
 */
const END_NOT_BEFORE_START = {
  path: ["endDate"],
  message: "The end date cannot be before the start date",
  when: (payload: { value: unknown }) => {
    const { startDate, endDate } = (payload.value ?? {}) as {
      startDate?: unknown;
      endDate?: unknown;
    };
    return typeof startDate === "string" && typeof endDate === "string";
  },
};

function endNotBeforeStart(value: { startDate?: unknown; endDate?: unknown }): boolean {
  const { startDate, endDate } = value;
  if (typeof startDate !== "string" || typeof endDate !== "string") return true;
  const start = startDate.trim();
  const end = endDate.trim();
  return !start || !end || !isIsoDate(start) || !isIsoDate(end) || end >= start;
}

export const bookingStepSchemas = [
  z.object(personalShape),
  z.object(tripShape).refine(endNotBeforeStart, END_NOT_BEFORE_START),
  z.object(confirmationShape),
] as const;

/** The public wizard's steps; each step's fields are its schema's keys. */
export const PUBLIC_BOOKING_STEPS = wizardSteps(
  ["Personal Info", "Trip Details", "Confirmation"],
  bookingStepSchemas,
);

/** The whole public booking request. Unknown fields (the honeypot among them) are dropped. */
export const publicBookingSchema = z
  .object({
    ...personalShape,
    ...tripShape,
    ...confirmationShape,
    idempotencyKey: idempotencyKeyField,
    hold: waitlistHoldField,
  })
  .refine(endNotBeforeStart, END_NOT_BEFORE_START)
  .superRefine(travellersFitGroup);

export type PublicBookingFormValues = z.input<typeof publicBookingSchema>;
export type PublicBookingInput = z.output<typeof publicBookingSchema>;
