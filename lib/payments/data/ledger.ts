import "server-only";

import { randomBytes } from "node:crypto";

import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { bookingEvents, bookings, payments, tours } from "@/db/schema";
import { actorOf, type AuditActor, SYSTEM, VISITOR } from "@/lib/audit/events";
import { type LedgerStatus, type PaymentKind, type PaymentStatus } from "@/lib/domain";
import { bookingRef } from "@/lib/bookings/labels";
import { kampalaDay, todayInKampala } from "@/lib/dates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { paymentDriver } from "@/lib/payments";
import {
  type AmountsDue,
  derivePaymentStatus,
  formatMoney,
  ledgerSums,
} from "@/lib/payments/ledger";
import { balanceDueOn } from "@/lib/payments/quote";
import { ledgerAmount, ugxForUsd } from "@/lib/payments/ugx";
import {
  type PaymentCurrency,
  type PaymentDriver,
  ProviderUnavailable,
} from "@/lib/payments/types";

import { recordAudit } from "@/lib/audit/data/trail";
import {
  bookingDueColumns,
  bookingMailColumns,
  dueOf,
  isCalledOff,
  lockBooking,
  readBooking,
} from "@/lib/bookings/data/booking-row";
import { countedPayments } from "./counted";
import { ugxRateAt } from "./rate-of-day";
import { refreshDepartures } from "@/lib/departures/data/seats";
import { queuePaymentReceiptMail } from "@/lib/documents/data";
import { assignGuideWhenPaid, type AutomaticAssignment } from "@/lib/guides/data/auto-assign";
import { callerActor, requireAdmin, requireStaff, type Staff } from "@/lib/session";
import { offerReturnedSeats } from "@/lib/departures/data/waitlist";
import { confirmPaidHold, holdColumnsForPage } from "@/lib/bookings/data/holds";

/**
 * The payments ledger (table `payments`): one row per payment in or out of a booking. A booking's
 * payment status is never typed by anyone any more: it is derived from its completed rows against
 * its total (lib/payments/ledger.ts) and written here, in the transaction that changed a row.
 *
 * Online payments: startPayment() writes a pending row and hands the order to the provider;
 * settleOrder() is the only way such a row changes, and it believes only the provider's own status
 * endpoint, asked by us. A notification (IPN) or the payer's return is a hint to ask, never a
 * fact: whatever it says, however often and in whatever order it arrives, the row is locked, and a
 * final row never changes again (but a completed one may be reversed). An amount or currency that
 * differs from the order is flagged, left pending and never counted. Pending orders are asked
 * again on a schedule (recheckPendingPayments, lib/scheduled-jobs.ts).
 *
 * Staff record cash and bank transfers (recordManualPayment); admins record refunds
 * (recordRefund: money out is the admin's call, like deleting a tour).
 */

/** The currency of a booking's total (bookings.total_minor is in US cents). */
export const BOOKING_CURRENCY: PaymentCurrency = "USD";
/** The return page of the payer's browser after the checkout (the callback_url). */
export const PAYMENT_RETURN_PATH = "/api/payments/return";
/** A pending order is first asked again this long after it was made. */
export const RECHECK_AFTER_MS = 2 * 60_000;
/** Pending orders older than this are no longer asked on the schedule (the payer walked away). */
export const RECHECK_FOR_MS = 7 * 24 * 60 * 60_000;

/**
 * One status check per order per window, however many notifications, returns and page views ask:
 * a pending order's answer is reused for a minute, a completed one is asked again (for a
 * reversal) once an hour. Pesapal throttles a merchant that asks too often, and then nobody's
 * payment settles.
 */
export const STATUS_CHECK_EVERY_MS = 60_000;
export const REVERSAL_CHECK_EVERY_MS = 60 * 60_000;

/** Status checks failing one after another before a recheck run gives up until the next. */
const MAX_UNANSWERED = 3;

const FINAL: readonly LedgerStatus[] = ["completed", "failed", "reversed"];

/** Our unique reference of an order: 'BU-5F0C2B1E-K7Q2M9XW' (at most 50 characters for Pesapal). */
function newMerchantReference(bookingId: string, prefix = ""): string {
  const suffix = randomBytes(5).toString("hex").toUpperCase();
  return `BU-${bookingRef(bookingId)}-${prefix}${suffix}`;
}

/* ------------------------------------------------------------------------------------------ */
/* The booking's status, recomputed from its ledger                                            */
/* ------------------------------------------------------------------------------------------ */

/** The ledger rows that count (completed) of a booking, in the booking's currency. */
const countedRows = (tx: Tx, bookingId: string) =>
  countedPayments(tx, [bookingId], BOOKING_CURRENCY);

/** The payment status before and after a recomputation. */
export type StatusChange = { from: PaymentStatus; to: PaymentStatus };

