import { z } from "zod";

import type { Toast } from "@/lib/action-state";
import { PROVIDER_UNAVAILABLE_MESSAGE } from "@/lib/payments/pay-link";
import { type AmountsDue, formatMoney } from "@/lib/payments/ledger";
import { shillingsQuote, ugxForUsd } from "@/lib/payments/ugx";

/** The kinds a payer may choose on the pay page (lib/payments/data/ledger.ts startPayment). */
export const PAY_KINDS = ["deposit", "balance", "full"] as const;
export type PayKind = (typeof PAY_KINDS)[number];

/** The currencies a payer may pay in: the booking's US dollars, or Uganda shillings. */
export const PAY_CURRENCIES = ["USD", "UGX"] as const;
export type PayCurrency = (typeof PAY_CURRENCIES)[number];

/**
 * The pay page's form: the signed link's token, the amount chosen and the currency (US dollars
 * unless the payer chose shillings, with the id of the rate the page showed them).
 */
export const paySchema = z.object({
  token: z.string().trim().min(1, "This payment link has expired.").max(200),
  kind: z.enum(PAY_KINDS, { error: "Choose what to pay." }),
  currency: z.enum(PAY_CURRENCIES, { error: "Choose how to pay." }).default("USD"),
  rateId: z
    .union([z.uuid(), z.literal("")])
    .optional()
    .transform((id) => id || undefined),
});

/** 'Hold my seats again' on the pay page of a lapsed checkout hold: the link's token alone. */
export const holdAgainSchema = z.object({
  token: z.string().trim().min(1, "This payment link has expired.").max(200),
});

export type PayChoice = {
  kind: PayKind;
  amountMinor: number;
  label: string;
  /** The same amount in shillings at the current rate, when one is set. */
  ugx?: { amountMinor: number; quote: string };
};

/** A shilling rate as the pay page prices with it. */
export type ShillingRate = { id: string; ugxPerUsd: string; effectiveFrom: Date };

/**
 * The choices with their amounts in shillings at `rate` (rounded up to a whole shilling, as
 * startPayment charges them): 'UGX 1,234,000 at 3,700 UGX per USD, rate of 27 Nov 2026'.
 */
export function withShillings(choices: PayChoice[], rate: ShillingRate | null): PayChoice[] {
  if (!rate) return choices;
  return choices.map((choice) => {
    const amountMinor = ugxForUsd(choice.amountMinor, rate.ugxPerUsd);
    return {
      ...choice,
      ugx: { amountMinor, quote: shillingsQuote(amountMinor, rate.ugxPerUsd, rate.effectiveFrom) },
    };
  });
}

/**
 * What the pay page offers, from what is due: while the deposit is not met (and the balance not
 * yet due), the deposit or the rest at once; once it is met, the balance; when the balance is due
 * before the deposit was paid, the rest at once. Nothing when nothing is due. The amounts are the
 * ones startPayment charges for each kind; the deposit's share is the booking's, as `due` has it.
 */
export function payChoices(due: AmountsDue, currency = "USD"): PayChoice[] {
  const money = (minor: number) => formatMoney(minor, currency);
  if (due.nextDue === null || due.balanceMinor <= 0) return [];
  const rest: PayChoice = {
    kind: "full",
    amountMinor: due.balanceMinor,
    label: `Pay the rest at once: ${money(due.balanceMinor)}`,
  };
  if (due.depositDue <= 0)
    return [
      {
        kind: "balance",
        amountMinor: due.balanceMinor,
        label: `Pay the balance: ${money(due.balanceMinor)}`,
      },
    ];
  if (due.nextDue === "balance") return [rest];
  return [
    {
      kind: "deposit",
      amountMinor: due.depositDue,
      label: `Pay the deposit (${due.depositPercent}%): ${money(due.depositDue)}`,
    },
    rest,
  ];
}

/**
 * Why a payment did not start, as the pay page names it in its address (`?problem=`): the page,
 * a plain form without script, is sent back to itself and shows the words. A code, never a text
 * from the address, so a crafted link cannot put words on our page.
 */
export const PAY_PROBLEMS = {
  unavailable: { title: "Payment Service Unavailable", message: PROVIDER_UNAVAILABLE_MESSAGE },
  "nothing-due": { title: "Nothing Due", message: "Nothing is due on this booking right now." },
  expired: { title: "Link Expired", message: "This payment link has expired." },
  "too-many": {
    title: "Too Many Requests",
    message: "Too many attempts. Please wait a few minutes and try again.",
  },
  choose: { title: "Choose an Amount", message: "Choose what to pay." },
  "rate-changed": {
    title: "Rate Changed",
    message:
      "The shilling rate changed since this page was shown. Nothing was charged. Check the amount in shillings and pay again.",
  },
  lapsed: {
    title: "Hold Lapsed",
    message: "Your hold on these seats lapsed before the payment started. Nothing was charged.",
  },
  "seats-gone": {
    title: "Seats No Longer Free",
    message: "The seats you held have been booked since. Please choose another date.",
  },
  "seats-held": {
    title: "Seats Already Held",
    message: "You already hold other unpaid seats. Pay for them, or let their hold lapse, first.",
  },
  failed: {
    title: "Payment Not Started",
    message: "We could not start the payment. Nothing was charged. Please try again.",
  },
} as const satisfies Record<string, Toast>;

export type PayProblem = keyof typeof PAY_PROBLEMS;

/** The problem code of an action's refusal, by its toast's title (`failed` for anything else). */
export function payProblemOf(title: string | undefined): PayProblem {
  const found = (Object.keys(PAY_PROBLEMS) as PayProblem[]).find(
    (code) => PAY_PROBLEMS[code].title === title,
  );
  return found ?? "failed";
}

/** A `?problem=` value read back, or null for anything else. */
export function readPayProblem(value: unknown): PayProblem | null {
  return typeof value === "string" && Object.hasOwn(PAY_PROBLEMS, value)
    ? (value as PayProblem)
    : null;
}
