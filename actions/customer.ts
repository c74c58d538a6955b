"use server";

import { revalidatePath } from "next/cache";

import { createAction } from "@/lib/action";
import { ActionError, ActionFieldError, type ActionState } from "@/lib/action-state";
import { getMyProfile, saveMyPreferences, updateMyProfile } from "@/lib/dal/account";
import { createMyBooking } from "@/lib/dal/customer";
import { markMyThreadRead, replyInMyThread, sendMyMessage } from "@/lib/dal/customer-messages";
import { requireCustomer } from "@/lib/dal/session";
import { deliverAfterResponse } from "@/lib/email";
import {
  customerBookingSchema,
  LOCKED_MESSAGE,
  MISSING_MESSAGE,
  newMessageSchema,
  preferencesSchema,
  profileSchema,
  replySchema,
  TERMS_MESSAGE,
  threadSchema,
} from "@/lib/validations/customer";

/**
 * Customer-area actions. Each is a public endpoint: the caller is checked by the DAL function it
 * calls (requireCustomer), and the email, user id and is_from_admin of what it writes come from
 * the session, never from the request (the schemas have no such fields; unknown fields are dropped).
 */

const customerContext = async () => ({ customer: await requireCustomer() });

type Input = FormData | Record<string, unknown>;

/* Messages ---------------------------------------------------------------------------------- */

const SENT = { title: "Message Sent", message: "Your message has been sent to our support team" };
const SEND_FAILED = {
  title: "Send Failed",
  message: "Failed to send your message. Please try again.",
};

const sendMessage = createAction(
  newMessageSchema,
  async (data): Promise<ActionState> => {
    await sendMyMessage(data);
    deliverAfterResponse();
    return { status: "success", ...SENT };
  },
  { name: "sendMessage", context: customerContext, failure: SEND_FAILED },
);

/** New Message dialog. Blank subject or message: 'Missing Information'. */
export async function sendMessageAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await sendMessage(prev, input);
  if (state.status === "invalid" && (state.fieldErrors.subject || state.fieldErrors.message)) {
    const blank = [
      ...(state.fieldErrors.subject ?? []),
      ...(state.fieldErrors.message ?? []),
    ].includes(MISSING_MESSAGE.message);
    if (blank) return { ...state, ...MISSING_MESSAGE };
  }
  if (state.status === "success") revalidatePath("/customer/messages");
  return state;
}

const reply = createAction(
  replySchema,
  async (data): Promise<ActionState> => {
    const saved = await replyInMyThread(data);
    if (!saved) throw new ActionError("Send Failed", "This conversation could not be found.");
    deliverAfterResponse();
    return { status: "success", ...SENT };
  },
  { name: "replyToThread", context: customerContext, failure: SEND_FAILED },
);

/** A reply in a thread of the View Thread dialog. */
export async function replyToThreadAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await reply(prev, input);
  if (state.status === "success") revalidatePath("/customer/messages");
  return state;
}

const markRead = createAction(
  threadSchema,
  async ({ threadId }): Promise<ActionState> => {
    if (!(await markMyThreadRead(threadId)))
      throw new ActionError("Error", "This conversation could not be found.");
    return { status: "success", title: "Read", message: "" };
  },
  {
    name: "markThreadRead",
    context: customerContext,
    failure: { title: "Error", message: "Please try again." },
  },
);

/** Opening a thread marks its support replies read. */
export async function markThreadReadAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await markRead(prev, input);
  if (state.status === "success") revalidatePath("/customer", "layout");
  return state;
}

/* Profile ----------------------------------------------------------------------------------- */

const updateProfile = createAction(
  profileSchema,
  async (data): Promise<ActionState> => {
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
      status: "success",
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
    context: customerContext,
    failure: {
      title: "Update Failed",
      message: "Failed to update your profile. Please try again.",
    },
  },
);

/** Profile Settings, Save Changes. */
export async function updateProfileAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await updateProfile(prev, input);
  if (state.status === "success") revalidatePath("/customer", "layout");
  return state;
}

/* Email preferences ------------------------------------------------------------------------- */

const savePreferences = createAction(
  preferencesSchema,
  async (data): Promise<ActionState> => {
    const { newsletterSubscribed } = await saveMyPreferences(data);
    return {
      status: "success",
      title: "Preferences Saved",
      message: "Your email preferences have been updated successfully.",
      data: { newsletterSubscribed: String(newsletterSubscribed) },
    };
  },
  {
    name: "savePreferences",
    context: customerContext,
    failure: {
      title: "Save Failed",
      message: "Failed to save your preferences. Please try again.",
    },
  },
);

/** Email Preferences, Save Preferences. Turning a locked toggle off is refused. */
export async function savePreferencesAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await savePreferences(prev, input);
  if (state.status === "invalid")
    return { status: "error", title: "Save Failed", message: LOCKED_MESSAGE };
  if (state.status === "success") revalidatePath("/customer/preferences");
  return state;
}

/* Book New Trip ----------------------------------------------------------------------------- */

const createBooking = createAction(
  customerBookingSchema,
  async (data): Promise<ActionState> => {
    const result = await createMyBooking(data);
    if (result.status === "unknown_tour") {
      throw new ActionFieldError({
        tour: ["This package is not available. Please choose another tour package."],
      });
    }
    if (result.status === "created") deliverAfterResponse();
    return {
      status: "success",
      title: "Booking Submitted!",
      message: "Your booking request has been submitted successfully. We'll contact you soon!",
    };
  },
  {
    name: "createCustomerBooking",
    context: customerContext,
    failure: {
      title: "Submission Error",
      message: "There was an error submitting your booking. Please try again.",
    },
  },
);

/** Book New Trip, Submit Booking. Without the terms box: 'Terms Required'. */
export async function createCustomerBookingAction(
  prev: ActionState | undefined,
  input: Input,
): Promise<ActionState> {
  const state = await createBooking(prev, input);
  if (state.status === "invalid" && state.fieldErrors.terms) {
    return { ...state, title: "Terms Required", message: TERMS_MESSAGE };
  }
  if (state.status === "success") revalidatePath("/customer", "layout");
  return state;
}