/** What recomputeBooking found: the status change, and the guide pick's outcome. */
export type Recomputed = StatusChange & {
  /** Set when the automatic guide assignment ran (lib/guides/data/auto-assign.ts). */
  assignment: AutomaticAssignment;
  /** This change paid a booking held at the checkout, and confirmed it. */
  confirmedHold: boolean;
};

export type RecomputeOptions = {
  /** The history's name of the actor when not the audit trail's (a staff member's name). */
  historyLabel?: string;
  /** The amount a recorded row moved: named in the history when the status stays as it was. */
  payment?: string;
  /**
   * The caller's audit event of its change, written once the status is known and before the
   * guide pick it may lead to, so the trail reads cause before consequence.
   */
  audit?: (change: StatusChange) => Promise<void>;
};

/**
 * Recomputes the booking's payment status and its net paid (bookings.paid_minor, what the money
 * screens sum instead of the ledger) from its ledger, under the booking's row lock, and writes both
 * in one update every time: a second part-payment leaves the status as it was but moves the net
 * paid. The status's change gets a history line. A booking staff marked 'Cancelled' keeps that
 * status (money that still arrives is in the ledger for staff to refund); its net paid still
 * follows the ledger.
 *
 * Every change of the ledger or the total comes through here, so this is where a booking that is
 * now Deposit Made or Paid without a guide gets one (staff's cash and transfers and the provider's
 * online payments alike), audited as `actor`'s.
 */
export async function recomputeBooking(
  tx: Tx,
  bookingId: string,
  actor: AuditActor,
  note: string,
  options: RecomputeOptions = {},
): Promise<Recomputed> {
  const b = await lockBooking(tx, bookingId, {
    paymentStatus: bookings.paymentStatus,
    bookingStatus: bookings.bookingStatus,
    totalMinor: bookings.totalMinor,
    departureId: bookings.departureId,
    guideId: bookings.guideId,
    departureDate: bookings.departureDate,
    endDate: bookings.endDate,
    tourCategory: tours.category,
    tourTags: tours.tags,
    holdExpiresAt: bookings.holdExpiresAt,
  });
  if (!b) throw new DomainError("not_found");
  const rows = await countedRows(tx, bookingId);
  const from = b.paymentStatus;
  const to = from === "Cancelled" ? from : derivePaymentStatus(b.totalMinor, rows);
  await tx
    .update(bookings)
    .set({
      paymentStatus: to,
      paidMinor: ledgerSums(rows).paidMinor,
      // The booking's version moves with what staff see change; the net paid alone does not.
      ...(to !== from ? { updatedAt: sql`clock_timestamp()` } : {}),
    })
    .where(eq(bookings.id, bookingId));
  const line = {
    bookingId,
    actorUserId: actor.userId,
    actorLabel: options.historyLabel ?? actor.label,
    // The statement's clock, so the lines of one transaction read back in the order written.
    createdAt: sql`clock_timestamp()`,
  };
  if (to !== from)
    await tx
      .insert(bookingEvents)
      .values({ ...line, field: "payment_status", fromValue: from, toValue: to, note });
  else if (options.payment)
    await tx
      .insert(bookingEvents)
      .values({ ...line, field: "payment", fromValue: null, toValue: options.payment, note });
  // Refunded gives the departure's seats back (lib/departures/data/seats.ts notCalledOff).
  if (to !== from && to === "Refunded" && b.departureId)
    await offerReturnedSeats(tx, b.departureId);
  await options.audit?.({ from, to });
  // Paid at the checkout: the booking held there is confirmed now, with no staff step.
  const confirmedHold =
    to !== from && (to === "Deposit Made" || to === "Paid") && b.holdExpiresAt !== null
      ? await confirmPaidHold(tx, bookingId)
      : false;
  const assignment = await assignGuideWhenPaid(
    tx,
    { ...b, id: bookingId, paymentStatus: to },
    actor,
  );
  return { from, to, assignment, confirmedHold };
}

/* ------------------------------------------------------------------------------------------ */
/* Online payments                                                                             */
/* ------------------------------------------------------------------------------------------ */

export type PayableKind = "deposit" | "balance" | "full";

export type StartedPayment = { paymentId: string; merchantReference: string; redirectUrl: string };

/** How the payer pays: in the booking's US dollars, or in shillings at the staff rate. */
export type PaymentOptions = {
  currency?: PaymentCurrency;
  /**
   * The rate the pay page showed (its id): a payment in shillings starts only at that rate, so
   * nobody is charged an amount they were not shown. Unset: the rate in force.
   */
  shownRateId?: string | null;
};

