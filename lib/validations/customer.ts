import { z } from "zod";

import { currentPasswordField } from "./auth";
import {
  CUSTOM_PACKAGE_LABEL,
  CUSTOM_PACKAGE_VALUE,
  idempotencyKeyField,
  TERMS_MESSAGE,
  tourChoiceField,
} from "./booking";
import {
  acceptedCheckbox,
  emailField,
  groupSizeField,
  LIMITS,
  optionalText,
  optionalTravelDate,
  requiredText,
} from "./fields";

/**
 * Customer-area forms, shared by the client forms and the server actions. None of them has an
 * email, user id or is_from_admin field: the server takes those from the session.
 */

/* ------------------------------------------------------------------------------------------ */
/* Messages                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const MISSING_MESSAGE = {
  title: "Missing Information",
  message: "Please provide both subject and message.",
} as const;

const notBlank = (max: number, label: string) =>
  z
    .string({ error: MISSING_MESSAGE.message })
    .trim()
    .min(1, MISSING_MESSAGE.message)
    .max(max, `${label} must be at most ${max} characters`);

export const newMessageSchema = z.object({
  subject: notBlank(LIMITS.subject, "Subject"),
  message: notBlank(LIMITS.message, "Message"),
});

const threadIdField = z.uuid("This conversation could not be found.");

export const replySchema = z.object({
  threadId: threadIdField,
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(LIMITS.message, `Message must be at most ${LIMITS.message} characters`),
});

export const threadSchema = z.object({ threadId: threadIdField });

/* ------------------------------------------------------------------------------------------ */
/* Profile                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export const profileSchema = z.object({
  fullName: optionalText("Full name", LIMITS.name),
  email: emailField,
  phone: optionalText("Phone number", LIMITS.phone),
  country: optionalText("Country", LIMITS.country),
  /** Only needed (and checked) when the email changes. */
  currentPassword: z.union([z.literal(""), currentPasswordField]).optional(),
});

export type ProfileFormValues = z.input<typeof profileSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Email preferences                                                                           */
/* ------------------------------------------------------------------------------------------ */

export const PREFERENCE_KEYS = [
  "newsletter",
  "booking_updates",
  "promotional_emails",
  "trip_reminders",
  "admin_messages",
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

/** Booking updates and messages from the team are essential: always on, refused when off. */
export const LOCKED_PREFERENCES: readonly PreferenceKey[] = ["booking_updates", "admin_messages"];
export const LOCKED_MESSAGE = "Booking updates and messages from our team cannot be turned off.";

const toggle = z
  .union([z.boolean(), z.enum(["on", "true", "false", ""])], { error: "Invalid value" })
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

const locked = z
  .union([z.literal(true), z.enum(["on", "true"])], { error: LOCKED_MESSAGE })
  .transform(() => true as const);

export const preferencesSchema = z.object({
  newsletter: toggle,
  booking_updates: locked,
  promotional_emails: toggle,
  trip_reminders: toggle,
  admin_messages: locked,
});

/* ------------------------------------------------------------------------------------------ */
/* Book New Trip (/customer/new-booking)                                                       */
/* ------------------------------------------------------------------------------------------ */

export { CUSTOM_PACKAGE_LABEL, CUSTOM_PACKAGE_VALUE, TERMS_MESSAGE };

/** Customer wizard group sizes: 1 to 10, default 1. */
export const CUSTOMER_GROUP_SIZE_MAX = 10;

export const CUSTOMER_ACCOMMODATION_OPTIONS = [
  { value: "budget", label: "Budget" },
  { value: "mid-range", label: "Mid-range" },
  { value: "luxury", label: "Luxury" },
  { value: "camping", label: "Camping" },
] as const;
export type CustomerAccommodation = (typeof CUSTOMER_ACCOMMODATION_OPTIONS)[number]["value"];

const personalShape = {
  fullName: requiredText("Full name", LIMITS.name),
  // The spec: no format checks on the customer wizard's phone.
  phone: requiredText("Phone number", LIMITS.phone),
  address: optionalText("Address", LIMITS.requests, { multiline: true }),
};

const tripShape = {
  tour: tourChoiceField,
  departureDate: optionalTravelDate("Departure date"),
  groupSize: groupSizeField(CUSTOMER_GROUP_SIZE_MAX),
  accommodation: z
    .enum(["", "budget", "mid-range", "luxury", "camping"], {
      error: "Please choose one of the listed options",
    })
    .optional()
    .nullable()
    .transform((v): CustomerAccommodation | null => (v ? v : null)),
};

const additionalShape = {
  dietary: optionalText("Dietary restrictions", LIMITS.requests, { multiline: true }),
  specialRequests: optionalText("Special requests", LIMITS.requests, { multiline: true }),
  terms: acceptedCheckbox(TERMS_MESSAGE),
};

export const CUSTOMER_BOOKING_STEPS = [
  "Personal Information",
  "Trip Details",
  "Additional Information",
] as const;

export const customerBookingStepSchemas = [
  z.object(personalShape),
  z.object(tripShape),
  z.object(additionalShape),
] as const;

export const customerBookingSchema = z.object({
  ...personalShape,
  ...tripShape,
  ...additionalShape,
  idempotencyKey: idempotencyKeyField,
});

export type CustomerBookingFormValues = z.input<typeof customerBookingSchema>;
export type CustomerBookingInput = z.output<typeof customerBookingSchema>;
