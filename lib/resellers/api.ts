import "server-only";

import type { Availability, AvailabilityCalendar, Booking, Product } from "@octocloud/types";

import { todayInKampala } from "@/lib/dates";

import { requireProduct, unitsAsked } from "./data/bookings";
import {
  type DepartureSlot,
  type ProductRow,
  readProducts,
  readProduct,
  readSlots,
  readUnitFeeFacts,
  type UnitFeeFactsRead,
  unitRetail,
  unitsOn,
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

type Facts = UnitFeeFactsRead;

/** A product as shown: its land from-price and its units priced at today's tariff. */
const viewOf = (p: ProductRow, facts: Facts) => ({
  ...p,
  retailMinor: unitRetail(p, {}),
  permitFee: p.permit?.fee ?? null,
  units: unitsOn(p, facts),
});

export async function products(reseller: Reseller, caps: Capabilities): Promise<Product[]> {
  const rows = await readProducts();
  const views = [];
  for (const p of rows) views.push(viewOf(p, await readUnitFeeFacts(p)));
  return views.map((v) => productOf(v, netOn(reseller, v.id), caps));
}

export async function product(
  reseller: Reseller,
  caps: Capabilities,
  id: string,
): Promise<Product> {
  const row = await readProduct(id);
  if (!row) throw new OctoError("INVALID_PRODUCT_ID", { id });
  const view = viewOf(row, await readUnitFeeFacts(row));
  return productOf(view, netOn(reseller, row.id), caps);
}

/**
 * A departure as this request sees it: its units priced on its trek day, and not available when
 * the seats asked for do not fit or a unit asked for cannot be priced there.
 */
function slotView(p: ProductRow, facts: Facts, slot: DepartureSlot, asked: Map<string, number>) {
  const units = unitsOn(p, facts, slot.startDate);
  const seats = [...asked.values()].reduce((sum, n) => sum + n, 0);
  const priced = [...asked].every(
    ([id, n]) => n === 0 || units.some((u) => u.id === id && u.feeMinor !== null),
  );
  return {
    ...slot,
    units,
    fits: seats <= slot.vacancies && priced,
    retailMinor: unitRetail(p, slot.prices),
  };
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
  const asked = unitsAsked(p, input.units);
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
  const facts = await readUnitFeeFacts(p);
  return slots.map((s) =>
    availabilityOf(slotView(p, facts, s, asked), netOn(reseller, p.id), caps),
  );
}

export async function availabilityCalendar(
  reseller: Reseller,
  caps: Capabilities,
  input: AvailabilityCalendarQuery,
): Promise<AvailabilityCalendar[]> {
  const p = await requireProduct(input.productId, input.optionId);
  const asked = unitsAsked(p, input.units);
  const slots = await readSlots(p.id, range(input.localDateStart, input.localDateEnd));
  const facts = await readUnitFeeFacts(p);
  return slots.map((s) => calendarDayOf(slotView(p, facts, s, asked), netOn(reseller, p.id), caps));
}

export const bookingAnswer = (view: BookingView, caps: Capabilities): Booking =>
  bookingOf(view, caps, new Date());