/**
 * Starts an online payment of what `kind` leaves due on the booking (the pay page, authorized by
 * its signed pay link: lib/payments/pay-link.ts). The link's expiry is kept on the order: a failed
 * order's 'Try again' is that same link, so holding an old link never earns a fresh one.
 * Refused with `nothing_due` when the booking is cancelled,
 * has no total yet or owes nothing of that kind; with `provider_unavailable` when the provider
 * does not take the order (the row is marked failed: nothing was charged).
 *
 * In shillings (`options.currency` UGX): the dollars due are priced at the rate in force, rounded
 * up to a whole shilling, and the row keeps the rate and the US cents it settles, which is what
 * the ledger counts once the provider confirms it. Refused with `payment_invalid` when no rate is
 * in force or it is not the one the payer was shown.
 */
export async function startPayment(
  bookingId: string,
  kind: PayableKind,
  driver: PaymentDriver = paymentDriver(),
  payLinkExpiresAt: Date | null = null,
  options: PaymentOptions = {},
): Promise<StartedPayment> {
  const currency = options.currency ?? BOOKING_CURRENCY;
  // The trail names who paid: a signed-in customer by their account, anyone else as a visitor
  // (outside a request, say a script, there is nobody signed in to ask about).
  const payer = await callerActor().catch(() => VISITOR);
  const db = await getDb();
  const order = await db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId, {
      ...bookingMailColumns,
      phone: bookings.phone,
      bookingStatus: bookings.bookingStatus,
      paymentStatus: bookings.paymentStatus,
      ...bookingDueColumns,
      paidMinor: bookings.paidMinor,
      ...holdColumnsForPage,
    });
    if (!b) throw new DomainError("not_found");
    if (isCalledOff(b))
      throw new DomainError("nothing_due", { reason: "This booking is cancelled." });
    if (b.totalMinor === null)
      throw new DomainError("nothing_due", { reason: "This booking has no price yet." });
    // A checkout hold that lapsed unpaid sold nothing: its seats are on sale again.
    if (
      b.holdExpiresAt !== null &&
      !b.holdLive &&
      b.paidMinor === 0 &&
      b.bookingStatus !== "confirmed"
    )
      throw new DomainError("hold_lapsed");
    const due = dueOf(b, await countedRows(tx, b.id));
    const amountMinor =
      kind === "deposit"
        ? due.depositDue
        : kind === "balance"
          ? due.depositDue > 0
            ? 0
            : due.balanceMinor
          : due.balanceMinor;
    if (amountMinor <= 0)
      throw new DomainError("nothing_due", {
        reason:
          due.balanceMinor === 0
            ? "This booking is paid in full."
            : kind === "deposit"
              ? "The deposit is already paid."
              : "Pay the deposit first, or the full amount.",
      });
    // What the provider is asked for: the dollars due, or their shillings at the current rate.
    const rate = currency === BOOKING_CURRENCY ? null : await ugxRateAt(tx);
    if (
      currency !== BOOKING_CURRENCY &&
      (!rate || (options.shownRateId != null && options.shownRateId !== rate.id))
    )
      throw new DomainError("payment_invalid", { reason: "rate_changed" });
    const chargeMinor = rate ? ugxForUsd(amountMinor, rate.ugxPerUsd) : amountMinor;
    const inShillings = rate
      ? { usdMinor: amountMinor, usdRate: rate.ugxPerUsd, rateId: rate.id }
      : { usdMinor: null, usdRate: null, rateId: null };
    // One open order per booking: a second Pay (another tab, a retried mobile-money prompt) goes
    // back to the order still open for the same kind and amount; any other open order is
    // replaced, and cancelled at the provider once this transaction is over.
    const open = await tx
      .select({
        id: payments.id,
        kind: payments.kind,
        amountMinor: payments.amountMinor,
        currency: payments.currency,
        merchantReference: payments.merchantReference,
        trackingId: payments.providerTrackingId,
        checkoutUrl: payments.checkoutUrl,
      })
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, b.id),
          eq(payments.provider, driver.name),
          eq(payments.status, "pending"),
          isNull(payments.flaggedReason),
          isNotNull(payments.providerTrackingId),
        ),
      );
    const same = open.find(
      (o) =>
        o.kind === kind &&
        o.currency === currency &&
        o.amountMinor === chargeMinor &&
        o.checkoutUrl !== null,
    );
    if (same)
      return {
        reused: {
          paymentId: same.id,
          merchantReference: same.merchantReference,
          redirectUrl: same.checkoutUrl!,
        },
      };
    const merchantReference = newMerchantReference(b.id);
    const [row] = await tx
      .insert(payments)
      .values({
        bookingId: b.id,
        kind,
        amountMinor: chargeMinor,
        currency,
        ...inShillings,
        provider: driver.name,
        merchantReference,
        status: "pending",
        payLinkExpiresAt,
      })
      .returning({ id: payments.id });
    await recordAudit(
      {
        action: "payment.started",
        actor: payer,
        target: { type: "booking", id: b.id },
        details: {
          payment: row!.id,
          reference: merchantReference,
          kind,
          amount: ledgerAmount({ amountMinor: chargeMinor, currency, ...inShillings }),
          provider: driver.name,
        },
      },
      tx,
    );
    return {
      paymentId: row!.id,
      merchantReference,
      amountMinor: chargeMinor,
      booking: b,
      replaced: open.map((o) => ({ id: o.id, trackingId: o.trackingId! })),
    };
  });
  if (order.reused) return order.reused;

  for (const old of order.replaced) await cancelReplaced(db, driver, old, order.merchantReference);

  const { booking: b } = order;
  const [firstName, ...rest] = b.fullName.trim().split(/\s+/);
  let submitted;
  try {
    submitted = await driver.submitOrder({
      merchantReference: order.merchantReference,
      amountMinor: order.amountMinor,
      currency,
      description: `${kindLabel(kind)}: ${b.tourPackage}`.slice(0, 100),
      callbackUrl: `${env.SITE_URL}${PAYMENT_RETURN_PATH}`,
      billing: {
        email: b.email,
        phone: b.phone || null,
        firstName: firstName || b.fullName,
        lastName: rest.join(" ") || firstName || b.fullName,
        countryCode: null,
      },
    });
  } catch (error) {
    // The provider never gave us an order to pay: the row can never be paid. Kept, as failed.
    await db
      .update(payments)
      .set({
        status: "failed",
        note: `The payment service did not take the order: ${String(error)}`.slice(0, 500),
        checkedAt: new Date(),
      })
      .where(and(eq(payments.id, order.paymentId), eq(payments.status, "pending")));
    logger.warn({ event: "payment_submit_failed", payment: order.paymentId, error: String(error) });
    if (error instanceof ProviderUnavailable) throw new DomainError("provider_unavailable");
    throw error;
  }
  await db
    .update(payments)
    .set({ providerTrackingId: submitted.trackingId, checkoutUrl: submitted.redirectUrl })
    .where(eq(payments.id, order.paymentId));
  return {
    paymentId: order.paymentId,
    merchantReference: order.merchantReference,
    redirectUrl: submitted.redirectUrl,
  };
}

