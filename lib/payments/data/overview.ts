import "server-only";

import { and, desc, eq, gte, isNotNull, isNull, lt, ne, type SQL, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { cappedCount } from "@/db/capped-count";
import { bookings, payments } from "@/db/schema";
import {
  kampalaMonth,
  PAYMENTS_PAGE_SIZE,
  type PaymentsQuery,
  type ShownStatus,
  shownStatus,
  signedAmount,
} from "@/lib/payments/list-query";
import { BOOKING_CURRENCY } from "@/lib/payments/data/ledger";
import { balanceLeft, owesMoney, pastBalanceDay } from "@/lib/payments/data/owing";
import { requireStaff } from "@/lib/session";
import { kampalaDayStart, todayInKampala } from "@/lib/dates";
import type { PaymentKind, PaymentProvider } from "@/lib/domain";
import { type Page, settleCappedPage } from "@/lib/list-query";

/**
 * The staff Payments screen (/admin/payments) and the dashboard's money tiles: every member of
 * staff reads the whole ledger (table `payments`), newest first, and what it adds up to. A page of
 * the list is one statement: its rows, whose ids are picked first on payments_created_idx
 * (created_at, id) before only those rows are joined to their bookings (a deep page costs an
 * index walk, not a join), and a count capped past the page. The summary is one statement, on
 * the net paid kept on each booking (bookings.paid_minor), not a sum of the ledger.
 */

const p = payments;

export type PaymentRow = {
  id: string;
  createdAt: string;
  completedAt: string | null;
  bookingId: string;
  leadName: string;
  kind: PaymentKind;
  /** Money in positive, a refund negative (minor units). */
  signedMinor: number;
  currency: string;
  provider: PaymentProvider;
  method: string | null;
  status: ShownStatus;
  flaggedReason: string | null;
  merchantReference: string;
  confirmationCode: string | null;
};

/** A status filter as the rows store it: pending leaves the flagged ones to 'flagged'. */
function statusCondition(status: ShownStatus): SQL {
  if (status === "flagged") return and(eq(p.status, "pending"), isNotNull(p.flaggedReason))!;
  if (status === "pending") return and(eq(p.status, "pending"), isNull(p.flaggedReason))!;
  return eq(p.status, status);
}

function listConditions(query: PaymentsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.status) where.push(statusCondition(query.status));
  if (query.provider) where.push(eq(p.provider, query.provider));
  if (query.from) where.push(gte(p.createdAt, kampalaDayStart(query.from)));
  if (query.to) where.push(lt(p.createdAt, kampalaDayStart(query.to, 1)));
  return where.length ? and(...where) : undefined;
}

/**
 * One page and the count of the matching rows (capped: cappedCount, as the Activity screen counts
 * its trail), in one statement. The page's ids are picked first on the created index (no booking
 * read), then only those rows are joined to their bookings, whatever the page's offset.
 */
async function selectPage(where: SQL | undefined, page: number) {
  const db = await getDb();
  const offset = (page - 1) * PAYMENTS_PAGE_SIZE;
  const { total, settle } = cappedCount(db, p, where, offset);
  const shown = db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(PAYMENTS_PAGE_SIZE)
    .offset(offset)
    .as("shown");
  const rows = db
    .select({
      id: p.id,
      createdAt: p.createdAt,
      completedAt: p.completedAt,
      bookingId: p.bookingId,
      leadName: bookings.fullName,
      kind: p.kind,
      amountMinor: p.amountMinor,
      currency: p.currency,
      provider: p.provider,
      method: p.method,
      status: p.status,
      flaggedReason: p.flaggedReason,
      merchantReference: p.merchantReference,
      confirmationCode: p.confirmationCode,
    })
    .from(shown)
    .innerJoin(p, eq(p.id, shown.id))
    .innerJoin(bookings, eq(bookings.id, p.bookingId))
    .as("page");
  // Without a field list, each row comes back as { total, page }: page is null on an empty page.
  const found = await db
    .with(total)
    .select()
    .from(total)
    .leftJoinLateral(rows, sql`true`)
    .orderBy(desc(rows.createdAt), desc(rows.id));
  const items: PaymentRow[] = found.flatMap(({ page: row }) => {
    if (row === null) return [];
    const { amountMinor, createdAt, completedAt, status, ...rest } = row;
    return [
      {
        ...rest,
        createdAt: createdAt.toISOString(),
        completedAt: completedAt?.toISOString() ?? null,
        signedMinor: signedAmount(rest.kind, amountMinor),
        status: shownStatus(status, rest.flaggedReason),
      },
    ];
  });
  return { ...settle(Number(found[0]?.total.n ?? 0)), items };
}

