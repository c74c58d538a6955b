"use client";

import { useRouter } from "next/navigation";

import { allocatePermitsAction, setPermitNumberAction } from "@/actions/parks";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import type { BookingForEdit } from "@/lib/bookings/data/manage";
import { formatDay } from "@/lib/dates";
import type { TrekkerPermit, TrekPermits } from "@/lib/parks/data/allocations";
import { PARK_FEE_LABELS } from "@/lib/parks/rules";
import { allocatePermitsSchema, permitNumberSchema } from "@/lib/parks/schemas";

import { Section } from "./dialog-section";

/**
 * The Edit dialog's Permits section, for a booking making a trek (a permit tour's, or each trek
 * of a tailor-made trip): per trek, each trekker's permit (its lot and UWA's number, typed here
 * once UWA issues it), the permits still missing and a lot of the trek day to allocate them from.
 * A private trip is confirmed only once none is missing.
 */
export function BookingPermitsSection({ booking }: { booking: BookingForEdit }) {
  const permits = booking.permits;
  if (!permits) return null;
  const names = new Map(booking.travellers.map((t) => [t.position, t.fullName]));
  const several = permits.treks.length > 1;
  return (
    <Section title="Permits">
      {permits.treks.map((trek, index) => {
        const heading = `${trek.permitFee ? PARK_FEE_LABELS[trek.permitFee] : "Permit"}${trek.park ? `, ${trek.park}` : ""}`;
        // Two treks give each trekker two number fields: their names say which trek.
        const of =
          several && trek.trekDate ? ` for ${trek.park} on ${formatDay(trek.trekDate)}` : "";
        return (
          <div key={`${trek.park}|${trek.trekDate ?? ""}`} className="grid gap-3">
            <p className="text-sm">
              {heading}
              {" · "}
              {trek.trekDate ? `trek on ${formatDay(trek.trekDate)}` : "no trek day yet"}
            </p>
            <ol className="grid gap-3 text-sm" aria-label={`Trekkers and their permits${of}`}>
              {trek.trekkers.map((t) => (
                <TrekkerRow
                  key={`${t.position}|${t.allocationId ?? ""}|${t.permitNumber ?? ""}`}
                  trekker={t}
                  name={names.get(t.position) ?? `Traveller ${t.position}`}
                  idPrefix={`permit-${index}-${t.position}`}
                  of={of}
                />
              ))}
            </ol>
            <MissingPermits
              booking={booking}
              permits={trek}
              confirmNeedsPermits={permits.confirmNeedsPermits}
              idPrefix={`allocate-permits-${index}`}
            />
          </div>
        );
      })}
    </Section>
  );
}

function TrekkerRow({
  trekker,
  name,
  idPrefix,
  of,
}: {
  trekker: TrekkerPermit;
  name: string;
  idPrefix: string;
  of: string;
}) {
  return (
    <li className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-end">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {trekker.position}. {name}
        </p>
        <p className={trekker.lot ? "text-muted-foreground" : "font-medium text-destructive"}>
          {trekker.lot ?? "No permit yet"}
        </p>
      </div>
      {trekker.allocationId ? (
        <PermitNumberForm
          allocationId={trekker.allocationId}
          trekker={trekker}
          name={`${name}${of}`}
          idPrefix={idPrefix}
        />
      ) : null}
    </li>
  );
}

function PermitNumberForm({
  allocationId,
  trekker,
  name,
  idPrefix,
}: {
  allocationId: string;
  trekker: TrekkerPermit;
  name: string;
  idPrefix: string;
}) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: permitNumberSchema,
    action: setPermitNumberAction,
    defaultValues: { allocationId, permitNumber: trekker.permitNumber ?? "" },
    extra: () => ({ allocationId }),
    failure: { title: "Error", message: "Failed to save the permit number." },
    onError: () => router.refresh(),
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={idPrefix}
      className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2"
    >
      <TextField
        name="permitNumber"
        label="UWA permit number"
        aria-label={`UWA permit number of ${name}`}
        maxLength={40}
        autoComplete="off"
        placeholder="As UWA issued it"
      />
      <SubmitButton pendingLabel="Saving..." variant="outline" size="sm">
        Save
        <span className="sr-only">{` the permit number of ${name}`}</span>
      </SubmitButton>
    </Form>
  );
}

function MissingPermits({
  booking,
  permits,
  confirmNeedsPermits,
  idPrefix,
}: {
  booking: BookingForEdit;
  permits: TrekPermits;
  confirmNeedsPermits: boolean;
  idPrefix: string;
}) {
  if (permits.missing === 0)
    return <p className="text-sm text-muted-foreground">Every trekker holds a permit.</p>;
  const needed = `${permits.missing} ${permits.missing === 1 ? "permit" : "permits"} missing.`;
  const gate = confirmNeedsPermits
    ? " This private trip is confirmed only once every trekker holds a permit."
    : "";
  if (!permits.trekDate)
    return (
      <p className="text-sm">
        {needed} The trip has no date yet: permits are for a trek day.{gate}
      </p>
    );
  if (permits.lots.length === 0)
    return (
      <p className="text-sm">
        {needed} No lot of the trek day has a permit free: record the permits booked with UWA under
        Permits.{gate}
      </p>
    );
  return (
    <AllocateForm
      booking={booking}
      permits={permits}
      intro={`${needed}${gate}`}
      idPrefix={idPrefix}
    />
  );
}

function AllocateForm({
  booking,
  permits,
  intro,
  idPrefix,
}: {
  booking: BookingForEdit;
  permits: TrekPermits;
  intro: string;
  idPrefix: string;
}) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: allocatePermitsSchema,
    action: allocatePermitsAction,
    defaultValues: { bookingId: booking.id, lotId: permits.lots[0]?.id ?? "" },
    extra: () => ({ bookingId: booking.id }),
    failure: { title: "Error", message: "Failed to allocate the permits." },
    onError: () => router.refresh(),
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      idPrefix={idPrefix}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
    >
      <p className="text-sm sm:col-span-2">{intro}</p>
      <SelectField
        name="lotId"
        label="Allocate from lot"
        options={permits.lots.map((l) => ({ value: l.id, label: l.label }))}
      />
      <SubmitButton pendingLabel="Allocating..." className="justify-self-end">
        Allocate permits
      </SubmitButton>
    </Form>
  );
}
