import { addDays } from "date-fns/addDays";
import { subDays } from "date-fns/subDays";
import { and, asc, count, desc, eq, inArray, isNull, like, lte, or, sql } from "drizzle-orm";

import type { PaymentKind, PaymentStatus, TourPricing } from "@/lib/domain";
import { kampalaDay } from "@/lib/dates";
import { env } from "@/lib/env";
import { derivePaymentStatus, type LedgerRow, ledgerSums } from "@/lib/payments/ledger";
import { balanceDueOn, computeQuote } from "@/lib/payments/quote";
import { type FeeTraveller, priceParkFees, tourPermit, visitDay } from "@/lib/parks/fees";

import { pick } from "../columns";
import type { Db } from "../types";
import {
  bookingParkFees,
  bookings,
  bookingTravellers,
  departures,
  parkFeeTariffs,
  payments,
  tours,
  ugxRates,
} from "../schema";

/**
 * The demo's money (`npm run demo` only, after the demo bookings and departures): the confirmed
 * bookings get their total (the quote: tier or departure price times the group) and balance due
 * day (a deposit taken before confirming leaves the total unquoted), and the bookings the demo marked paid, part-paid or refunded get the ledger rows that say
 * so, so the derived payment status and the net paid agree with the ledger for every booking
 * touched, as the app writes them (lib/payments/data/ledger.ts recomputeBooking), and the confirmed ones
 * keep the deposit share of the day (the DEPOSIT_PERCENT setting):
 *
 * - Paid: a deposit and the balance (or one full payment), by cash or bank transfer;
 * - Deposit Made: the deposit only; those booked within the tour's balance days are overdue
 *   (quoted, as staff would have, when booked: the balance fell due that day and is unpaid), the
 *   demo customer's gorilla trek among them, so My Bookings shows its Pay link;
 * - Refunded: a deposit paid and refunded;
 * - Pending (confirmed): a total and nothing paid yet.
 *
 * A booking on a tour that needs a park permit (the gorilla safari) is quoted with its travellers'
 * park fees, each priced by their residency (a foreign non-resident's where none is given) at
 * the tariff in force on the trek day, stored as its fee lines, as a booking made on the site is.
 * The demo's shilling rate (DEMO_UGX_PER_USD, set a month ago by the demo admin when no rate exists)
 * prices an East African citizen's permit, and shows the pay page's shillings.
 *
 * Idempotent: a booking that already has a ledger row or a total is left alone, and every row's
 * merchant reference is fixed by its booking, so seeding again adds nothing.
 */

const DEMO_CUSTOMER_EMAIL = "traveller@demo.breatheuganda.com";
const LEDGER_STATUSES: readonly PaymentStatus[] = ["Deposit Made", "Paid", "Refunded"];

type Planned = { kind: PaymentKind; amountMinor: number; at: Date };

/** The demo's shillings per US dollar. */
export const DEMO_UGX_PER_USD = "3700.00";

/** The demo's rate, once: a database with a rate already (staff's) keeps its own. */
async function seedDemoRate(db: Db, now: Date) {
  const [row] = await db.select({ n: count() }).from(ugxRates);
  if ((row?.n ?? 0) === 0) {
    await db.insert(ugxRates).values({
      ugxPerUsd: DEMO_UGX_PER_USD,
      effectiveFrom: subDays(now, 30),
      setByName: "Grace Namutebi",
    });
  }
  const [rate] = await db
    .select({ id: ugxRates.id, ugxPerUsd: ugxRates.ugxPerUsd })
    .from(ugxRates)
    .where(lte(ugxRates.effectiveFrom, now))
    .orderBy(desc(ugxRates.effectiveFrom), desc(ugxRates.createdAt))
    .limit(1);
  return rate ?? null;
}

