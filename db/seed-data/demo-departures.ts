import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { subDays } from "date-fns/subDays";
import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { tripEndDate } from "@/lib/departures/rules";
import type { PaymentStatus, Residency } from "@/lib/domain";

import type { Db } from "../types";
import { guideRota } from "./guide-rota";
import {
  bookings,
  bookingTravellers,
  departures,
  departureWaitlist,
  guides,
  permitLots,
  tours,
} from "../schema";

/**
 * The demo's scheduled departures (`npm run demo` only): six months of dates on seven tours, and
 * bookings on the first ones so each state shows: one departure full with two people waiting,
 * some nearly full, one guaranteed (its minimum group booked), the rest open. The same every run;
 * departures are unique per tour and day and bookings carry idempotency keys, so seeding twice
 * adds nothing.
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

  let guest = 0;
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
      const [booking] = await db
        .insert(bookings)
        .values({
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
          idempotencyKey: `demo-departure-${fill.slug}-${fill.index}-${g}`,
          // Booked a few weeks ago, behind the demo's newest requests in the staff list.
          createdAt: subDays(now, 20 + guest),
        })
        .onConflictDoNothing({ target: bookings.idempotencyKey })
        .returning({ id: bookings.id });
      // The lead traveller's details are given; the others come before the trip.
      if (booking) {
        await db.insert(bookingTravellers).values({
          bookingId: booking.id,
          position: 1,
          fullName,
          nationality,
          dietary: g === 1 ? "Vegetarian" : null,
          medical: null,
          residency: RESIDENCY_OF[nationality] ?? "foreign_non_resident",
        });
      }
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
  await seedDemoPermits(db, bySlug.get("gorilla-safari"));
}

/**
 * The gorilla safari needs a Bwindi gorilla permit per trekker on its second day: the demo holds
 * as many permits as seats for each of its dates (paid where UWA's balance is due, a deposit on the
 * later ones),
 * so every date stays on sale and the Permits screen shows its stock.
 */
async function seedDemoPermits(db: Db, tour: { id: string } | undefined) {
  if (!tour) return;
  const PARK = "Bwindi Impenetrable";
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
  // UWA wants the balance 91 days before the trek: the dates that near are paid in full, the later
  // ones carry their deposit.
  const paidBefore = format(addDays(new Date(), 91 + 14), "yyyy-MM-dd");
  const lots = dates.map((d, i) => {
    const trekDate = format(addDays(new Date(`${d.startDate}T00:00:00Z`), 1), "yyyy-MM-dd");
    return {
      park: PARK,
      sector: i % 2 ? "Rushaga" : "Buhoma",
      trekDate,
      quantity: d.capacity,
      uwaReference: `UWA-${trekDate.replaceAll("-", "")}-${String(i + 1).padStart(2, "0")}`,
      faceValueMinor: 80_000,
      currency: "USD",
      state: trekDate <= paidBefore ? ("paid" as const) : ("deposit_paid" as const),
      blockedUntil: null,
      note: "Demo permits",
    };
  });
  if (lots.length) await db.insert(permitLots).values(lots);
}
