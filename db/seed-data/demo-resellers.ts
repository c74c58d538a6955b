import { randomUUID } from "node:crypto";

import { and, asc, eq, gte, sql } from "drizzle-orm";

import type { Residency } from "@/lib/domain";
import { env } from "@/lib/env";
import {
  ADULT_UNIT_ID,
  hashApiKey,
  keyPrefix,
  netPrice,
  residencyUnitId,
} from "@/lib/resellers/rules";
import { packageDisplayName } from "@/lib/tours/rules";

import type { Db } from "../types";
import {
  bookings,
  bookingTravellers,
  departures,
  resellerApiKeys,
  resellerBookings,
  resellers,
  tours,
} from "../schema";

/**
 * The demo's resellers (`npm run demo` only): Pearl Safaris Online, a live reseller taking 20 %
 * with two confirmed bookings (on the gorilla safari, two foreign non-residents with their fee
 * lines, as a reservation over OCTO stores them), and Sandbox Travel, a test-mode reseller whose key is printed by
 * the seed so the OCTO API can be tried at once (its holds and bookings take no seats). The
 * sandbox key is fixed and public, as the demo accounts' passwords are: a demo database only.
 * The same every run: names, keys and bookings are unique, so seeding twice adds nothing.
 */

export const DEMO_RESELLER_TEST_KEY = "bu_test_demo-sandbox-travel-key-for-the-local-demo-only";

/** A live reseller's key nobody is shown: the demo's live reseller is only seen in the admin. */
const LIVE_KEY = "bu_live_demo-pearl-safaris-online-key-for-the-local-demo-only";

async function upsertReseller(
  db: Db,
  values: { name: string; commissionPercent: number; testMode: boolean },
  key: string,
): Promise<{ id: string; commissionPercent: number }> {
  await db.insert(resellers).values(values).onConflictDoNothing();
  const [row] = await db
    .select({ id: resellers.id, commissionPercent: resellers.commissionPercent })
    .from(resellers)
    .where(sql`lower(${resellers.name}) = lower(${values.name})`);
  await db
    .insert(resellerApiKeys)
    .values({ resellerId: row!.id, keyHash: hashApiKey(key), prefix: keyPrefix(key) })
    .onConflictDoNothing();
  return row!;
}

/** The furthest open departure of a tour with no booking yet: room for the demo's bookings. */
async function emptyDeparture(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: departures.id,
      tourId: tours.id,
      title: tours.title,
      durationDays: tours.durationDays,
      startDate: departures.startDate,
      endDate: departures.endDate,
      capacity: departures.capacity,
      guideId: departures.guideId,
      packages: sql<{ price: number }[] | null>`${tours.pricing} -> 'packages'`,
      permitPark: tours.permitPark,
    })
    .from(departures)
    .innerJoin(tours, eq(tours.id, departures.tourId))
    .where(
      and(
        eq(tours.slug, slug),
        eq(departures.status, "open"),
        gte(departures.startDate, sql`current_date + 14`),
        sql`not exists (select 1 from ${bookings} b where b.departure_id = ${departures.id})`,
      ),
    )
    .orderBy(asc(departures.startDate))
    .limit(1);
  return row ?? null;
}

const DEMO_BOOKINGS = [
  {
    uuid: "demo-pearl-0001",
    slug: "gorilla-safari",
    reference: "PSO-88123",
    guest: "Lena Fischer",
    units: 2,
    // Germans trekking on a foreign non-resident's permit, the unit the reseller sold them.
    residency: "foreign_non_resident" as Residency,
  },
  {
    uuid: "demo-pearl-0002",
    slug: "nile-adventure",
    reference: "PSO-88191",
    guest: "Tomás Ruiz",
    units: 3,
    residency: null,
  },
];

