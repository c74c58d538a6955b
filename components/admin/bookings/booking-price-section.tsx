"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";

import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { confirmBookingAction } from "@/actions/bookings";
import type { BookingForEdit } from "@/lib/bookings/data/manage";
import { formatMoney } from "@/lib/payments/ledger";
import { dollarsToMinor, minorToDollars } from "@/lib/payments/quote";
import { confirmBookingSchema, TOTAL_REASON_MAX } from "@/lib/bookings/schemas/edit";

import { Section } from "./dialog-section";

/** The invoice PDF of a booking (lib/documents/data.ts INVOICE_PATH; that module is server-only). */
const invoiceHref = (bookingId: string) => `/api/documents/invoice/${bookingId}`;

/**
 * The Edit dialog's Price section: the computed total (tier or departure price times the group,
 * and a permit tour's park fees as sold, itemised), the total confirmed so far, and 'Confirm with
 * this total' (the total, Confirmed, the mail with the pay link). A total other than the computed
 * one asks for a reason.
 */
export function BookingPriceSection({ booking }: { booking: BookingForEdit }) {
  const router = useRouter();
  const { quote, totalMinor } = booking.price;
  const computed = quote ? minorToDollars(quote.totalMinor) : "";
  const { form, submit } = useActionForm({
    schema: confirmBookingSchema,
    action: confirmBookingAction,
    defaultValues: {
      bookingId: booking.id,
      version: booking.version,
      total: totalMinor !== null ? minorToDollars(totalMinor) : computed,
      computedTotal: computed,
      totalReason: booking.price.totalReason ?? "",
    },
    extra: () => ({ bookingId: booking.id, version: booking.version, computedTotal: computed }),
    failure: { title: "Error", message: "Failed to confirm the booking." },
    onError: () => router.refresh(),
  });
  const typed = useWatch({ control: form.control, name: "total" });
  const differs = dollarsToMinor(String(typed ?? "")) !== (quote?.totalMinor ?? null);
  const closed = booking.bookingStatus === "cancelled";
  // The route serves an invoice once the booking is confirmed (or completed) with a total.
  const invoiced =
    totalMinor !== null &&
    (booking.bookingStatus === "confirmed" || booking.bookingStatus === "completed");

  return (
    <Section title="Price">
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Computed total</dt>
          <dd className="font-medium" data-testid="computed-total">
            {quote
              ? `${formatMoney(quote.totalMinor, "USD")} (${quote.tier}, $${quote.unitPrice.toLocaleString("en-US")} × ${quote.groupSize}${quote.source === "departure" ? ", departure price" : ""}${quote.feesMinor ? ` + park fees ${formatMoney(quote.feesMinor, "USD")}` : ""})`
              : "No price on this tour: enter the total."}
            {quote?.fees.map((fee) => (
              <span key={fee.text} className="block text-xs font-normal text-muted-foreground">
                {fee.text}
                {fee.converted ? ` (${fee.converted})` : ""}: {fee.amount}
              </span>
            ))}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-muted-foreground">Confirmed total</dt>
          <dd className="font-medium">
            {booking.price.total ?? "Not confirmed yet"}
            {booking.price.balanceDueOn ? (
              <span className="block text-xs font-normal text-muted-foreground">
                Balance due {booking.price.balanceDueOn}
              </span>
            ) : null}
            {invoiced ? (
              <a
                href={invoiceHref(booking.id)}
                download
                className="mt-1 block text-xs font-medium text-primary underline-offset-4 hover:underline"
              >
                Invoice
              </a>
            ) : null}
          </dd>
        </div>
      </dl>
      <Form form={form} onSubmit={submit} idPrefix="booking-price" className="grid gap-4">
        <TextField
          name="total"
          label="Total (USD)"
          inputMode="decimal"
          autoComplete="off"
          hint={`The deposit asked is ${booking.price.depositPercent} % of the total.`}
        />
        {differs ? (
          <TextareaField
            name="totalReason"
            label="Reason for a different total"
            required
            rows={2}
            maxLength={TOTAL_REASON_MAX}
            placeholder="e.g. Returning guests: 10 % off"
          />
        ) : null}
        <SubmitButton pendingLabel="Confirming..." className="justify-self-end" disabled={closed}>
          Confirm with this total
        </SubmitButton>
        {closed ? (
          <p className="text-xs text-muted-foreground">
            A cancelled booking is confirmed again with its Booking Status first.
          </p>
        ) : null}
      </Form>
    </Section>
  );
}