/**
 * Cancels at the provider an open order a newer one replaced, and closes its row (failed, with
 * why). An order the provider will not cancel (paid meanwhile) or cannot be asked about stays
 * pending: its status check settles it, and money beyond what the booking owes is flagged for a
 * refund there (settleOrder), never counted.
 */
async function cancelReplaced(
  db: Awaited<ReturnType<typeof getDb>>,
  driver: PaymentDriver,
  old: { id: string; trackingId: string },
  by: string,
): Promise<void> {
  let cancelled = false;
  try {
    cancelled = await driver.cancelOrder(old.trackingId);
  } catch (error) {
    logger.warn({ event: "payment_cancel_failed", payment: old.id, error: String(error) });
  }
  if (!cancelled) return;
  await db
    .update(payments)
    .set({ status: "failed", note: `Replaced by the order ${by}.`, checkedAt: new Date() })
    .where(and(eq(payments.id, old.id), eq(payments.status, "pending")));
}

const kindLabel = (kind: PaymentKind) =>
  ({ deposit: "Deposit", balance: "Balance", full: "Payment in full", refund: "Refund" })[kind];

export type SettleResult = {
  /** The row's status after the check. */
  status: LedgerStatus;
  /** Whether this check changed the row (a repeated notification changes nothing). */
  changed: boolean;
  bookingId: string;
  merchantReference: string;
  /** Set when the provider's amount or currency differs from the order's: never counted. */
  flaggedReason: string | null;
};

/**
 * Settles one provider order from the provider's own status endpoint: the only way an online
 * payment's row changes. `not_found` for a tracking id we never issued (asked of nobody);
 * ProviderUnavailable when the provider does not answer (the row stays as it was, its checkedAt
 * moves on). Safe to run any number of times at once: the row is locked and final rows stay.
 * The provider is asked at most once per STATUS_CHECK_EVERY_MS (REVERSAL_CHECK_EVERY_MS once
 * completed), counted from `asOf`; within it the row's last answer is returned unchanged.
 */
