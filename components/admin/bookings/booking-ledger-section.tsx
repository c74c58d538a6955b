"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { PaymentBadge } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import { recordPaymentAction, recordRefundAction } from "@/actions/payments";
import type { BookingForEdit, LedgerLine } from "@/lib/bookings/data/manage";
import { formatMoney } from "@/lib/payments/ledger";
import { minorToDollars } from "@/lib/payments/quote";
import {
  PAYMENT_KIND_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  PAYMENT_NOTE_MAX,
  PAYMENT_REFERENCE_MAX,
  recordPaymentSchema,
  recordRefundSchema,
} from "@/lib/bookings/schemas/edit";

import { Section } from "./dialog-section";

const KIND_LABELS: Record<string, string> = {
  deposit: "Deposit",
  balance: "Balance",
  full: "Full payment",
  refund: "Refund",
};
const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  completed: "Completed",
  failed: "Failed",
  reversed: "Reversed",
};

/** The receipt PDF of a completed payment (lib/documents/data.ts RECEIPT_PATH; that module is server-only). */
const receiptHref = (paymentId: string) => `/api/documents/receipt/${paymentId}`;

/**
 * The Edit dialog's Payments section: the payment status derived from the ledger (read-only),
 * what is paid and due, the ledger's rows, and 'Record payment' (cash or bank transfer, staff)
 * and 'Record refund' (admins, once something is paid).
 */
export function BookingLedgerSection({ booking }: { booking: BookingForEdit }) {
  const [open, setOpen] = useState<"payment" | "refund" | null>(null);
  const { due, entries } = booking.ledger;
  const usd = (minor: number) => formatMoney(minor, "USD");
  return (
    <Section title="Payments">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="flex items-center gap-2">
          {/* The badge says 'Payment:' to screen readers itself. */}
          <span className="text-muted-foreground" aria-hidden="true">
            Payment Status
          </span>
          <span data-testid="payment-status">
            <PaymentBadge status={booking.paymentStatus} />
          </span>
        </span>
        <span>
          <span className="text-muted-foreground">Paid </span>
          <span className="font-medium">{usd(due.paidMinor)}</span>
          {booking.price.total ? ` of ${booking.price.total}` : null}
        </span>
        {due.depositDue > 0 ? (
          <span>
            <span className="text-muted-foreground">Deposit due </span>
            <span className="font-medium">{usd(due.depositDue)}</span>
          </span>
        ) : null}
        {booking.price.total && due.balanceMinor > 0 ? (
          <span>
            <span className="text-muted-foreground">Balance </span>
            <span className="font-medium">{usd(due.balanceMinor)}</span>
            {booking.price.balanceDueOn ? ` due ${booking.price.balanceDueOn}` : null}
          </span>
        ) : null}
      </div>
      <LedgerTable entries={entries} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          aria-expanded={open === "payment"}
          onClick={() => setOpen(open === "payment" ? null : "payment")}
        >
          Record payment
        </Button>
        {/* Nothing paid, nothing to refund (the server refuses more than was paid anyway). */}
        {booking.canRefund && due.paidMinor > 0 ? (
          <Button
            type="button"
            variant="outline"
            aria-expanded={open === "refund"}
            onClick={() => setOpen(open === "refund" ? null : "refund")}
          >
            Record refund
          </Button>
        ) : null}
      </div>
      {open === "payment" ? (
        <PaymentForm
          bookingId={booking.id}
          suggested={due.nextDue === "deposit" ? due.depositDue : due.balanceMinor}
          kind={due.nextDue === "deposit" ? "deposit" : due.paidMinor > 0 ? "balance" : "full"}
          onDone={() => setOpen(null)}
        />
      ) : null}
      {open === "refund" ? (
        <RefundForm bookingId={booking.id} paid={due.paidMinor} onDone={() => setOpen(null)} />
      ) : null}
    </Section>
  );
}

