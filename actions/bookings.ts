"use server";

import { redirect } from "next/navigation";

import { customerAction, publicAction, staffAction } from "@/lib/action";
import type { Toast } from "@/lib/action-state";
import { BOOKINGS_PER_ACCOUNT, PROFILE_SAVES_PER_ACCOUNT } from "@/lib/accounts/customer-limits";
import { ADMIN_BOOKINGS_PATH } from "@/lib/bookings/list-query";
import { bookingRequestFromPublic } from "@/lib/bookings/request";
import { assignGuide, updateBookingPayment } from "@/lib/bookings/data/manage";
import { moveBookingToDeparture, rebookCancelledBooking } from "@/lib/bookings/data/move";
import { createMyBooking } from "@/lib/bookings/data/owned";
import { confirmBooking } from "@/lib/bookings/data/quote";
import { createBooking } from "@/lib/bookings/data/requests";
import { saveMyTravellers } from "@/lib/bookings/data/travellers";
import { deliverAfterResponse } from "@/lib/email";
import { payPagePath } from "@/lib/payments/pay-link";
import { requestPagePath } from "@/lib/bookings/request-link";
import type { DomainError } from "@/lib/errors";
import {
  bookingGuideSchema,
  bookingPaymentSchema,
  confirmBookingSchema,
} from "@/lib/bookings/schemas/edit";
import { bookingMoveSchema } from "@/lib/bookings/schemas/move";
import {
  BOOKING_ERRORS,
  HONEYPOT_FIELD,
  publicBookingSchema,
  termsRequired,
} from "@/lib/bookings/schemas/request";
import { customerBookingSchema } from "@/lib/bookings/schemas/customer-request";
import { travellersSchema } from "@/lib/bookings/schemas/travellers";

/**
 * Bookings: a visitor's booking request (/booking), a signed-in customer's (/customer/new-booking)
 * and the travellers' details they give in My Bookings; and the staff's edits of a booking in the
 * Edit dialog of /admin/bookings (status and payment note, guide, departure, confirmation with its
 * total). The payments recorded against a booking are in actions/payments.ts.
 */

type Customer = { customer: { userId: string } };
const perAccount = (_: unknown, { customer }: Customer) => [customer.userId];

/* ------------------------------------------------------------------------------------------ */
/* Booking requests                                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * The public booking wizard (/booking). A request without the terms box is 'Terms Required'. On a
 * departure the seats are held and the browser goes on to pay (the pay page of the booking);
 * a private trip is a request staff confirm: the browser goes to its confirmation page (its
 * reference, what happens next), the first request's when the same one was sent again. The
 * success toast answers only a filled honeypot, which stores nothing.
 */
export const submitBookingAction = publicAction(
  publicBookingSchema,
  async (data, { ip }) => {
    const result = await createBooking(bookingRequestFromPublic(data), {
      source: "public",
      clientAddress: ip,
    });
    if (result.status === "created") deliverAfterResponse();
    redirect(result.holdExpiresAt ? payPagePath(result.id) : requestPagePath(result.id));
  },
  {
    name: "submitBookingAction",
    success: {
      title: "Booking Request Submitted!",
      message: "Thank you! We'll contact you within 24 hours to confirm your booking details.",
    },
    rateLimit: [{ scope: "booking", keys: (data, { ip }) => [ip, data.email] }],
    failure: {
      title: "Submission Failed",
      message:
        "There was an error submitting your booking. Please try again or contact us directly.",
    },
    errors: BOOKING_ERRORS,
    invalid: termsRequired,
    honeypot: HONEYPOT_FIELD,
  },
);

/**
 * Book New Trip, Submit Booking. Without the terms box: 'Terms Required'. On a departure the
 * browser goes on to pay, as from the public wizard; a private trip's request answers with the
 * spec's toast and the address of its confirmation page, where the form takes the customer (the
 * same page a visitor's request leads to: reference, what happens next, the price).
 */