export async function settleOrder(
  trackingId: string,
  driver: PaymentDriver = paymentDriver(),
  asOf: Date = new Date(),
): Promise<SettleResult> {
  const db = await getDb();
  const where = and(
    eq(payments.provider, driver.name),
    eq(payments.providerTrackingId, trackingId),
  );
  const [known] = await db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      status: payments.status,
      merchantReference: payments.merchantReference,
      flaggedReason: payments.flaggedReason,
    })
    .from(payments)
    .where(where);
  if (!known) throw new DomainError("not_found");
  const unchanged = (status: LedgerStatus, flaggedReason: string | null): SettleResult => ({
    status,
    changed: false,
    bookingId: known.bookingId,
    merchantReference: known.merchantReference,
    flaggedReason,
  });
  // Failed and reversed are the end; a completed payment can still be reversed by the provider.
  if (known.status === "failed" || known.status === "reversed")
    return unchanged(known.status, known.flaggedReason);

  // One check per window (STATUS_CHECK_EVERY_MS): the first caller claims it in one conditional
  // update, so concurrent notifications agree; the others answer what the row holds. A failed
  // check keeps its claim too: a provider that is down or throttling is not asked harder.
  const every = known.status === "completed" ? REVERSAL_CHECK_EVERY_MS : STATUS_CHECK_EVERY_MS;
  const [claimed] = await db
    .update(payments)
    .set({ statusCheckedAt: asOf })
    .where(
      and(
        eq(payments.id, known.id),
        or(
          isNull(payments.statusCheckedAt),
          lte(payments.statusCheckedAt, new Date(asOf.getTime() - every)),
        ),
      ),
    )
    .returning({ id: payments.id });
  if (!claimed) return unchanged(known.status, known.flaggedReason);

  let answer;
  try {
    answer = await driver.getOrderStatus(trackingId);
  } catch (error) {
    await db.update(payments).set({ checkedAt: new Date() }).where(eq(payments.id, known.id));
    throw error instanceof ProviderUnavailable
      ? error
      : new ProviderUnavailable("The status check failed", error);
  }

  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, known.id)).for("update");
    if (!row) throw new DomainError("not_found");
    const now = new Date();
    const result = (status: LedgerStatus, changed: boolean, flaggedReason = row.flaggedReason) => ({
      status,
      changed,
      bookingId: row.bookingId,
      merchantReference: row.merchantReference,
      flaggedReason,
    });
    const touch = () => tx.update(payments).set({ checkedAt: now }).where(eq(payments.id, row.id));
    const event = (
      action: "payment.completed" | "payment.failed" | "payment.flagged" | "payment.reversed",
      details: Record<string, unknown>,
    ) =>
      recordAudit(
        {
          action,
          actor: SYSTEM,
          target: { type: "booking", id: row.bookingId },
          details: { payment: row.id, reference: row.merchantReference, ...details },
        },
        tx,
      );

    // Final already (another notification got here first): only a reversal of a completed row.
    if (
      FINAL.includes(row.status) &&
      !(row.status === "completed" && answer.status === "reversed")
    ) {
      await touch();
      return result(row.status, false);
    }
    if (answer.status === "pending") {
      await touch();
      return result(row.status, false);
    }

    if (answer.status === "reversed" && row.status === "completed") {
      await tx
        .update(payments)
        .set({ status: "reversed", checkedAt: now, note: answer.description ?? row.note })
        .where(eq(payments.id, row.id));
      await recomputeBooking(
        tx,
        row.bookingId,
        SYSTEM,
        `Payment ${row.merchantReference} reversed by the provider.`,
        { audit: (paymentStatus) => event("payment.reversed", { paymentStatus }) },
      );
      return result("reversed", true);
    }

    if (answer.status === "completed") {
      const mismatch = [
        answer.merchantReference !== row.merchantReference &&
          `reference ${answer.merchantReference} instead of ${row.merchantReference}`,
        answer.currency !== row.currency &&
          `currency ${answer.currency} instead of ${row.currency}`,
        answer.amountMinor !== row.amountMinor &&
          `amount ${formatMoney(answer.amountMinor, answer.currency)} instead of ${formatMoney(row.amountMinor, row.currency)}`,
      ].filter(Boolean);
      if (mismatch.length > 0) {
        const reason = `The provider reports ${mismatch.join(", ")}.`.slice(0, 500);
        const changed = row.flaggedReason !== reason;
        await tx
          .update(payments)
          .set({
            flaggedReason: reason,
            checkedAt: now,
            method: answer.method ?? row.method,
            confirmationCode: answer.confirmationCode ?? row.confirmationCode,
          })
          .where(eq(payments.id, row.id));
        if (changed) await event("payment.flagged", { reason });
        logger.warn({ event: "payment_flagged", payment: row.id, reason });
        return result("pending", changed, reason);
      }
      if (row.flaggedReason) {
        // Flagged once, it waits for staff: a later matching answer does not count it silently.
        await touch();
        return result("pending", false);
      }
      // Money beyond what the booking still owes (a replaced order paid anyway, two orders paid
      // at once) is kept on the row for staff to refund, and never counted.
      const b = await lockBooking(tx, row.bookingId, bookingDueColumns);
      const owed = b ? dueOf(b, await countedRows(tx, row.bookingId)).balanceMinor : 0;
      // A payment in shillings settles the dollars it was priced for.
      const settles = row.currency === BOOKING_CURRENCY ? row.amountMinor : (row.usdMinor ?? 0);
      if (settles > owed || settles <= 0) {
        const reason =
          `Paid ${ledgerAmount(row)} when the booking owed ` +
          `${formatMoney(owed, BOOKING_CURRENCY)}: to refund, not counted.`;
        await tx
          .update(payments)
          .set({
            flaggedReason: reason,
            checkedAt: now,
            method: answer.method ?? row.method,
            confirmationCode: answer.confirmationCode ?? row.confirmationCode,
          })
          .where(eq(payments.id, row.id));
        await event("payment.flagged", { reason });
        logger.warn({ event: "payment_flagged", payment: row.id, reason });
        return result("pending", true, reason);
      }
      await tx
        .update(payments)
        .set({
          status: "completed",
          method: answer.method,
          confirmationCode: answer.confirmationCode,
          completedAt: now,
          checkedAt: now,
        })
        .where(eq(payments.id, row.id));
      const recomputed = await recomputeBooking(
        tx,
        row.bookingId,
        SYSTEM,
        `${ledgerAmount(row)} received (${answer.method ?? "online"}, ${row.merchantReference}).`,
        {
          audit: (paymentStatus) =>
            event("payment.completed", {
              kind: row.kind,
              amount: ledgerAmount(row),
              method: answer.method,
              paymentStatus,
            }),
        },
      );
      await queuePaymentReceiptMail(tx, row.id, { confirmed: recomputed.confirmedHold });
      return result("completed", true);
    }

    // failed (or reversed before it ever completed): the order can no longer be paid.
    await tx
      .update(payments)
      .set({ status: "failed", checkedAt: now, note: answer.description ?? row.note })
      .where(eq(payments.id, row.id));
    await event("payment.failed", { provider: answer.description ?? answer.status });
    return result("failed", true);
  });
}

