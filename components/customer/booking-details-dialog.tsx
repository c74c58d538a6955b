"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { formatDay } from "@/lib/dates";
import { bookingRef, groupSizeLabel } from "@/lib/bookings/labels";
import { useState } from "react";

import { CreditCard } from "@/components/icons";
import { FeeRows } from "@/components/pay/fee-rows";
import { nextDueText } from "@/components/pay/pay-labels";
import { DialogShell, ViewButton } from "@/components/shared/dialog-shell";
import { Button } from "@/components/ui/button";
import type { CustomerBooking } from "@/lib/bookings/data/owned";
import { formatMoney } from "@/lib/payments/ledger";

import { PaymentBadge } from "@/components/shared/status-badge";

import { BookingStatusBadge } from "./booking-status-badge";
import { TravellerDetailsForm } from "./traveller-details-form";
import { TripPlanSection } from "@/components/proposals/trip-plan";

const ACCOMMODATION: Record<string, string> = {
  budget: "Budget",
  "mid-range": "Mid-range",
  standard: "Standard",
  luxury: "Luxury",
  camping: "Camping",
  mixed: "Mixed",
};

/** A label and its value: side by side from the small breakpoint, the label above on phones. */
function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 py-1.5 text-sm sm:grid-cols-[8.5rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-foreground">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-border/70 p-4">
      <h3 className="mb-1 text-sm font-semibold tracking-wide text-forest-deep uppercase">
        {title}
      </h3>
      <dl>{children}</dl>
    </section>
  );
}

const LINK = "text-sm font-medium text-primary underline-offset-4 hover:underline";

/** The invoice and the receipts as PDF downloads; nothing while there are none yet. */
function BookingDocumentsSection({ documents }: { documents: CustomerBooking["documents"] }) {
  if (!documents.invoiceHref && documents.receipts.length === 0) return null;
  return (
    <section className="rounded-xl border border-border/70 p-4">
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-forest-deep uppercase">
        Documents
      </h3>
      <ul className="grid gap-1.5">
        {documents.invoiceHref ? (
          <li>
            <a href={documents.invoiceHref} download className={LINK}>
              Download invoice
            </a>
          </li>
        ) : null}
        {documents.receipts.map((r) => (
          <li key={r.paymentId}>
            <a href={r.href} download className={LINK}>
              Receipt {r.receiptNumber} ({r.amount})
            </a>
            <span className="ml-2 text-xs text-muted-foreground">{r.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** View Details: the whole booking, with the guide's name, specialty and languages. */
export function BookingDetailsDialog({
  booking,
  defaultOpen = false,
}: {
  booking: CustomerBooking;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Closing a dialog opened by its link (?view=<id>) drops the parameter.
    if (!next && params.get("view")) {
      const rest = new URLSearchParams(params.toString());
      rest.delete("view");
      const query = rest.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      trigger={<ViewButton label="View Details" which={` of booking ${bookingRef(booking.id)}`} />}
      className="sm:max-w-xl"
      titleClassName="pr-6"
      title={booking.tourPackage}
      description={`Booking ID: ${bookingRef(booking.id)}`}
    >
      <div className="flex flex-wrap gap-2">
        <BookingStatusBadge status={booking.status} />
        <PaymentBadge status={booking.paymentStatus} />
      </div>
      {booking.statusReason ? (
        <p className="rounded-xl border border-destructive/20 bg-destructive/5 p-3 text-sm text-foreground">
          {booking.statusReason}
        </p>
      ) : null}
      <div className="grid gap-3">
        <Section title="Trip">
          <Row
            label="Departure"
            value={booking.departureDate ? formatDay(booking.departureDate) : "To be confirmed"}
          />
          {booking.endDate ? <Row label="Return" value={formatDay(booking.endDate)} /> : null}
          <Row label="Group Size" value={groupSizeLabel(booking.groupSize)} />
          <Row
            label="Accommodation"
            value={
              booking.accommodationPreference
                ? (ACCOMMODATION[booking.accommodationPreference] ??
                  booking.accommodationPreference)
                : "Not specified"
            }
          />
          <Row label="Booked On" value={formatDay(booking.createdAt)} />
        </Section>
        {booking.plan ? <TripPlanSection plan={booking.plan} /> : null}
        <Section title="Payments">
          {booking.fees.length && booking.totalMinor !== null ? (
            <>
              <Row
                label="Tour"
                value={formatMoney(booking.totalMinor - booking.feesMinor, "USD")}
              />
              <FeeRows
                fees={booking.fees}
                rowClassName="grid gap-0.5 py-1.5 text-sm"
                amountClassName="sm:pl-[9.25rem]"
              />
            </>
          ) : null}
          <Row
            label="Total"
            value={
              booking.totalMinor === null
                ? "Not quoted yet"
                : formatMoney(booking.totalMinor, "USD")
            }
          />
          <Row label="Paid" value={formatMoney(booking.paidMinor, "USD")} />
          {booking.nextDue ? <Row label="Next payment" value={nextDueText(booking)} /> : null}
          {booking.payUrl ? (
            <Button asChild className="mt-2">
              <a href={booking.payUrl}>
                <CreditCard aria-hidden="true" />
                Pay
              </a>
            </Button>
          ) : null}
        </Section>
        <BookingDocumentsSection documents={booking.documents} />
        <Section title="Your Guide">
          {booking.guide ? (
            <>
              <Row label="Name" value={booking.guide.fullName} />
              <Row label="Specialty" value={booking.guide.specialty ?? "Not specified"} />
              <Row
                label="Languages"
                value={
                  booking.guide.languages.length
                    ? booking.guide.languages.join(", ")
                    : "Not specified"
                }
              />
            </>
          ) : (
            <p className="py-1.5 text-sm text-muted-foreground">
              Not assigned yet. We assign your guide once your deposit is confirmed.
            </p>
          )}
        </Section>
        <Section title="Traveller">
          <Row label="Name" value={booking.fullName} />
          <Row label="Email" value={booking.email} />
          <Row label="Phone" value={booking.phone} />
          {booking.address ? <Row label="Address" value={booking.address} /> : null}
        </Section>
        <section className="rounded-xl border border-border/70 p-4">
          <h3 className="mb-2 text-sm font-semibold tracking-wide text-forest-deep uppercase">
            Traveller details
          </h3>
          <TravellerDetailsForm booking={booking} />
        </section>
        {booking.dietaryRestrictions || booking.specialRequests ? (
          <Section title="Requests">
            {booking.dietaryRestrictions ? (
              <Row label="Dietary" value={booking.dietaryRestrictions} />
            ) : null}
            {booking.specialRequests ? (
              <Row label="Special Requests" value={booking.specialRequests} />
            ) : null}
          </Section>
        ) : null}
      </div>
    </DialogShell>
  );
}