export async function seedDemoPayments(db: Db, now: Date = new Date()): Promise<void> {
  const rate = await seedDemoRate(db, now);
  const tariffs = await db
    .select(
      pick(
        parkFeeTariffs,
        "id",
        "fee",
        "park",
        "residency",
        "ageBand",
        "currency",
        "amountMinor",
        "effectiveFrom",
        "effectiveTo",
      ),
    )
    .from(parkFeeTariffs);
  const candidates = await db
    .select({
      ...pick(bookings, "id", "createdAt", "departureDate", "groupSize"),
      accommodation: bookings.accommodationPreference,
      ...pick(bookings, "bookingStatus", "paymentStatus"),
      ...pick(tours, "pricing", "balanceDueDays", "permitFee", "permitPark", "trekDay"),
      departurePrices: departures.prices,
    })
    .from(bookings)
    .leftJoin(tours, eq(tours.id, bookings.tourId))
    .leftJoin(departures, eq(departures.id, bookings.departureId))
    .where(
      and(
        // The demo's own bookings only: its seeds' keys and the demo customer's.
        or(like(bookings.idempotencyKey, "demo-%"), eq(bookings.email, DEMO_CUSTOMER_EMAIL)),
        isNull(bookings.totalMinor),
        or(
          inArray(bookings.paymentStatus, [...LEDGER_STATUSES]),
          inArray(bookings.bookingStatus, ["confirmed", "completed"]),
        ),
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`,
      ),
    )
    .orderBy(bookings.createdAt, bookings.id);
  const travellers = await travellersOf(
    db,
    candidates.map((b) => b.id),
  );

  for (const [i, b] of candidates.entries()) {
    if (b.paymentStatus === "Cancelled") continue;
    const quote = computeQuote({
      packages: (b.pricing as TourPricing | null)?.packages ?? [],
      departurePrices: b.departurePrices,
      accommodation: b.accommodation,
      groupSize: b.groupSize,
    });
    const permit = b.permitFee ? tourPermit({ ...b, trekDay: b.trekDay ?? 1 }) : null;
    const fees =
      permit && b.departureDate
        ? priceParkFees(tariffs, {
            permit,
            visitDate: visitDay(b.departureDate, permit.trekDay),
            groupSize: b.groupSize,
            travellers: travellers.get(b.id),
            rate,
          })
        : null;
    const feeLines = fees && fees.unpriced.length === 0 ? fees.lines : [];
    // A tour without a price (none in the demo catalogue): $1,000 a traveller.
    const quotedMinor =
      (quote?.totalMinor ?? 100_000 * b.groupSize) +
      (fees?.unpriced.length ? 0 : (fees?.usdMinor ?? 0));
    const depositMinor = Math.ceil((quotedMinor * env.DEPOSIT_PERCENT) / 100);
    // Staff confirm with the total; a deposit taken before confirming leaves it unquoted.
    const quoted =
      b.bookingStatus === "confirmed" ||
      b.bookingStatus === "completed" ||
      b.paymentStatus !== "Deposit Made";
    const totalMinor = quoted ? quotedMinor : null;
    const paidOn = (days: number) => {
      const at = addDays(b.createdAt, days);
      return at > now ? now : at;
    };
    const planned: Planned[] =
      b.paymentStatus === "Paid"
        ? i % 3 === 0
          ? [{ kind: "full", amountMinor: quotedMinor, at: paidOn(2) }]
          : [
              { kind: "deposit", amountMinor: depositMinor, at: paidOn(2) },
              { kind: "balance", amountMinor: quotedMinor - depositMinor, at: paidOn(9) },
            ]
        : b.paymentStatus === "Deposit Made"
          ? [{ kind: "deposit", amountMinor: depositMinor, at: paidOn(2) }]
          : b.paymentStatus === "Refunded"
            ? [
                { kind: "deposit", amountMinor: depositMinor, at: paidOn(2) },
                { kind: "refund", amountMinor: depositMinor, at: paidOn(6) },
              ]
            : [];
    const rows: LedgerRow[] = planned.map((p) => ({ ...p, status: "completed" }));
    const paymentStatus = derivePaymentStatus(totalMinor, rows);

    await db.transaction(async (tx) => {
      if (feeLines.length > 0)
        await tx
          .insert(bookingParkFees)
          .values(feeLines.map((line) => ({ bookingId: b.id, ...line })))
          .onConflictDoNothing();
      if (planned.length > 0) {
        await tx
          .insert(payments)
          .values(
            planned.map((p, n) => {
              const bank = (i + n) % 2 === 0;
              return {
                bookingId: b.id,
                kind: p.kind,
                amountMinor: p.amountMinor,
                currency: "USD",
                provider: bank ? ("bank" as const) : ("cash" as const),
                merchantReference: `BU-DEMO-${b.id.slice(0, 8).toUpperCase()}-${n + 1}`,
                confirmationCode: bank
                  ? `STB-${b.id.slice(0, 6).toUpperCase()}${n}`
                  : `RCPT-${1000 + i * 3 + n}`,
                method: bank ? "Bank transfer" : "Cash",
                status: "completed" as const,
                note: p.kind === "refund" ? "Refund per cancellation policy (demo)" : null,
                completedAt: p.at,
                createdAt: p.at,
                updatedAt: p.at,
              };
            }),
          )
          .onConflictDoNothing({ target: payments.merchantReference });
      }
      await tx
        .update(bookings)
        .set({
          totalMinor,
          balanceDueOn: quoted
            ? balanceDueOn(b.departureDate, b.balanceDueDays ?? 60, kampalaDay(b.createdAt))
            : null,
          depositPercent: quoted ? env.DEPOSIT_PERCENT : null,
          paymentStatus,
          paidMinor: ledgerSums(rows).paidMinor,
        })
        .where(and(eq(bookings.id, b.id), isNull(bookings.totalMinor)));
    });
  }
}

/** The residency and date of birth of the bookings' travellers given, in position order. */
async function travellersOf(db: Db, ids: string[]): Promise<Map<string, FeeTraveller[]>> {
  const byBooking = new Map<string, FeeTraveller[]>();
  if (ids.length === 0) return byBooking;
  const rows = await db
    .select(pick(bookingTravellers, "bookingId", "position", "residency", "dateOfBirth"))
    .from(bookingTravellers)
    .where(inArray(bookingTravellers.bookingId, ids))
    .orderBy(asc(bookingTravellers.bookingId), asc(bookingTravellers.position));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list[row.position - 1] = { residency: row.residency, dateOfBirth: row.dateOfBirth };
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}
