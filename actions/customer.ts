"use server";

import { z } from "zod";

import { signOut } from "@/auth";
import { customerAction } from "@/lib/action";
import {
  BOOKINGS_PER_ACCOUNT,
  MESSAGES_PER_ACCOUNT,
  PASSWORD_CHECKS_PER_ACCOUNT,
  PROFILE_SAVES_PER_ACCOUNT,
} from "@/lib/accounts/customer-limits";
import { DomainError } from "@/lib/errors";
import {
  changeMyPassword,
  endAllMySessions,
  getMyProfile,
  saveMyPreferences,
  updateMyProfile,
} from "@/lib/accounts/data/profile";
import { createMyBooking } from "@/lib/bookings/data/owned";
import { markMyThreadRead, replyInMyThread, sendMyMessage } from "@/lib/messages/data/customer-threads";
import { deliverAfterResponse } from "@/lib/email";
import {
  PASSWORD_PROBLEM_MESSAGES,
  type PasswordProblem,
  TOO_COMMON_MESSAGE,
} from "@/lib/accounts/schemas/sign-in";
import { BOOKING_ERRORS, termsRequired } from "@/lib/bookings/schemas/request";
import {
  changePasswordSchema,
  customerBookingSchema,
  LOCKED_MESSAGE,
  MISSING_MESSAGE,
  newMessageSchema,
  preferencesSchema,
  profileSchema,
  replySchema,
  threadSchema,
} from "@/lib/accounts/schemas/profile";

/**
 * Customer-area actions. Each is a public endpoint: the caller is resolved by customerAction (a
 * visitor is sent to /customer/auth) and checked again by the DAL function it calls; the email,
 * user id and is_from_admin of what it writes come from the session, never from the request (the
 * schemas have no such fields; unknown fields are dropped). The actions that write are limited per
 * account (lib/accounts/customer-limits.ts).
 */

type Caller = { customer: { userId: string } };
const perAccount = (_: unknown, { customer }: Caller) => [customer.userId];

/** Messages and replies share one budget: both reach the operator's inbox. */
const MESSAGE_LIMITS = [
  { scope: "customer-message:account", keys: perAccount, limits: MESSAGES_PER_ACCOUNT },
];
/** Every form that checks the current password shares this budget (when one is given). */
const passwordCheckLimit = <D extends { currentPassword?: string | null }>() => ({
  scope: "current-password:account",
  keys: (data: D, caller: Caller) => (data.currentPassword ? perAccount(data, caller) : []),
  limits: PASSWORD_CHECKS_PER_ACCOUNT,
});

const SENT = { title: "Message Sent", message: "Your message has been sent to our support team" };
const SEND_FAILED = {
  title: "Send Failed",
  message: "Failed to send your message. Please try again.",
};
const THREAD_NOT_FOUND = { title: "Send Failed", message: "This conversation could not be found." };

/** New Message dialog. Blank subject or message: 'Missing Information'. */
export const sendMessageAction = customerAction(
  newMessageSchema,
  async (data) => {
    await sendMyMessage(data);
    deliverAfterResponse();
  },
  {
    name: "sendMessage",
    rateLimit: MESSAGE_LIMITS,
    success: SENT,
    failure: SEND_FAILED,
    invalid: (fieldErrors) =>
      [...(fieldErrors.subject ?? []), ...(fieldErrors.message ?? [])].includes(
        MISSING_MESSAGE.message,
      )
        ? MISSING_MESSAGE
        : undefined,
    revalidate: ["/customer/messages"],
  },
);

/** A reply in a thread of the View Thread dialog. */
export const replyToThreadAction = customerAction(
  replySchema,
  async (data) => {
    if (!(await replyInMyThread(data))) throw new DomainError("not_found");
    deliverAfterResponse();
  },
  {
    name: "replyToThread",
    rateLimit: MESSAGE_LIMITS,
    success: SENT,
    failure: SEND_FAILED,
    errors: { not_found: THREAD_NOT_FOUND },
    revalidate: ["/customer/messages"],
  },
);

/** Opening a thread marks its support replies read. */
export const markThreadReadAction = customerAction(
  threadSchema,
  async ({ threadId }) => {
    if (!(await markMyThreadRead(threadId))) throw new DomainError("not_found");
    return { title: "Read", message: "" };
  },
  {
    name: "markThreadRead",
    failure: { title: "Error", message: "Please try again." },
    errors: { not_found: { title: "Error", message: "This conversation could not be found." } },
    revalidate: [["/customer", "layout"]],
  },
);

