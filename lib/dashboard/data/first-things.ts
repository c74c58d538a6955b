import "server-only";

import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from "drizzle-orm";

import { getDb } from "@/db";
import {
  bookings,
  customerMessages,
  departures,
  departureWaitlist,
  guides,
  tours,
} from "@/db/schema";
import { formatMoney } from "@/lib/payments/ledger";
import { notCalledOff, seatsTakenOf } from "@/lib/departures/data/seats";
import { todayInKampala } from "@/lib/dates";
import { requireStaff } from "@/lib/session";
import {
  bookingHref,
  departureHref,
  isLate,
  threadHref,
  waitingFor,
  weekEnd,
} from "@/lib/dashboard/rules";

/**
 * What staff need first on the dashboard (/admin): requests awaiting a reply, oldest first, with
 * how long each has waited (booking requests not yet reviewed, and customer threads whose last
 * word is the customer's); this week's departures with their seats, guide and the balances still
 * unpaid on them; and the departures' waitlists. Staff and admins only. Each list is short (the
 * oldest or soonest few) and read on an index: bookings by created_at, threads by their unread
 * messages, departures by start date, the waitlist by departure.
 */

/** Items each list shows at most (the dashboard links to the full screens). */
const SHOWN = 8;

export type AwaitingReply = {
  kind: "Booking request" | "Customer message";
  id: string;
  name: string;
  /** The tour asked about, or the thread's subject. */
  about: string;
  since: string;
  /** '3 days', '5 hours'. */
  waiting: string;
  /** Waiting a day or more. */
  late: boolean;
  href: string;
};

export type WeekDeparture = {
  id: string;
  tourTitle: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsTaken: number;
  guideName: string | null;
  /** US cents still owed on its live bookings, and by how many of them. */
  unpaidMinor: number;
  unpaid: string;
  unpaidBookings: number;
  href: string;
};

export type DepartureWaitlist = {
  departureId: string;
  tourTitle: string;
  startDate: string;
  endDate: string;
  /** People waiting or offered seats, and the seats they want. */
  entries: number;
  seats: number;
  /** 'Hannah Schmidt (2, offered), Mateo García (1)'. */
  names: string;
  href: string;
};

export type FirstThings = {
  awaiting: AwaitingReply[];
  /** How many requests await a reply in all (the list shows the oldest few). */
  awaitingTotal: number;
  week: WeekDeparture[];
  waitlists: DepartureWaitlist[];
};

/** A request staff have not answered: no status or New, not a checkout, not called off. */
const unansweredRequest = and(
  or(isNull(bookings.bookingStatus), eq(bookings.bookingStatus, "new")),
  isNull(bookings.holdExpiresAt),
  ne(bookings.source, "admin"),
  notCalledOff,
);

