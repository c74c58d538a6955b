import "server-only";

import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, payments } from "@/db/schema";
import {
  kampalaMonth,
  PAYMENTS_PAGE_SIZE,
  type PaymentsQuery,
  type ShownStatus,
  shownStatus,
  signedAmount,
} from "@/lib/admin-payments";
import { BOOKING_CURRENCY } from "@/lib/dal/payments";
import { requireStaff } from "@/lib/dal/session";
import { kampalaDayStart, todayInKampala } from "@/lib/dates";
import type { PaymentKind, PaymentProvider } from "@/lib/domain";
import { type Page, settlePage } from "@/lib/list-query";

/**
 * The staff Payments screen (/admin/payments) and the dashboard's money tiles: every member of
 * staff reads the whole ledger (table `payments`), newest first, and what it adds up to. The list
 * is two statements a page: its count, and its rows, whose ids are picked first on
 * payments_created_idx (created_at, id) before only those rows are joined to their bookings, so a
 * deep page costs an index walk, not a join. The summary is one statement.
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

/** One page of rows: the page's ids on the created index first, then those rows and bookings. */
async function selectPage(where: SQL | undefined, page: number): Promise<PaymentRow[]> {
  const db = await getDb();
  const shown = db
    .select({ id: p.id })
    .from(p)
    .where(where)
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * PAYMENTS_PAGE_SIZE)
    .as("shown");
  const rows = await db
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
    .orderBy(desc(p.createdAt), desc(p.id));
  return rows.map(({ amountMinor, createdAt, completedAt, status, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    completedAt: completedAt?.toISOString() ?? null,
    signedMinor: signedAmount(row.kind, amountMinor),
    status: shownStatus(status, row.flaggedReason),
  }));
}

/** One page (25) of the ledger, newest first, filtered by status, provider and Kampala days. */
export async function listPaymentsForStaff(query: PaymentsQuery): Promise<Page<PaymentRow>> {
  await requireStaff();
  const db = await getDb();
  const where = listConditions(query);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(p).where(where),
    selectPage(where, query.page),
  ]);
  return settlePage(query.page, Number(counted?.n ?? 0), PAYMENTS_PAGE_SIZE, rows, (page) =>
    selectPage(where, page),
  );
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

/**
 * The Payments screen's cards and the dashboard's tiles, in one statement: the month's net
 * receipts, and the balances of the confirmed bookings (and completed trips) with a total, not
 * cancelled or refunded by payment, each the total less its completed rows' net (never below
 * zero, as lib/payments/ledger.ts counts it), those past their balance day apart (the due day
 * itself is still on time, as lib/payments/overdue.ts has it).
 */
export async function getPaymentsSummary(now: Date = new Date()): Promise<PaymentsSummary> {
  await requireStaff();
  const db = await getDb();
  const today = todayInKampala(now);
  const month = kampalaMonth(today);
  const counted = and(eq(p.status, "completed"), eq(p.currency, BOOKING_CURRENCY));
  const paid = db
    .select({ bookingId: p.bookingId, netMinor: sql<number>`sum(${net})`.as("net_minor") })
    .from(p)
    .where(counted)
    .groupBy(p.bookingId)
    .as("paid");
  const balance = sql<number>`(${bookings.totalMinor} - greatest(coalesce(${paid.netMinor}, 0), 0))`;
  const owing = db
    .select({ balance: balance.as("balance"), dueOn: bookings.balanceDueOn })
    .from(bookings)
    .leftJoin(paid, eq(paid.bookingId, bookings.id))
    .where(
      and(
        inArray(bookings.bookingStatus, ["confirmed", "completed"]),
        sql`${bookings.paymentStatus} not in ('Cancelled', 'Refunded')`,
        isNotNull(bookings.totalMinor),
        sql`${balance} > 0`,
      ),
    )
    .as("owing");
  const overdue = sql`${owing.dueOn} < ${today}`;
  const [row] = await db
    .select({
      received: sql<number>`(select coalesce(sum(${net}), 0) from ${p} where ${counted} and ${p.completedAt} >= ${month.start.toISOString()} and ${p.completedAt} < ${month.end.toISOString()})`,
      outstanding: sql<number>`coalesce(sum(${owing.balance}), 0)`,
      outstandingBookings: sql<number>`count(*)`,
      overdue: sql<number>`coalesce(sum(${owing.balance}) filter (where ${overdue}), 0)`,
      overdueBookings: sql<number>`count(*) filter (where ${overdue})`,
    })
    .from(owing);
  return {
    currency: BOOKING_CURRENCY,
    receivedThisMonthMinor: Number(row?.received ?? 0),
    outstandingMinor: Number(row?.outstanding ?? 0),
    outstandingBookings: Number(row?.outstandingBookings ?? 0),
    overdueMinor: Number(row?.overdue ?? 0),
    overdueBookings: Number(row?.overdueBookings ?? 0),
  };
}
