import "server-only";

import { and, eq, inArray } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, payments, tours } from "@/db/schema";
import type { LedgerStatus, PaymentKind } from "@/lib/domain";
import { countedPayments } from "@/lib/payments/data/counted";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import {
  bookingDueColumns,
  bookingMailColumns,
  dueOf,
  isCalledOff,
  readBooking,
} from "@/lib/bookings/data/booking-row";
import { holdColumnsForPage } from "@/lib/bookings/data/holds";
import { feeLinesOf, feesTotal } from "@/lib/parks/data/fees";
import { type FeeLineGroup, groupFeeLines } from "@/lib/parks/fees";
import type { AmountsDue } from "@/lib/payments/ledger";
import { ProviderUnavailable } from "@/lib/payments/types";
import {
  payChoices,
  type PayChoice,
  type ShillingRate,
  withShillings,
} from "@/lib/payments/schemas";

import { BOOKING_CURRENCY, settleOrder } from "./ledger";
import { currentUgxRate } from "./rate-of-day";

/**
 * The pay page (/pay/<token>) and the page the payer comes back to (/pay/result?ref=…).
 *
 * Neither has a session to check: the pay page's caller is authorized by the signed, expiring pay
 * link (lib/payments/pay-link.ts), verified by the page and again by the action before anything here is
 * called; the result page's by our merchant reference of the order, which only the payer's
 * browser and the provider are given (it holds 40 random bits). So these reads return only what
 * the holder needs to pay and nothing else of the booking (no email, phone, address, requests).
 */

export type PayableBooking = {
  id: string;
  tourPackage: string;
  departureDate: string | null;
  endDate: string | null;
  groupSize: number;
  leadName: string;
  currency: typeof BOOKING_CURRENCY;
  /** Null while no total is quoted. */
  totalMinor: number | null;
  /** The park fees the booking was sold with, itemised (none for a trip without a permit). */
  fees: FeeLineGroup[];
  /** What the fees count in the total, US cents; the rest of the total is the tour itself. */
  feesMinor: number;
  paidMinor: number;
  due: AmountsDue;
  /** Cancelled by staff, or its payment cancelled or refunded: nothing can be paid. */
  cancelled: boolean;
  /**
   * What may be paid now (empty when nothing is due, or the checkout hold lapsed), each with its
   * amount in shillings when a rate is set.
   */
  choices: PayChoice[];
  /** The shilling rate in force: null when staff set none, and then only US dollars are offered. */
  shillingRate: ShillingRate | null;
  /**
   * A booking on a departure held at the checkout and not paid yet: until when its seats are
   * held, and whether they still are. Null once paid or confirmed, and for every other booking.
   */
  hold: { expiresAt: Date; live: boolean; tourSlug: string | null } | null;
};

/** The completed rows of these bookings in the booking currency, by booking (one query). */
export async function countedRowsOf(bookingIds: readonly string[]) {
  const byBooking = new Map<
    string,
    { kind: PaymentKind; amountMinor: number; status: LedgerStatus }[]
  >();
  if (bookingIds.length === 0) return byBooking;
  const rows = await countedPayments(await getDb(), bookingIds, BOOKING_CURRENCY);
  for (const { bookingId, ...row } of rows) {
    const list = byBooking.get(bookingId) ?? [];
    list.push(row);
    byBooking.set(bookingId, list);
  }
  return byBooking;
}

/**
 * The booking a pay link was signed for, as the pay page shows it: what it is, its total, what
 * is paid and what may be paid now. Null for an unknown booking.
 *
 * No session is checked: the caller is authorized by the pay link's token (verifyPayLink), which
 * the page verifies before calling this with the booking id the token names. Never call it with
 * an id that did not come from a verified token.
 */
