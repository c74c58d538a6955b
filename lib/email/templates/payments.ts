/**
 * Mails about money: a payment received (its receipt attached) and the balance reminders (14 and
 * 3 days before the balance falls due: lib/payments/data/reminders.ts).
 *
 * The receipt goes with the mail as a PDF file (lib/documents/data.ts renders it in the transaction
 * that completed the payment, and the outbox keeps it with the mail). It stays in My Bookings
 * too, where a signed-in customer downloads it again with the invoice (app/api/documents/...):
 * a PDF naming a payer and their trip is never reachable by a link alone.
 */
import { env } from "@/lib/env";
import {
  type EmailTemplate,
  firstNameOf,
  oneLine,
  QUESTIONS_AND_SIGN_OFF,
  renderEmail,
} from "./layout";

/** Where a customer finds their receipts and invoices again. */
export const MY_BOOKINGS_URL = () => `${env.SITE_URL}/customer/bookings`;

export type PaymentReceivedMailData = {
  fullName: string;
  /** The booking's reference ('5F0C2B1E'). */
  bookingReference: string;
  tourPackage: string;
  /** 'Jun 12, 2027 - Jun 15, 2027' or 'To be confirmed'. */
  dates: string;
  /** The receipt number: the payment's merchant reference. */
  receiptNumber: string;
  /** '$1,200.00'. */
  amount: string;
  /** 'Deposit', 'Balance', 'Payment in full'. */
  paidFor: string;
  method: string;
  /** 'Mar 02, 2027'. */
  paidOn: string;
  /** What is left to pay ('$2,800.00'), or null when the booking is paid in full. */
  balanceLeft: string | null;
  /** 'Apr 13, 2027', when a balance is left and has a due day. */
  balanceDueOn: string | null;
  /** That due day has come: what is left is due now. */
  balanceDueNow?: boolean;
  /** False when the receipt could not be made into a file: the mail then sends the payer to My Bookings. */
  receiptAttached?: boolean;
  /** This payment confirmed a booking held at the checkout: the mail is its confirmation too. */
  confirmed?: boolean;
};

export function paymentReceived(d: PaymentReceivedMailData): EmailTemplate {
  const attached = d.receiptAttached ?? true;
  const rendered = renderEmail({
    preheader: `${d.confirmed ? "Your booking is confirmed. " : ""}We received ${d.amount} for ${d.tourPackage}.${attached ? " Your receipt is attached." : ""}`,
    heading: d.confirmed ? "Your booking is confirmed" : "Payment received",
    paragraphs: [
      `Hello ${firstNameOf(d.fullName)},`,
      d.confirmed
        ? `Thank you: we received your payment of ${d.amount} and your booking of ${d.tourPackage} is confirmed. Your seats are yours.`
        : `Thank you: we received your payment of ${d.amount} for ${d.tourPackage}.`,
    ],
    table: [
      { label: "Receipt number", value: d.receiptNumber },
      { label: "Booking reference", value: d.bookingReference },
      { label: "Tour", value: d.tourPackage },
      { label: "Dates", value: d.dates },
      { label: "Paid", value: `${d.amount} (${d.paidFor})` },
      { label: "Method", value: d.method },
      { label: "Date", value: d.paidOn },
      {
        label: "Still to pay",
        value: d.balanceLeft
          ? `${d.balanceLeft}${d.balanceDueNow ? ", due now" : d.balanceDueOn ? `, due by ${d.balanceDueOn}` : ""}`
          : "Nothing: your trip is paid in full",
      },
    ],
    cta: { label: "View my bookings", url: MY_BOOKINGS_URL() },
    after: [
      attached
        ? "Your receipt is attached to this email as a PDF file. It is also in My Bookings with your invoice, ready to download again: sign in with this email address to see them."
        : "Your receipt is in My Bookings with your invoice, ready to download: sign in with this email address to see them.",
      ...QUESTIONS_AND_SIGN_OFF,
    ],
  });
  return {
    template: d.confirmed ? "booking-confirmed-paid" : "payment-received",
    subject: d.confirmed
      ? `Booking confirmed: ${oneLine(d.tourPackage)} (ref ${d.bookingReference})`
      : `Payment received: ${d.amount} for ${oneLine(d.tourPackage)} (ref ${d.bookingReference})`,
    ...rendered,
  };
}

export type BalanceReminderMailData = {
  fullName: string;
  bookingReference: string;
  tourPackage: string;
  dates: string;
  /** What is due ('$2,800.00'). */
  amountDue: string;
  /** 'Apr 13, 2027'. */
  dueOn: string;
  /** Whole days until the due day (14, 3...; negative once it has passed). */
  daysLeft: number;
  /** The signed pay link (lib/payments/pay-link.ts payLinkUrl). */
  payUrl: string;
};

/**
 * The body both balance mails share: the greeting and their message, the booking's table with
 * its due day under `dueLabel`, the pay button and the closing lines (`mail` names the mail in
 * the 'Already paid?' line).
 */
function balanceMail(
  d: BalanceReminderMailData,
  text: { preheader: string; heading: string; message: string; dueLabel: string; mail: string },
) {
  return renderEmail({
    preheader: text.preheader,
    heading: text.heading,
    paragraphs: [`Hello ${firstNameOf(d.fullName)},`, text.message],
    table: [
      { label: "Booking reference", value: d.bookingReference },
      { label: "Tour", value: d.tourPackage },
      { label: "Dates", value: d.dates },
      { label: "Amount due", value: d.amountDue },
      { label: text.dueLabel, value: d.dueOn },
    ],
    cta: { label: "Pay the balance", url: d.payUrl },
    after: [
      `Already paid? Thank you, and please ignore this ${text.mail}: a payment can take a day to reach us.`,
      `Your invoice is in My Bookings: ${MY_BOOKINGS_URL()}`,
      ...QUESTIONS_AND_SIGN_OFF,
    ],
  });
}

export function balanceReminder(d: BalanceReminderMailData): EmailTemplate {
  const when = d.daysLeft <= 0 ? "today" : d.daysLeft === 1 ? "tomorrow" : `in ${d.daysLeft} days`;
  return {
    template: "balance-reminder",
    subject: `Balance due ${when === "today" ? "today" : `on ${d.dueOn}`}: ${oneLine(d.tourPackage)} (ref ${d.bookingReference})`,
    ...balanceMail(d, {
      preheader: `${d.amountDue} is due ${when}, on ${d.dueOn}, for ${d.tourPackage}.`,
      heading: "Your balance is due soon",
      message: `A reminder: the balance of your trip, ${d.amountDue}, is due ${when}, on ${d.dueOn}. You can pay it online now with the button below.`,
      dueLabel: "Due by",
      mail: "reminder",
    }),
  };
}

/**
 * Once, two days after the balance's due day passed unpaid (lib/payments/data/reminders.ts): what
 * is owed, the day it was due and the pay link. The same data as the reminder; `daysLeft` is
 * negative.
 */
export function balanceOverdue(d: BalanceReminderMailData): EmailTemplate {
  return {
    template: "balance-overdue",
    subject: `Balance overdue: ${oneLine(d.tourPackage)} (ref ${d.bookingReference})`,
    ...balanceMail(d, {
      preheader: `${d.amountDue} for ${d.tourPackage} was due on ${d.dueOn}.`,
      heading: "Your balance is overdue",
      message: `The balance of your trip, ${d.amountDue}, was due on ${d.dueOn} and has not reached us yet. To keep your places, please pay it now with the button below, or reply to this email if you need more time.`,
      dueLabel: "Was due on",
      mail: "email",
    }),
  };
}
