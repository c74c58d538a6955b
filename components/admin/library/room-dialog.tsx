"use client";

import { Pencil, Plus } from "lucide-react";

import { createLodgeRoomAction, updateLodgeRoomAction } from "@/actions/library";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
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
  const editing = room !== undefined;
  const { form, submit, dialog, close } = useDialogForm<Values>(() => valuesOf(lodge.id, room), {
    schema: (editing ? updateLodgeRoomSchema : lodgeRoomSchema) as never,
    action: editing ? updateLodgeRoomAction : createLodgeRoomAction,
    failure: editing
      ? { title: "Error", message: "Failed to update the room." }
      : { title: "Error", message: "Failed to add the room." },
    invalidTitle: editing ? "Update Failed" : "Room Not Added",
    resetOnSuccess: !editing,
  });
  return (
    <DialogShell
      {...dialog}
      trigger={
        editing ? (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Pencil aria-hidden="true" />
            Edit
            <span className="sr-only">{` ${room.name}, ${lodge.name}`}</span>
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" className="bg-card">
            <Plus aria-hidden="true" />
            Add Room
            <span className="sr-only">{` to ${lodge.name}`}</span>
          </Button>
        )
      }
      className="sm:max-w-xl"
      title={editing ? "Edit Room" : "Add Room"}
      description={`A room type of ${lodge.name} at its cost to us, in US dollars a night.`}
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix={editing ? `room-${room.id.slice(0, 8)}` : `room-new-${lodge.id.slice(0, 8)}`}
        className="grid gap-4 sm:grid-cols-2"
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
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Saving...">
            {editing ? "Save Changes" : "Add Room"}
          </SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
