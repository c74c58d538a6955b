"use client";

import { useEffect, useRef } from "react";
import { useController, useFormContext } from "react-hook-form";

import { FieldError, useFieldError, useFieldId } from "@/components/forms/form-field";
import { GuaranteedBadge } from "@/components/departures/guaranteed-badge";
import { groupFits, type TourDateChoices } from "@/lib/bookings/packages";
import { departureRange, type PublicDeparture, seatsLeftText } from "@/lib/departures/rules";
import { formatUsd } from "@/lib/tours/rules";
import { cn } from "@/lib/utils";
import { PRIVATE_DATE_VALUE } from "@/lib/fields";

import { WaitlistAction } from "./waitlist-action";

const NO_DATE_MESSAGE = "Please choose a date";

/**
 * The date step's choice of both booking wizards, for the tour chosen above it: the tour's
 * departures on sale as radio cards (dates, seats left, Guaranteed, price), a full one shown
 * disabled with the waitlist beside it, and 'Another date (private trip)' where the tour runs
 * privately, which reveals the wizard's own date fields (`dateFields`). A tour sold on request
 * only shows those fields alone.
 *
 * Choosing a departure writes its dates into the wizard's date fields (`fill`), so the step
 * validates as before and the summary shows them; the server takes the departure's own dates.
 * A group larger than its seats is cleared. Changing the tour clears the choice.
 */
