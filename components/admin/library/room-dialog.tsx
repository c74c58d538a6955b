"use client";

import { createLodgeRoomAction, updateLodgeRoomAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { TextField } from "@/components/forms/form-field";
import { AddOrEditDialog } from "@/components/admin/list/add-or-edit-dialog";
import { MEAL_PLANS } from "@/lib/domain";
import type { LodgeRoomDto } from "@/lib/library/data/lodges";
import { centsToDollarsText, MEAL_PLAN_LABELS } from "@/lib/library/rules";
import { lodgeRoomSchema, updateLodgeRoomSchema } from "@/lib/library/schemas";

import { optionsOf } from "./options";

type Values = Record<string, string>;

const valuesOf = (lodgeId: string, room?: LodgeRoomDto): Values => ({
  ...(room ? { id: room.id } : { lodgeId }),
  name: room?.name ?? "",
  mealPlan: room?.mealPlan ?? "full_board",
  cost: centsToDollarsText(room?.costPerNightMinor),
  singleSupplement: centsToDollarsText(room?.singleSupplementMinor),
  childCost: centsToDollarsText(room?.childCostPerNightMinor),
});

/** Add Room to a lodge (no `room`) or Edit one: its type, meal plan and costs a night. */
export function RoomDialog({
  lodge,
  room,
}: {
  lodge: { id: string; name: string };
  room?: LodgeRoomDto;
}) {
  return (
    <AddOrEditDialog<Values>
      noun="Room"
      editing={room && { name: `${room.name}, ${lodge.name}` }}
      addedTo={`to ${lodge.name}`}
      values={() => valuesOf(lodge.id, room)}
      add={{
        schema: lodgeRoomSchema,
        action: createLodgeRoomAction,
        failure: "Failed to add the room.",
      }}
      edit={{
        schema: updateLodgeRoomSchema,
        action: updateLodgeRoomAction,
        failure: "Failed to update the room.",
      }}
      idPrefix={room ? `room-${room.id.slice(0, 8)}` : `room-new-${lodge.id.slice(0, 8)}`}
      description={`A room type of ${lodge.name} at its cost to us, in US dollars a night.`}
    >
      <TextField
        name="name"
        label="Room type"
        required
        maxLength={80}
        placeholder="Forest cottage"
      />
      <SelectField
        name="mealPlan"
        label="Meal plan"
        required
        options={optionsOf(MEAL_PLANS, MEAL_PLAN_LABELS)}
      />
      <TextField
        name="cost"
        label="Per person sharing"
        required
        inputMode="decimal"
        placeholder="250"
        hint="US$ a night."
      />
      <TextField
        name="singleSupplement"
        label="Single supplement"
        inputMode="decimal"
        hint="US$ a night for one alone. Blank: none."
      />
      <TextField
        name="childCost"
        label="Child"
        inputMode="decimal"
        hint="US$ a night sharing. Blank: as an adult."
      />
    </AddOrEditDialog>
  );
}
