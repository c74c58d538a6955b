"use client";

import { Plus } from "lucide-react";
import { useEffect } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";

import { addDeparturesAction } from "@/actions/departures";
import { SelectField } from "@/components/forms/choice-fields";
import {
  DateField,
  FieldError,
  Form,
  SubmitButton,
  TextField,
  useFieldError,
  useFieldId,
} from "@/components/forms/form-field";
import { useDialogForm } from "@/components/forms/use-action-form";
import { DialogShell, FormDialogFooter } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { WEEKDAY_LABELS, WEEKDAYS, type WeekdayCode } from "@/lib/departures/list-query";
import { todayInKampala } from "@/lib/dates";
import type { TourBookingMode } from "@/lib/domain";
import {
  type AddDeparturesInput,
  addDeparturesSchema,
  NO_GUIDE,
  REPEAT_OPTIONS,
} from "@/lib/departures/schemas/departures";

import { DepartureFields, type GuideOption, priceValues } from "./departure-fields";

/** A tour the dialog can add departures to. */
export type TourOption = {
  id: string;
  title: string;
  bookingMode: TourBookingMode;
  tiers: string[];
};

type Values = Required<Omit<AddDeparturesInput, "prices" | "weekdays">> & {
  prices: { name: string; price: string }[];
  weekdays: WeekdayCode[];
};

const emptyValues = (): Values => ({
  tourId: "",
  startDate: "",
  repeat: "none",
  weekdays: [],
  intervalWeeks: "2",
  until: "",
  capacity: "12",
  prices: [],
  cutoffDays: "0",
  minGroup: "",
  guideId: NO_GUIDE,
  note: "",
});

/** The weekdays of a series, as a row of boxes. */
function WeekdaysField() {
  const id = useFieldId("weekdays");
  const error = useFieldError("weekdays");
  const { control } = useFormContext<Values>();
  return (
    <fieldset
      className="grid gap-2 sm:col-span-2"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    >
      <legend className="mb-2 text-sm font-medium">On</legend>
      <Controller
        control={control}
        name="weekdays"
        render={({ field }) => (
          <div className="flex flex-wrap gap-3">
            {WEEKDAYS.map((day) => {
              const checked = field.value.includes(day);
              return (
                <div key={day} className="flex items-center gap-2">
                  <Checkbox
                    id={`${id}-${day.toLowerCase()}`}
                    checked={checked}
                    onCheckedChange={(on) =>
                      field.onChange(
                        on === true
                          ? WEEKDAYS.filter((d) => d === day || field.value.includes(d))
                          : field.value.filter((d) => d !== day),
                      )
                    }
                  />
                  <Label htmlFor={`${id}-${day.toLowerCase()}`} className="font-normal">
                    {WEEKDAY_LABELS[day]}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        None chosen: the first date&apos;s weekday.
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** The series part of the form: how it repeats, and (repeating) the weekdays and the end date. */
function RepeatFields({ today }: { today: string }) {
  const repeat = useWatch<Values, "repeat">({ name: "repeat" });
  return (
    <>
      <SelectField name="repeat" label="Repeat" options={REPEAT_OPTIONS} />
      {repeat === "weeks" ? (
        <TextField
          name="intervalWeeks"
          label="Every (weeks)"
          type="number"
          min={2}
          max={12}
          inputMode="numeric"
          required
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      {repeat !== "none" ? (
        <>
          <WeekdaysField />
          <DateField
            name="until"
            label="Until"
            required
            min={today}
            hint="The last day a date of the series may fall on. At most 200 dates."
          />
        </>
      ) : null}
    </>
  );
}

/**
 * What the chosen tour changes: its tiers' prices are refilled, and a tour sold on request only
 * is said to become sold both ways.
 */
function TourNotice({ tours }: { tours: readonly TourOption[] }) {
  const tourId = useWatch<Values, "tourId">({ name: "tourId" });
  const { setValue } = useFormContext<Values>();
  const tour = tours.find((t) => t.id === tourId);
  useEffect(() => {
    setValue("prices", priceValues(tour?.tiers ?? []));
  }, [tour, setValue]);
  if (tour?.bookingMode !== "request") return null;
  return (
    <p className="rounded-lg bg-secondary/70 p-3 text-sm sm:col-span-2" role="note">
      {tour.title} is sold as private trips on request only. Adding departures sells it both ways:
      private trips on request and scheduled departures.
    </p>
  );
}

/** The shared fields, with the chosen tour's tiers as price fields. */
function TourPrices({
  tours,
  guides,
}: {
  tours: readonly TourOption[];
  guides: readonly GuideOption[];
}) {
  const tourId = useWatch<Values, "tourId">({ name: "tourId" });
  const tiers = tours.find((t) => t.id === tourId)?.tiers ?? [];
  return <DepartureFields tiers={tiers} guides={guides} />;
}

/**
 * Add Departures: a tour, a first date and, repeating, the weekdays and the end date of a weekly
 * series; the seats, prices, cutoff, minimum group, guide and note of every date. Dates the tour
 * already has are skipped (the toast says how many).
 */
export function AddDeparturesDialog({
  tours,
  guides,
}: {
  tours: readonly TourOption[];
  guides: readonly GuideOption[];
}) {
  const today = todayInKampala();
  const { form, submit, dialog, close } = useDialogForm<Values>(emptyValues, {
    schema: addDeparturesSchema as never,
    action: addDeparturesAction,
    failure: { title: "Error", message: "Failed to add departures." },
    invalidTitle: "Departures Not Added",
    resetOnSuccess: true,
  });

  return (
    <DialogShell
      {...dialog}
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          Add Departures
        </Button>
      }
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      title="Add Departures"
      description="One date, or a weekly series of dates, each with its own seats."
    >
      <Form
        form={form}
        onSubmit={submit}
        idPrefix="departures-new"
        className="grid gap-4 sm:grid-cols-2"
      >
        <SelectField
          name="tourId"
          label="Tour"
          required
          placeholder="Choose a tour"
          options={tours.map((t) => ({ value: t.id, label: t.title }))}
          className="sm:col-span-2"
        />
        <TourNotice tours={tours} />
        <DateField name="startDate" label="First date" required min={today} />
        <div className="hidden sm:block" />
        <RepeatFields today={today} />
        <TourPrices tours={tours} guides={guides} />
        <FormDialogFooter onCancel={close} className="sm:col-span-2">
          <SubmitButton pendingLabel="Adding...">Add Departures</SubmitButton>
        </FormDialogFooter>
      </Form>
    </DialogShell>
  );
}