export function DepartureChoice({
  tour,
  choices,
  tourTitle,
  heldDepartureId,
  fill,
  dateFields,
  emptyDateError,
  priceOf,
}: {
  /** The chosen tour's slug ('' while none is). */
  tour: string;
  /** The tour's departures and whether it runs privately; undefined: sold on request only. */
  choices: TourDateChoices | undefined;
  tourTitle: string;
  /** The departure a waitlist offer holds seats on for this visitor (?hold=): never full. */
  heldDepartureId?: string;
  /** The wizard's date fields and the values a departure gives them (null: emptied). */
  fill: (departure: PublicDeparture | null) => Record<string, string>;
  /** The wizard's own date fields, for a private trip or a tour sold on request. */
  dateFields: React.ReactNode;
  /** The required date field whose error to show here while no date is chosen (public: startDate). */
  emptyDateError?: string;
  /**
   * A date's price per person at the tier the traveller chose (the wizard's pricing), when known:
   * each card then says what that date costs them, not the tour's lowest price.
   */
  priceOf?: (departure: PublicDeparture) => { unitPrice: number; tier: string } | null;
}) {
  const { setValue, getValues } = useFormContext();
  const { field } = useController({ name: "departure" });
  const value = String(field.value ?? "");
  const groupId = useFieldId("departure");
  const departureError = useFieldError("departure");
  const dateError = useFieldError(emptyDateError ?? "departure");

  const setDates = (departure: PublicDeparture | null) => {
    for (const [name, date] of Object.entries(fill(departure))) {
      setValue(name, date, { shouldValidate: departure !== null });
    }
  };

  // A new tour: the date chosen for the previous one no longer applies.
  const shownTour = useRef(tour);
  useEffect(() => {
    if (shownTour.current === tour) return;
    shownTour.current = tour;
    const previous = String(getValues("departure") ?? "");
    if (!previous) return;
    setValue("departure", "");
    if (previous !== PRIVATE_DATE_VALUE) setDates(null);
    // setDates reads only `fill` and the form: its identity does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tour, getValues, setValue]);

  if (!choices) return <>{dateFields}</>;

  const { departures, privateTrips } = choices;
  const choose = (departure: PublicDeparture | null) => {
    field.onChange(departure ? departure.id : PRIVATE_DATE_VALUE);
    if (departure) {
      setDates(departure);
      const cap = departure.id === heldDepartureId ? null : departure.seatsLeft;
      if (!groupFits(getValues("groupSize"), cap)) setValue("groupSize", "");
    } else if (value && value !== PRIVATE_DATE_VALUE) {
      setDates(null);
    }
  };
  const onlyPrivate = departures.length === 0 && privateTrips;
  const showDates = value === PRIVATE_DATE_VALUE || onlyPrivate;
  // Nothing chosen: the wizard's required date says so here, in the departure's words.
  const error =
    departureError ?? (!value && !onlyPrivate && dateError ? NO_DATE_MESSAGE : undefined);
  const errorId = `${groupId}-error`;
  const firstEnabled = departures.find((d) => d.seatsLeft > 0 || d.id === heldDepartureId);

  return (
    <>
      <fieldset
        className="grid min-w-0 gap-3 sm:col-span-2"
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="mb-2 flex items-center gap-1 text-sm leading-none font-medium">
          {departures.length ? "Choose a departure" : "Travel dates"}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </legend>
        {departures.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-muted/50 px-4 py-3 text-sm text-muted-foreground">
            No scheduled departures right now.
            {privateTrips ? " Choose your own dates: we run this trip privately on request." : ""}
          </p>
        ) : null}
        {departures.length > 0 || privateTrips ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {departures.map((departure) => {
              const held = departure.id === heldDepartureId;
              const full = departure.seatsLeft <= 0 && !held;
              return (
                <div
                  key={departure.id}
                  className={cn(
                    "relative flex flex-col rounded-xl border border-border bg-card transition-colors",
                    full
                      ? "bg-muted/40"
                      : "hover:border-primary/50 has-checked:border-primary has-checked:bg-secondary/60 has-checked:ring-1 has-checked:ring-primary has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40",
                  )}
                >
                  <label
                    className={cn(
                      "flex flex-1 items-start gap-3 p-4",
                      full ? "cursor-not-allowed" : "cursor-pointer",
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={departure.id}
                      checked={value === departure.id}
                      disabled={full}
                      onChange={() => choose(departure)}
                      onBlur={field.onBlur}
                      ref={departure === firstEnabled ? field.ref : undefined}
                      className="mt-1 size-4 shrink-0 accent-primary"
                    />
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span
                        className={cn(
                          "font-semibold",
                          full ? "text-muted-foreground" : "text-forest-deep",
                        )}
                      >
                        {departureRange(departure.startDate, departure.endDate)}
                      </span>
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                        <span
                          className={cn(
                            "font-medium",
                            full
                              ? "text-destructive"
                              : departure.seatsLeft <= 3
                                ? "text-amber-800"
                                : "text-muted-foreground",
                          )}
                        >
                          {held ? "Seats held for you" : seatsLeftText(departure.seatsLeft)}
                        </span>
                        {departure.guaranteed ? <GuaranteedBadge /> : null}
                      </span>
                      <DatePrice departure={departure} priced={priceOf?.(departure) ?? null} />
                    </span>
                  </label>
                  {full ? (
                    // The waitlist dialog's form is portaled out of the wizard's form, but React
                    // bubbles its submit through the tree: it must not reach the wizard's.
                    <div className="px-4 pb-4" onSubmit={(event) => event.stopPropagation()}>
                      <WaitlistAction
                        departureId={departure.id}
                        tourTitle={tourTitle}
                        dateText={departureRange(departure.startDate, departure.endDate)}
                      />
                    </div>
                  ) : null}
                </div>
              );
            })}
            {privateTrips && departures.length > 0 ? (
              <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-dashed border-border bg-card p-4 transition-colors hover:border-primary/50 has-checked:border-solid has-checked:border-primary has-checked:bg-secondary/60 has-checked:ring-1 has-checked:ring-primary has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40">
                <input
                  type="radio"
                  name={field.name}
                  value={PRIVATE_DATE_VALUE}
                  checked={value === PRIVATE_DATE_VALUE}
                  onChange={() => choose(null)}
                  onBlur={field.onBlur}
                  ref={firstEnabled ? undefined : field.ref}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <span className="grid gap-1">
                  <span className="font-semibold text-forest-deep">
                    Another date (private trip)
                  </span>
                  <span className="text-sm text-muted-foreground">
                    Choose your own dates: we run this trip privately on request.
                  </span>
                </span>
              </label>
            ) : null}
          </div>
        ) : null}
        <FieldError id={errorId} error={error} />
      </fieldset>
      {showDates ? dateFields : null}
    </>
  );
}

/** A date's price per person: at the chosen tier when the wizard knows it ('$1,800 per person, Standard'). */
function DatePrice({
  departure,
  priced,
}: {
  departure: PublicDeparture;
  priced: { unitPrice: number; tier: string } | null;
}) {
  const amount = priced?.unitPrice ?? departure.price;
  if (amount === null) return null;
  return (
    <span className="text-sm text-foreground">
      <span className="font-semibold">{formatUsd(amount)}</span>{" "}
      <span className="text-muted-foreground">per person{priced ? `, ${priced.tier}` : ""}</span>
    </span>
  );
}
