"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { z } from "zod";

import { moveBookingDepartureAction, rebookBookingAction } from "@/actions/bookings";
import { Detail } from "@/components/admin/bookings/dialog-section";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import type { BookingDeparture } from "@/lib/bookings/data/move";
import { departureRange, seatsLeftText } from "@/lib/departures/rules";
import { bookingMoveSchema } from "@/lib/bookings/schemas/move";

const moveFormSchema = bookingMoveSchema.extend({ departureId: z.string() });

/**
 * The staff Edit dialog's Departure: the booking's dates and the departure's seats, a link to its
 * manifest, and 'Move to another departure' among the tour's open upcoming dates with room for
 * the group.
 */
export function BookingDepartureSection({
  booking,
}: {
  booking: { id: string; version: string; groupSize: number; departure: BookingDeparture };
}) {
  const d = booking.departure;
  return (
    <section
      aria-labelledby="booking-departure-title"
      className="grid gap-3 rounded-xl border border-border/70 p-4"
    >
      <h3
        id="booking-departure-title"
        className="text-xs font-semibold tracking-wide text-forest-deep uppercase"
      >
        Departure
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        <Detail label="Dates" value={departureRange(d.startDate, d.endDate)} />
        <Detail label="Seats" value={`${d.seatsTaken} of ${d.capacity} taken`} />
        <Detail label="Status" value={<span className="capitalize">{d.status}</span>} />
      </dl>
      <Link
        href={`/admin/departures/${d.id}`}
        className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Open the manifest
      </Link>
      <MoveForm booking={booking} />
    </section>
  );
}

function MoveForm({
  booking,
}: {
  booking: { id: string; version: string; groupSize: number; departure: BookingDeparture };
}) {
  const router = useRouter();
  const targets = booking.departure.targets;
  // A cancelled booking is booked again (its seats taken anew) rather than moved.
  const rebook = booking.departure.rebook;
  const { form, submit } = useActionForm({
    // The browser does not ask for a date: leaving this list untouched (tabbing through it, or a
    // click on another section's button) must not raise 'Choose a departure.' under it, which
    // pushed the dialog down under the pointer and lost that click. Move stays disabled until a
    // date is chosen, and the server still refuses a move without one.
    schema: moveFormSchema,
    action: rebook ? rebookBookingAction : moveBookingDepartureAction,
    defaultValues: { bookingId: booking.id, version: booking.version, departureId: "" },
    extra: () => ({ bookingId: booking.id, version: booking.version }),
    failure: {
      title: "Error",
      message: rebook ? "Failed to rebook the booking." : "Failed to move the booking.",
    },
    onSuccess: () => router.refresh(),
    onError: () => router.refresh(),
  });
  const chosen = useWatch({ control: form.control, name: "departureId" });
  if (targets.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {rebook ? "No open date of this tour" : "No other upcoming departure of this tour"} has room
        for {booking.groupSize} {booking.groupSize === 1 ? "traveller" : "travellers"}.
      </p>
    );
  }
  const options = targets.map((t) => ({
    value: t.id,
    label: `${departureRange(t.startDate, t.endDate)} · ${seatsLeftText(t.seatsLeft)}`,
  }));
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix="move-booking"
      className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
    >
      <SelectField
        name="departureId"
        label={rebook ? "Rebook on a date" : "Move to another departure"}
        placeholder="Choose a date"
        options={options}
        hint={
          rebook
            ? "The booking is cancelled: rebooking confirms it again on the date chosen, its payments counting towards it."
            : "Only open dates of this tour with room for the whole group."
        }
      />
      <SubmitButton
        pendingLabel={rebook ? "Rebooking..." : "Moving..."}
        variant="outline"
        className="justify-self-end"
        disabled={!chosen}
      >
        {rebook ? "Rebook" : "Move Booking"}
      </SubmitButton>
    </Form>
  );
}
