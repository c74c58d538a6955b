"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWatch } from "react-hook-form";

import { assignGuideAction, updateBookingPaymentAction } from "@/actions/bookings";
import { BookingDepartureSection } from "@/components/admin/manifest/booking-departure-section";
import { BuildProposalLink } from "@/components/admin/proposals/build-proposal-link";
import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Clock } from "@/components/icons";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { BOOKING_STATUS_OPTIONS } from "@/lib/bookings/list-query";
import { bookingRef } from "@/lib/bookings/labels";
import { REFUND_DUE_LABEL, refundDueMinor } from "@/lib/bookings/refund-due";
import { formatMoney } from "@/lib/payments/ledger";
import type { BookingForEdit, BookingHistoryEntry, GuideOption } from "@/lib/bookings/data/manage";
import { departureRange } from "@/lib/departures/rules";
import {
  bookingGuideSchema,
  bookingPaymentSchema,
  NO_GUIDE,
  PAYMENT_NOTE_MAX,
} from "@/lib/bookings/schemas/edit";

import { BookingLedgerSection } from "./booking-ledger-section";
import { BookingPermitsSection } from "./booking-permits-section";
import { TripPlanSection } from "@/components/proposals/trip-plan";
import { BookingPriceSection } from "./booking-price-section";
import { Detail, Section } from "./dialog-section";
import { OverdueBadge } from "./overdue-badge";
import { PermitCancellationNotice } from "./permit-cancellation-notice";

function guideLabel(g: GuideOption): string {
  const about = [g.specialty, g.languages.length ? g.languages.join(", ") : null]
    .filter(Boolean)
    .join(" · ");
  const flag = !g.isAvailable ? " (unavailable)" : g.busy ? " (busy on these dates)" : "";
  return `${g.fullName}${about ? ` · ${about}` : ""}${flag}`;
}

