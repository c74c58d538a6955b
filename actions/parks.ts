"use server";

import { adminAction, staffAction } from "@/lib/action";
import { formatDay } from "@/lib/dates";
import { allocateBookingPermits, setPermitNumber } from "@/lib/parks/data/allocations";
import { createPermitLot, setPermitLotState, setTourPermit } from "@/lib/parks/data/permits";
import { createTariff, updateTariff } from "@/lib/parks/data/tariffs";
import { PARK_FEE_LABELS, PERMIT_LOT_STATE_LABELS, RESIDENCY_LABELS } from "@/lib/parks/rules";
import {
  allocatePermitsSchema,
  permitLotSchema,
  permitNumberSchema,
  permitLotStateSchema,
  tariffSchema,
  tourPermitSchema,
  updateTariffSchema,
} from "@/lib/parks/schemas";

/**
 * Park fees and permits. /admin/tariffs: add and edit park fee tariff rows, admins only (staff get
 * 'Access Denied'). /admin/permits: staff record permit lots and their state; admins set which
 * permit a tour's trekkers need.
 */

const forbidden = { title: "Access Denied", message: "Only administrators can change tariffs." };
const notFound = { title: "Tariff Not Found", message: "This tariff row no longer exists." };
const revalidate = ["/admin/tariffs"] as const;

export const createTariffAction = adminAction(
  tariffSchema,
  async (data) => {
    const row = await createTariff(data);
    return {
      title: "Tariff Added",
      message: `${PARK_FEE_LABELS[row.fee]}, ${RESIDENCY_LABELS[row.residency]}, from ${row.effectiveFrom}.`,
    };
  },
  {
    name: "createTariff",
    failure: { title: "Error", message: "Failed to add the tariff." },
    errors: { forbidden },
    revalidate,
  },
);

export const updateTariffAction = adminAction(
  updateTariffSchema,
  async (data) => {
    const row = await updateTariff(data);
    return {
      title: "Tariff Updated",
      message: `${PARK_FEE_LABELS[row.fee]}, ${RESIDENCY_LABELS[row.residency]} has been saved.`,
    };
  },
  {
    name: "updateTariff",
    failure: { title: "Error", message: "Failed to update the tariff." },
    errors: { forbidden, not_found: notFound },
    revalidate,
  },
);

/* ------------------------------------------------------------------------------------------ */
/* Permits (/admin/permits)                                                                    */
/* ------------------------------------------------------------------------------------------ */

const permitsRevalidate = ["/admin/permits", "/admin/departures"] as const;
const lotNotFound = { title: "Lot Not Found", message: "This permit lot no longer exists." };

/** Add Permit Lot: any staff member records the permits they booked with UWA. */
export const createPermitLotAction = staffAction(
  permitLotSchema,
  async (data) => {
    const lot = await createPermitLot(data);
    return {
      title: "Permit Lot Added",
      message: `${lot.quantity} permits for ${lot.park} on ${formatDay(lot.trekDate)}.`,
    };
  },
  {
    name: "createPermitLot",
    failure: { title: "Error", message: "Failed to add the permit lot." },
    revalidate: permitsRevalidate,
  },
);

/** A lot's state: a block paid, cancelled or moved by UWA. */
export const updatePermitLotStateAction = staffAction(
  permitLotStateSchema,
  async (data) => {
    const lot = await setPermitLotState(data);
    return {
      title: "Permit Lot Updated",
      message: `${lot.park}, ${formatDay(lot.trekDate)}: ${PERMIT_LOT_STATE_LABELS[lot.state]}.`,
    };
  },
  {
    name: "updatePermitLotState",
    failure: { title: "Error", message: "Failed to update the permit lot." },
    errors: { not_found: lotNotFound },
    revalidate: permitsRevalidate,
  },
);

/** The permit a tour's trekkers need. Admins only. */
export const setTourPermitAction = adminAction(
  tourPermitSchema,
  async (data) => {
    const tour = await setTourPermit(data);
    return {
      title: "Tour Permit Saved",
      message: tour.permitFee
        ? `${tour.title}: ${PARK_FEE_LABELS[tour.permitFee]} in ${tour.permitPark}, day ${tour.trekDay}.`
        : `${tour.title} needs no park permit.`,
    };
  },
  {
    name: "setTourPermit",
    failure: { title: "Error", message: "Failed to save the tour's permit." },
    errors: {
      forbidden: {
        title: "Access Denied",
        message: "Only administrators can set a tour's permit.",
      },
      not_found: { title: "Tour Not Found", message: "This tour no longer exists." },
    },
    revalidate: permitsRevalidate,
  },
);

/* ------------------------------------------------------------------------------------------ */
/* A booking's permits (the Edit dialog of /admin/bookings)                                    */
/* ------------------------------------------------------------------------------------------ */

const bookingPermitsRevalidate = [
  "/admin/bookings",
  "/admin/permits",
  ["/admin/departures", "layout"],
] as const;

/** 'Allocate permits': a lot's permits for the booking's trekkers still without one. */
export const allocatePermitsAction = staffAction(
  allocatePermitsSchema,
  async (data) => {
    const { allocated, missing } = await allocateBookingPermits(data);
    if (allocated === 0)
      return { title: "Permits Allocated", message: "Every trekker already holds a permit." };
    const given = `${allocated} ${allocated === 1 ? "permit" : "permits"} allocated`;
    return {
      title: "Permits Allocated",
      message: missing
        ? `${given}; ${missing} still missing: allocate ${missing === 1 ? "it" : "them"} from another lot.`
        : `${given}: every trekker holds a permit.`,
    };
  },
  {
    name: "allocatePermits",
    failure: { title: "Error", message: "Failed to allocate the permits." },
    errors: {
      not_found: { title: "Error", message: "This booking could not be found." },
      permits_unavailable: (error) => ({
        field: "lotId",
        message: error.details.reason ?? "No permit of this lot is free.",
      }),
    },
    revalidate: bookingPermitsRevalidate,
  },
);

/** UWA's number of one trekker's permit. */
export const setPermitNumberAction = staffAction(
  permitNumberSchema,
  async (data) => {
    const saved = await setPermitNumber(data);
    return {
      title: "Permit Number Saved",
      message: saved.permitNumber
        ? `Trekker ${saved.traveller}: permit ${saved.permitNumber}.`
        : `Trekker ${saved.traveller}: the permit number was cleared.`,
    };
  },
  {
    name: "setPermitNumber",
    failure: { title: "Error", message: "Failed to save the permit number." },
    errors: {
      not_found: { title: "Error", message: "This permit is no longer allocated." },
    },
    revalidate: bookingPermitsRevalidate,
  },
);