export async function getFirstThings(now: Date = new Date()): Promise<FirstThings> {
  await requireStaff();
  const db = await getDb();
  const today = todayInKampala(now);

  // The last message of each thread, kept when it is the customer's (staff owe the reply).
  const lastOfThread = db
    .selectDistinctOn([customerMessages.threadId], {
      threadId: customerMessages.threadId,
      fromAdmin: customerMessages.isFromAdmin,
      createdAt: customerMessages.createdAt,
      subject: customerMessages.subject,
      email: customerMessages.customerEmail,
    })
    .from(customerMessages)
    .orderBy(customerMessages.threadId, desc(customerMessages.createdAt))
    .as("last_of_thread");
  // When the customer's unanswered turn began: their first message after staff last wrote.
  // The thread named with its alias in full: a bare "thread_id" would be read as the subqueries' own.
  const thread = sql`"last_of_thread"."thread_id"`;
  const firstUnanswered =
    sql<Date>`(select min(m.created_at) from ${customerMessages} m where m.thread_id = ${thread} and m.is_from_admin = false and m.created_at > coalesce((select max(a.created_at) from ${customerMessages} a where a.thread_id = ${thread} and a.is_from_admin), '-infinity'))`.mapWith(
      customerMessages.createdAt,
    );

  const unpaid = sql<number>`(select coalesce(sum(greatest(${bookings.totalMinor} - ${bookings.paidMinor}, 0)), 0)::bigint from ${bookings} where ${bookings.departureId} = ${departures.id} and ${notCalledOff} and ${bookings.totalMinor} is not null)`;
  const unpaidCount = sql<number>`(select count(*)::int from ${bookings} where ${bookings.departureId} = ${departures.id} and ${notCalledOff} and ${bookings.totalMinor} > ${bookings.paidMinor})`;

  const [requests, requestCount, threads, threadCount, week, waitlists] = await Promise.all([
    db
      .select({
        id: bookings.id,
        name: bookings.fullName,
        about: bookings.tourPackage,
        since: bookings.createdAt,
      })
      .from(bookings)
      .where(unansweredRequest)
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .limit(SHOWN),
    db.$count(bookings, unansweredRequest),
    db
      .select({
        id: lastOfThread.threadId,
        name: lastOfThread.email,
        about: lastOfThread.subject,
        since: firstUnanswered,
      })
      .from(lastOfThread)
      .where(eq(lastOfThread.fromAdmin, false))
      .orderBy(asc(firstUnanswered))
      .limit(SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(lastOfThread)
      .where(eq(lastOfThread.fromAdmin, false)),
    db
      .select({
        id: departures.id,
        tourTitle: tours.title,
        startDate: departures.startDate,
        endDate: departures.endDate,
        capacity: departures.capacity,
        seatsTaken: seatsTakenOf(departures.id),
        guideName: guides.fullName,
        unpaidMinor: unpaid,
        unpaidBookings: unpaidCount,
      })
      .from(departures)
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .leftJoin(guides, eq(guides.id, departures.guideId))
      .where(
        and(
          gte(departures.startDate, today),
          lte(departures.startDate, weekEnd(today)),
          ne(departures.status, "cancelled"),
        ),
      )
      .orderBy(asc(departures.startDate), asc(tours.title)),
    db
      .select({
        departureId: departures.id,
        tourTitle: tours.title,
        startDate: departures.startDate,
        endDate: departures.endDate,
        entries: sql<number>`count(*)::int`,
        seats: sql<number>`sum(${departureWaitlist.groupSize})::int`,
        names: sql<string>`string_agg(${departureWaitlist.fullName} || ' (' || ${departureWaitlist.groupSize} || case when ${departureWaitlist.status} = 'offered' then ', offered' else '' end || ')', ', ' order by ${departureWaitlist.createdAt})`,
      })
      .from(departureWaitlist)
      .innerJoin(departures, eq(departures.id, departureWaitlist.departureId))
      .innerJoin(tours, eq(tours.id, departures.tourId))
      .where(
        and(
          inArray(departureWaitlist.status, ["waiting", "offered"]),
          gte(departures.startDate, today),
          notInArray(departures.status, ["cancelled"]),
        ),
      )
      .groupBy(departures.id, tours.title, departures.startDate, departures.endDate)
      .orderBy(asc(departures.startDate))
      .limit(SHOWN),
  ]);

  const awaiting: AwaitingReply[] = [
    ...requests.map((r) => ({ ...r, kind: "Booking request" as const, href: bookingHref(r.id) })),
    ...threads.map((t) => ({ ...t, kind: "Customer message" as const, href: threadHref(t.id) })),
  ]
    .map((r) => {
      const since = new Date(r.since);
      return {
        kind: r.kind,
        id: r.id,
        name: r.name,
        about: r.about,
        since: since.toISOString(),
        waiting: waitingFor(since, now),
        late: isLate(since, now),
        href: r.href,
      };
    })
    .sort((a, b) => a.since.localeCompare(b.since))
    .slice(0, SHOWN);

  return {
    awaiting,
    awaitingTotal: Number(requestCount) + Number(threadCount[0]?.n ?? 0),
    week: week.map((d) => ({
      ...d,
      seatsTaken: Number(d.seatsTaken),
      unpaidMinor: Number(d.unpaidMinor),
      unpaid: formatMoney(Number(d.unpaidMinor), "USD"),
      unpaidBookings: Number(d.unpaidBookings),
      href: departureHref(d.id),
    })),
    waitlists: waitlists.map((w) => ({ ...w, href: departureHref(w.departureId) })),
  };
}
