"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { type FieldValues, type UseFormReturn, useFormContext, useWatch } from "react-hook-form";

import { CheckboxField, SelectField } from "@/components/forms/choice-fields";
import { Form, SubmitButton, TextareaField, TextField } from "@/components/forms/form-field";
import { useActionForm } from "@/components/forms/use-action-form";
import { PaymentBadge } from "@/components/shared/status-badge";
import { Button } from "@/components/ui/button";
import { recordPaymentAction, recordRefundAction } from "@/actions/payments";
import type { BookingForEdit, LedgerLine } from "@/lib/bookings/data/manage";
import { formatMoney } from "@/lib/payments/ledger";
import { minorToDollars } from "@/lib/payments/quote";
import { cn } from "@/lib/utils";
import {
  PAYMENT_KIND_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  isMobileMoney,
  PAYMENT_NOTE_MAX,
  PAYMENT_REFERENCE_MAX,
  recordPaymentSchema,
} from "@/lib/bookings/schemas/edit";
import { ABANDONED_LABEL } from "@/lib/payments/abandoned";
import { REFUND_BY_HAND, REFUND_RULES, refundSchema } from "@/lib/payments/refund-schema";

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
 * what is paid and due, the ledger's rows (an abandoned checkout said as such), and 'Record
 * payment' (cash, bank transfer or MTN/Airtel mobile money with its code; a kind fills in what it
 * settles; staff) and 'Record refund' (admins, once something is paid).
 */
export function BookingLedgerSection({ booking }: { booking: BookingForEdit }) {
  const [open, setOpen] = useState<OpenForm>(null);
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
        <Figure label="Paid" value={usd(due.paidMinor)}>
          {booking.price.total ? ` of ${booking.price.total}` : null}
        </Figure>
        {due.depositDue > 0 ? <Figure label="Deposit due" value={usd(due.depositDue)} /> : null}
        {booking.price.total && due.balanceMinor > 0 ? (
          <Figure label="Balance" value={usd(due.balanceMinor)}>
            {booking.price.balanceDueOn ? ` due ${booking.price.balanceDueOn}` : null}
          </Figure>
        ) : null}
      </div>
      <LedgerTable entries={entries} />
      <div className="flex flex-wrap justify-end gap-2">
        <FormToggle form="payment" open={open} setOpen={setOpen}>
          Record payment
        </FormToggle>
        {/* Nothing paid, nothing to refund (the server refuses more than was paid anyway). */}
        {booking.canRefund && due.paidMinor > 0 ? (
          <FormToggle form="refund" open={open} setOpen={setOpen}>
            Record refund
          </FormToggle>
        ) : null}
      </div>
      {open === "payment" ? (
        <PaymentForm
          bookingId={booking.id}
          suggested={due.nextDue === "deposit" ? due.depositDue : due.balanceMinor}
          dueByKind={{ deposit: due.depositDue, balance: due.balanceMinor, full: due.balanceMinor }}
          kind={due.nextDue === "deposit" ? "deposit" : due.paidMinor > 0 ? "balance" : "full"}
          canRecordOverBalance={booking.canRecordOverBalance}
          onDone={() => setOpen(null)}
        />
      ) : null}
      {open === "refund" ? (
        <RefundForm
          bookingId={booking.id}
          paid={due.paidMinor}
          online={entries.filter(isRefundableOnline)}
          onDone={() => setOpen(null)}
        />
      ) : null}
    </Section>
  );
}

type OpenForm = "payment" | "refund" | null;

/** A button that opens its form below the ledger, or closes it when open. */
function FormToggle({
  form,
  open,
  setOpen,
  children,
}: {
  form: "payment" | "refund";
  open: OpenForm;
  setOpen: (open: OpenForm) => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      aria-expanded={open === form}
      onClick={() => setOpen(open === form ? null : form)}
    >
      {children}
    </Button>
  );
}