/** Profile Settings, Save Changes. A new email waits for the link mailed to it. */
export const updateProfileAction = customerAction(
  profileSchema,
  async (data) => {
    const { emailChangeRequested } = await updateMyProfile({
      fullName: data.fullName,
      phone: data.phone,
      country: data.country,
      email: data.email,
      currentPassword: data.currentPassword || undefined,
    });
    if (emailChangeRequested) deliverAfterResponse();
    const profile = await getMyProfile();
    return {
      title: "Profile Updated",
      message: "Your profile information has been saved successfully.",
      data: {
        fullName: profile.fullName ?? "",
        phone: profile.phone ?? "",
        country: profile.country ?? "",
        email: profile.email,
        ...(emailChangeRequested ? { emailChangeRequested } : {}),
      },
    };
  },
  {
    name: "updateProfile",
    rateLimit: [
      { scope: "profile:account", keys: perAccount, limits: PROFILE_SAVES_PER_ACCOUNT },
      passwordCheckLimit(),
    ],
    failure: {
      title: "Update Failed",
      message: "Failed to update your profile. Please try again.",
    },
    errors: {
      wrong_password: {
        field: "currentPassword",
        message: "Your current password is incorrect. Enter it to change your email.",
      },
      staff_email_change: {
        field: "email",
        message: "Staff accounts cannot change their email here. Ask an admin to change it.",
      },
    },
    revalidate: [["/customer", "layout"]],
  },
);

/** Email Preferences, Save Preferences. The DAL refuses a locked toggle turned off. */
export const savePreferencesAction = customerAction(
  preferencesSchema,
  async (data) => {
    const { newsletterSubscribed } = await saveMyPreferences(data);
    return {
      title: "Preferences Saved",
      message: "Your email preferences have been updated successfully.",
      data: { newsletterSubscribed: String(newsletterSubscribed) },
    };
  },
  {
    name: "savePreferences",
    failure: {
      title: "Save Failed",
      message: "Failed to save your preferences. Please try again.",
    },
    errors: { preferences_locked: { title: "Save Failed", message: LOCKED_MESSAGE } },
    revalidate: ["/customer/preferences"],
  },
);

/** Book New Trip, Submit Booking. Without the terms box: 'Terms Required'. */
export const createCustomerBookingAction = customerAction(
  customerBookingSchema,
  async (data) => {
    const result = await createMyBooking(data);
    if (result.status === "created") deliverAfterResponse();
    return {
      title: "Booking Submitted!",
      message: "Your booking request has been submitted successfully. We'll contact you soon!",
    };
  },
  {
    name: "createCustomerBooking",
    rateLimit: [
      { scope: "customer-booking:account", keys: perAccount, limits: BOOKINGS_PER_ACCOUNT },
    ],
    failure: {
      title: "Submission Error",
      message: "There was an error submitting your booking. Please try again.",
    },
    errors: BOOKING_ERRORS,
    invalid: termsRequired,
    revalidate: [["/customer", "layout"]],
  },
);

/**
 * Profile Settings, Change Password: the current password, then a new one. Every other session
 * ends and every emailed link of the account dies; this session goes on.
 */
export const changePasswordAction = customerAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }) => {
    await changeMyPassword(currentPassword, newPassword);
  },
  {
    name: "changePassword",
    rateLimit: [passwordCheckLimit()],
    success: {
      title: "Password Changed",
      message: "Your password has been changed. You have been signed out on your other devices.",
    },
    failure: {
      title: "Password Change Failed",
      message: "We couldn't change your password. Please try again.",
    },
    errors: {
      wrong_password: { field: "currentPassword", message: "Your current password is incorrect." },
      password_rejected: (error) => ({
        field: "newPassword",
        message:
          PASSWORD_PROBLEM_MESSAGES[error.details.reason as PasswordProblem] ?? TOO_COMMON_MESSAGE,
      }),
    },
  },
);

/** Profile Settings, Sign Out of All Devices: every session of the account ends, this one too. */
export const signOutAllDevicesAction = customerAction(
  z.object({}),
  async () => {
    await endAllMySessions();
    await signOut({ redirect: false });
  },
  {
    name: "signOutAllDevices",
    success: {
      title: "Signed Out Everywhere",
      message: "You have been signed out on all your devices, this one included.",
    },
    failure: {
      title: "Sign Out Error",
      message: "Something went wrong while signing out. Please try again.",
    },
  },
);
