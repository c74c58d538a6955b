/**
 * Staff, guides and bookings for the admin bookings tests, on top of the customer world
 * (tests/helpers/customer-world.ts: customers A and B, an admin). Adds a staff member (role
 * staff) and helpers that insert bookings and guides as the app would have them.
 */
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import { adminUsers, bookings, guides, tours, users } from "@/db/schema";
import { createWorld, type WorldUser } from "@/tests/helpers/customer-world";
import { hashPassword } from "@/lib/accounts/password";

export async function createAdminWorld(db: Db) {
  const world = await createWorld(db);
  const email = `staff-member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      name: "Peter Ssali",
      emailVerified: new Date(),
      passwordHash: await hashPassword("staff pass 2027"),
    })
    .returning({ id: users.id });
  await db.insert(adminUsers).values({ userId: row!.id, role: "staff" });
  const staff: WorldUser = { id: row!.id, email, name: "Peter Ssali" };
  return { ...world, staff };
}

type NewBooking = Partial<typeof bookings.$inferInsert>;

/** Inserts bookings (a public request each unless `extra` says otherwise); returns their ids. */
export async function insertBookings(db: Db, rows: NewBooking[]): Promise<string[]> {
  const inserted = await db
    .insert(bookings)
    .values(
      rows.map((extra, i) => ({
        source: "public" as const,
        fullName: `Traveller ${i}`,
        email: `traveller${i}@example.com`,
        phone: "+256 700 000 000",
        tourPackage: "Custom Package - Contact us for pricing",
        groupSize: 2,
        termsAccepted: true,
        ...extra,
      })),
    )
    .returning({ id: bookings.id });
  return inserted.map((r) => r.id);
}

/** A seeded tour by slug: its id and display name as the wizards store it. */
export async function tourBySlug(db: Db, slug: string) {
  const [t] = await db
    .select({ id: tours.id, title: tours.title, days: tours.durationDays })
    .from(tours)
    .where(eq(tours.slug, slug));
  if (!t) throw new Error(`no tour ${slug}`);
  return { id: t.id, tourPackage: `${t.title} (${t.days} Days)` };
}

/** A booking row of `tour` (its id and the package name the wizards store), with more columns. */
export function ofTour(
  tour: { id: string; tourPackage: string },
  row: NewBooking = {},
): NewBooking {
  return { tourId: tour.id, tourPackage: tour.tourPackage, ...row };
}

/** Only these guides stay available (the others are marked unavailable): a test's own team. */
export async function onlyGuides(db: Db, team: { fullName: string; specialty: string }[]) {
  await db.update(guides).set({ isAvailable: false }).where(eq(guides.isAvailable, true));
  return db
    .insert(guides)
    .values(
      team.map((g) => ({
        ...g,
        email: `${g.fullName.replace(/\W/g, "").toLowerCase()}@example.com`,
        isAvailable: true,
      })),
    )
    .returning({ id: guides.id, fullName: guides.fullName });
}

export async function bookingRow(db: Db, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}
