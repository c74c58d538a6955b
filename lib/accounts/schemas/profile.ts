import { z } from "zod";

import { currentPasswordField, newPasswordField, PASSWORD_MAX } from "./sign-in";
import { emailField, LIMITS, optionalText } from "@/lib/fields";

/**
 * A customer's own account (/customer/profile, /customer/preferences): profile, password and email
 * preferences, shared by the client forms and the server actions. None of them has a user id: the
 * server takes it from the session.
 */

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
