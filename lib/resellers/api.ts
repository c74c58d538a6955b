import "server-only";

import type { Availability, AvailabilityCalendar, Booking, Product } from "@octocloud/types";

import { todayInKampala } from "@/lib/dates";

import { requireProduct, requireUnits } from "./data/bookings";
import {
  type DepartureSlot,
  type ProductRow,
  readProduct,
  readProducts,
  readSlots,
  unitRetail,
} from "./data/catalogue";
import type { Reseller } from "./data/resellers";
import {
  availabilityOf,
  type BookingView,
  bookingOf,
  calendarDayOf,
  type Capabilities,
  netOn,
  productOf,
} from "./octo";
import { availabilityDate, OctoError } from "./rules";
import type { AvailabilityCalendarQuery, AvailabilityCheck } from "./schemas";

/** The OCTO answers the routes give: the catalogue read and shaped for one reseller. */

const viewOf = (p: ProductRow) => ({ ...p, retailMinor: unitRetail(p, {}) });

export async function products(reseller: Reseller, caps: Capabilities): Promise<Product[]> {
  const rows = await readProducts();
  return rows.map((p) => productOf(viewOf(p), netOn(reseller, p.id), caps));
}

export async function product(
  reseller: Reseller,
  caps: Capabilities,
  id: string,
): Promise<Product> {
  const row = await readProduct(id);
  if (!row) throw new OctoError("INVALID_PRODUCT_ID", { id });
  return productOf(viewOf(row), netOn(reseller, row.id), caps);
}

/** Seats asked for in `units` (all ADULT), or 0 when none are given. */
function seatsAsked(units: AvailabilityCheck["units"]): number {
  if (!units) return 0;
  requireUnits(units);
  return units.reduce((sum, u) => sum + u.quantity, 0);
}

/** A departure without the seats asked for is not available to this request. */
function slotView(p: ProductRow, slot: DepartureSlot, seats: number) {
  return { ...slot, fits: seats <= slot.vacancies, retailMinor: unitRetail(p, slot.prices) };
}

function range(from: string, to: string) {
  if (from > to) {
    throw new OctoError("BAD_REQUEST", { message: "localDateEnd is before localDateStart" });
  }
  const today = todayInKampala();
  return { from: from < today ? today : from, to };
}

export async function checkAvailability(
  reseller: Reseller,
  caps: Capabilities,
  input: AvailabilityCheck,
): Promise<Availability[]> {
  const p = await requireProduct(input.productId, input.optionId);
  const seats = seatsAsked(input.units);
  let slots: DepartureSlot[];
  if (input.availabilityIds) {
    const days = input.availabilityIds.map((id) => {
      const day = availabilityDate(id);
      if (!day) throw new OctoError("INVALID_AVAILABILITY_ID", { id });
      return day;
    });
    slots = await readSlots(p.id, { startDates: days });
  } else {
    slots = await readSlots(p.id, range(input.localDateStart!, input.localDateEnd!));
  }
  return slots.map((s) => availabilityOf(slotView(p, s, seats), netOn(reseller, p.id), caps));
}

export async function availabilityCalendar(
  reseller: Reseller,
  caps: Capabilities,
  input: AvailabilityCalendarQuery,
): Promise<AvailabilityCalendar[]> {
  const p = await requireProduct(input.productId, input.optionId);
  const seats = seatsAsked(input.units);
  const slots = await readSlots(p.id, range(input.localDateStart, input.localDateEnd));
  return slots.map((s) => calendarDayOf(slotView(p, s, seats), netOn(reseller, p.id), caps));
}

export const bookingAnswer = (view: BookingView, caps: Capabilities): Booking =>
  bookingOf(view, caps, new Date());
