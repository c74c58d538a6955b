import "server-only";
import { OPERATOR_TIME_ZONE } from "@/lib/dates";

import { sql } from "drizzle-orm";

import { getDb } from "@/db";
import { bookings, contacts, newsletterSubscriptions } from "@/db/schema";
import { requireStaff } from "@/lib/session";

export type DashboardCounts = {
  totalBookings: number;
  bookingsThisMonth: number;
  contactMessages: number;
  activeSubscribers: number;
};

/**
 * The four figures of /admin: exact counts in one query, no row fetched. 'This month'
 * starts at midnight on the first of the current month in Kampala, whatever the server's zone.
 */
export async function getDashboardCounts(): Promise<DashboardCounts> {
  await requireStaff();
  const db = await getDb();
  const monthStart = sql`(date_trunc('month', now() at time zone ${OPERATOR_TIME_ZONE}) at time zone ${OPERATOR_TIME_ZONE})`;
  const [row] = await db
    .select({
      totalBookings: sql<number>`(select count(*) from ${bookings})`.mapWith(Number),
      bookingsThisMonth:
        sql<number>`(select count(*) from ${bookings} where ${bookings.createdAt} >= ${monthStart})`.mapWith(
          Number,
        ),
      contactMessages: sql<number>`(select count(*) from ${contacts})`.mapWith(Number),
      activeSubscribers:
        sql<number>`(select count(*) from ${newsletterSubscriptions} where ${newsletterSubscriptions.isActive})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