export const createCustomerBookingAction = customerAction(
  customerBookingSchema,
  async (data) => {
    const result = await createMyBooking(data);
    if (result.status === "created") deliverAfterResponse();
    if (result.holdExpiresAt) redirect(payPagePath(result.id));
    return {
      title: "Booking Submitted!",
      message: "Your booking request has been submitted successfully. We'll contact you soon!",
      data: { confirmation: requestPagePath(result.id) },
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

/* ------------------------------------------------------------------------------------------ */
/* Travellers' details (My Bookings)                                                           */
/* ------------------------------------------------------------------------------------------ */

/*
 * The caller is resolved by customerAction and checked again by the data function, which saves
 * only on the caller's own booking and only until the trip starts.
 */

const SAVE_FAILED = {
  title: "Save Failed",
  message: "Failed to save traveller details. Please try again.",
};

/** The View Details dialog's traveller details. */
export const saveTravellerDetailsAction = customerAction(
  travellersSchema,
  async (data) => {
    await saveMyTravellers(data);
  },
  {
    name: "saveTravellerDetails",
    rateLimit: [
      {
        scope: "traveller-details:account",
        keys: perAccount,
        limits: PROFILE_SAVES_PER_ACCOUNT,
      },
    ],
    success: {
      title: "Traveller Details Saved",
      message: "Your travellers' details have been saved.",
    },
    failure: SAVE_FAILED,
    errors: {
      not_found: { title: "Save Failed", message: "This booking could not be found." },
      departure_unavailable: {
        title: "Save Failed",
        message:
          "This trip has started or was cancelled: its traveller details can no longer be changed.",
      },
      trekker_too_young: BOOKING_ERRORS.trekker_too_young,
    },
    revalidate: ["/customer/bookings"],
  },
);

/* ------------------------------------------------------------------------------------------ */
/* Staff edits (the Edit dialog of /admin/bookings)                                            */
/* ------------------------------------------------------------------------------------------ */

/*
 * Staff and admins may work bookings (staffAction); the data function checks the role again and
 * does the whole save in one transaction. A save over someone else's newer change is refused with
 * who and when.
 */

const PAYMENT_FAILED: Toast = { title: "Error", message: "Failed to update payment status." };
const GUIDE_FAILED: Toast = { title: "Error", message: "Failed to assign guide." };

const stale =
  (failed: Toast) =>
  (error: DomainError): Toast => ({
    title: failed.title,
    message: `${failed.message} ${error.details.reason ?? "Someone else"} changed this booking after you opened it. The latest details are shown now; check them and save again.`,
  });

/** After a save: the list row, the dashboard and the customer's views all show the change. */
const REFRESH = [ADMIN_BOOKINGS_PATH, "/admin", ["/customer", "layout"]] as const;

/**
 * Payment note and booking status (the payment status comes from the ledger); a booking already
 * Deposit Made or Paid without a guide may get one.
 */
export const updateBookingPaymentAction = staffAction(
  bookingPaymentSchema,
  async (data) => {
    const result = await updateBookingPayment(data);
    if (result.paymentChanged || result.statusChanged) deliverAfterResponse();
    if (result.assignment?.ok) {
      return { title: "Payment Updated & Guide Assigned", message: result.assignment.message };
    }
    if (result.assignment) {
      // Names the assigned guide, or says why none was free (docs/decisions/0009).
      return {
        title: "Payment Updated",
        message: `Payment status updated successfully, but guide assignment failed. ${result.assignment.message}`,
      };
    }
    if (result.statusChanged && !result.paymentChanged) {
      return { title: "Booking Updated", message: "Booking status has been updated successfully." };
    }
  },
  {
    name: "updateBookingPayment",
    success: { title: "Booking Updated", message: "The payment note has been saved." },
    failure: PAYMENT_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      stale_booking: stale(PAYMENT_FAILED),
      status_reviewed: {
        field: "bookingStatus",
        message: "A reviewed booking cannot go back to New.",
      },
      seats_unavailable: (error) => ({
        field: "bookingStatus",
        message: `Only ${error.details.seatsLeft ?? 0} of its departure's seats are free: the booking stays cancelled.`,
      }),
      departure_unavailable: {
        field: "bookingStatus",
        message: "Its departure was cancelled: the booking stays cancelled.",
      },
      permits_missing: (error) => ({
        field: "bookingStatus",
        message: error.details.reason ?? "Every trekker needs a permit before it is confirmed.",
      }),
    },
    revalidate: REFRESH,
  },
);

/** A manual guide change: a guide or No Guide. */
export const assignGuideAction = staffAction(
  bookingGuideSchema,
  async (data) => {
    await assignGuide(data);
  },
  {
    name: "assignGuide",
    success: {
      title: "Guide Assignment Updated",
      message: "Guide has been successfully assigned to the booking.",
    },
    failure: GUIDE_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking or guide could not be found." },
      stale_booking: stale(GUIDE_FAILED),
      guide_unavailable: (error) => ({
        field: "guideId",
        message: `${error.details.reason} is marked unavailable. Choose another guide.`,
      }),
      guide_double_booked: (error) => ({
        field: "guideId",
        message: `${error.details.reason} Choose another guide.`,
      }),
    },
    revalidate: REFRESH,
  },
);

const MOVE_FAILED: Toast = { title: "Error", message: "Failed to move the booking." };

/** Move to another departure of the same tour (the booking's seats go with it). */
export const moveBookingDepartureAction = staffAction(
  bookingMoveSchema,
  async (data) => {
    const moved = await moveBookingToDeparture(data);
    deliverAfterResponse();
    return {
      title: "Booking Moved",
      message: `The booking now travels ${moved.to} (was ${moved.from}).${moved.guideName ? ` Guide: ${moved.guideName}.` : ""}`,
    };
  },
  {
    name: "moveBookingDeparture",
    failure: MOVE_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking or departure could not be found." },
      stale_booking: stale(MOVE_FAILED),
      seats_unavailable: (error) => ({
        field: "departureId",
        message: `${error.details.seatsLeft === 1 ? "Only 1 seat is" : `Only ${error.details.seatsLeft ?? 0} seats are`} free on that departure: the group does not fit.`,
      }),
      departure_unavailable: {
        field: "departureId",
        message: "That departure cannot take this booking. Choose another date.",
      },
    },
    revalidate: [...REFRESH, ["/admin/departures", "layout"]],
  },
);