/**
 * One page (25) of the ledger, newest first, filtered by status, provider and Kampala days; the
 * count stops at SEARCH_COUNT_CAP past the page (`capped`: more rows match).
 */
export async function listPaymentsForStaff(query: PaymentsQuery): Promise<Page<PaymentRow>> {
  await requireStaff();
  const where = listConditions(query);
  return settleCappedPage(query.page, PAYMENTS_PAGE_SIZE, (page) => selectPage(where, page));
}

/* ------------------------------------------------------------------------------------------ */
/* The summary                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export type PaymentsSummary = {
  /** The booking currency's: the sums below count only its rows, as the ledger does. */
  currency: string;
  /** Completed money in less completed refunds, completed this Kampala month. */
  receivedThisMonthMinor: number;
  /**
   * What confirmed bookings (and completed trips) with a total still owe: the total less the net
   * paid, where above zero.
   */
  outstandingMinor: number;
  outstandingBookings: number;
  /** The part of it whose balance was due before today (Kampala). */
  overdueMinor: number;
  overdueBookings: number;
};

/** Money in positive, a refund negative: the ledger's net. */
const net = sql`case when ${p.kind} = 'refund' then -${p.amountMinor} else ${p.amountMinor} end`;
/** The same of payments in shillings, by the dollars each settled. */
const netConverted = sql`case when ${p.kind} = 'refund' then -${p.usdMinor} else ${p.usdMinor} end`;

/**
 * The Payments screen's cards and the dashboard's tiles, in one statement: the month's net
 * receipts, and the balances of the confirmed bookings (and completed trips) with a total, not
 * paid in full, cancelled or refunded by payment, each the total less its net paid, those past
 * their balance day apart (the due day itself is still on time, as lib/payments/overdue.ts has
 * it).
 *
 * Neither part sums the ledger per booking. The receipts read only this month's completed rows
 * (payments_completed_idx, partial on completed rows, by completed_at, the amounts in its key).
 * The balances read the bookings alone: each booking's net paid is kept on it (bookings.paid_minor,
 * written with its payment status by lib/payments/data/ledger.ts recomputeBooking at every change of its
 * ledger or total), under the condition of the partial index bookings_owing_idx, whose key holds
 * the due day, the total and the net paid: both sums are index-only scans, however many bookings
 * owe.
 */
export async function getPaymentsSummary(now: Date = new Date()): Promise<PaymentsSummary> {
  await requireStaff();
  const db = await getDb();
  const today = todayInKampala(now);
  const month = kampalaMonth(today);
  const overdue = pastBalanceDay(today);
  const thisMonth = (currency: SQL) =>
    and(
      eq(p.status, "completed"),
      currency,
      gte(p.completedAt, month.start),
      lt(p.completedAt, month.end),
    );
  const received = db
    .select({ sum: sql<number>`coalesce(sum(${net}), 0)` })
    .from(p)
    .where(thisMonth(eq(p.currency, BOOKING_CURRENCY)));
  // Payments in shillings apart: the dollars they settled are not in the index's key, and they
  // are few, so the dollar rows keep their index-only sum.
  const receivedConverted = db
    .select({ sum: sql<number>`coalesce(sum(${netConverted}), 0)` })
    .from(p)
    .where(thisMonth(and(ne(p.currency, BOOKING_CURRENCY), isNotNull(p.usdMinor))!));
  const [row] = await db
    .select({
      received: sql<number>`(${received}) + (${receivedConverted})`,
      outstanding: sql<number>`coalesce(sum(${balanceLeft}), 0)`,
      outstandingBookings: sql<number>`count(*)`,
      overdue: sql<number>`coalesce(sum(${balanceLeft}) filter (where ${overdue}), 0)`,
      overdueBookings: sql<number>`count(*) filter (where ${overdue})`,
    })
    .from(bookings)
    .where(owesMoney);
  return {
    currency: BOOKING_CURRENCY,
    receivedThisMonthMinor: Number(row?.received ?? 0),
    outstandingMinor: Number(row?.outstanding ?? 0),
    outstandingBookings: Number(row?.outstandingBookings ?? 0),
    overdueMinor: Number(row?.overdue ?? 0),
    overdueBookings: Number(row?.overdueBookings ?? 0),
  };
}
