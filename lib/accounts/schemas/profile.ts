import { z } from "zod";

import { wizardSteps } from "@/lib/wizard";

import { currentPasswordField, newPasswordField, PASSWORD_MAX } from "./sign-in";
import { idempotencyKeyField, TERMS_MESSAGE, tourChoiceField } from "@/lib/bookings/schemas/request";
import {
  acceptedCheckbox,
  departureField,
  emailField,
  groupSizeField,
  LIMITS,
  optionalChoice,
  optionalText,
  optionalTravelDate,
  requiredText,
} from "@/lib/fields";
import { travellersFitGroup, wizardTravellersField } from "@/lib/bookings/schemas/travellers";

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
export type NewMessageFormValues = z.input<typeof newMessageSchema>;

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
export type ReplyFormValues = z.input<typeof replySchema>;

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

/**
 * Change Password (Profile Settings). The new password follows the rules of sign-up and reset:
 * its length here, the common-password list and the email's name part on the server.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, "Enter your current password")
      .max(PASSWORD_MAX, "Your current password is incorrect."),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Passwords do not match" }).max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: "Choose a password different from your current one",
    path: ["newPassword"],
  });

export type ChangePasswordFormValues = z.input<typeof changePasswordSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Email preferences                                                                           */
/* ------------------------------------------------------------------------------------------ */

/** The toast of a request that turns a locked preference off (the DAL refuses it). */
export const LOCKED_MESSAGE = "Booking updates and messages from our team cannot be turned off.";

const toggle = z.boolean({ error: "Invalid value" });

export const preferencesSchema = z.object({
  newsletter: toggle,
  booking_updates: toggle,
  promotional_emails: toggle,
  trip_reminders: toggle,
  admin_messages: toggle,
});

export type PreferencesRequest = z.output<typeof preferencesSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Book New Trip (/customer/new-booking)                                                       */
/* ------------------------------------------------------------------------------------------ */

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
