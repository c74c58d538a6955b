"use server";

import { adminAction, staffAction } from "@/lib/action";
import type { Toast } from "@/lib/action-state";
import { ADMIN_BOOKINGS_PATH } from "@/lib/bookings/list-query";
import { assignGuide, recordBookingPayment, updateBookingPayment } from "@/lib/bookings/data/manage";
import { moveBookingToDeparture } from "@/lib/bookings/data/move";
import { confirmBooking } from "@/lib/bookings/data/quote";
import { recordRefund } from "@/lib/payments/data/ledger";
import { deliverAfterResponse } from "@/lib/email";
import type { DomainError } from "@/lib/errors";
import {
  bookingGuideSchema,
  bookingPaymentSchema,
  confirmBookingSchema,
  recordPaymentSchema,
  recordRefundSchema,
} from "@/lib/bookings/schemas/edit";
import { bookingMoveSchema } from "@/lib/bookings/schemas/move";

/**
 * The Edit dialog of /admin/bookings. Staff and admins may work
 * bookings (staffAction); the DAL checks the role again and does the whole save in one
 * transaction. Toasts keep the product's wording; a save over someone else's newer change is
 * refused with who and when.
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
    },
    revalidate: REFRESH,
  },
);

const RECORD_FAILED: Toast = { title: "Error", message: "Failed to record the payment." };

/** 'Record payment': cash or a bank transfer; Deposit Made or Paid may assign a guide. */
export const recordPaymentAction = staffAction(
  recordPaymentSchema,
  async (data) => {
    const result = await recordBookingPayment(data);
    if (result.statusChanged) deliverAfterResponse();
    const recorded = `Payment recorded. Payment status: ${result.paymentStatus}.`;
    if (result.assignment?.ok) {
      return {
        title: "Payment Recorded & Guide Assigned",
        message: `${recorded} ${result.assignment.message}`,
      };
    }
    if (result.assignment) {
      return {
        title: "Payment Recorded",
        message: `${recorded} Guide assignment failed. ${result.assignment.message}`,
      };
    }
    return { title: "Payment Recorded", message: recorded };
  },
  {
    name: "recordPayment",
    failure: RECORD_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      payment_invalid: (error) => ({
        field: "amount",
        message: error.details.reason ?? "Check the amount.",
      }),
    },
    revalidate: REFRESH,
  },
);

const REFUND_FAILED: Toast = { title: "Error", message: "Failed to record the refund." };

/** 'Record refund': admins only (money out is the admin's call), at most what was paid. */
export const recordRefundAction = adminAction(
  recordRefundSchema,
  async (data) => {
    const result = await recordRefund({
      bookingId: data.bookingId,
      method: data.method,
      amountMinor: data.amount,
      reference: data.reference,
      note: data.note,
    });
    // A refund that frees departure seats may mail the waitlist.
    deliverAfterResponse();
    return {
      title: "Refund Recorded",
      message: `Refund recorded. Payment status: ${result.paymentStatus}.`,
    };
  },
  {
    name: "recordRefund",
    failure: REFUND_FAILED,
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      forbidden: { title: "Error", message: "Only administrators can record refunds." },
      payment_invalid: (error) => ({
        field: "amount",
        message: error.details.reason ?? "Check the amount.",
      }),
    },
    revalidate: REFRESH,
  },
);