/** The merchant reference of a provider order, by its tracking id (the return page's redirect). */
export async function merchantReferenceOf(
  trackingId: string,
  provider: PaymentDriver["name"],
): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ref: payments.merchantReference })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerTrackingId, trackingId)));
  return row?.ref ?? null;
}

/**
 * Asks the provider again about pending orders at least RECHECK_AFTER_MS old (and at most
 * RECHECK_FOR_MS), the longest unasked first: a lost notification still settles. Flagged rows
 * wait for staff. Stops after MAX_UNANSWERED failed checks in a row (the provider is down).
 * Returns how many rows changed.
 */
export async function recheckPendingPayments(
  now: Date = new Date(),
  driver: PaymentDriver = paymentDriver(),
  limit = 50,
): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ trackingId: payments.providerTrackingId })
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        eq(payments.provider, driver.name),
        isNotNull(payments.providerTrackingId),
        isNull(payments.flaggedReason),
        lt(payments.createdAt, new Date(now.getTime() - RECHECK_AFTER_MS)),
        gt(payments.createdAt, new Date(now.getTime() - RECHECK_FOR_MS)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
    .limit(limit);
  let changed = 0;
  let unanswered = 0;
  for (const { trackingId } of due) {
    try {
      if ((await settleOrder(trackingId!, driver, now)).changed) changed += 1;
      unanswered = 0;
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) {
        logger.error({ event: "payment_recheck_failed", trackingId, error: String(error) });
        continue;
      }
      logger.warn({ event: "payment_recheck_unavailable", trackingId, error: error.message });
      // One order the provider cannot answer about is that order's problem; several in a row
      // is the provider down: the rest wait for the next run.
      if (++unanswered >= MAX_UNANSWERED) break;
    }
  }
  if (changed > 0) {
    logger.info({ event: "payments_rechecked", changed });
    refreshDepartures();
  }
  return changed;
}

/* ------------------------------------------------------------------------------------------ */
/* Staff: cash, bank transfers, refunds, the ledger, the total                                  */
/* ------------------------------------------------------------------------------------------ */

export type ManualPaymentInput = {
  bookingId: string;
  kind: PayableKind;
  /** How the money came: cash at the office, a bank transfer, or MTN or Airtel mobile money. */
  method: ManualMethod;
  amountMinor: number;
  /** The total's currency only: the ledger counts one currency per booking. */
  currency?: PaymentCurrency;
  /** The receipt number or the bank's reference. */
  reference: string | null;
  note: string | null;
  /** An admin confirmed recording more than the balance owed (refused to other staff). */
  overBalance?: boolean;
};

type ManualMethod = "cash" | "bank" | "mtn" | "airtel";

const METHOD_LABELS: Record<ManualMethod, string> = {
  cash: "Cash",
  bank: "Bank transfer",
  mtn: "MTN Mobile Money",
  airtel: "Airtel Money",
};

/** The ledger's provider of a manual row: mobile money of either network is 'mobile'. */
const manualProvider = (method: ManualMethod) =>
  method === "mtn" || method === "airtel" ? "mobile" : method;

