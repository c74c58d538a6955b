/**
 * The dashboard's first things (lib/dashboard/data/first-things.ts) on a real database: requests
 * awaiting a reply oldest first with their age (unreviewed booking requests and customer threads
 * whose last word is the customer's; never checkouts, staff holds, answered ones or cancelled
 * ones), this week's departures with seats, guide and unpaid balances, and the waitlists.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { subDays } from "date-fns/subDays";
import { subHours } from "date-fns/subHours";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { bookings, customerMessages, departures, departureWaitlist, guides } from "@/db/schema";
import { getFirstThings } from "@/lib/dashboard/data/first-things";
import { createAdminWorld, insertBookings, ofTour } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { book, makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const tour = await sellingTour(db, "gorilla-safari", "both");
  return { ...world, tour };
});

const tag = `Dash${crypto.randomUUID().slice(0, 6)}`;
const ids = { oldest: "", newer: "", answered: "", thread: "", soon: "", later: "" };

beforeAll(async () => {
  const now = new Date();
  const tour = { id: t.w.tour.id, tourPackage: `Gorilla ${tag}` };
  const requests = await insertBookings(t.db, [
    ofTour(tour, { fullName: `Oldest ${tag}`, bookingStatus: "new", createdAt: subDays(now, 400) }),
    ofTour(tour, { fullName: `Newer ${tag}`, bookingStatus: null, createdAt: subHours(now, 5) }),
    ofTour(tour, {
      fullName: `Answered ${tag}`,
      bookingStatus: "confirmed",
      createdAt: subDays(now, 500),
    }),
  ]);
  [ids.oldest, ids.newer, ids.answered] = requests as [string, string, string];
  // Called off, a checkout and a staff hold are not requests waiting for staff.
  await insertBookings(t.db, [
    ofTour(tour, {
      fullName: `Gone ${tag}`,
      bookingStatus: "cancelled",
      createdAt: subDays(now, 600),
    }),
    ofTour(tour, {
      fullName: `Checkout ${tag}`,
      bookingStatus: "new",
      holdExpiresAt: subDays(now, 1),
      createdAt: subDays(now, 600),
    }),
    ofTour(tour, { fullName: `Held ${tag}`, source: "admin", createdAt: subDays(now, 600) }),
  ]);
  // A thread whose customer wrote again after the staff reply, and one staff answered last.
  ids.thread = crypto.randomUUID();
  const answeredThread = crypto.randomUUID();
  const msg = (threadId: string, isFromAdmin: boolean, daysAgo: number) => ({
    threadId,
    customerEmail: `thread-${tag.toLowerCase()}@example.com`,
    subject: `Permits ${tag}`,
    message: "Hello",
    isFromAdmin,
    createdAt: subDays(now, daysAgo),
  });
  await t.db
    .insert(customerMessages)
    .values([
      msg(ids.thread, false, 450),
      msg(ids.thread, true, 449),
      msg(ids.thread, false, 420),
      msg(ids.thread, false, 410),
      msg(answeredThread, false, 460),
      msg(answeredThread, true, 459),
    ]);

  const [guide] = await t.db
    .insert(guides)
    .values({ fullName: `Guide ${tag}`, isAvailable: true })
    .returning({ id: guides.id });
  const soon = await makeDeparture(t.db, t.w.tour, { inDays: 2, capacity: 8 });
  ids.soon = soon.id;
  ids.later = (await makeDeparture(t.db, t.w.tour, { inDays: 9, capacity: 8 })).id;
  await t.db.update(departures).set({ guideId: guide!.id }).where(eq(departures.id, soon.id));
  const paidPart = await book(soon.id, 3);
  await t.db
    .update(bookings)
    .set({
      bookingStatus: "confirmed",
      holdExpiresAt: null,
      totalMinor: 360_000,
      paidMinor: 108_000,
    })
    .where(eq(bookings.id, paidPart));
  const joined = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  await t.db.insert(departureWaitlist).values([
    {
      departureId: soon.id,
      fullName: "Hannah Waits",
      email: "h@example.com",
      groupSize: 2,
      status: "waiting",
      createdAt: joined(30),
    },
    {
      departureId: soon.id,
      fullName: "Mateo Offered",
      email: "m@example.com",
      groupSize: 1,
      status: "offered",
      createdAt: joined(20),
    },
    {
      departureId: soon.id,
      fullName: "Unconfirmed One",
      email: "u@example.com",
      groupSize: 4,
      status: "unconfirmed",
    },
  ]);
});

beforeEach(() => actAs(t.w.staff));

describe("the dashboard's first things", () => {
  it("lists requests awaiting a reply oldest first, with their age, and none staff answered", async () => {
    const { awaiting, awaitingTotal } = await getFirstThings();
    const ours = awaiting.filter((r) => r.about.includes(tag));
    expect(ours.map((r) => [r.kind, r.name.split(" ")[0]])).toEqual([
      // The thread's turn began with the customer's first message after the staff reply.
      ["Customer message", `thread-${tag.toLowerCase()}@example.com`],
      ["Booking request", "Oldest"],
      ["Booking request", "Newer"],
    ]);
    expect(ours[0]).toMatchObject({
      waiting: "420 days",
      late: true,
      href: `/admin/messages?tab=customers&thread=${ids.thread}`,
    });
    expect(ours[1]).toMatchObject({
      waiting: "400 days",
      href: `/admin/bookings?edit=${ids.oldest}`,
    });
    expect(ours[2]).toMatchObject({ waiting: "5 hours", late: false });
    expect(awaitingTotal).toBeGreaterThanOrEqual(3);
  });

  it("shows this week's departures with seats, guide and the balance unpaid, and not next week's", async () => {
    const { week } = await getFirstThings();
    expect(week.map((d) => d.id)).toContain(ids.soon);
    expect(week.map((d) => d.id)).not.toContain(ids.later);
    expect(week.find((d) => d.id === ids.soon)).toMatchObject({
      capacity: 8,
      seatsTaken: 3,
      guideName: `Guide ${tag}`,
      unpaidMinor: 252_000,
      unpaid: "$2,520.00",
      unpaidBookings: 1,
      href: `/admin/departures/${ids.soon}`,
    });
  });

  it("shows each departure's waitlist: the parties waiting or offered seats, by name", async () => {
    const { waitlists } = await getFirstThings();
    expect(waitlists.find((w) => w.departureId === ids.soon)).toMatchObject({
      entries: 2,
      seats: 3,
      names: "Hannah Waits (2), Mateo Offered (1, offered)",
    });
  });
});
