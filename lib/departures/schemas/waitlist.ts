import { z } from "zod";

import type { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";

import { emailField, groupSizeField, LIMITS, requiredText } from "@/lib/fields";

/** How long the link that confirms a request's email works; an older unconfirmed request lapses. */
export const WAITLIST_CONFIRM_HOURS = 24;

/** The largest group the waitlist takes in one request. */
export const WAITLIST_GROUP_SIZE_MAX = 20;

/**
 * 'Join the waitlist' of a full departure (components/departures/join-waitlist-dialog.tsx): the
 * same schema in react-hook-form and in the server action. The honeypot is the action's.
 */
export const joinWaitlistSchema = z.object({
  departureId: z
    .string({ error: "Please choose a date" })
    .trim()
    .refine(isUuid, { message: "Please choose a date" }),
  fullName: requiredText("Full name", LIMITS.name),
  email: emailField,
  groupSize: groupSizeField(WAITLIST_GROUP_SIZE_MAX),
});

export type JoinWaitlistFormValues = z.input<typeof joinWaitlistSchema>;

/* What the form says (the action and the dialog share them). -------------------------------- */

/** A new request (or an unconfirmed one again): it waits its turn only once the email is confirmed. */
export const JOIN_WAITLIST_SUCCESS = {
  title: "Check Your Email",
  message: `To join the waitlist, confirm your email with the link we just sent you. It works for ${WAITLIST_CONFIRM_HOURS} hours.`,
};

/** Their confirmed request now asks for this group: it keeps its turn. */
export function waitlistUpdated(groupSize: number) {
  return {
    title: "Waitlist Updated",
    message: `Your place on the waitlist is kept, now for ${groupSize === 1 ? "1 traveller" : `${groupSize} travellers`}. We'll email you as soon as seats free up on this date.`,
  };
}

export const JOIN_WAITLIST_FAILURE = {
  title: "Waitlist Failed",
  message: "We could not add you to the waitlist. Please try again or contact us directly.",
};

/** Joining again while seats are already held for them: the link is in their mail. */
export const WAITLIST_ALREADY_OFFERED = {
  title: "Seats Held for You",
  message:
    "Seats on this date are already held for you: book them with the link in the email we sent you.",
};

/** A group that fits in the seats left books directly, naming how many there are. */
export function seatsAvailableMessage(seatsLeft: number): string {
  return `${seatsLeft === 1 ? "1 seat is" : `${seatsLeft} seats are`} still free on this date: book it directly instead of joining the waitlist.`;
}

export const JOIN_WAITLIST_ERRORS = {
  seats_available: (error: DomainError) => ({
    field: "groupSize",
    title: "Seats Available",
    message: seatsAvailableMessage(error.details.seatsLeft ?? 1),
  }),
  group_too_large: (error: DomainError) => ({
    field: "groupSize",
    title: "Group Too Large",
    message: `This date takes at most ${error.details.capacity ?? 0} travellers. Please choose another date or contact us for a private trip.`,
  }),
  departure_unavailable: {
    title: "Date Not Available",
    message: "This departure is no longer available. Please choose another date.",
  },
};