function checkAmount(amountMinor: number, currency: string) {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new DomainError("payment_invalid", { reason: "Enter an amount above zero." });
  if (currency !== BOOKING_CURRENCY)
    throw new DomainError("payment_invalid", {
      reason: `Record payments in ${BOOKING_CURRENCY}, the booking's currency.`,
    });
}

/** One completed row written by staff, the booking recomputed, its history and audit event. */
async function recordStaffRow(
  staff: Staff,
  row: {
    bookingId: string;
    kind: PaymentKind;
    method: ManualMethod;
    amountMinor: number;
    currency: PaymentCurrency;
    reference: string | null;
    note: string | null;
  },
  check: (paidMinor: number, totalMinor: number | null) => void,
): Promise<{ paymentId: string; paymentStatus: PaymentStatus; assignment: AutomaticAssignment }> {
  // Mobile money is traced by its transaction code alone: without it, nobody can match the money.
  if (manualProvider(row.method) === "mobile" && !row.reference?.trim())
    throw new DomainError("payment_invalid", {
      reason: "Enter the mobile money transaction code.",
    });
  const db = await getDb();
  const actor: AuditActor = actorOf(staff);
  const result = await db.transaction(async (tx) => {
    const b = await lockBooking(tx, row.bookingId, {
      id: bookings.id,
      totalMinor: bookings.totalMinor,
    });
    if (!b) throw new DomainError("not_found");
    check(ledgerSums(await countedRows(tx, b.id)).paidMinor, b.totalMinor);
    const [inserted] = await tx
      .insert(payments)
      .values({
        bookingId: b.id,
        kind: row.kind,
        amountMinor: row.amountMinor,
        currency: row.currency,
        provider: manualProvider(row.method),
        merchantReference: newMerchantReference(b.id, row.kind === "refund" ? "R" : "M"),
        confirmationCode: row.reference?.trim() || null,
        method: METHOD_LABELS[row.method],
        status: "completed",
        recordedByUserId: staff.userId,
        note: row.note?.trim() || null,
        completedAt: new Date(),
      })
      .returning({ id: payments.id, merchantReference: payments.merchantReference });
    const amount = formatMoney(row.amountMinor, row.currency);
    const words =
      row.kind === "refund"
        ? `${amount} refunded (${METHOD_LABELS[row.method]}).`
        : `${amount} received (${METHOD_LABELS[row.method]}).`;
    const change = await recomputeBooking(tx, b.id, actor, words, {
      // The status may not move: the history still names the payment.
      payment: amount,
      audit: (paymentStatus) =>
        recordAudit(
          {
            action: row.kind === "refund" ? "payment.refunded" : "payment.recorded",
            actor,
            target: { type: "booking", id: b.id },
            details: {
              payment: inserted!.id,
              kind: row.kind,
              amount,
              method: METHOD_LABELS[row.method],
              paymentStatus,
            },
          },
          tx,
        ),
    });
    // The payer's 'Payment received' mail with the receipt (refunds have none: it skips them).
    await queuePaymentReceiptMail(tx, inserted!.id);
    return { paymentId: inserted!.id, paymentStatus: change.to, assignment: change.assignment };
  });
  refreshDepartures();
  return result;
}

/**
 * Staff record cash or a bank transfer received for a booking: at most the balance owed (checked
 * under the booking's lock), unless an admin confirms more (`overBalance`). A booking without a
 * total yet owes no known balance: only the form's bound applies.
 */
export async function recordManualPayment(input: ManualPaymentInput) {
  const staff = input.overBalance ? await requireAdmin() : await requireStaff();
  const currency = input.currency ?? BOOKING_CURRENCY;
  checkAmount(input.amountMinor, currency);
  return recordStaffRow(staff, { ...input, currency }, (paidMinor, totalMinor) => {
    if (input.overBalance || totalMinor === null) return;
    const owed = Math.max(0, totalMinor - paidMinor);
    if (input.amountMinor > owed)
      throw new DomainError("payment_invalid", {
        reason: `At most ${formatMoney(owed, currency)} is owed on this booking.`,
      });
  });
}

export type RefundInput = Omit<ManualPaymentInput, "kind"> & {
  /** A completed online payment to refund: through its provider, or as a manual payout. */
  paymentId?: string | null;
};

/**
 * An admin records money paid back by cash or bank. Admins only: money out is the admin's call. At
 * most what was paid. A refund of one online payment goes through lib/payments/data/refunds.ts
 * (refundBooking), which calls this for the ones paid back by hand.
 */
