/**
 * The libraries tailor-made safaris are built from, pure: the places lodges and activities stand
 * in, what meal plans and vehicle kinds are called, and how a cost reads on the screens. Costs are
 * what a lodge, a guide or a driver charges us, in US cents; what the traveller pays is the
 * proposal's business.
 */
import type { MealPlan, VehicleKind } from "@/lib/domain";
import { formatMoney } from "@/lib/payments/ledger";

/**
 * The parks, named exactly as the permit lots and the tariffs name them, so an activity that needs
 * a permit finds its park's lots.
 */
export const LIBRARY_PARKS = [
  "Bwindi Impenetrable",
  "Kibale",
  "Queen Elizabeth",
  "Murchison Falls",
  "Lake Mburo",
] as const;

/** Towns a party sleeps in before or after the parks. */
export const LIBRARY_TOWNS = ["Kampala", "Entebbe", "Jinja"] as const;

/** Where a lodge can stand: a park or a town. */
export const LODGE_PLACES = [...LIBRARY_PARKS, ...LIBRARY_TOWNS] as const;

export const MEAL_PLAN_LABELS: Record<MealPlan, string> = {
  room_only: "Room only",
  bed_and_breakfast: "Bed and breakfast",
  half_board: "Half board",
  full_board: "Full board",
  all_inclusive: "All inclusive",
};

export const VEHICLE_KIND_LABELS: Record<VehicleKind, string> = {
  vehicle: "Vehicle (by the day)",
  transfer: "Transfer (by the trip)",
};

/** What a vehicle's cost is counted by: 'a day' or 'a trip'. */
export const VEHICLE_COST_UNITS: Record<VehicleKind, string> = {
  vehicle: "a day",
  transfer: "a trip",
};

/** A cost in US cents as the screens write it: '$1,250.00'. */
export const formatCost = (minor: number): string => formatMoney(minor, "USD");

/** An optional cost: '—' (or what the blank means) when there is none. */
export const formatOptionalCost = (minor: number | null, blank = "—"): string =>
  minor === null ? blank : formatCost(minor);

/** Cents as a form shows them for editing: 125000 → '1250', 12550 → '125.50'; null → ''. */
export function centsToDollarsText(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return "";
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, "0")}`;
}