/** The Edit dialog of /admin/bookings, opened by ?edit=<id>. */
export function EditBookingDialog({
  booking,
  closeHref,
}: {
  booking: BookingForEdit;
  closeHref: string;
}) {
  const [open, setOpen] = useState(true);
  const router = useRouter();
  const close = () => {
    setOpen(false);
    router.replace(closeHref, { scroll: false });
  };
  // As the Departure section and the day sheet write dates: 'Thu 10 - Mon 14 Dec 2026'.
  const departure = booking.departureDate
    ? departureRange(booking.departureDate, booking.endDate ?? booking.departureDate)
    : "TBD";

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        className="gap-5 sm:max-w-2xl"
        // Focus starts on the dialog itself, not its first field ('Move to another departure'):
        // staff read the booking first, and a list focused by chance is a list left by chance.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="font-display text-xl text-forest-deep">
            <span className="flex flex-wrap items-center gap-2">
              Edit Booking
              <OverdueBadge
                booking={{
                  bookingStatus: booking.bookingStatus,
                  paymentStatus: booking.paymentStatus,
                  balanceDueOn: booking.ledger.due.balanceDueOn,
                }}
              />
            </span>
          </DialogTitle>
          <DialogDescription>{`${booking.fullName} · Booking ${bookingRef(booking.id)}`}</DialogDescription>
        </DialogHeader>
        <Section title="Booking details">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
            <Detail
              label="Booking ID"
              value={<span className="font-mono">{bookingRef(booking.id)}</span>}
            />
            <Detail label="Tour" value={booking.tourPackage} />
            <Detail label="Departure" value={departure} />
            <Detail label="Group Size" value={booking.groupSize} />
            {/* An address is too long for half a phone's width: it takes the whole line there. */}
            <Detail
              label="Email"
              value={<span className="break-all">{booking.email}</span>}
              className="col-span-2 sm:col-span-1"
            />
            <Detail label="Phone" value={booking.phone} />
          </dl>
        </Section>

        <RefundDueCard booking={booking} />
        <TravellerSection booking={booking} />
        {booking.plan ? <TripPlanSection plan={booking.plan} /> : null}
        {/* A new version (an allocation, a number saved) starts the permit forms afresh. */}
        <BookingPermitsSection key={`permits|${booking.version}`} booking={booking} />

        {booking.departure ? (
          // A move (new version, new departure) starts the form afresh.
          <BookingDepartureSection
            key={`${booking.departure.id}|${booking.version}`}
            booking={{ ...booking, departure: booking.departure }}
          />
        ) : null}
        {/* A private request (no departure) can be offered as a tailor-made proposal. */}
        {!booking.departure && booking.bookingStatus !== "cancelled" ? (
          <BuildProposalLink bookingId={booking.id} />
        ) : null}
        {/* A new version (a save, a payment) starts the total afresh from the server's. */}
        <BookingPriceSection key={`price|${booking.version}`} booking={booking} />
        <BookingLedgerSection booking={booking} />
        {/* A confirmation or a payment changes the status shown: the form starts from it again. */}
        <PaymentForm key={`status|${booking.version}`} booking={booking} />
        {/* A new guide from the server (an automatic assignment) starts the guide form afresh. */}
        <GuideForm key={booking.guideId ?? NO_GUIDE} booking={booking} />
        <History entries={booking.history} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A cancelled booking still holding money paid: what is owed back, at the top, so it is not
 * missed. It goes once the refund is recorded (or the booking is rebooked on another date).
 */
function RefundDueCard({ booking }: { booking: BookingForEdit }) {
  const due = refundDueMinor({
    bookingStatus: booking.bookingStatus,
    paymentStatus: booking.paymentStatus,
    paidMinor: booking.ledger.due.paidMinor,
  });
  if (due <= 0) return null;
  const amount = formatMoney(due, "USD");
  return (
    <section
      aria-label="Refund due"
      className="grid gap-1 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-950"
    >
      <p className="font-semibold">
        {REFUND_DUE_LABEL} {amount}
      </p>
      <p>
        This booking was cancelled after {amount} was paid. Pay it back and record the refund under
        Payments{booking.departure ? ", or rebook the party on another date" : ""}.
      </p>
    </section>
  );
}

/**
 * What the traveller wrote when booking (accommodation, dietary needs, special requests) and the
 * travellers' names and notes given so far: staff confirm and plan from it.
 */
function TravellerSection({ booking }: { booking: BookingForEdit }) {
  const { accommodation, dietary, specialRequests } = booking.requests;
  const none = <span className="text-muted-foreground">None given</span>;
  return (
    <Section title="From the traveller">
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-3">
        <Detail label="Accommodation" value={accommodation ?? none} />
        <Detail
          label="Dietary needs"
          value={dietary ? <span className="break-words">{dietary}</span> : none}
        />
        <Detail
          label="Special requests"
          value={
            specialRequests ? (
              <span className="break-words whitespace-pre-line">{specialRequests}</span>
            ) : (
              none
            )
          }
          className="sm:col-span-3"
        />
      </dl>
      {booking.travellers.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Travellers: no names given yet (the customer adds them in My Bookings).
        </p>
      ) : (
        <ol className="grid gap-1 text-sm" aria-label="Travellers">
          {booking.travellers.map((t) => (
            <li key={t.position} className="min-w-0 break-words">
              <span className="font-medium">
                {t.position}. {t.fullName}
              </span>
              {[
                t.nationality,
                t.dietary ? `Dietary: ${t.dietary}` : null,
                t.medical ? `Medical: ${t.medical}` : null,
              ]
                .filter(Boolean)
                .map((n) => (
                  <span key={n} className="text-muted-foreground">
                    {" · "}
                    {n}
                  </span>
                ))}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function PaymentForm({ booking }: { booking: BookingForEdit }) {
  const router = useRouter();
  const { form, submit } = useActionForm({
    schema: bookingPaymentSchema,
    action: updateBookingPaymentAction,
    defaultValues: {
      bookingId: booking.id,
      version: booking.version,
      paymentNote: booking.paymentNote ?? "",
      bookingStatus: booking.bookingStatus ?? "new",
    },
    // The version the dialog now shows (a refresh after a refused save brings the newer one).
    extra: () => ({ bookingId: booking.id, version: booking.version }),
    failure: { title: "Error", message: "Failed to update payment status." },
    // A refused save shows who changed the booking: the history and version refresh.
    onError: () => router.refresh(),
  });
  const reviewed = booking.bookingStatus !== null && booking.bookingStatus !== "new";
  // Choosing Cancelled shows, before the save, what UWA keeps of the booking's permits.
  const status = useWatch({ control: form.control, name: "bookingStatus" });
  const cancellations =
    status === "cancelled" && booking.bookingStatus !== "cancelled"
      ? (booking.permits?.treks.flatMap((t) => (t.cancellation ? [t.cancellation] : [])) ?? [])
      : [];
  return (
    <Section title="Status and note">
      <Form form={form} onSubmit={submit} idPrefix="edit-booking" className="grid gap-4">
        <SelectField
          name="bookingStatus"
          label="Booking Status"
          options={BOOKING_STATUS_OPTIONS}
          hint={reviewed ? "A reviewed booking cannot go back to New." : undefined}
        />
        <div aria-live="polite">
          {cancellations.map((c, i) => (
            <PermitCancellationNotice key={`${i}|${c.trekDate}`} cancellation={c} />
          ))}
        </div>
        <TextareaField
          name="paymentNote"
          label="Payment Note"
          rows={2}
          maxLength={PAYMENT_NOTE_MAX}
          placeholder="e.g. MTN MoMo code 7H2K9QX or invoice INV-2027-014"
          hint="The payment status comes from the ledger above; a recorded deposit or payment assigns a free guide when none is set."
        />
        <SubmitButton pendingLabel="Updating..." className="justify-self-end">
          Update Booking
        </SubmitButton>
      </Form>
    </Section>
  );
}

function GuideForm({ booking }: { booking: BookingForEdit }) {
  const router = useRouter();
  const current = booking.guideId ?? NO_GUIDE;
  const { form, submit } = useActionForm({
    schema: bookingGuideSchema,
    action: assignGuideAction,
    defaultValues: {
      bookingId: booking.id,
      version: booking.version,
      guideId: current,
      oldGuideId: current,
    },
    extra: () => ({ bookingId: booking.id, version: booking.version, oldGuideId: current }),
    failure: { title: "Error", message: "Failed to assign guide." },
    onError: () => router.refresh(),
  });
  const options = [
    { value: NO_GUIDE, label: "No Guide" },
    ...booking.guides.map((g) => ({ value: g.id, label: guideLabel(g) })),
  ];
  return (
    <Section title="Guide">
      <Form
        form={form}
        onSubmit={submit}
        idPrefix="edit-guide"
        className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      >
        <SelectField
          name="guideId"
          label="Assigned Guide"
          options={options}
          hint={
            booking.departureDate ? undefined : "No departure date yet: overlaps cannot be checked."
          }
        />
        <SubmitButton pendingLabel="Assigning..." variant="outline" className="justify-self-end">
          Assign Guide
        </SubmitButton>
      </Form>
    </Section>
  );
}

function History({ entries }: { entries: BookingHistoryEntry[] }) {
  return (
    <Section title="History">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No changes yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Booking history">
          {entries.map((e) => (
            <li key={e.id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
              <Clock className="mt-0.5 size-4 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0">
                <p>
                  <span className="font-medium">{e.what}</span>{" "}
                  {/* A first value is 'set to', a cleared one 'removed': never 'none'. */}
                  {e.from === null ? (
                    <>
                      set to <span className="font-medium">{e.to ?? "nothing"}</span>
                    </>
                  ) : e.to === null ? (
                    <>
                      removed <span className="text-muted-foreground">(was {e.from})</span>
                    </>
                  ) : (
                    <>
                      <span className="text-muted-foreground">{e.from}</span> →{" "}
                      <span className="font-medium">{e.to}</span>
                    </>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {e.actor === "system" ? "System (automatic)" : e.actor} · {e.at}
                </p>
                {e.note ? (
                  <p className="mt-0.5 text-xs break-words text-muted-foreground">“{e.note}”</p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