export async function getPayableBooking(bookingId: string): Promise<PayableBooking | null> {
  const b = await readBooking(await getDb(), bookingId, {
    ...bookingMailColumns,
    departureDate: bookings.departureDate,
    endDate: bookings.endDate,
    groupSize: bookings.groupSize,
    ...bookingDueColumns,
    bookingStatus: bookings.bookingStatus,
    paymentStatus: bookings.paymentStatus,
    paidMinor: bookings.paidMinor,
    tourSlug: tours.slug,
    ...holdColumnsForPage,
  });
  if (!b) return null;
  const [counted, rate, fees] = await Promise.all([
    countedRowsOf([b.id]),
    currentUgxRate(),
    feeLinesOf(await getDb(), [b.id]),
  ]);
  const feeLines = fees.get(b.id) ?? [];
  const rows = counted.get(b.id) ?? [];
  const due = dueOf(b, rows);
  const cancelled = isCalledOff(b);
  const hold =
    b.holdExpiresAt && b.paidMinor === 0 && b.bookingStatus !== "confirmed" && !cancelled
      ? { expiresAt: b.holdExpiresAt, live: Boolean(b.holdLive), tourSlug: b.tourSlug }
      : null;
  return {
    id: b.id,
    tourPackage: b.tourPackage,
    departureDate: b.departureDate,
    endDate: b.endDate,
    groupSize: b.groupSize,
    leadName: b.fullName,
    currency: BOOKING_CURRENCY,
    totalMinor: b.totalMinor,
    fees: groupFeeLines(feeLines),
    feesMinor: feesTotal(feeLines),
    paidMinor: due.paidMinor,
    due,
    cancelled,
    choices:
      cancelled || (hold && !hold.live)
        ? []
        : withShillings(payChoices(due, BOOKING_CURRENCY), rate),
    shillingRate: rate,
    hold,
  };
}

export type PaymentResult = {
  bookingId: string;
  merchantReference: string;
  kind: PaymentKind;
  amountMinor: number;
  currency: string;
  /** pending also covers a row flagged for staff (its amount differed). */
  status: LedgerStatus;
  method: string | null;
  confirmationCode: string | null;
  /** True when the provider did not answer the check made for this page. */
  providerSlow: boolean;
  /** The expiry of the pay link the payment was started from (null for older orders). */
  payLinkExpiresAt: Date | null;
};

/** A check asked this recently (the return route's, say) is not asked again for the page. */
const RECHECK_AFTER_MS = 5_000;

/** Providers whose orders the result page shows (not staff's cash and bank rows, not refunds). */
const ONLINE = ["pesapal", "demo"] as const;

async function readPayment(merchantReference: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      bookingId: payments.bookingId,
      merchantReference: payments.merchantReference,
      kind: payments.kind,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      method: payments.method,
      confirmationCode: payments.confirmationCode,
      provider: payments.provider,
      providerTrackingId: payments.providerTrackingId,
      flaggedReason: payments.flaggedReason,
      checkedAt: payments.checkedAt,
      payLinkExpiresAt: payments.payLinkExpiresAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.merchantReference, merchantReference),
        inArray(payments.provider, [...ONLINE]),
      ),
    );
  return row && row.kind !== "refund" ? row : null;
}

/**
 * The online payment our merchant reference names, for the page the payer comes back to; null
 * for a reference we never gave (or one of staff's rows). A pending order is asked about once
 * more (settleOrder: the provider's own status, the only one believed) unless it was just asked or
 * waits for staff (flagged); a provider that does not answer leaves it pending, `providerSlow`.
 *
 * No session: the caller is authorized by the merchant reference, an unguessable id given only to
 * the payer's browser (through the provider's checkout) and to the provider.
 */
export async function getPaymentResult(
  merchantReference: string,
  now: Date = new Date(),
): Promise<PaymentResult | null> {
  if (!/^[A-Za-z0-9-]{1,50}$/.test(merchantReference)) return null;
  let row = await readPayment(merchantReference);
  if (!row) return null;
  let providerSlow = false;
  const askedJustNow =
    row.checkedAt !== null && now.getTime() - row.checkedAt.getTime() < RECHECK_AFTER_MS;
  if (row.status === "pending" && row.providerTrackingId && !row.flaggedReason && !askedJustNow) {
    try {
      await settleOrder(row.providerTrackingId, undefined, now);
    } catch (error) {
      if (error instanceof ProviderUnavailable) providerSlow = true;
      else if (!(error instanceof DomainError && error.code === "not_found"))
        // Another provider than the one configured now (not_found), or a refused demo driver:
        // the row stays as it is; the scheduled recheck settles it.
        logger.warn({ event: "pay_result_check_failed", error: String(error) });
    }
    row = (await readPayment(merchantReference)) ?? row;
  }
  return {
    bookingId: row.bookingId,
    merchantReference: row.merchantReference,
    kind: row.kind,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    method: row.method,
    confirmationCode: row.confirmationCode,
    providerSlow,
    payLinkExpiresAt: row.payLinkExpiresAt,
  };
}
