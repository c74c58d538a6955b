"use client";

import { saveTravellerDetailsAction } from "@/actions/bookings";
import { TravellerFields, travellerLabel } from "@/components/booking/traveller-rows";
import { Form, SubmitButton } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import type { TravellerDetails } from "@/lib/bookings/data/travellers";
import { type TravellerFormValues, travellersSchema } from "@/lib/bookings/schemas/travellers";

/** The travellers' details as given, one slot per member of the group. */
function slots(groupSize: number, given: TravellerDetails[]): TravellerFormValues[] {
  return Array.from({ length: groupSize }, (_, i) => {
    const t = given.find((g) => g.position === i + 1);
    return {
      fullName: t?.fullName ?? "",
      nationality: t?.nationality ?? "",
      dietary: t?.dietary ?? "",
      medical: t?.medical ?? "",
      residency: t?.residency ?? "",
      dateOfBirth: t?.dateOfBirth ?? "",
      proof: t?.proof ?? "",
    };
  });
}

/**
 * 'Traveller details' of a booking in My Bookings: each traveller's name as on the passport,
 * nationality, dietary needs and medical notes, up to the group size. Editable until the trip
 * starts; read only after.
 */
export function TravellerDetailsForm({
  booking,
}: {
  booking: {
    id: string;
    groupSize: number;
    travellers: TravellerDetails[];
    travellersEditable: boolean;
  };
}) {
  if (!booking.travellersEditable) return <TravellerDetailsList booking={booking} />;
  return <EditableTravellers booking={booking} />;
}

function EditableTravellers({
  booking,
}: {
  booking: { id: string; groupSize: number; travellers: TravellerDetails[] };
}) {
  const { form, submit } = useActionForm({
    schema: travellersSchema,
    action: saveTravellerDetailsAction,
    defaultValues: {
      bookingId: booking.id,
      travellers: slots(booking.groupSize, booking.travellers),
    },
    extra: () => ({ bookingId: booking.id }),
    failure: {
      title: "Save Failed",
      message: "Failed to save traveller details. Please try again.",
    },
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={`travellers-${booking.id.slice(0, 8)}`}
      className="grid gap-4"
      aria-label="Traveller details"
    >
      <p className="text-sm text-muted-foreground">
        Names exactly as on each passport, for permits and park entry. You can change them until the
        trip starts.
      </p>
      {Array.from({ length: booking.groupSize }, (_, i) => (
        <fieldset key={i} className="grid gap-3 rounded-lg border border-border/70 p-3">
          <legend className="px-1 text-sm font-semibold text-forest-deep">
            {travellerLabel(i + 1)}
          </legend>
          <TravellerFields
            index={i}
            namesRow
            medicalPlaceholder="Anything the guide should know (allergies, medication)"
          />
        </fieldset>
      ))}
      <SubmitButton pendingLabel="Saving..." className="justify-self-end">
        Save Traveller Details
      </SubmitButton>
    </Form>
  );
}

function TravellerDetailsList({
  booking,
}: {
  booking: { groupSize: number; travellers: TravellerDetails[] };
}) {
  const list = slots(booking.groupSize, booking.travellers);
  return (
    <ol className="grid gap-2 text-sm" aria-label="Traveller details">
      {list.map((t, i) => (
        <li key={i} className="min-w-0">
          <span className="font-medium">{travellerLabel(i + 1)}: </span>
          {t.fullName ? (
            <>
              {t.fullName}
              {[
                t.nationality,
                t.dietary && `Dietary: ${t.dietary}`,
                t.medical && `Medical: ${t.medical}`,
              ]
                .filter(Boolean)
                .map((note) => (
                  <span key={note} className="block text-xs break-words text-muted-foreground">
                    {note}
                  </span>
                ))}
            </>
          ) : (
            <span className="text-muted-foreground">details not given</span>
          )}
        </li>
      ))}
    </ol>
  );
}
