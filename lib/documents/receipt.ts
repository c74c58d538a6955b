import { bookingRef } from "@/lib/bookings/labels";
import { formatDay } from "@/lib/dates";
import type { PaymentKind } from "@/lib/domain";
import { formatMoney } from "@/lib/payments/ledger";
import { ledgerAmount } from "@/lib/payments/ugx";
import { site } from "@/lib/site";

import { startDocument } from "./pdf-layout";

/**
 * The receipt of one completed payment, as a PDF: its number is the payment's merchant reference
 * (unique in the ledger), so a receipt and the ledger row it proves are found by the same text.
 * Pure: the DAL (lib/documents/data.ts) reads the row and checks the caller.
 */
export type ReceiptData = {
  /** The payment's merchant reference ('BU-5F0C2B1E-K7Q2M9XW'). */
  receiptNumber: string;
  /** When the payment completed. */
  paidAt: Date;
  payerName: string;
  payerEmail: string;
  /** The booking's id (its reference is the first 8 characters, as in the mails). */
  bookingId: string;
  tourPackage: string;
  /** 'yyyy-MM-dd' or null. */
  departureDate: string | null;
  endDate: string | null;
  kind: PaymentKind;
  amountMinor: number;
  currency: string;
  /** A payment in shillings: the US cents it settled and the rate (shillings per dollar). */
  usdMinor?: number | null;
  usdRate?: string | null;
  /** 'MTN Mobile Money', 'Visa', 'Cash', 'Bank transfer'... */
  method: string | null;
  /** The provider's receipt code, or the bank or cash reference staff typed. */
  confirmationCode: string | null;
};

/** 'Jun 12, 2027 - Jun 18, 2027', one day, or 'To be confirmed'. */
export function tripDates(departureDate: string | null, endDate: string | null): string {
  if (!departureDate) return "To be confirmed";
  if (!endDate || endDate === departureDate) return formatDay(departureDate);
  return `${formatDay(departureDate)} - ${formatDay(endDate)}`;
}

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  deposit: "Deposit",
  balance: "Balance",
  full: "Payment in full",
  refund: "Refund",
};

/** The receipt's file name: 'breathe-uganda-receipt-BU-5F0C2B1E-K7Q2M9XW.pdf'. */
export function receiptFileName(receiptNumber: string): string {
  return `breathe-uganda-receipt-${receiptNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}

export async function renderReceipt(data: ReceiptData): Promise<Uint8Array> {
  const refund = data.kind === "refund";
  const pdf = await startDocument({
    title: refund ? "Refund receipt" : "Receipt",
    subject: data.receiptNumber,
    createdAt: data.paidAt,
  });
  pdf.heading(refund ? "Refund receipt" : "Payment receipt");
  pdf.paragraph(
    refund
      ? `${site.name} has paid back the amount below to ${data.payerName}.`
      : `${site.name} has received the payment below from ${data.payerName}. Thank you.`,
  );
  pdf.rows([
    { label: "Receipt number", value: data.receiptNumber },
    { label: "Date", value: formatDay(data.paidAt) },
    {
      label: refund ? "Paid to" : "Received from",
      value: `${data.payerName} (${data.payerEmail})`,
    },
    { label: "Booking reference", value: bookingRef(data.bookingId) },
    { label: "Tour", value: data.tourPackage },
    { label: "Dates", value: tripDates(data.departureDate, data.endDate) },
    { label: "For", value: PAYMENT_KIND_LABELS[data.kind] },
    { label: "Method", value: data.method ?? "Online" },
    { label: "Confirmation code", value: data.confirmationCode ?? "-" },
    // Paid in shillings: what the shillings settled in the booking's dollars, and at what rate.
    ...(data.currency !== "USD" && data.usdMinor && data.usdRate
      ? [
          {
            label: "Paid in shillings",
            value: ledgerAmount({
              amountMinor: data.amountMinor,
              currency: data.currency,
              usdMinor: data.usdMinor,
              usdRate: data.usdRate,
            }),
          },
        ]
      : []),
  ]);
  pdf.total(
    refund ? "Amount refunded" : "Amount paid",
    formatMoney(data.amountMinor, data.currency),
  );
  pdf.gap();
  pdf.paragraph(
    `Questions about this receipt? Call ${site.phone} or write to ${site.email}, quoting the receipt number.`,
  );
  return pdf.finish();
}
