import { randomUUID } from "node:crypto";

import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { subDays } from "date-fns/subDays";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";

import { todayInKampala } from "@/lib/dates";
import { addDays as plusDays, tripEndDate } from "@/lib/departures/rules";
import type { PaymentStatus, Residency } from "@/lib/domain";
import { UWA_BALANCE_DAYS } from "@/lib/parks/rules";

import type { Db } from "../types";
import { guideRota } from "./guide-rota";
import {
  bookings,
  bookingTravellers,
  departures,
  departureWaitlist,
  guides,
  permitAllocations,
  permitLots,
  tours,
} from "../schema";

/**
 * The demo's scheduled departures (`npm run demo` only): six months of dates on seven tours, and
 * bookings on the first ones so each state shows: one departure full with two people waiting,
 * some nearly full, one guaranteed (its minimum group booked), the rest open. Each booking takes
 * its seats as the site takes them (lib/departures/data/seats.ts requireSeats), so on the gorilla
 * safari each trekker is given a permit of the demo's lots. The same every run; departures are
 * unique per tour and day and bookings carry idempotency keys, so seeding twice adds nothing.
 */

type Schedule = {
  slug: string;
  /** Days from today to the first departure. */
  first: number;
  /** Days between departures. */
  every: number;
  capacity: number;
  minGroup: number | null;
  cutoffDays: number;
  note: string;
};

const SCHEDULES: Schedule[] = [
  {
    slug: "gorilla-safari",
    first: 12,
    every: 7,
    capacity: 8,
    minGroup: 4,
    cutoffDays: 10,
    note: "Meet at the Kampala office, Kisementi, 06:30. Gorilla permits are bought for each booked traveller.",
  },
  {
    slug: "nile-adventure",
    first: 5,
    every: 7,
    capacity: 12,
    minGroup: 4,
    cutoffDays: 2,
    note: "Pick-up from Kampala hotels from 07:00; rafting briefing at Jinja on arrival.",
  },
  {
    slug: "murchison-safari",
    first: 9,
    every: 14,
    capacity: 10,
    minGroup: 4,
    cutoffDays: 5,
    note: "Depart Kampala 07:00 via Ziwa Rhino Sanctuary.",
  },
  {
    slug: "sipi-falls",
    first: 7,
    every: 7,
    capacity: 12,
    minGroup: 3,
    cutoffDays: 2,
    note: "Depart Kampala 07:30; bring walking boots and a rain jacket.",
  },
  {
    slug: "kampala-cultural",
    first: 3,
    every: 4,
    capacity: 14,
    minGroup: null,
    cutoffDays: 1,
    note: "Meet at the Uganda Museum gate, 09:00.",
  },
  {
    slug: "lake-bunyonyi",
    first: 11,
    every: 14,
    capacity: 10,
    minGroup: 4,
    cutoffDays: 3,
    note: "Depart Kampala 06:30; overnight stop in Mbarara.",
  },
  {
    slug: "birding-paradise",
    first: 20,
    every: 28,
    capacity: 8,
    minGroup: 2,
    cutoffDays: 14,
    note: "Binoculars are provided; early starts every day.",
  },
];

/** How far ahead the demo schedules dates. */
const HORIZON_DAYS = 183;

const GUESTS = [
  ["Sophie Laurent", "French"],
  ["Daniel Mwangi", "Kenyan"],
  ["Emma Johansson", "Swedish"],
  ["Liam O'Connor", "Irish"],
  ["Aisha Bello", "Nigerian"],
  ["Lukas Becker", "German"],
  ["Priya Raman", "Indian"],
  ["Noah Williams", "American"],
  ["Chloé Martin", "Canadian"],
  ["Kofi Mensah", "Ghanaian"],
  ["Isabella Rossi", "Italian"],
  ["Yuki Tanaka", "Japanese"],
] as const;

/**
 * Bookings on the first departures: by tour slug and departure index, the group sizes booked
 * (and how each is paid). Gorilla's first date is full; its second half full (selling fast, with
 * room left for a family of four: a reseller trying the sandbox books such a party on whichever
 * date it is offered); Murchison's first is guaranteed; Nile's and Sipi's first nearly full.
 */
