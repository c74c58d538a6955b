import type { LibraryChoices } from "@/lib/library/data/choices";
import { formatCost, MEAL_PLAN_LABELS } from "@/lib/library/rules";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";

import type { LineChoices } from "./line-dialog";

/** The library's active rows as the line dialog offers them, each with its cost to us. */
export function lineChoicesOf(library: LibraryChoices): LineChoices {
  return {
    stay: library.lodges.flatMap((lodge) =>
      lodge.rooms.map((room) => ({
        value: room.id,
        label: `${lodge.name} (${lodge.park}), ${room.name}, ${MEAL_PLAN_LABELS[room.mealPlan].toLowerCase()}: ${formatCost(room.costPerNightMinor)} pp a night${room.childCostPerNightMinor !== null ? `, child ${formatCost(room.childCostPerNightMinor)}` : ""}${room.singleSupplementMinor ? `, single +${formatCost(room.singleSupplementMinor)}` : ""}`,
      })),
    ),
    activity: library.activities.map((a) => ({
      value: a.id,
      label: `${a.name}${a.park ? ` (${a.park})` : ""}: ${formatCost(a.costPerPersonMinor)} pp${a.childCostMinor !== null ? `, child ${formatCost(a.childCostMinor)}` : ""}${a.parkFee ? ` + ${PARK_FEE_LABELS[a.parkFee].toLowerCase()}` : ""}`,
    })),
    vehicle: library.vehicles
      .filter((v) => v.kind === "vehicle")
      .map((v) => ({
        value: v.id,
        label: `${v.name}, ${v.seats} seats: ${formatCost(v.costMinor)} a day`,
      })),
    transfer: library.vehicles
      .filter((v) => v.kind === "transfer")
      .map((v) => ({ value: v.id, label: `${v.name}: ${formatCost(v.costMinor)} a trip` })),
  };
}
