"use server";

import { publicAction } from "@/lib/action";
import { joinWaitlist } from "@/lib/departures/data/waitlist";
import { deliverAfterResponse } from "@/lib/email";
import { HONEYPOT_FIELD } from "@/lib/fields";
import {
  JOIN_WAITLIST_ERRORS,
  JOIN_WAITLIST_FAILURE,
  JOIN_WAITLIST_SUCCESS,
  joinWaitlistSchema,
  WAITLIST_ALREADY_OFFERED,
} from "@/lib/departures/schemas/waitlist";

/** 'Join the waitlist' of a full departure (the tour page, the booking wizards). */
export const joinWaitlistAction = publicAction(
  joinWaitlistSchema,
  async (data) => {
    const result = await joinWaitlist(data);
    deliverAfterResponse();
    if (result.status === "offered") return WAITLIST_ALREADY_OFFERED;
  },
  {
    name: "joinWaitlistAction",
    success: JOIN_WAITLIST_SUCCESS,
    // As the booking form: per address and per email.
    rateLimit: [{ scope: "waitlist", keys: (data, { ip }) => [ip, data.email] }],
    failure: JOIN_WAITLIST_FAILURE,
    errors: JOIN_WAITLIST_ERRORS,
    honeypot: HONEYPOT_FIELD,
  },
);