const FILLS: { slug: string; index: number; groups: [number, PaymentStatus][] }[] = [
  {
    slug: "gorilla-safari",
    index: 0,
    groups: [
      [3, "Paid"],
      [3, "Deposit Made"],
      [2, "Paid"],
    ],
  },
  {
    slug: "gorilla-safari",
    index: 1,
    groups: [[4, "Deposit Made"]],
  },
  {
    slug: "murchison-safari",
    index: 0,
    groups: [
      [2, "Paid"],
      [3, "Deposit Made"],
    ],
  },
  {
    slug: "nile-adventure",
    index: 0,
    groups: [
      [4, "Paid"],
      [4, "Deposit Made"],
      [2, "Pending"],
    ],
  },
  {
    slug: "sipi-falls",
    index: 0,
    groups: [
      [5, "Deposit Made"],
      [6, "Paid"],
    ],
  },
  {
    slug: "kampala-cultural",
    index: 0,
    groups: [
      [2, "Paid"],
      [1, "Pending"],
    ],
  },
  { slug: "lake-bunyonyi", index: 0, groups: [[2, "Deposit Made"]] },
];

/**
 * The lead travellers' UWA residency categories by nationality, which price their park permits
 * (the others' are not given yet and are priced as foreign non-residents): on the first gorilla
 * date, a Kenyan's party is two foreign non-residents and an East African citizen.
 */
const RESIDENCY_OF: Partial<Record<string, Residency>> = {
  Kenyan: "east_african_citizen",
  Nigerian: "rest_of_africa",
  Ghanaian: "rest_of_africa",
};

/** The gorilla safari's park: its trekkers need a Bwindi gorilla permit. */
const PARK = "Bwindi Impenetrable";

/**
 * The fourth gorilla date (beyond the month a reseller's sandbox books in): UWA had six permits
 * left for its trek day, so it sells six of its eight seats.
 */
export const SHORT_OF_PERMITS = { index: 3, permits: 6 };

/**
 * The bookings whose permits UWA has issued and staff have numbered: the first gorilla date's
 * paid ones (the manifest and the guide's day sheet show 'UWA permit UG-BW-4101' ...); the
 * others hold their permits, numbers not entered yet.
 */
const PERMIT_NUMBERS_GIVEN = new Set([
  "demo-departure-gorilla-safari-0-0",
  "demo-departure-gorilla-safari-0-2",
]);
const FIRST_PERMIT_NUMBER = 4101;

const DEMO_CUSTOMER_EMAIL = "traveller@demo.breatheuganda.com";

/** Waiting for the full gorilla date. */
const WAITING = [
  { fullName: "Hannah Schmidt", email: "hannah.schmidt@example.com", groupSize: 2 },
  { fullName: "Mateo García", email: "mateo.garcia@example.com", groupSize: 1 },
];