const REBOOK_FAILED: Toast = { title: "Error", message: "Failed to rebook the booking." };

/** A cancelled booking booked again on a date of its tour with room for the group. */
export const rebookBookingAction = staffAction(
  bookingMoveSchema,
  async (data) => {
    const rebooked = await rebookCancelledBooking(data);
    deliverAfterResponse();
    return {
      title: "Booking Rebooked",
      message: `The booking is confirmed again for ${rebooked.to}. The customer has been emailed.`,
    };
  },
  {
    name: "rebookBooking",
    failure: REBOOK_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking or departure could not be found." },
      stale_booking: stale(REBOOK_FAILED),
      seats_unavailable: (error) => ({
        field: "departureId",
        message: `${error.details.seatsLeft === 1 ? "Only 1 seat is" : `Only ${error.details.seatsLeft ?? 0} seats are`} free on that departure: the group does not fit.`,
      }),
      departure_unavailable: {
        field: "departureId",
        message: "That departure cannot take this booking. Choose another date.",
      },
    },
    revalidate: [...REFRESH, ["/admin/departures", "layout"]],
  },
);

const CONFIRM_FAILED: Toast = { title: "Error", message: "Failed to confirm the booking." };

/** 'Confirm with this total': the total, Confirmed, and the mail with the pay link. */
export const confirmBookingAction = staffAction(
  confirmBookingSchema,
  async (data) => {
    const confirmed = await confirmBooking(data);
    deliverAfterResponse();
    return {
      title: "Booking Confirmed",
      message: `Confirmed at ${confirmed.total}. The customer has been emailed the confirmation with the pay link.`,
    };
  },
  {
    name: "confirmBooking",
    failure: CONFIRM_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      stale_booking: stale(CONFIRM_FAILED),
      nothing_due: (error) => ({
        title: "Error",
        message: `${error.details.reason ?? "This booking cannot be confirmed."} Set its Booking Status first.`,
      }),
      payment_invalid: (error) => ({
        field: "totalReason",
        message: error.details.reason ?? "Give a reason for a total other than the computed one.",
      }),
      permits_missing: (error) => ({
        title: "Permits Missing",
        message: error.details.reason ?? "Every trekker needs a permit before it is confirmed.",
      }),
    },
    revalidate: REFRESH,
  },
);
