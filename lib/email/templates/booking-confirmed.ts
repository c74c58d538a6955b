/**
 * To the customer when staff confirm a booking with its total (the Edit dialog's 'Confirm with
 * this total'): the total (a permit tour's park fees itemised in it), the deposit due now with the
 * pay link, the balance and its due day (or,
 * for a trip confirmed inside its balance window, the whole amount due now).
 * The booking's invoice goes with it as a PDF file (lib/bookings/data/quote.ts attaches it).
 */
import { bookingMail, type EmailTemplate, QUESTIONS_AND_SIGN_OFF } from "./layout";

export type BookingConfirmedMailData = {
  id: string;
  fullName: string;
  tourPackage: string;
  /** 'Jun 12, 2027', or null when not set. */
  departureDate: string | null;
  groupSize: number;
  /** '$3,600.00'. */
  total: string;
  /**
   * A permit tour's park fees the total counts, each category's line as the pay page words it
   * ('Gorilla permit, Foreign non-resident: US$800 x 2, at face value', '$1,600.00'), and the
   * tour's own part of the total; absent (or empty) for a trip without park fees.
   */
  fees?: { text: string; amount: string }[];
  tour?: string;
  /** What is asked now ('$1,080.00'), or null when the deposit is already covered. */
  depositDue: string | null;
  /** The deposit's share of the total, in percent. */
  depositPercent: number;
  /** What remains after what is paid and the deposit asked now. */
  balance: string;
  /** 'Mar 14, 2027', or null without a departure date. */
  balanceDueOn: string | null;
  /**
   * The balance's due day has come (a trip confirmed inside its balance window): no deposit is
   * asked, the whole of `balance` is due now.
   */
  balanceDueNow: boolean;
  /** Nothing left to pay (a total already covered by what was paid). */
  paidInFull: boolean;
  /** The signed pay link (lib/payments/pay-link.ts). */
  payUrl: string;
};

export function bookingConfirmed(b: BookingConfirmedMailData): EmailTemplate {
  const due = b.paidInFull
    ? "Your booking is paid in full: there is nothing more to pay."
    : b.balanceDueNow
      ? `As your trip departs soon, ${b.balance === b.total ? "the full amount" : "the rest"} of ${b.balance} is due now: please pay it with the link below.`
      : b.depositDue
        ? `To secure your places, please pay the deposit of ${b.depositDue} (${b.depositPercent}% of the total) now with the link below.`
        : `Your deposit is already covered. The balance of ${b.balance} is due ${b.balanceDueOn ? `by ${b.balanceDueOn}` : "before departure"}.`;
  return bookingMail(b, {
    template: "booking-confirmed",
    subject: "Booking confirmed",
    preheader: `Your booking for ${b.tourPackage} is confirmed: ${b.total}.`,
    heading: "Your booking is confirmed",
    paragraphs: [
      `Good news: your booking for ${b.tourPackage} is confirmed at a total of ${b.total}.`,
      due,
    ],
    table: [
      { label: "Departure", value: b.departureDate ?? "To be confirmed" },
      { label: "Travellers", value: String(b.groupSize) },
      ...(b.fees?.length && b.tour
        ? [
            { label: "Tour", value: b.tour },
            ...b.fees.map((fee) => ({ label: fee.text, value: fee.amount })),
          ]
        : []),
      { label: "Total", value: b.total },
      ...(b.depositDue ? [{ label: "Deposit due now", value: b.depositDue }] : []),
      ...(b.paidInFull
        ? []
        : [
            b.balanceDueNow
              ? { label: "Due now", value: b.balance }
              : {
                  label: "Balance",
                  value: b.balanceDueOn ? `${b.balance}, due by ${b.balanceDueOn}` : b.balance,
                },
          ]),
    ],
    ...(b.paidInFull
      ? {}
      : { cta: { label: b.depositDue ? "Pay the deposit" : "Pay now", url: b.payUrl } }),
    after: [
      "The link lets you pay by mobile money or card through our payment partner; no sign-in needed.",
      "Your invoice is attached to this email as a PDF file. It is also in My Bookings, ready to download again: sign in with this email address to see it.",
      ...QUESTIONS_AND_SIGN_OFF,
    ],
  });
}