function LedgerTable({ entries }: { entries: LedgerLine[] }) {
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">No payments recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Payments ledger">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Date</th>
            <th className="py-1 pr-3 font-medium">Kind</th>
            <th className="py-1 pr-3 font-medium">Method</th>
            <th className="py-1 pr-3 text-right font-medium">Amount</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Reference</th>
            <th className="py-1 font-medium">
              <span className="sr-only">Documents</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t border-border/60 align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap">{e.at}</td>
              <td className="py-1.5 pr-3">{KIND_LABELS[e.kind] ?? e.kind}</td>
              <td className="py-1.5 pr-3">{e.method}</td>
              <td className="py-1.5 pr-3 text-right whitespace-nowrap">
                {e.kind === "refund" ? `−${e.amount}` : e.amount}
              </td>
              <td className="py-1.5 pr-3">
                {STATUS_LABELS[e.status] ?? e.status}
                {e.flagged ? (
                  <span className="block text-xs font-medium text-destructive">
                    Flagged: {e.flagged}
                  </span>
                ) : null}
              </td>
              <td className="py-1.5 pr-3 break-all">
                {e.reference}
                {e.note ? (
                  <span className="block text-xs text-muted-foreground">“{e.note}”</span>
                ) : null}
              </td>
              <td className="py-1.5 whitespace-nowrap">
                {e.status === "completed" && e.kind !== "refund" ? (
                  <a
                    href={receiptHref(e.id)}
                    download
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Receipt<span className="sr-only"> {e.reference}</span>
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What Record payment and Record refund do alike: send the booking, toast a failure, close when saved, reload the ledger when refused. */
function useLedgerRowCalls(bookingId: string, what: string, onDone: () => void) {
  const router = useRouter();
  return {
    extra: () => ({ bookingId }),
    failure: { title: "Error", message: `Failed to record the ${what}.` },
    onSuccess: onDone,
    onError: () => router.refresh(),
  };
}

/** The fields both ledger forms end with (reference, note) and their Save button. */
function LedgerRowEnd({
  words,
  destructive,
}: {
  words: { reference: string; placeholder?: string; note: string; save: string };
  destructive?: boolean;
}) {
  return (
    <>
      <TextField
        name="reference"
        label={words.reference}
        maxLength={PAYMENT_REFERENCE_MAX}
        placeholder={words.placeholder}
      />
      <TextareaField name="note" label={words.note} rows={2} maxLength={PAYMENT_NOTE_MAX} />
      <SubmitButton
        pendingLabel="Recording..."
        variant={destructive ? "destructive" : undefined}
        className="justify-self-end"
      >
        {words.save}
      </SubmitButton>
    </>
  );
}

/** The amount in dollars, filled with `suggestedMinor` when there is one. */
const amountOf = (suggestedMinor: number) =>
  suggestedMinor > 0 ? minorToDollars(suggestedMinor) : "";

function PaymentForm({
  bookingId,
  suggested,
  kind,
  onDone,
}: {
  bookingId: string;
  suggested: number;
  kind: "deposit" | "balance" | "full";
  onDone: () => void;
}) {
  const { form, submit } = useActionForm({
    schema: recordPaymentSchema,
    action: recordPaymentAction,
    defaultValues: {
      bookingId,
      method: "cash",
      kind,
      amount: amountOf(suggested),
      reference: "",
      note: "",
    },
    ...useLedgerRowCalls(bookingId, "payment", onDone),
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix="record-payment" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField name="method" label="Method" options={PAYMENT_METHOD_OPTIONS} />
        <SelectField name="kind" label="Kind" options={PAYMENT_KIND_OPTIONS} />
        <TextField
          name="amount"
          label="Amount (USD)"
          required
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
      <LedgerRowEnd
        words={{
          reference: "Reference",
          placeholder: "Receipt number or the bank's reference",
          note: "Note",
          save: "Save payment",
        }}
      />
    </Form>
  );
}

function RefundForm({
  bookingId,
  paid,
  onDone,
}: {
  bookingId: string;
  paid: number;
  onDone: () => void;
}) {
  const { form, submit } = useActionForm({
    schema: recordRefundSchema,
    action: recordRefundAction,
    defaultValues: {
      bookingId,
      method: "bank",
      amount: amountOf(paid),
      reference: "",
      note: "",
    },
    ...useLedgerRowCalls(bookingId, "refund", onDone),
  });
  return (
    <Form form={form} onSubmit={submit} idPrefix="record-refund" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="method" label="Refund method" options={PAYMENT_METHOD_OPTIONS} />
        <TextField
          name="amount"
          label="Refund amount (USD)"
          required
          inputMode="decimal"
          autoComplete="off"
          hint={`At most what was paid (${formatMoney(paid, "USD")}).`}
        />
      </div>
      <LedgerRowEnd
        words={{ reference: "Refund reference", note: "Refund note", save: "Save refund" }}
        destructive
      />
    </Form>
  );
}
