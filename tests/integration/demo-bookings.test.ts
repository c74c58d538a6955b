/**
 * The demo's bookings (`npm run demo`): about 60, every payment and booking status, some with a
 * guide and never two overlapping trips for one guide (the bookings of one departure are one
 * trip); seeding again adds nothing.
 */
import { count, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookings } from "@/db/schema";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "@/lib/domain";
import { useTestDb } from "@/tests/helpers/db";
import { demoSeededTwice } from "@/tests/helpers/demo-seed";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("seeds bookings in every status, guides without overlaps, once", async () => {
  const { first, again } = await demoSeededTwice(t.db, bookings);
  expect(again).toBe(first);
  expect(first).toBeGreaterThanOrEqual(60);

  const rows = await t.db
    .select({
      payment: bookings.paymentStatus,
      status: bookings.bookingStatus,
      guide: bookings.guideId,
      created: bookings.createdAt,
      departure: bookings.departureDate,
    })
    .from(bookings);
  expect(new Set(rows.map((r) => r.payment))).toEqual(new Set(PAYMENT_STATUSES));
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set([...BOOKING_STATUSES, null]));
  expect(rows.filter((r) => r.guide).length).toBeGreaterThanOrEqual(10);
  const oldest = Math.min(...rows.map((r) => r.created.getTime()));
  expect(Date.now() - oldest).toBeGreaterThan(100 * 86_400_000);
  expect(
    rows.some(
      (r) => r.departure && r.departure > new Date(Date.now() + 60 * 86_400_000).toISOString(),
    ),
  ).toBe(true);

  const [overlaps] = await t.db.select({ n: count() })
    .from(sql`${bookings} a join ${bookings} b on a.guide_id = b.guide_id and a.id < b.id
      and not (a.departure_id is not null and a.departure_id = b.departure_id)
      and a.departure_date <= coalesce(b.end_date, b.departure_date + 2)
      and b.departure_date <= coalesce(a.end_date, a.departure_date + 2)`);
  expect(overlaps!.n).toBe(0);
});
