"use server";

import { type ErrorMapping, publicAction, staffAction } from "@/lib/action";
import { addedMessage } from "@/lib/departures/list-query";
import { joinWaitlist } from "@/lib/departures/data/waitlist";
import {
  cancelDeparture,
  createDepartures,
  setDepartureSales,
  updateDeparture,
} from "@/lib/departures/data/manage";
import { holdSeatsForParty } from "@/lib/departures/data/staff-holds";
import { staffHoldSchema } from "@/lib/departures/schemas/staff-hold";
import { formatDay } from "@/lib/dates";
import { deliverAfterResponse } from "@/lib/email";
import { HONEYPOT_FIELD } from "@/lib/fields";
import type { DomainError } from "@/lib/errors";
import {
  addDeparturesSchema,
  cancelDepartureSchema,
  departureSalesSchema,
  updateDepartureSchema,
} from "@/lib/departures/schemas/departures";
import {
  JOIN_WAITLIST_ERRORS,
  JOIN_WAITLIST_FAILURE,
  JOIN_WAITLIST_SUCCESS,
  joinWaitlistSchema,
  WAITLIST_ALREADY_OFFERED,
  waitlistUpdated,
} from "@/lib/departures/schemas/waitlist";

/**
 * Departures: staff add a series, edit, close or reopen and cancel them, and hold seats for a
 * named party unpaid (/admin/departures, staff and admins); a visitor joins the waitlist of a
 * full one.
 */

const revalidate = ["/admin/departures", "/admin/bookings"] as const;

const gone = (error: DomainError): ErrorMapping =>
  error.details.reason === "guide"
    ? { field: "guideId", message: "This guide no longer exists. Choose another." }
    : { title: "Departure Not Found", message: "This departure no longer exists." };

const cancelledAlready = {
  title: "Departure Cancelled",
  message: "This departure has been cancelled and can no longer change.",
};

export const addDeparturesAction = staffAction(
  addDeparturesSchema,
  async (data) => {
    const result = await createDepartures(data);
    if (result.added === 0) {
      return {
        status: "error",
        title: "No Departures Added",
        message: `Every date already had a departure of ${result.tourTitle}.`,
      };
    }
    return { title: "Departures Added", message: addedMessage(result) };
  },
  {
    name: "addDepartures",
    failure: { title: "Error", message: "Failed to add departures." },
    errors: {
      unknown_tour: { field: "tourId", message: "Choose an active tour." },
      not_found: gone,
    },
    revalidate,
  },
);

export const updateDepartureAction = staffAction(
  updateDepartureSchema,
  async (data) => {
    const result = await updateDeparture(data);
    // Seats a raised capacity freed may have been offered to the waitlist.
    deliverAfterResponse();
    const reassigned =
      result.reassigned > 0
        ? ` The new guide was given to ${result.reassigned} ${result.reassigned === 1 ? "booking" : "bookings"}.`
        : "";
    return {
      title: "Departure Updated",
      message: `${result.tourTitle} on ${formatDay(result.startDate)} has been saved.${reassigned}`,
    };
  },
  {
    name: "updateDeparture",
    failure: { title: "Error", message: "Failed to update departure." },
    errors: {
      capacity_below_taken: (error) => ({
        field: "capacity",
        message: error.details.reason ?? "Capacity cannot go below the seats taken.",
      }),
      departure_unavailable: cancelledAlready,
      not_found: gone,
    },
    revalidate,
  },
);

export const setDepartureSalesAction = staffAction(
  departureSalesSchema,
  async ({ id, open }) => {
    const result = await setDepartureSales(id, open);
    const when = `${result.tourTitle} on ${formatDay(result.startDate)}`;
    return open
      ? { title: "Departure Reopened", message: `${when} is on sale again.` }
      : { title: "Departure Closed", message: `${when} no longer takes bookings.` };
  },
  {
    name: "setDepartureSales",
    failure: { title: "Error", message: "Failed to change the departure's sales." },
    errors: { departure_unavailable: cancelledAlready, not_found: gone },
    revalidate,
  },
);

export const cancelDepartureAction = staffAction(
  cancelDepartureSchema,
  async ({ id, reason }) => {
    const result = await cancelDeparture(id, reason);
    deliverAfterResponse();
    const n = result.cancelledBookings;
    const bookingsText =
      n === 0
        ? "It had no bookings."
        : `${n} ${n === 1 ? "booking was" : "bookings were"} cancelled and the ${n === 1 ? "traveller has" : "travellers have"} been emailed.`;
    return {
      title: "Departure Cancelled",
      message: `${result.tourTitle} on ${formatDay(result.startDate)} is cancelled. ${bookingsText}`,
    };
  },
  {
    name: "cancelDeparture",
    failure: { title: "Error", message: "Failed to cancel departure." },
    errors: {
      departure_unavailable: {
        title: "Already Cancelled",
        message: "This departure was already cancelled.",
      },
      not_found: gone,
    },
    revalidate,
  },
);

/** 'Hold Seats': seats held for a named party, unpaid until the option date the toast names. */
export const holdSeatsAction = staffAction(
  staffHoldSchema,
  async (data) => {
    const result = await holdSeatsForParty(data);
    const seats = `${result.seats} ${result.seats === 1 ? "seat" : "seats"}`;
    return {
      title: "Seats Held",
      message: `${seats} on ${result.tourTitle}, ${formatDay(result.startDate)} held for ${data.fullName} until ${result.heldUntil}. Unpaid, they go back on sale then.`,
    };
  },
  {
    name: "holdSeats",
    failure: { title: "Error", message: "Failed to hold seats." },
    errors: {
      seats_unavailable: (error) => ({
        field: "seats",
        message: error.details.reason ?? "Not enough seats are free on this departure.",
      }),
      departure_unavailable: {
        title: "Date Not Available",
        message: "This departure is not on sale: reopen it to hold seats on it.",
      },
      not_found: gone,
    },
    revalidate,
  },
);

/** 'Join the waitlist' of a full departure (the tour page, the booking wizards). */
export const joinWaitlistAction = publicAction(
  joinWaitlistSchema,
  async (data) => {
    const result = await joinWaitlist(data);
    deliverAfterResponse();
    if (result.status === "offered") return WAITLIST_ALREADY_OFFERED;
    if (result.status === "updated") return waitlistUpdated(data.groupSize);
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
