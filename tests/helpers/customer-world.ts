/**
 * Accounts, bookings and support threads for the customer-area integration tests, plus a stand-in
 * for Auth.js: install it with
 *
 *   vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);
 *
 * and choose the caller with `actAs(user)` / `actAs(null)`.
 */
import { subDays } from "date-fns/subDays";
import { todayInKampala } from "@/lib/dates";
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import { adminUsers, bookings, customerMessages, guides, users } from "@/db/schema";
import { hashPassword } from "@/lib/accounts/password";

export const WORLD_PASSWORD = "murchison falls 2027";

type Session = { user: { id: string; email: string; name: string | null }; expires: string } | null;

const state: { session: Session } = { session: null };

export const authMock = {
  auth: async () => state.session,
  signIn: async () => {
    throw new Error("signIn is not available in this test");
  },
  signOut: async () => undefined,
  handlers: {},
  SERVER_ONLY_PROVIDERS: [],
};

export type WorldUser = { id: string; email: string; name: string };

export function actAs(user: WorldUser | null) {
  state.session = user
    ? {
        user: { id: user.id, email: user.email, name: user.name },
        expires: new Date(Date.now() + 3600_000).toISOString(),
      }
    : null;
}

/** 'yyyy-MM-dd' `offset` days from today in Kampala, the day the app counts from (not the machine's). */
const day = (offset: number) => {
  const [y, m, d] = todayInKampala().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
};

let hash: Promise<string> | undefined;

async function makeUser(db: Db, email: string, name: string, verified = true): Promise<WorldUser> {
  hash ??= hashPassword(WORLD_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({ email, name, passwordHash: await hash, emailVerified: verified ? new Date() : null })
    .returning({ id: users.id });
  return { id: row!.id, email, name };
}

function booking(
  user: { id: string | null; email: string },
  tourPackage: string,
  extra: Partial<typeof bookings.$inferInsert> = {},
) {
  return {
    source: "customer" as const,
    userId: user.id,
    fullName: "Test Traveller",
    email: user.email,
    phone: "+256 700 000 000",
    tourPackage,
    groupSize: 2,
    termsAccepted: true,
    bookingStatus: "new" as const,
    ...extra,
  };
}

/**
 * A: verified, two bookings (one linked, one a guest booking under A's email in other case) and a
 * thread with an unread support reply. B: verified, one booking and a thread. Admin: staff, no
 * customer data. U: unverified, with a guest booking under U's email.
 */
export async function createWorld(db: Db) {
  const tag = crypto.randomUUID().slice(0, 8);
  const a = await makeUser(db, `amelia-${tag}@example.com`, "Amelia Carter");
  const b = await makeUser(db, `brian-${tag}@example.com`, "Brian Okello");
  const admin = await makeUser(db, `staff-${tag}@example.com`, "Grace Namutebi");
  const unverified = await makeUser(db, `unverified-${tag}@example.com`, "Una Verified", false);
  await db.insert(adminUsers).values({ userId: admin.id, role: "admin" });

  const [guide] = await db
    .select({ id: guides.id, fullName: guides.fullName })
    .from(guides)
    .limit(1);

  const [a1, a2, b1, u1] = await db
    .insert(bookings)
    .values([
      booking(a, "Gorilla Trek & Safari Escape (5 Days)", {
        departureDate: day(30),
        groupSize: 3,
        guideId: guide?.id ?? null,
        paymentStatus: "Deposit Made",
      }),
      // A guest booking made with the public wizard before A had an account (email in other case).
      booking({ id: null, email: a.email.toUpperCase() }, "Nile Adventure in Jinja (3 Days)", {
        source: "public",
        bookingStatus: null,
        departureDate: day(-20),
        createdAt: subDays(new Date(), 40),
      }),
      booking(b, "Murchison Falls Safari (4 Days)", { departureDate: day(12), groupSize: 5 }),
      booking({ id: null, email: unverified.email }, "Kampala City & Culture (2 Days)", {
        source: "public",
        bookingStatus: null,
      }),
    ])
    .returning({ id: bookings.id });

  const threadA = crypto.randomUUID();
  const threadB = crypto.randomUUID();
  await db.insert(customerMessages).values([
    {
      threadId: threadA,
      userId: a.id,
      customerEmail: a.email,
      subject: "Permits",
      message: "Are permits included?",
      createdAt: subDays(new Date(), 2),
    },
    {
      threadId: threadA,
      userId: a.id,
      customerEmail: a.email,
      subject: "Permits",
      message: "Yes, both permits are included.",
      isFromAdmin: true,
      authorUserId: admin.id,
      createdAt: subDays(new Date(), 1),
    },
    {
      threadId: threadB,
      userId: b.id,
      customerEmail: b.email,
      subject: "Boat trip",
      message: "Is the boat trip daily?",
    },
    {
      threadId: threadB,
      userId: b.id,
      customerEmail: b.email,
      subject: "Boat trip",
      message: "Every morning at 9.",
      isFromAdmin: true,
      authorUserId: admin.id,
    },
  ]);

  return {
    a,
    b,
    admin,
    unverified,
    guide: guide ?? null,
    bookings: { a1: a1!.id, a2: a2!.id, b1: b1!.id, u1: u1!.id },
    threads: { a: threadA, b: threadB },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

export async function userRow(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}
