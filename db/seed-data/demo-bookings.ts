import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { subDays } from "date-fns/subDays";
import { subHours } from "date-fns/subHours";
import { asc, eq, inArray, sql } from "drizzle-orm";

import type { BookingStatus, PaymentStatus } from "@/lib/domain";

import type { Db } from "../types";
import { guideRota } from "./guide-rota";
import { bookingEvents, bookings, guides, tours, users } from "../schema";

/**
 * The demo's bookings (`npm run demo` only, never on a real server): 60 requests created over the
 * last 120 days, departing from 60 days ago to 90 days ahead, in every payment and booking
 * status, a third with a guide (never two overlapping trips for one guide), and a history entry
 * for each payment staff recorded. The same every run (a fixed pseudo-random sequence); each row
 * has an idempotency key, so seeding twice adds nothing.
 */

export const DEMO_BOOKING_COUNT = 60;

const TRAVELLERS = [
  ["Sophie Laurent", "France"],
  ["Daniel Mwangi", "Kenya"],
  ["Emma Johansson", "Sweden"],
  ["Liam O'Connor", "Ireland"],
  ["Aisha Bello", "Nigeria"],
  ["Lukas Becker", "Germany"],
  ["Priya Raman", "India"],
  ["Noah Williams", "United States"],
  ["Chloé Martin", "Canada"],
  ["Kofi Mensah", "Ghana"],
  ["Isabella Rossi", "Italy"],
  ["Hannah Schmidt", "Austria"],
  ["Mateo García", "Spain"],
  ["Grace Wanjiru", "Kenya"],
  ["Oliver Brown", "United Kingdom"],
  ["Yuki Tanaka", "Japan"],
  ["Amara Okafor", "Nigeria"],
  ["Jonas de Vries", "Netherlands"],
  ["Sarah Cohen", "Israel"],
  ["Thabo Nkosi", "South Africa"],
] as const;

/** Payment status weights of the demo (about 60 bookings: each status several times). */
const PAYMENTS: PaymentStatus[] = [
  "Pending",
  "Pending",
  "Pending",
  "Deposit Made",
  "Deposit Made",
  "Paid",
  "Paid",
  "Cancelled",
  "Refunded",
];

/** A booking status that fits the payment (staff set it; null: not yet). */
function statusFor(payment: PaymentStatus, departed: boolean, roll: number): BookingStatus | null {
  switch (payment) {
    case "Pending":
      return roll < 0.4 ? null : roll < 0.8 ? "new" : "confirmed";
    case "Deposit Made":
      return roll < 0.3 ? "new" : "confirmed";
    case "Paid":
      return departed ? "completed" : "confirmed";
    case "Cancelled":
    case "Refunded":
      return "cancelled";
  }
}

const NOTES: Partial<Record<PaymentStatus, string[]>> = {
  "Deposit Made": ["MTN MoMo 7H2K9QX", "Airtel Money AM-55120", "Invoice INV-2026-031 (30%)"],
  Paid: ["Bank transfer, Stanbic ref 88213", "Invoice INV-2026-044 settled", "Card payment 4417"],
  Refunded: ["Refund sent to card, 90% per policy"],
  Cancelled: ["Customer cancelled by email"],
};

/** A fixed pseudo-random sequence (mulberry32): the same demo on every machine. */
function sequence(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoBookings(db: Db, now: Date = new Date()): Promise<void> {
  const keys = Array.from({ length: DEMO_BOOKING_COUNT }, (_, i) => `demo-booking-${i + 1}`);
  const [existing] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(inArray(bookings.idempotencyKey, keys))
    .limit(1);
  if (existing) return;

  const catalogue = await db
    .select({ id: tours.id, title: tours.title, days: tours.durationDays })
    .from(tours)
    .where(eq(tours.isActive, true))
    .orderBy(asc(tours.slug));
  const team = await db
    .select({ id: guides.id, fullName: guides.fullName })
    .from(guides)
    .where(eq(guides.isAvailable, true))
    .orderBy(asc(guides.fullName));
  const [admin] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.breatheuganda.com'`)
    .limit(1);
  if (catalogue.length === 0) return;

  const random = sequence(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const day = (offset: number) => format(addDays(now, offset), "yyyy-MM-dd");
  // Trips the guides already have (the demo customer's bookings): never overlapped.
  const freeGuide = await guideRota(db, team);

  const rows = keys.map((key, i) => {
    const [fullName, country] = TRAVELLERS[i % TRAVELLERS.length]!;
    const tour = i % 9 === 8 ? null : pick(catalogue);
    const days = tour?.days ?? 3;
    // Created from 120 days ago to today; departure 10 to 70 days after the request, within the
    // window (60 days ago .. 90 days ahead); a few without a date yet.
    const createdDaysAgo = Math.floor((i / DEMO_BOOKING_COUNT) * 120 + random() * 2);
    const createdAt = subHours(subDays(now, createdDaysAgo), Math.floor(random() * 20));
    const departOffset = Math.min(90, -createdDaysAgo + 10 + Math.floor(random() * 60));
    const dated = i % 11 !== 5;
    const departureDate = dated ? day(departOffset) : null;
    const endDate = dated ? day(departOffset + days - 1) : null;
    // Every payment and booking status appears; requests of the last days are untouched.
    const fresh = createdDaysAgo < 4;
    const paymentStatus = fresh ? "Pending" : pick(PAYMENTS);
    const bookingStatus = fresh
      ? i % 2
        ? "new"
        : null
      : statusFor(paymentStatus, dated && departOffset < 0, random());

    const guideId =
      dated && (paymentStatus === "Paid" || paymentStatus === "Deposit Made") && i % 4 !== 3
        ? freeGuide(departureDate!, endDate!)
        : null;
    const email = `${fullName
      .toLowerCase()
      .replace(/[^a-z]+/g, ".")
      .replace(/^\.|\.$/g, "")}@example.com`;
    const notes = NOTES[paymentStatus];
    return {
      source: (i % 3 === 0 ? "customer" : "public") as "customer" | "public",
      fullName,
      email,
      phone: `+256 7${String(10 + (i % 80)).padStart(2, "0")} ${String(100000 + i * 7919).slice(0, 6)}`,
      address: country,
      tourId: tour?.id ?? null,
      tourPackage: tour
        ? `${tour.title} (${days} Days)`
        : "Custom Package - Contact us for pricing",
      departureDate,
      endDate,
      groupSize: 1 + Math.floor(random() * 8),
      termsAccepted: true,
      bookingStatus,
      paymentStatus,
      paymentNote: notes ? pick(notes) : null,
      guideId,
      idempotencyKey: key,
      createdAt,
      updatedAt: createdAt,
    };
  });

  const inserted = await db
    .insert(bookings)
    .values(rows)
    .onConflictDoNothing({ target: bookings.idempotencyKey })
    .returning({
      id: bookings.id,
      createdAt: bookings.createdAt,
      paymentStatus: bookings.paymentStatus,
      paymentNote: bookings.paymentNote,
    });

  const actor = admin
    ? { actorUserId: admin.id, actorLabel: admin.name ?? "Admin" }
    : { actorUserId: null, actorLabel: "Admin" };
  const events = inserted
    .filter((b) => b.paymentStatus !== "Pending")
    .map((b) => ({
      bookingId: b.id,
      ...actor,
      field: "payment_status",
      fromValue: "Pending",
      toValue: b.paymentStatus,
      note: b.paymentNote,
      createdAt: addDays(b.createdAt, 2) > now ? now : addDays(b.createdAt, 2),
    }));
  if (events.length) await db.insert(bookingEvents).values(events);
}