export async function recordRefund(input: RefundInput) {
  const admin = await requireAdmin();
  const currency = input.currency ?? BOOKING_CURRENCY;
  checkAmount(input.amountMinor, currency);
  return recordStaffRow(admin, { ...input, kind: "refund", currency }, (paidMinor) => {
    if (input.amountMinor > paidMinor)
      throw new DomainError("payment_invalid", {
        reason: `A refund can be at most what was paid (${formatMoney(paidMinor, currency)}).`,
      });
  });
}

export type LedgerEntry = {
  id: string;
  kind: PaymentKind;
  amountMinor: number;
  currency: string;
  amount: string;
  provider: string;
  method: string | null;
  merchantReference: string;
  confirmationCode: string | null;
  status: LedgerStatus;
  flaggedReason: string | null;
  note: string | null;
  createdAt: Date;
  completedAt: Date | null;
};

export type Ledger = {
  bookingId: string;
  totalMinor: number | null;
  totalReason: string | null;
  paymentStatus: PaymentStatus;
  due: AmountsDue;
  entries: LedgerEntry[];
};

/** A booking's ledger for the staff dialog: every row, newest first, and what is due. */
export async function getLedger(bookingId: string): Promise<Ledger> {
  await requireStaff();
  const db = await getDb();
  const b = await readBooking(db, bookingId, {
    ...bookingDueColumns,
    totalReason: bookings.totalReason,
    paymentStatus: bookings.paymentStatus,
  });
  if (!b) throw new DomainError("not_found");
  const rows = await db
    .select({
      id: payments.id,
      kind: payments.kind,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      usdMinor: payments.usdMinor,
      usdRate: payments.usdRate,
      provider: payments.provider,
      method: payments.method,
      merchantReference: payments.merchantReference,
      confirmationCode: payments.confirmationCode,
      status: payments.status,
      flaggedReason: payments.flaggedReason,
      note: payments.note,
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  // As countedPayments counts them: a payment in shillings by the dollars it settles.
  const counted = rows.flatMap((r) =>
    r.currency === BOOKING_CURRENCY
      ? [r]
      : r.usdMinor !== null
        ? [{ ...r, amountMinor: r.usdMinor }]
        : [],
  );
  return {
    bookingId,
    totalMinor: b.totalMinor,
    totalReason: b.totalReason,
    paymentStatus: b.paymentStatus,
    due: dueOf(b, counted),
    entries: rows.map((r) => ({ ...r, amount: ledgerAmount(r) })),
  };
}

/**
 * Staff set the booking's quoted total (US cents) and why; the balance falls due the tour's
 * balance days before departure, or on the day the booking was confirmed (today, if it is not)
 * when that day has passed; none without a date. The payment status is recomputed: a lower total
 * can make a booking Paid.
 */
export async function setBookingTotal(
  bookingId: string,
  totalMinor: number,
  reason: string | null,
): Promise<{ totalMinor: number; balanceDueOn: string | null; paymentStatus: PaymentStatus }> {
  const staff = await requireStaff();
  if (!Number.isSafeInteger(totalMinor) || totalMinor <= 0)
    throw new DomainError("payment_invalid", { reason: "Enter a total above zero." });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId, {
      id: bookings.id,
      totalMinor: bookings.totalMinor,
      departureDate: bookings.departureDate,
      confirmedAt: bookings.confirmedAt,
      balanceDueDays: tours.balanceDueDays,
    });
    if (!b) throw new DomainError("not_found");
    const quotedOn = b.confirmedAt ? kampalaDay(b.confirmedAt) : todayInKampala();
    const dueOn = balanceDueOn(b.departureDate, b.balanceDueDays ?? 60, quotedOn);
    const words = reason?.trim() || null;
    await tx
      .update(bookings)
      .set({
        totalMinor,
        totalReason: words,
        balanceDueOn: dueOn,
        // The deposit's share is fixed with the first total, as a confirmation fixes it.
        depositPercent: sql`coalesce(${bookings.depositPercent}, ${env.DEPOSIT_PERCENT})`,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(bookings.id, b.id));
    const from = b.totalMinor === null ? null : formatMoney(b.totalMinor, BOOKING_CURRENCY);
    const to = formatMoney(totalMinor, BOOKING_CURRENCY);
    if (from !== to)
      await tx.insert(bookingEvents).values({
        bookingId: b.id,
        actorUserId: staff.userId,
        actorLabel: staff.email,
        field: "total",
        fromValue: from,
        toValue: to,
        note: words,
      });
    const change = await recomputeBooking(tx, b.id, actorOf(staff), `Total set to ${to}.`, {
      audit: (paymentStatus) =>
        recordAudit(
          {
            action: "booking.update",
            actor: actorOf(staff),
            target: { type: "booking", id: b.id },
            details: { total: { from, to }, balanceDueOn: dueOn, paymentStatus },
          },
          tx,
        ),
    });
    return { totalMinor, balanceDueOn: dueOn, paymentStatus: change.to };
  });
}
