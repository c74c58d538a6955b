import { bookingRef } from "@/lib/bookings/labels";
import { formatDay } from "@/lib/dates";
import type { LedgerStatus, PaymentKind } from "@/lib/domain";
import type { FeeLineGroup } from "@/lib/parks/fees";
import type { PlanDay } from "@/lib/proposals/data/plan";
import { amountsDue, formatMoney } from "@/lib/payments/ledger";
import { site } from "@/lib/site";

import { startDocument } from "./pdf-layout";
import { PAYMENT_KIND_LABELS, tripDates } from "./receipt";

/**
 * The invoice of a confirmed booking, as a PDF: the total, the deposit and the balance with its
 * due day, the payments so far and what is due now. The sums come from the ledger's own
 * arithmetic (lib/payments/ledger.ts amountsDue), so the invoice says what the pay page asks.
 * Pure: the DAL (lib/documents/data.ts) reads the rows and checks the caller.
 */
export type InvoicePayment = {
  kind: PaymentKind;
  amountMinor: number;
  status: LedgerStatus;
  completedAt: Date | null;
  merchantReference: string;
  method: string | null;
};

export type InvoiceData = {
  bookingId: string;
  /** The day the invoice is issued (today in Kampala), 'yyyy-MM-dd'. */
  issuedOn: string;
  leadTraveller: string;
  email: string;
  tourPackage: string;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  /** The quoted total in minor units (null: not quoted yet). */
  totalMinor: number | null;
  /** The park fees the booking was sold with, itemised, and what they count in the total. */
  fees: readonly FeeLineGroup[];
  feesMinor: number;
  currency: string;
  balanceDueOn: string | null;
  /** The deposit's share of the total, in percent: the booking's own (lib/payments/deposit.ts). */
  depositPercent: number;
  /** The booking's ledger rows in its currency; only completed ones count. */
  payments: readonly InvoicePayment[];
  /** A tailor-made trip's days (lib/proposals/data/plan.ts); empty for a tour. */
  plan?: readonly PlanDay[];
};

/** The invoice's file name: 'breathe-uganda-invoice-5F0C2B1E.pdf'. */
export function invoiceFileName(bookingId: string): string {
  return `breathe-uganda-invoice-${bookingRef(bookingId)}.pdf`;
}

export async function renderInvoice(data: InvoiceData): Promise<Uint8Array> {
  const money = (minor: number) => formatMoney(minor, data.currency);
  const reference = bookingRef(data.bookingId);
  const due = amountsDue(
    data.totalMinor,
    data.depositPercent,
    data.payments,
    data.balanceDueOn,
    data.issuedOn,
  );
  const pdf = await startDocument({
    title: "Invoice",
    subject: reference,
    createdAt: new Date(`${data.issuedOn}T00:00:00+03:00`),
  });
  pdf.heading(`Invoice ${reference}`);
  pdf.rows([
    { label: "Booking reference", value: reference },
    { label: "Issued", value: formatDay(data.issuedOn) },
    { label: "Lead traveller", value: `${data.leadTraveller} (${data.email})` },
    { label: "Tour", value: data.tourPackage },
    { label: "Dates", value: tripDates(data.departureDate, data.endDate) },
    {
      label: "Group size",
      value: `${data.groupSize} ${data.groupSize === 1 ? "traveller" : "travellers"}`,
    },
  ]);
  if (data.plan && data.plan.length > 0) {
    pdf.heading("Your plan");
    pdf.table(
      [
        { title: "Day", width: 3 },
        { title: "Where and what", width: 9 },
      ],
      data.plan.flatMap((day) => [
        [`Day ${day.day}, ${formatDay(day.date)}`, `${day.title} (${day.place})`],
        ...day.lines.map((line) => ["", `  ${line}`]),
      ]),
    );
  }
  if (data.totalMinor === null) {
    pdf.paragraph(
      "The price of this trip is not quoted yet: we will send the invoice's amounts once it is.",
    );
  } else {
    if (data.fees.length > 0) {
      // The tour itself, then each category's permits at face value (shillings with the dollars
      // and the rate they were converted at), so the total adds up on the page.
      pdf.table(
        [
          { title: "Item", width: 8 },
          { title: "Amount", width: 2, right: true },
        ],
        [
          ["Tour", money(data.totalMinor - data.feesMinor)],
          ...data.fees.flatMap((fee) => [
            [fee.text, fee.amount],
            ...(fee.converted ? [[`  ${fee.converted}`, ""]] : []),
          ]),
        ],
      );
    }
    pdf.rows([
      { label: "Total", value: money(data.totalMinor) },
      { label: `Deposit (${due.depositPercent}%)`, value: money(due.depositMinor) },
      {
        label: "Balance",
        value: `${money(data.totalMinor - due.depositMinor)}${data.balanceDueOn ? `, due ${formatDay(data.balanceDueOn)}` : ""}`,
      },
    ]);
  }
  const counted = data.payments.filter((p) => p.status === "completed");
  pdf.heading("Payments so far");
  if (counted.length === 0) pdf.paragraph("No payments yet.");
  else
    pdf.table(
      [
        { title: "Date", width: 2 },
        { title: "Receipt number", width: 4 },
        { title: "For", width: 2 },
        { title: "Method", width: 2 },
        { title: "Amount", width: 2, right: true },
      ],
      counted.map((p) => [
        p.completedAt ? formatDay(p.completedAt) : "-",
        p.merchantReference,
        PAYMENT_KIND_LABELS[p.kind],
        p.method ?? "Online",
        p.kind === "refund" ? `-${money(p.amountMinor)}` : money(p.amountMinor),
      ]),
    );
  pdf.total("Paid", money(due.paidMinor));
  pdf.total("Amount due", money(due.balanceMinor));
  if (due.nextDue === "deposit")
    pdf.paragraph(
      `Due now: the deposit, ${money(due.depositDue)}; the rest ${data.balanceDueOn ? `by ${formatDay(data.balanceDueOn)}` : "before departure"}.`,
    );
  else if (due.balanceDueNow)
    pdf.paragraph(`The balance of ${money(due.balanceMinor)} is due now.`);
  else if (due.nextDue === "balance" && data.balanceDueOn)
    pdf.paragraph(
      `The balance of ${money(due.balanceMinor)} is due by ${formatDay(data.balanceDueOn)}.`,
    );
  pdf.gap();
  pdf.paragraph(
    `Pay online from the link in your mails or from My Bookings. Questions? Call ${site.phone} or write to ${site.email}, quoting ${reference}.`,
  );
  return pdf.finish();
}