export async function seedDemoResellers(db: Db): Promise<void> {
  const pearl = await upsertReseller(
    db,
    { name: "Pearl Safaris Online", commissionPercent: 20, testMode: false },
    LIVE_KEY,
  );
  await upsertReseller(
    db,
    { name: "Sandbox Travel", commissionPercent: 15, testMode: true },
    DEMO_RESELLER_TEST_KEY,
  );

  for (const demo of DEMO_BOOKINGS) {
    const [exists] = await db
      .select({ uuid: resellerBookings.uuid })
      .from(resellerBookings)
      .where(eq(resellerBookings.uuid, demo.uuid));
    if (exists) continue;
    const departure = await emptyDeparture(db, demo.slug);
    const price = departure?.packages?.find((p) => p.price > 0)?.price;
    if (!departure || !price || departure.capacity < demo.units) continue;
    const retail = Math.round(price * 100);
    const net = netPrice(retail, pearl.commissionPercent);
    // The park fees' pricing is a server-only data module, loaded only when the demo is seeded.
    const { requireTripFees, saveBookingFees } = await import("@/lib/parks/data/fees");
    const { lockDeparture, requireSeats } = await import("@/lib/departures/data/seats");
    const residency = departure.permitPark ? demo.residency : null;
    await db.transaction(async (tx) => {
      // As a reservation over OCTO takes them: the seats (and on a permit tour each trekker's
      // permit) for the booking's id, each traveller's fee by their unit's category.
      const bookingId = randomUUID();
      const locked = await lockDeparture(tx, departure.id);
      await requireSeats(tx, locked!, demo.units, { bookingId });
      const fees = await requireTripFees(tx, {
        tourId: departure.tourId,
        startDate: departure.startDate,
        groupSize: demo.units,
        travellers: Array.from({ length: demo.units }, () => ({ residency })),
      });
      const [booking] = await tx
        .insert(bookings)
        .values({
          id: bookingId,
          source: "reseller",
          fullName: demo.guest,
          email: "",
          phone: "",
          tourId: departure.tourId,
          tourPackage: packageDisplayName(departure.title, departure.durationDays),
          departureId: departure.id,
          guideId: departure.guideId,
          departureDate: departure.startDate,
          endDate: departure.endDate,
          groupSize: demo.units,
          totalMinor: net * demo.units + (fees?.usdMinor ?? 0),
          depositPercent: env.DEPOSIT_PERCENT,
          termsAccepted: true,
          bookingStatus: "confirmed",
          confirmedAt: sql`now()`,
          resellerId: pearl.id,
          resellerReference: demo.reference,
          idempotencyKey: `octo:${pearl.id}:${demo.uuid}`,
        })
        .returning({ id: bookings.id });
      await saveBookingFees(tx, bookingId, fees?.lines ?? []);
      await tx.insert(bookingTravellers).values({
        bookingId,
        position: 1,
        fullName: demo.guest,
        nationality: null,
        residency,
      });
      await tx.insert(resellerBookings).values({
        uuid: demo.uuid,
        resellerId: pearl.id,
        bookingId: booking!.id,
        testMode: false,
        tourId: departure.tourId,
        departureId: departure.id,
        status: "confirmed",
        supplierReference: `BU-DEMO${demo.uuid.slice(-4)}`,
        resellerReference: demo.reference,
        unitItems: Array.from({ length: demo.units }, (_, i) => ({
          uuid: `${demo.uuid}-${i + 1}`,
          unitId: residency ? residencyUnitId(residency) : ADULT_UNIT_ID,
          resellerReference: null,
          ...(i === 0 ? { fullName: demo.guest } : {}),
          ...(residency ? { residency, feeMinor: fees!.lines[i]!.usdMinor } : {}),
        })),
        contact: { fullName: demo.guest },
        retailMinor: retail,
        netMinor: net,
        confirmedAt: sql`now()`,
      });
    });
  }
}

/**
 * What the demo's seed prints: the sandbox key, and a line that checks the next 30 days'
 * departures of a tour that sells them.
 */
export async function demoResellerHint(db: Db, siteUrl: string): Promise<string> {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.isActive, true), sql`${tours.bookingMode} <> 'request'`))
    .orderBy(asc(tours.title))
    .limit(1);
  const [{ from, to } = { from: "", to: "" }] = await db
    .select({
      from: sql<string>`to_char(current_date, 'YYYY-MM-DD')`,
      to: sql<string>`to_char(current_date + 30, 'YYYY-MM-DD')`,
    })
    .from(sql`(select 1) as one`);
  const body = JSON.stringify({
    productId: tour?.id ?? "<a product id from /octo/products>",
    optionId: "DEFAULT",
    localDateStart: from,
    localDateEnd: to,
  });
  return [
    `OCTO sandbox key (Sandbox Travel, test mode: it takes no seats): ${DEMO_RESELLER_TEST_KEY}`,
    `  curl -s -X POST ${siteUrl}/octo/availability -H 'Authorization: Bearer ${DEMO_RESELLER_TEST_KEY}' -H 'Content-Type: application/json' -H 'Octo-Capabilities: octo/pricing' -d '${body}'`,
  ].join("\n");
}
