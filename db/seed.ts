import { addDays } from "date-fns/addDays";
import { format } from "date-fns/format";
import { subDays } from "date-fns/subDays";
import { count, eq, sql } from "drizzle-orm";

import { hashPassword } from "@/lib/accounts/password";
import { priceLabel } from "@/lib/tours/rules";

import type { Db } from "./types";
import {
  adminUsers,
  bookings,
  customerMessages,
  guides,
  newsletterSubscriptions,
  tours,
  users,
} from "./schema";
import { seedDemoBookings } from "./seed-data/demo-bookings";
import { seedDemoDepartures } from "./seed-data/demo-departures";
import { seedDemoMessages } from "./seed-data/demo-messages";
import { seedDemoPayments } from "./seed-data/demo-payments";
import { seedDemoProposals } from "./seed-data/demo-proposals";
import { seedDemoResellers } from "./seed-data/demo-resellers";
import { seedGuides } from "./seed-data/guides";
import { seedLibrary } from "./seed-data/library";
import { seedTours } from "./seed-data/tours";

/**
 * Demo accounts: seeded only when the demo is asked for (`npm run demo`, DEMO=1, `db:seed --demo`)
 * and printed at its start. Their passwords are public (README), so a production server that
 * finds them refuses to listen beyond loopback (lib/accounts/demo-guard.ts). The passwords pass our own
 * rules (lib/accounts/password-rules.ts: not common, not containing the email's name part).
 */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@demo.breatheuganda.com", password: "murchison-falls-2026", name: "Grace Namutebi" },
  customer: { email: "traveller@demo.breatheuganda.com", password: "gorilla-trek-2026", name: "Amelia Carter" },
} as const;

export type SeedSummary = { tours: number; guides: number; demo: boolean };

/** Catalogue rows: inserted when their slug is new; an admin's later edits are never overwritten. */
async function seedCatalogue(db: Db) {
  const rows = seedTours.map(({ packages, image, ...tour }) => ({
    ...tour,
    pricing: { packages },
    priceLabel: priceLabel(packages),
    priceMin: packages[0].price,
    thumbnailUrl: image,
    imageUrl: image,
  }));
  await db.insert(tours).values(rows).onConflictDoNothing();

  for (const g of seedGuides) {
    const [existing] = await db
      .select({ id: guides.id })
      .from(guides)
      .where(sql`lower(${guides.email}) = ${g.email.toLowerCase()}`)
      .limit(1);
    if (!existing) await db.insert(guides).values(g);
  }
}

