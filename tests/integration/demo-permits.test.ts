/**
 * The demo's gorilla permits (`npm run demo`): each trekker of the gorilla safari's bookings
 * taking seats holds a permit of the seeded Bwindi lots, allocated with the seats as the site
 * allocates them (a reseller's party as its reservation does), the first date's paid
 * bookings with UWA's numbers typed; the demo customer's private trek holds its two; the date
 * short of permits offers no more seats than it has permits; the Permits screen's alerts show
 * each kind; seeding again allocates nothing more.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookings, departures, permitAllocations, permitLots, tours } from "@/db/schema";
import { todayInKampala } from "@/lib/dates";
import { queryDeparturesOnSale, takesSeats } from "@/lib/departures/data/seats";
import { bookingPermitsOf, departurePermitsOf } from "@/lib/parks/data/allocations";
import { permitDaysFrom } from "@/lib/parks/data/permits";
import { permitAlerts } from "@/lib/parks/rules";
import { useTestDb } from "@/tests/helpers/db";
import { demoSeededTwice } from "@/tests/helpers/demo-seed";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("gives the gorilla safari's trekkers their permits, numbered on the first date, and stands each alert", async () => {
  const { first, again } = await demoSeededTwice(t.db, permitAllocations);
  expect(first).toBeGreaterThan(0);
  expect(again).toBe(first);

  const [gorilla] = await t.db
    .select({ id: tours.id })
    .from(tours)
    .where(eq(tours.slug, "gorilla-safari"));
  const dates = await t.db
    .select({ id: departures.id, capacity: departures.capacity })
    .from(departures)
    .where(eq(departures.tourId, gorilla!.id))
    .orderBy(asc(departures.startDate));

  // Every booking taking seats on the safari holds a permit per trekker, the reseller's too.
  const seated = await t.db
    .select({
      id: bookings.id,
      key: bookings.idempotencyKey,
      source: bookings.source,
      groupSize: bookings.groupSize,
      held: sql<number>`(select count(*)::int from ${permitAllocations} where ${permitAllocations.bookingId} = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(departures, eq(departures.id, bookings.departureId))
    .where(and(eq(departures.tourId, gorilla!.id), takesSeats));
  expect(seated.filter((b) => b.source !== "reseller").length).toBeGreaterThanOrEqual(4);
  for (const b of seated) expect(Number(b.held), b.key ?? b.id).toBe(b.groupSize);
  expect(seated.some((b) => b.source === "reseller")).toBe(true);

  // The first date: Sophie Laurent's party and Emma Johansson's numbered, Daniel Mwangi's not yet.
  const held = await departurePermitsOf(t.db, dates[0]!.id);
  const numbersOf = (key: string) => {
    const id = seated.find((b) => b.key === key)!.id;
    return [...(held.get(id) ?? new Map<number, string | null>()).entries()].sort(
      ([a], [b]) => a - b,
    );
  };
  expect(numbersOf("demo-departure-gorilla-safari-0-0")).toEqual([
    [1, "UG-BW-4101"],
    [2, "UG-BW-4102"],
    [3, "UG-BW-4103"],
  ]);
  expect(numbersOf("demo-departure-gorilla-safari-0-1")).toEqual([
    [1, null],
    [2, null],
    [3, null],
  ]);
  expect(numbersOf("demo-departure-gorilla-safari-0-2")).toEqual([
    [1, "UG-BW-4104"],
    [2, "UG-BW-4105"],
  ]);

  // No lot gives more permits than it holds.
  const overdrawn = await t.db
    .select({ id: permitLots.id })
    .from(permitLots)
    .where(
      sql`${permitLots.quantity} < (select count(*) from ${permitAllocations} where ${permitAllocations.lotId} = ${permitLots.id})`,
    );
  expect(overdrawn).toEqual([]);

  // The demo customer's private trek was confirmed with both permits.
  const [trek] = await t.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(eq(bookings.tourId, gorilla!.id), eq(bookings.email, "traveller@demo.breatheuganda.com")),
    );
  const permits = await bookingPermitsOf(t.db, trek!.id);
  expect(permits?.confirmNeedsPermits).toBe(true);
  expect(permits?.treks[0]?.missing).toBe(0);
  expect(permits?.treks[0]?.trekkers.map((k) => k.lot)).toEqual([
    expect.stringContaining("Buhoma"),
    expect.stringContaining("Buhoma"),
  ]);

  // The fourth date has eight seats and six permits: it sells six.
  const onSale = (await queryDeparturesOnSale(t.db, { tourIds: [gorilla!.id] }))[gorilla!.id]!;
  const fourth = onSale.find((d) => d.id === dates[3]!.id);
  expect(fourth).toMatchObject({ capacity: 8, seatsLeft: 6 });

  // What staff must act on: a block lapsing, UWA balances due, permits unsold a month out.
  const today = todayInKampala();
  const alerts = permitAlerts(await permitDaysFrom(t.db, today), today);
  expect(new Set(alerts.map((a) => a.kind))).toEqual(
    new Set(["block_lapsing", "balance_due", "unsold"]),
  );
  expect(alerts.find((a) => a.kind === "block_lapsing")?.text).toMatch(
    /^8 blocked permits for Bwindi Impenetrable, .+ lapse on .+ unless the deposit is paid\.$/,
  );
});