/** 'Paid $300.00 of $1,000.00': a label, its amount, and what follows it. */
function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <span>
      <span className="text-muted-foreground">{`${label} `}</span>
      <span className="font-medium">{value}</span>
      {children}
    </span>
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
              {/* Paid in shillings, the amount names its dollars and rate too: it may wrap. */}
              <td
                className={cn(
                  "py-1.5 pr-3 text-right",
                  e.amount.includes(" at ") ? "min-w-48" : "whitespace-nowrap",
                )}
              >
                {e.kind === "refund" ? `−${e.amount}` : e.amount}
              </td>
              <td className="py-1.5 pr-3">
                {e.abandoned ? ABANDONED_LABEL : (STATUS_LABELS[e.status] ?? e.status)}
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

/** A ledger form's first values: the method, the amount in dollars (empty without one), no reference or note. */
const rowDefaults = (
  bookingId: string,
  method: (typeof PAYMENT_METHOD_OPTIONS)[number]["value"],
  amountMinor: number,
) => ({
  bookingId,
  method,
  amount: amountMinor > 0 ? minorToDollars(amountMinor) : "",
  reference: "",
  note: "",
});

type LedgerWords = {
  method: string;
  amount: string;
  reference: string;
  referenceRequired?: boolean;
  placeholder?: string;
  note: string;
  save: string;
};

/**
 * The fields of Record payment and Record refund in each one's words: method (and the payment's
 * kind), amount, reference, note and Save.
 */