async function upsertUser(db: Db, account: { email: string; password: string; name: string }, extra: { phone?: string; country?: string } = {}) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`)
    .limit(1);
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      email: account.email,
      name: account.name,
      passwordHash: await hashPassword(account.password),
      emailVerified: new Date(),
      phone: extra.phone ?? null,
      country: extra.country ?? null,
      // The demo's people have a history (bookings months back): none is a brand-new account.
      createdAt: subDays(new Date(), 365),
    })
    .returning({ id: users.id });
  return created!.id;
}

async function seedDemo(db: Db) {
  const adminId = await upsertUser(db, DEMO_ACCOUNTS.admin, { phone: "+256 772 000 111", country: "Uganda" });
  await db.insert(adminUsers).values({ userId: adminId, role: "admin" }).onConflictDoNothing();

  const customerId = await upsertUser(db, DEMO_ACCOUNTS.customer, {
    phone: "+44 7700 900123",
    country: "United Kingdom",
  });
  await seedDemoMessages(db, { adminId, customerId });

  const [{ value: existingBookings } = { value: 0 }] = await db
    .select({ value: count() })
    .from(bookings)
    .where(eq(bookings.userId, customerId));
  if (existingBookings > 0) return;

  const catalogue = await db.select({ id: tours.id, slug: tours.slug, title: tours.title, days: tours.durationDays }).from(tours);
  const bySlug = new Map(catalogue.map((t) => [t.slug, t]));
  const guideRows = await db.select({ id: guides.id, specialty: guides.specialty }).from(guides).orderBy(guides.fullName);
  const today = new Date();
  const day = (offset: number) => format(addDays(today, offset), "yyyy-MM-dd");
  const demoBooking = (slug: string, departureOffset: number, groupSize: number, extra: Partial<typeof bookings.$inferInsert> = {}) => {
    const tour = bySlug.get(slug);
    const days = tour?.days ?? 3;
    return {
      source: "customer" as const,
      userId: customerId,
      fullName: DEMO_ACCOUNTS.customer.name,
      email: DEMO_ACCOUNTS.customer.email,
      phone: "+44 7700 900123",
      address: "12 Hill Street, London, United Kingdom",
      tourId: tour?.id ?? null,
      tourPackage: tour ? `${tour.title} (${days} Days)` : slug,
      departureDate: day(departureOffset),
      endDate: day(departureOffset + days - 1),
      groupSize,
      accommodationPreference: "standard",
      termsAccepted: true,
      bookingStatus: "new" as const,
      paymentStatus: "Pending" as const,
      ...extra,
    };
  };

  await db.insert(bookings).values([
    demoBooking("gorilla-safari", 45, 2, {
      paymentStatus: "Deposit Made",
      bookingStatus: "confirmed",
      guideId: guideRows[0]?.id ?? null,
      createdAt: subDays(today, 12),
    }),
    demoBooking("nile-adventure", 80, 4, { createdAt: subDays(today, 2), dietaryRestrictions: "One vegetarian" }),
    demoBooking("kampala-cultural", -120, 2, {
      paymentStatus: "Paid",
      bookingStatus: "completed",
      guideId: guideRows[1]?.id ?? null,
      createdAt: subDays(today, 160),
    }),
  ]);

  const threadId = crypto.randomUUID();
  await db.insert(customerMessages).values([
    {
      threadId,
      userId: customerId,
      customerEmail: DEMO_ACCOUNTS.customer.email,
      subject: "Gorilla permit for my partner",
      message: "Hello! Could you confirm that the gorilla permits for both of us are secured for our dates?",
      isFromAdmin: false,
      isRead: true,
      createdAt: subDays(today, 3),
    },
    {
      threadId,
      userId: customerId,
      customerEmail: DEMO_ACCOUNTS.customer.email,
      subject: "Gorilla permit for my partner",
      message: "Hi Amelia, both permits are confirmed with the Uganda Wildlife Authority. We'll send the vouchers a week before departure.",
      isFromAdmin: true,
      authorUserId: adminId,
      isRead: false,
      createdAt: subDays(today, 2),
    },
  ]);

  await db
    .insert(newsletterSubscriptions)
    .values({ email: DEMO_ACCOUNTS.customer.email, isActive: true })
    .onConflictDoNothing();
}

/** Idempotent: safe to run on every start and by `npm run db:seed`. */
export async function seed(db: Db, options: { demo: boolean }): Promise<SeedSummary> {
  await seedCatalogue(db);
  if (options.demo) await seedDemo(db);
  if (options.demo) await seedDemoBookings(db);
  if (options.demo) await seedDemoDepartures(db);
  if (options.demo) await seedDemoPayments(db);
  if (options.demo) await seedDemoResellers(db);
  if (options.demo) await seedLibrary(db);
  if (options.demo) await seedDemoProposals(db);
  const [{ value: tourCount } = { value: 0 }] = await db.select({ value: count() }).from(tours);
  const [{ value: guideCount } = { value: 0 }] = await db.select({ value: count() }).from(guides);
  return { tours: tourCount, guides: guideCount, demo: options.demo };
}

/**
 * The embedded mode's start: seeds a database that has no tours yet; the demo accounts (when
 * asked for) are added to one that already has its catalogue too (idempotent).
 */
export async function seedIfEmpty(db: Db, options: { demo: boolean }): Promise<SeedSummary | null> {
  const [row] = await db.select({ value: count() }).from(tours);
  if ((row?.value ?? 0) > 0) {
    if (options.demo) await seedDemo(db);
    // The library came after the catalogue: a demo database seeded before it gets it now.
    if (options.demo) await seedLibrary(db);
    // The proposals are made of the library's rows: they follow it.
    if (options.demo) await seedDemoProposals(db);
    return null;
  }
  return seed(db, options);
}