export async function seedDemoDepartures(db: Db, now: Date = new Date()): Promise<void> {
  const day = (offset: number) => format(addDays(now, offset), "yyyy-MM-dd");
  const rows = await db
    .select({ id: tours.id, slug: tours.slug, title: tours.title, days: tours.durationDays })
    .from(tours)
    .where(
      inArray(
        tours.slug,
        SCHEDULES.map((s) => s.slug),
      ),
    );
  const bySlug = new Map(rows.map((t) => [t.slug, t]));
  const team = await db
    .select({ id: guides.id })
    .from(guides)
    .where(eq(guides.isAvailable, true))
    .orderBy(asc(guides.fullName));

  // A guide leads one trip at a time: the demo's other trips are counted.
  const freeGuide = await guideRota(db, team);

  const values = SCHEDULES.flatMap((s) => {
    const tour = bySlug.get(s.slug);
    if (!tour) return [];
    const dates: (typeof departures.$inferInsert)[] = [];
    for (let offset = s.first; offset <= HORIZON_DAYS; offset += s.every) {
      const startDate = day(offset);
      const endDate = tripEndDate(startDate, tour.days);
      dates.push({
        tourId: tour.id,
        startDate,
        endDate,
        capacity: s.capacity,
        minGroup: s.minGroup,
        cutoffDays: s.cutoffDays,
        note: s.note,
        // The first dates of each tour have their guide already.
        guideId: dates.length < 2 ? freeGuide(startDate, endDate) : null,
      });
    }
    return dates;
  });
  if (values.length === 0) return;
  await db.insert(departures).values(values).onConflictDoNothing();
  // The demo's tours sell their dates, and private trips too.
  await db
    .update(tours)
    .set({ bookingMode: "both" })
    .where(
      and(
        inArray(
          tours.slug,
          SCHEDULES.map((s) => s.slug),
        ),
        eq(tours.bookingMode, "request"),
      ),
    );

  // The gorilla safari's permits first: its bookings take a permit per trekker with their seats.
  await seedDemoPermits(db, bySlug.get("gorilla-safari"), now);

  // The seat-taking path is a server-only data module, loaded when the demo is seeded: the e2e
  // specs import this seed for its demo accounts in plain Node, where it cannot load.
  const { lockDeparture, requireSeats } = await import("@/lib/departures/data/seats");

  let guest = 0;
  let permitNumber = FIRST_PERMIT_NUMBER;
  for (const fill of FILLS) {
    const tour = bySlug.get(fill.slug);
    if (!tour) continue;
    const [departure] = await db
      .select()
      .from(departures)
      .where(eq(departures.tourId, tour.id))
      .orderBy(asc(departures.startDate))
      .offset(fill.index)
      .limit(1);
    if (!departure) continue;
    for (const [g, [groupSize, paymentStatus]] of fill.groups.entries()) {
      const [fullName, nationality] = GUESTS[guest++ % GUESTS.length]!;
      const email = `${fullName.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`;
      const idempotencyKey = `demo-departure-${fill.slug}-${fill.index}-${g}`;
      const [seeded] = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.idempotencyKey, idempotencyKey));
      if (seeded) continue;
      const numbered = PERMIT_NUMBERS_GIVEN.has(idempotencyKey);
      const given = numbered ? Array.from({ length: groupSize }, () => permitNumber++) : [];
      await db.transaction(async (tx) => {
        // As a booking takes its seats on the site: the departure locked, the seats (and on the
        // gorilla safari, each trekker's permit) taken for the booking's id, then its row.
        const bookingId = randomUUID();
        const locked = await lockDeparture(tx, departure.id);
        await requireSeats(tx, locked!, groupSize, { bookingId });
        await tx.insert(bookings).values({
          id: bookingId,
          // An unpaid group is a staff hold (a named party, seats kept until its option date);
          // the paid ones were booked and paid online.
          source: paymentStatus === "Pending" ? "admin" : "public",
          fullName,
          email,
          phone: `+256 77${String(1000000 + guest * 7919).slice(0, 7)}`,
          address: nationality,
          tourId: tour.id,
          tourPackage: `${tour.title} (${tour.days} Days)`,
          departureId: departure.id,
          departureDate: departure.startDate,
          endDate: departure.endDate,
          groupSize,
          termsAccepted: true,
          bookingStatus: "confirmed",
          paymentStatus,
          guideId: departure.guideId,
          confirmedAt: paymentStatus === "Pending" ? now : subDays(now, 3),
          idempotencyKey,
          // Booked a few weeks ago, behind the demo's newest requests in the staff list.
          createdAt: subDays(now, 20 + guest),
        });
        // The lead traveller's details are given; the others come before the trip.
        await tx.insert(bookingTravellers).values({
          bookingId,
          position: 1,
          fullName,
          nationality,
          dietary: g === 1 ? "Vegetarian" : null,
          medical: null,
          residency: RESIDENCY_OF[nationality] ?? "foreign_non_resident",
        });
        // UWA's numbers as staff type them in the booking's Edit dialog, trekker by trekker.
        for (const [i, n] of given.entries())
          await tx
            .update(permitAllocations)
            .set({ permitNumber: `UG-BW-${n}` })
            .where(
              and(
                eq(permitAllocations.bookingId, bookingId),
                eq(permitAllocations.traveller, i + 1),
              ),
            );
      });
    }
    if (fill.slug === "gorilla-safari" && fill.index === 0) {
      for (const [i, w] of WAITING.entries()) {
        const [existing] = await db
          .select({ id: departureWaitlist.id })
          .from(departureWaitlist)
          .where(
            and(
              eq(departureWaitlist.departureId, departure.id),
              sql`lower(${departureWaitlist.email}) = ${w.email}`,
            ),
          )
          .limit(1);
        if (!existing) {
          await db
            .insert(departureWaitlist)
            .values({ departureId: departure.id, ...w, createdAt: subDays(now, 2 - i) });
        }
      }
    }
  }
}

