import "server-only";

import { randomBytes } from "node:crypto";

import { and, eq, ne, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, payments } from "@/db/schema";
import { recordAudit } from "@/lib/audit/data/trail";
import { actorOf } from "@/lib/audit/events";
import { lockBooking } from "@/lib/bookings/data/booking-row";
import { refreshDepartures } from "@/lib/departures/data/seats";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { paymentDriver } from "@/lib/payments";
import { formatMoney, ledgerSums } from "@/lib/payments/ledger";
import {
  paymentChannelOf,
  type PaymentDriver,
  ProviderUnavailable,
  type RefundAnswer,
} from "@/lib/payments/types";
import { requireAdmin } from "@/lib/session";

import { countedPayments } from "./counted";
import { BOOKING_CURRENCY, recomputeBooking, recordRefund, type RefundInput } from "./ledger";

/**
 * Refunds of online payments (docs/decisions/0221-pesapal-as-documented.md). Pesapal refunds a
 * completed payment once, in its own currency, to the card or wallet that paid it: a card payment
 * in part or in whole, a mobile-money payment (MTN, Airtel) only in whole. So an admin's refund of
 * an online payment is either:
 *
 * - a refund request to the provider (RefundRequest), for any refund of a card payment and the
 *   whole of a mobile-money one: one per payment (its reference is the payment's own, prefixed);
 *   the row is written pending first, under the booking's lock, so two admins cannot both ask,
 *   and completes when the provider takes the request (Pesapal's finance team then pays it); a
 *   refusal or an unreachable provider leaves a failed row saying why, and the payment may be
 *   refunded again;
 * - a manual payout, for part of a mobile-money payment: recorded as money out that staff pay
 *   by hand, labelled so, and the provider is not asked.
 *
 * Both are admins' (money out is the admin's call) and at most what was paid, on the booking and
 * of that payment. The ledger counts a refund from the moment it is recorded, as it counts a cash
 * or bank refund.
 */

export type OnlineRefundInput = {
  bookingId: string;
  /** The ledger row of the completed online payment to refund. */
  paymentId: string;
  amountMinor: number;
  /** A reference staff typed, kept with a manual payout. */
  reference: string | null;
  note: string | null;
};

export type OnlineRefundResult = {
  paymentId: string;
  paymentStatus: Awaited<ReturnType<typeof recomputeBooking>>["to"];
  /** Asked of the provider, or recorded as a payout staff make by hand. */
  way: "provider" | "manual_payout";
  /** The provider's words on the request, or null for a payout. */
  providerMessage: string | null;
};

/** The ledger's method of a refund row, as the Payments section lists it. */
export const REFUND_METHOD_LABELS = {
  provider: (method: string) => `Refund through the provider (${method})`,
  manual_payout: (method: string) => `Manual payout (part refund of ${method})`,
} as const;

/** How a refund of `amountMinor` from a payment of `paidMinor` by `method` can be made. */
export function refundWay(
  method: string | null,
  amountMinor: number,
  paidMinor: number,
): "provider" | "manual_payout" {
  // Only cards take part refunds at Pesapal; a method we cannot name is held to the wallet rule.
  if (amountMinor === paidMinor) return "provider";
  return paymentChannelOf(method) === "card" ? "provider" : "manual_payout";
}

const ONLINE_PROVIDERS = ["pesapal", "demo"] as const;
const refundReferenceOf = (paymentReference: string) => `RF-${paymentReference}`;

