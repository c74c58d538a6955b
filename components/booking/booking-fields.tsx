"use client";

import { SelectField, type SelectOption } from "@/components/forms/choice-fields";
import { TextareaField } from "@/components/forms/form-field";
import {
  type BookingTourOption,
  groupSizesForSeats,
  seatsOnDateNote,
} from "@/lib/bookings/packages";
import { LIMITS } from "@/lib/fields";

/**
 * The parts both booking wizards are made of (import as a namespace: `Booking.Step`): the step
 * container, the summary card, and the fields both ask, with each wizard's labels and lists.
 */

/** The Tour Package list of both wizards: 'Name - from $price', or the name alone. */
export function TourPackageField({
  label,
  tours,
}: {
  label: string;
  tours: readonly BookingTourOption[];
}) {
  return (
    <SelectField
      name="tour"
      label={label}
      required
      options={tours.map((o) => ({
        value: o.value,
        label: o.price ? `${o.label} - ${o.price}` : o.label,
      }))}
      placeholder="Select a tour package"
      className="sm:col-span-2"
    />
  );
}

/**
 * Group Size from each wizard's list, cut to the seats left on the chosen departure (`cap`, null
 * for a private trip) and saying how many there are.
 */
export function GroupSizeField({
  options,
  cap,
  placeholder,
}: {
  options: readonly SelectOption[];
  cap: number | null;
  placeholder?: string;
}) {
  return (
    <SelectField
      name="groupSize"
      label="Group Size"
      required
      options={groupSizesForSeats(options, cap)}
      placeholder={placeholder}
      hint={cap !== null ? seatsOnDateNote(cap) : undefined}
    />
  );
}

/** Accommodation Preference: each wizard has its own list. */
export function AccommodationField({ options }: { options: readonly SelectOption[] }) {
  return (
    <SelectField
      name="accommodation"
      label="Accommodation Preference"
      options={options}
      placeholder="Select accommodation"
    />
  );
}

/** Dietary needs and special requests, optional, on the last step of both wizards. */
export function RequestFields({
  dietaryLabel,
  specialRequestsRows,
}: {
  dietaryLabel: string;
  specialRequestsRows: number;
}) {
  return (
    <>
      <TextareaField
        name="dietary"
        label={dietaryLabel}
        rows={3}
        maxLength={LIMITS.requests}
        placeholder="Vegetarian, allergies, halal…"
      />
      <TextareaField
        name="specialRequests"
        label="Special Requests"
        rows={specialRequestsRows}
        maxLength={LIMITS.requests}
        placeholder="Celebrations, mobility needs, activities you'd love to add…"
      />
    </>
  );
}

/** The fields of one step, shown only while it is the current step (values are kept). */
export function Step({
  index,
  current,
  className,
  children,
}: {
  index: number;
  current: number;
  className: string;
  children: React.ReactNode;
}) {
  return index === current ? <div className={className}>{children}</div> : null;
}

/** The summary card of the last step: label / value rows. */
export function Summary({ id, rows }: { id: string; rows: { label: string; value: string }[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-muted/60 p-5">
      <h3 id={id} className="font-display text-lg font-semibold text-forest-deep">
        Booking Summary
      </h3>
      <dl className="mt-3 grid gap-2 text-sm">
        {rows.map((row) => (
          // The value's column may shrink below its longest word (an email address), which then
          // breaks anywhere: on a phone the card never pushes the page wider than the screen.
          <div key={row.label} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-medium [overflow-wrap:anywhere] text-foreground">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Step 1's line naming the trip being booked once one is chosen (a tour page's Book link, or a
 * traveller coming back to step 1): 'Booking: Gorilla Trekking (3 Days), Wed 9 - Sun 13 Dec 2026'.
 */
export function Booking({ tour, dates }: { tour: string | undefined; dates: string | null }) {
  if (!tour) return null;
  return (
    <p className="rounded-xl border border-primary/30 bg-secondary/50 px-4 py-3 text-sm break-words sm:col-span-2">
      <span className="text-muted-foreground">Booking: </span>
      <span className="font-semibold text-forest-deep">{tour}</span>
      {dates ? <span className="text-forest-deep">, {dates}</span> : null}
    </p>
  );
}
