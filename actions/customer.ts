"use server";

import { customerAction } from "@/lib/action";
import { DomainError } from "@/lib/errors";
import { getMyProfile, saveMyPreferences, updateMyProfile } from "@/lib/dal/account";
import { createMyBooking } from "@/lib/dal/customer";
import { markMyThreadRead, replyInMyThread, sendMyMessage } from "@/lib/dal/customer-messages";
import { deliverAfterResponse } from "@/lib/email";
import { BOOKING_ERRORS, termsRequired } from "@/lib/validations/booking";
import {
  customerBookingSchema,
  LOCKED_MESSAGE,
  MISSING_MESSAGE,
  newMessageSchema,
  preferencesSchema,
  profileSchema,
  replySchema,
  threadSchema,
} from "@/lib/validations/customer";

/**
 * Customer-area actions. Each is a public endpoint: the caller is resolved by customerAction (a
 * visitor is sent to /customer/auth) and checked again by the DAL function it calls; the email,
 * user id and is_from_admin of what it writes come from the session, never from the request (the
 * schemas have no such fields; unknown fields are dropped).
 */

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
    failure: {
      title: "Update Failed",
      message: "Failed to update your profile. Please try again.",
    },
    errors: {
      wrong_password: {
        field: "currentPassword",
        message: "Your current password is incorrect. Enter it to change your email.",
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
    failure: {
      title: "Submission Error",
      message: "There was an error submitting your booking. Please try again.",
    },
    errors: BOOKING_ERRORS,
    invalid: termsRequired,
    revalidate: [["/customer", "layout"]],
  },
);