function LedgerRowForm<T extends FieldValues>({
  form,
  submit,
  idPrefix,
  words,
  withKind,
  onKindChange,
  withMethod = true,
  amountHint,
  destructive,
  before,
  children,
}: {
  form: UseFormReturn<T>;
  submit: (event: React.FormEvent<HTMLFormElement>) => void;
  idPrefix: string;
  words: LedgerWords;
  withKind?: boolean;
  /** Called when staff choose another kind (deposit, balance, full). */
  onKindChange?: (kind: string) => void;
  /** Cash or bank: false when the form refunds an online payment instead. */
  withMethod?: boolean;
  amountHint?: string;
  destructive?: boolean;
  /** What the form says, and asks, before its fields. */
  before?: React.ReactNode;
  /** Fields of one form only, below the note. */
  children?: React.ReactNode;
}) {
  return (
    <Form form={form} onSubmit={submit} idPrefix={idPrefix} className="grid gap-4">
      {before}
      <div className={cn("grid gap-4", withKind ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {withMethod ? (
          <SelectField name="method" label={words.method} options={PAYMENT_METHOD_OPTIONS} />
        ) : null}
        {withKind ? <KindField onChange={onKindChange} /> : null}
        <TextField
          name="amount"
          label={words.amount}
          required
          inputMode="decimal"
          autoComplete="off"
          hint={amountHint}
        />
      </div>
      <TextField
        name="reference"
        label={words.reference}
        required={words.referenceRequired}
        maxLength={PAYMENT_REFERENCE_MAX}
        placeholder={words.placeholder}
      />
      <TextareaField name="note" label={words.note} rows={2} maxLength={PAYMENT_NOTE_MAX} />
      {children}
      <SubmitButton
        pendingLabel="Recording..."
        variant={destructive ? "destructive" : undefined}
        className="justify-self-end"
      >
        {words.save}
      </SubmitButton>
    </Form>
  );
}

/** The payment's kind; a change is told to `onChange` (which fills in the amount it settles). */
function KindField({ onChange }: { onChange?: (kind: string) => void }) {
  const { control } = useFormContext();
  const kind = useWatch({ control, name: "kind" });
  const first = useRef(kind);
  useEffect(() => {
    if (kind === first.current) return;
    first.current = kind;
    onChange?.(String(kind));
  }, [kind, onChange]);
  return <SelectField name="kind" label="Kind" options={PAYMENT_KIND_OPTIONS} />;
}

function PaymentForm({
  bookingId,
  suggested,
  dueByKind,
  kind,
  canRecordOverBalance,
  onDone,
}: {
  bookingId: string;
  suggested: number;
  /** What each kind would settle now, in US cents (0: nothing known to be due). */
  dueByKind: Record<"deposit" | "balance" | "full", number>;
  kind: "deposit" | "balance" | "full";
  canRecordOverBalance: boolean;
  onDone: () => void;
}) {
  const { form, submit } = useActionForm({
    schema: recordPaymentSchema,
    action: recordPaymentAction,
    defaultValues: { ...rowDefaults(bookingId, "cash", suggested), kind, overBalance: "" },
    ...useLedgerRowCalls(bookingId, "payment", onDone),
  });
  // Opened before the server's figures arrived (a total just confirmed): the amount follows them
  // until staff type one of their own.
  useEffect(() => {
    if (!form.getFieldState("kind").isDirty) form.setValue("kind", kind);
    if (suggested > 0 && !form.getFieldState("amount").isDirty)
      form.setValue("amount", minorToDollars(suggested));
  }, [suggested, kind, form]);
  const method = useWatch({ control: form.control, name: "method" });
  const mobile = isMobileMoney(String(method ?? ""));
  return (
    <LedgerRowForm
      form={form}
      submit={submit}
      idPrefix="record-payment"
      withKind
      onKindChange={(next) => {
        // Choosing a kind fills in what it settles now (the deposit due, the balance).
        const minor = dueByKind[next as keyof typeof dueByKind] ?? 0;
        if (minor > 0) form.setValue("amount", minorToDollars(minor), { shouldValidate: true });
      }}
      words={{
        method: "Method",
        amount: "Amount (USD)",
        reference: mobile ? "Transaction code" : "Reference",
        referenceRequired: mobile,
        placeholder: mobile
          ? "The code in the MTN or Airtel message, e.g. 7H2K9QX"
          : "Receipt number or the bank's reference",
        note: "Note",
        save: "Save payment",
      }}
    >
      {/* More than the balance owed is the admin's call; the server refuses it to other staff. */}
      {canRecordOverBalance ? (
        <CheckboxField
          name="overBalance"
          label="Record more than the balance owed"
          uncheckedValue=""
        />
      ) : null}
    </LedgerRowForm>
  );
}

/** A completed online payment (not one staff recorded, nor a refund): one the provider can refund. */
const isRefundableOnline = (e: LedgerLine) =>
  e.kind !== "refund" && e.status === "completed" && e.online;

function RefundForm({
  bookingId,
  paid,
  online,
  onDone,
}: {
  bookingId: string;
  paid: number;
  /** The booking's completed online payments, each refundable through the provider. */
  online: LedgerLine[];
  onDone: () => void;
}) {
  const { form, submit } = useActionForm({
    schema: refundSchema,
    action: recordRefundAction,
    defaultValues: { ...rowDefaults(bookingId, "bank", paid), paymentId: REFUND_BY_HAND },
    ...useLedgerRowCalls(bookingId, "refund", onDone),
  });
  const byHand = form.watch("paymentId") === REFUND_BY_HAND;
  const options = [
    { value: REFUND_BY_HAND, label: "Cash or bank transfer (paid back by hand)" },
    ...online.map((e) => ({ value: e.id, label: `${e.method}, ${e.amount} (${e.reference})` })),
  ];
  return (
    <LedgerRowForm
      form={form}
      submit={submit}
      idPrefix="record-refund"
      withMethod={byHand}
      before={
        online.length > 0 ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="refund-rules">
              {REFUND_RULES}
            </p>
            <SelectField name="paymentId" label="Refund of" options={options} />
          </>
        ) : null
      }
      words={{
        method: "Refund method",
        amount: "Refund amount (USD)",
        reference: "Refund reference",
        note: "Refund note",
        save: "Save refund",
      }}
      amountHint={`At most what was paid (${formatMoney(paid, "USD")}).`}
      destructive
    />
  );
}
