/**
 * The Edit dialog's forms: the same schemas check the browser's
 * form and the server action. Every id and enum is validated; nothing hidden is trusted (the
 * version, the old guide and the computed total are only compared with the database, never
 * written). The payment status is not among them: it is derived from the ledger
 * (lib/payments/ledger.ts), which staff add to with 'Record payment' and 'Record refund'.
 */
import { z } from "zod";

import { BOOKING_STATUSES } from "@/lib/domain";
import { optionalCheckbox } from "@/lib/fields";
import { isUuid } from "@/lib/ids";
import { formatMoney } from "@/lib/payments/ledger";
import { dollarsToMinor } from "@/lib/payments/quote";

export const PAYMENT_NOTE_MAX = 500;
/** The 'No Guide' choice of the guide selector. */
export const NO_GUIDE = "none";

/** The booking's version: its updated_at in microseconds, sent back to refuse a stale save. */
const version = z.string().regex(/^\d{1,20}$/, "Reload the booking and try again.");
const bookingId = z.string().refine(isUuid, "Unknown booking.");

/** Payment note and booking status (the payment status comes from the ledger). */
export const bookingPaymentSchema = z.object({
  bookingId,
  version,
  paymentNote: z
    .string()
    .trim()
    .max(PAYMENT_NOTE_MAX, `At most ${PAYMENT_NOTE_MAX} characters.`)
    .transform((v) => (v === "" ? null : v)),
  bookingStatus: z.enum(BOOKING_STATUSES, "Choose a booking status."),
});
export type BookingPaymentInput = z.output<typeof bookingPaymentSchema>;

const guideChoice = z
  .string()
  .refine((v) => v === NO_GUIDE || isUuid(v), "Choose a guide or No Guide.")
  .transform((v) => (v === NO_GUIDE ? null : v));

/** A manual guide change: the new guide or No Guide, and the guide the dialog showed. */
export const bookingGuideSchema = z.object({
  bookingId,
  version,
  guideId: guideChoice,
  oldGuideId: guideChoice,
});
export type BookingGuideInput = z.output<typeof bookingGuideSchema>;

/* The Price section and the ledger ------------------------------------------------------- */

export const TOTAL_REASON_MAX = 300;
export const PAYMENT_REFERENCE_MAX = 100;

/** US dollars as typed: '3600', '3,600.50', '$900'; refused when not above zero. */
const dollars = (message: string) =>
  z
    .string(message)
    .trim()
    .refine((v) => (dollarsToMinor(v) ?? 0) > 0, message)
    .transform((v) => dollarsToMinor(v)!);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

/**
 * 'Confirm with this total': the total in US dollars, the computed one the dialog showed (empty
 * when the tour has no price) and a reason, required when the two differ. The server computes
 * the total again and holds the same rule against its own figure.
 */
export const confirmBookingSchema = z
  .object({
    bookingId,
    version,
    total: dollars("Enter the total in US dollars, e.g. 3600.00."),
    computedTotal: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? dollarsToMinor(v) : null)),
    totalReason: optionalText(TOTAL_REASON_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.total !== v.computedTotal && !v.totalReason) {
      ctx.addIssue({
        code: "custom",
        path: ["totalReason"],
        message: "Give a reason for a total other than the computed one.",
      });
    }
  });
export type ConfirmBookingInput = z.output<typeof confirmBookingSchema>;

export const PAYMENT_METHOD_OPTIONS = [
  { value: "cash", label: "Cash" },
  { value: "bank", label: "Bank transfer" },
  { value: "mtn", label: "MTN Mobile Money" },
  { value: "airtel", label: "Airtel Money" },
] as const;

/** Money sent to the company's MTN or Airtel number: recorded with its transaction code. */
export const MOBILE_MONEY_METHODS = ["mtn", "airtel"] as const;
export const isMobileMoney = (method: string) =>
  (MOBILE_MONEY_METHODS as readonly string[]).includes(method);
export const PAYMENT_KIND_OPTIONS = [
  { value: "deposit", label: "Deposit" },
  { value: "balance", label: "Balance" },
  { value: "full", label: "Full payment" },
] as const;

/** The most one cash, bank or refund entry may be: far above any trip, far below any overflow. */
const LEDGER_ENTRY_MAX_MINOR = 100_000_000;

const method = z.enum(
  ["cash", "bank", "mtn", "airtel"],
  "Choose cash, bank transfer or mobile money.",
);
const ledgerRowShape = {
  bookingId,
  method,
  amount: dollars("Enter the amount in US dollars, e.g. 1080.00.").refine(
    (minor) => minor <= LEDGER_ENTRY_MAX_MINOR,
    `At most ${formatMoney(LEDGER_ENTRY_MAX_MINOR, "USD")} can be recorded at once.`,
  ),
  reference: optionalText(PAYMENT_REFERENCE_MAX),
  note: optionalText(PAYMENT_NOTE_MAX),
};

/**
 * 'Record payment': cash or a bank transfer received (staff), at most the balance owed unless an
 * admin ticks `overBalance` (the server checks both the role and the balance).
 */
export const recordPaymentSchema = z
  .object({
    ...ledgerRowShape,
    kind: z.enum(["deposit", "balance", "full"], "Choose deposit, balance or full payment."),
    overBalance: optionalCheckbox,
  })
  .superRefine((v, ctx) => {
    // Mobile money is traced by its transaction code alone.
    if (isMobileMoney(v.method) && !v.reference) {
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message: "Enter the mobile money transaction code.",
      });
    }
  });
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** 'Record refund': money paid back by cash or bank (admins). */
export const recordRefundSchema = z.object(ledgerRowShape);