/** Refunds part or all of a completed online payment, through its provider or as a payout. */
export async function refundOnlinePayment(
  input: OnlineRefundInput,
  driver: PaymentDriver = paymentDriver(),
): Promise<OnlineRefundResult> {
  const admin = await requireAdmin();
  const actor = actorOf(admin);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new DomainError("payment_invalid", { reason: "Enter an amount above zero." });
  const db = await getDb();

  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, input.paymentId), eq(payments.bookingId, input.bookingId)));
  if (
    !paid ||
    paid.kind === "refund" ||
    paid.status !== "completed" ||
    !(ONLINE_PROVIDERS as readonly string[]).includes(paid.provider) ||
    paid.provider !== driver.name
  )
    throw new DomainError("payment_invalid", {
      reason: "Choose a completed online payment of this booking.",
    });
  if (paid.currency !== BOOKING_CURRENCY)
    throw new DomainError("payment_invalid", {
      reason: `Refunds are recorded in ${BOOKING_CURRENCY}, the booking's currency.`,
    });
  if (input.amountMinor > paid.amountMinor)
    throw new DomainError("payment_invalid", {
      reason: `A refund of this payment can be at most ${formatMoney(paid.amountMinor, paid.currency)}.`,
    });
  const method = paid.method ?? paid.provider;
  const way = refundWay(paid.method, input.amountMinor, paid.amountMinor);
  if (way === "provider" && (!paid.confirmationCode || !driver.requestRefund))
    throw new DomainError("payment_invalid", {
      reason: "This payment cannot be refunded through the provider: record the refund by hand.",
    });
  const amount = formatMoney(input.amountMinor, paid.currency);

  /** Under the booking's lock: at most what was paid, counting refunds asked and not answered. */
  const insertRow = (status: "pending" | "completed") =>
    db.transaction(async (tx) => {
      const b = await lockBooking(tx, input.bookingId, { id: bookings.id });
      if (!b) throw new DomainError("not_found");
      const counted = ledgerSums(await countedPayments(tx, [b.id], BOOKING_CURRENCY)).paidMinor;
      const [asked] = await tx
        .select({ minor: sql<string>`coalesce(sum(${payments.amountMinor}), 0)` })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, b.id),
            eq(payments.kind, "refund"),
            eq(payments.status, "pending"),
            eq(payments.currency, BOOKING_CURRENCY),
          ),
        );
      const refundable = counted - Number(asked?.minor ?? 0);
      if (input.amountMinor > refundable)
        throw new DomainError("payment_invalid", {
          reason: `A refund can be at most what was paid (${formatMoney(Math.max(0, refundable), BOOKING_CURRENCY)}).`,
        });
      if (way === "provider") {
        const [earlier] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.merchantReference, refundReferenceOf(paid.merchantReference)),
              ne(payments.status, "failed"),
            ),
          );
        if (earlier)
          throw new DomainError("payment_invalid", {
            reason: "This payment was refunded through the provider already: it takes one refund.",
          });
      }
      const [row] = await tx
        .insert(payments)
        .values({
          bookingId: b.id,
          kind: "refund",
          amountMinor: input.amountMinor,
          currency: paid.currency,
          provider: paid.provider,
          merchantReference:
            way === "provider"
              ? refundReferenceOf(paid.merchantReference)
              : `RF-${paid.merchantReference}-P${randomBytes(4).toString("hex").toUpperCase()}`,
          confirmationCode:
            way === "provider" ? paid.confirmationCode : input.reference?.trim() || null,
          method: REFUND_METHOD_LABELS[way](method),
          status,
          recordedByUserId: admin.userId,
          note: input.note?.trim() || null,
          completedAt: status === "completed" ? new Date() : null,
        })
        .returning({ id: payments.id });
      return row!.id;
    });

  /** The row counted: the booking recomputed, with its history line and audit event. */
  const complete = (rowId: string, providerMessage: string | null) =>
    db.transaction(async (tx) => {
      if (way === "provider")
        await tx
          .update(payments)
          .set({ status: "completed", completedAt: new Date(), checkedAt: new Date() })
          .where(and(eq(payments.id, rowId), eq(payments.status, "pending")));
      const words =
        way === "provider"
          ? `${amount} refund requested from the provider (${method}).`
          : `${amount} paid out by hand (part refund of ${method}).`;
      const change = await recomputeBooking(tx, input.bookingId, actor, words, {
        payment: amount,
        audit: (paymentStatus) =>
          recordAudit(
            {
              action: "payment.refunded",
              actor,
              target: { type: "booking", id: input.bookingId },
              details: {
                payment: rowId,
                refundOf: paid.id,
                kind: "refund",
                amount,
                method: REFUND_METHOD_LABELS[way](method),
                way,
                providerMessage,
                paymentStatus,
              },
            },
            tx,
          ),
      });
      return change.to;
    });

  if (way === "manual_payout") {
    const rowId = await insertRow("completed");
    const paymentStatus = await complete(rowId, null);
    refreshDepartures();
    return { paymentId: rowId, paymentStatus, way, providerMessage: null };
  }

  const rowId = await insertRow("pending");
  let answer: RefundAnswer;
  try {
    answer = await driver.requestRefund!({
      confirmationCode: paid.confirmationCode!,
      amountMinor: input.amountMinor,
      currency: paid.currency,
      requestedBy: admin.name?.trim() || admin.email,
      remarks: input.note?.trim() || `Refund of ${paid.merchantReference}`,
    });
  } catch (error) {
    await failRow(rowId, paid.merchantReference, "The provider could not be asked.");
    if (error instanceof ProviderUnavailable) {
      logger.warn({ event: "payment_refund_unavailable", payment: paid.id, error: error.message });
      throw new DomainError("provider_unavailable");
    }
    throw error;
  }
  if (!answer.accepted) {
    await failRow(rowId, paid.merchantReference, `Refused by the provider: ${answer.message}`);
    throw new DomainError("payment_invalid", {
      reason: `The provider refused the refund${answer.message ? ` (${answer.message})` : ""}.`,
    });
  }
  const paymentStatus = await complete(rowId, answer.message || null);
  refreshDepartures();
  return { paymentId: rowId, paymentStatus, way, providerMessage: answer.message || null };
}

/** A refund the provider refused or could not be asked about: failed, saying why, its slot freed. */
async function failRow(rowId: string, paymentReference: string, why: string) {
  const db = await getDb();
  await db
    .update(payments)
    .set({
      status: "failed",
      note: why.slice(0, 500),
      checkedAt: new Date(),
      merchantReference: `${refundReferenceOf(paymentReference)}-X${randomBytes(4).toString("hex").toUpperCase()}`,
    })
    .where(and(eq(payments.id, rowId), eq(payments.status, "pending")));
}

/**
 * 'Record refund': a refund of one online payment (`paymentId`) through its provider or as a
 * manual payout (refundOnlinePayment), else money paid back by cash or bank (recordRefund).
 */
export async function refundBooking(input: RefundInput) {
  if (input.paymentId) return refundOnlinePayment({ ...input, paymentId: input.paymentId });
  return recordRefund(input);
}