/**
 * The gorilla safari needs a Bwindi gorilla permit per trekker on its second day. The demo holds
 * a lot for each of its dates, as many permits as seats but on the date short of them, in each
 * state staff meet: paid where UWA's balance fell due (91 days before the trek), a deposit on the
 * later ones (the next balances falling due within two weeks), and the furthest date's permits
 * blocked with the deposit due tomorrow. So the Permits screen and the dashboard show each alert
 * (a block lapsing, a balance due, permits unsold a month out), and every date stays on sale.
 * The demo customer's private trek (no departure: no seat takes its permits) holds its own,
 * allocated by staff from a lot of its trek day before they confirmed it.
 */
async function seedDemoPermits(db: Db, tour: { id: string } | undefined, now: Date) {
  if (!tour) return;
  await db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: PARK, trekDay: 2 })
    .where(and(eq(tours.id, tour.id), sql`${tours.permitPark} is null`));
  const dates = await db
    .select({ startDate: departures.startDate, capacity: departures.capacity })
    .from(departures)
    .where(eq(departures.tourId, tour.id))
    .orderBy(asc(departures.startDate));
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(permitLots)
    .where(eq(permitLots.park, PARK));
  if (Number(n) > 0) return;
  const today = todayInKampala(now);
  const balanceFellDue = plusDays(today, UWA_BALANCE_DAYS);
  const lots = dates.map((d, i) => {
    const trekDate = plusDays(d.startDate, 1);
    const blocked = i === dates.length - 1;
    return {
      park: PARK,
      sector: i % 2 ? "Rushaga" : "Buhoma",
      trekDate,
      quantity: i === SHORT_OF_PERMITS.index ? SHORT_OF_PERMITS.permits : d.capacity,
      uwaReference: `UWA-${trekDate.replaceAll("-", "")}-${String(i + 1).padStart(2, "0")}`,
      faceValueMinor: 80_000,
      currency: "USD",
      state: blocked
        ? ("blocked" as const)
        : trekDate <= balanceFellDue
          ? ("paid" as const)
          : ("deposit_paid" as const),
      blockedUntil: blocked ? plusDays(today, 1) : null,
      note: blocked ? "Demo permits: blocked, the deposit due tomorrow" : "Demo permits",
    };
  });
  if (lots.length) await db.insert(permitLots).values(lots);
  await seedPrivateTrekPermits(db, tour.id, today);
}

/** The demo customer's private gorilla trek: a paid lot of its trek day, allocated as staff do. */
async function seedPrivateTrekPermits(db: Db, tourId: string, today: string) {
  const [trip] = await db
    .select({
      id: bookings.id,
      groupSize: bookings.groupSize,
      departureDate: bookings.departureDate,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.tourId, tourId),
        eq(bookings.email, DEMO_CUSTOMER_EMAIL),
        isNull(bookings.departureId),
        eq(bookings.bookingStatus, "confirmed"),
        isNotNull(bookings.departureDate),
      ),
    )
    .limit(1);
  if (!trip?.departureDate) return;
  const trek = { park: PARK, day: plusDays(trip.departureDate, 1) };
  // A staff data module, loaded only here (see the seat-taking path above).
  const { allocateFromLot, lockTrekLots } = await import("@/lib/parks/data/stock");
  await db.transaction(async (tx) => {
    const [lot] = await tx
      .insert(permitLots)
      .values({
        park: PARK,
        sector: "Buhoma",
        trekDate: trek.day,
        quantity: trip.groupSize,
        uwaReference: `UWA-${trek.day.replaceAll("-", "")}-P1`,
        faceValueMinor: 80_000,
        currency: "USD",
        state: "paid",
        note: "Demo permits: a private trek",
      })
      .returning({ id: permitLots.id });
    await lockTrekLots(tx, trek);
    await allocateFromLot(tx, {
      bookingId: trip.id,
      trek,
      lotId: lot!.id,
      trekkers: trip.groupSize,
      today,
    });
  });
}
