/**
 * The demo's tailor-made proposals (`npm run demo`): on the staff's list, one sent and opened
 * once, its price the builder's own arithmetic of its lines, a lodge's hold reminded to staff;
 * the other accepted in its second version, whose booking belongs to the demo customer,
 * confirmed at the version's total with its deposit paid, and shows its plan in My Bookings.
 * Seeding again adds nothing.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, asc, count, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";

import { TERMS_VERSION } from "@/lib/proposals/terms-version";
import {
  activities,
  bookings,
  emailOutbox,
  lodgeRooms,
  parkFeeTariffs,
  payments,
  proposalLines,
  proposals,
  proposalVersions,
  users,
  vehicles,
} from "@/db/schema";
import { DEMO_ACCOUNTS } from "@/db/seed";
import { DEMO_ACCEPTED_REFERENCE, DEMO_SENT_REFERENCE } from "@/db/seed-data/demo-proposals";
import { getMyBooking } from "@/lib/bookings/data/owned";
import { todayInKampala } from "@/lib/dates";
import { env } from "@/lib/env";
import { derivePaymentStatus } from "@/lib/payments/ledger";
import { sendProposalReminders } from "@/lib/proposals/data/reminders";
import { getProposal, listProposals } from "@/lib/proposals/data/staff";
import { parseProposalsQuery } from "@/lib/proposals/list-query";
import {
  activityCost,
  dayPlus,
  lineFees,
  type PricedLine,
  stayCost,
  suggestPrices,
  tripDay,
  vehicleCost,
} from "@/lib/proposals/pricing";
import { actAs } from "@/tests/helpers/customer-world";
import { demoSeededTwice } from "@/tests/helpers/demo-seed";
import { useTestDb } from "@/tests/helpers/db";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

async function account(email: string) {
  const [row] = await t.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return { id: row!.id, email: row!.email, name: row!.name ?? "" };
}

it("seeds a sent and an accepted proposal, priced from the library, once", async () => {
  const counts = async () => {
    const n = async (table: typeof proposals | typeof proposalLines | typeof payments) =>
      (await t.db.select({ n: count() }).from(table))[0]!.n;
    return [await n(proposals), await n(proposalLines), await n(payments)];
  };
  const { first, again } = await demoSeededTwice(t.db, proposalVersions);
  expect(first).toBe(3);
  expect(again).toBe(first);
  const before = await counts();
  const bookingCount = (await t.db.select({ n: count() }).from(bookings))[0]!.n;
  await demoSeededTwice(t.db, proposalVersions);
  expect(await counts()).toEqual(before);
  expect((await t.db.select({ n: count() }).from(bookings))[0]!.n).toBe(bookingCount);

  const today = todayInKampala();
  const admin = await account(DEMO_ACCOUNTS.admin.email);
  const customer = await account(DEMO_ACCOUNTS.customer.email);

  // Staff's list: the two proposals, one opened by its traveller, one accepted.
  actAs(admin);
  const list = await listProposals(parseProposalsQuery({}));
  const byReference = new Map(list.items.map((p) => [p.reference, p]));
  expect(list.items).toHaveLength(2);
  expect(byReference.get(DEMO_SENT_REFERENCE)).toMatchObject({
    status: "viewed",
    statusLabel: "Viewed",
    title: "7-day primates and Queen Elizabeth safari",
    leadName: "Rachel Hughes",
    version: 1,
    optionDate: dayPlus(today, 5),
  });
  expect(byReference.get(DEMO_ACCEPTED_REFERENCE)).toMatchObject({
    status: "accepted",
    email: DEMO_ACCOUNTS.customer.email,
    version: 2,
  });

  // The sent version: seven days from Entebbe to Bwindi and back, each night at a library lodge.
  const sent = (await getProposal(byReference.get(DEMO_SENT_REFERENCE)!.id))!;
  const v = sent.versions[0]!;
  expect(v).toMatchObject({ state: "sent", viewCount: 1, markupPercent: 25, adults: 2 });
  expect(v.startDate).toBe(dayPlus(today, 75));
  expect(v.linkExpiresAt).not.toBeNull();
  expect(v.days.map((d) => d.place)).toEqual([
    "Entebbe",
    "Kibale",
    "Kibale",
    "Queen Elizabeth",
    "Bwindi Impenetrable",
    "Bwindi Impenetrable",
    "Entebbe",
  ]);
  const lines = v.days.flatMap((d) => d.lines.map((l) => ({ ...l, date: d.date })));
  const nights = lines.filter((l) => l.kind === "stay").reduce((n, l) => n + l.quantity, 0);
  expect(nights).toBe(6);
  for (const day of v.days.slice(1))
    expect(
      day.lines.some((l) => l.kind === "vehicle"),
      `day ${day.day}`,
    ).toBe(true);
  const hold = lines.find((l) => l.holdReleaseOn);
  expect(hold?.holdReleaseOn).toBe(dayPlus(today, 2));
  // Two chimpanzee permits at $250 and two gorilla permits at $800, at face value.
  expect(v.parkFeesMinor).toBe(2 * 25_000 + 2 * 80_000);

  // Each line costs what its library row gives for the party; the prices are the suggestion's.
  const [rooms, acts, cars, tariffs] = await Promise.all([
    t.db.select().from(lodgeRooms),
    t.db.select().from(activities),
    t.db.select().from(vehicles),
    t.db.select().from(parkFeeTariffs),
  ]);
  const party = v;
  const priced: PricedLine[] = lines.map((l) => {
    const room = rooms.find((r) => r.id === l.itemId);
    const activity = acts.find((a) => a.id === l.itemId);
    const vehicle = cars.find((c) => c.id === l.itemId);
    const cost = room
      ? stayCost(room, party, l.quantity)
      : activity
        ? activityCost(activity, party)
        : vehicleCost(vehicle!.costMinor, l.quantity);
    expect([l.description, l.costMinor]).toEqual([l.description, cost.costMinor]);
    const fees = lineFees(tariffs, l, party, l.date, null);
    expect([l.description, l.feeMinor]).toEqual([l.description, fees.feeMinor]);
    return {
      kind: l.kind,
      ...cost,
      weights: room
        ? {
            adult: room.costPerNightMinor,
            child: room.childCostPerNightMinor ?? room.costPerNightMinor,
          }
        : activity
          ? {
              adult: activity.costPerPersonMinor,
              child: activity.childCostMinor ?? activity.costPerPersonMinor,
            }
          : null,
      fees,
    };
  });
  const suggested = suggestPrices(priced, party, 25);
  expect(v.costMinor).toBe(suggested.costMinor);
  expect(v.pricePerAdultMinor).toBe(suggested.pricePerAdultMinor);
  expect(v.totalMinor).toBe(suggested.totalMinor);
  expect(v.totalMinor).toBe(2 * v.pricePerAdultMinor);
  expect(v.margin.marginMinor).toBeGreaterThan(0);

  // Buhoma's hold is released within three days: staff are reminded of it.
  expect(await sendProposalReminders()).toBe(1);
  const [reminder] = await t.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, env.OPERATOR_EMAIL),
        eq(emailOutbox.template, "proposal-reminders-staff"),
      ),
    );
  expect(reminder?.text).toContain(`${DEMO_SENT_REFERENCE} (Rachel Hughes): Buhoma Lodge`);

  // The accepted proposal: version 1 sent, version 2 changed, sent and accepted.
  const accepted = (await getProposal(byReference.get(DEMO_ACCEPTED_REFERENCE)!.id))!;
  const [v2, v1] = accepted.versions;
  expect([v1!.number, v1!.state, v2!.number, v2!.state]).toEqual([1, "sent", 2, "accepted"]);
  expect(v2!.totalMinor).not.toBe(v1!.totalMinor);
  expect(v2).toMatchObject({ adults: 2, children: 1, acceptedByName: "Amelia Carter" });
  expect(v2!.startDate).toBe(dayPlus(today, 100));
  const [terms] = await t.db
    .select({ terms: proposalVersions.acceptedTermsVersion })
    .from(proposalVersions)
    .where(eq(proposalVersions.id, v2!.id));
  expect(terms!.terms).toBe(TERMS_VERSION);

  // Its booking: the demo customer's, confirmed at the version's total, the deposit paid.
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, accepted.bookingId!));
  expect(booking).toMatchObject({
    userId: customer.id,
    bookingStatus: "confirmed",
    totalMinor: v2!.totalMinor,
    groupSize: 3,
    departureDate: v2!.startDate,
    endDate: tripDay(v2!.startDate, 6),
    paymentStatus: "Deposit Made",
    depositPercent: env.DEPOSIT_PERCENT,
  });
  const ledger = await t.db
    .select({ kind: payments.kind, amountMinor: payments.amountMinor, status: payments.status })
    .from(payments)
    .where(eq(payments.bookingId, booking!.id))
    .orderBy(asc(payments.createdAt));
  expect(ledger).toEqual([
    {
      kind: "deposit",
      amountMinor: Math.ceil((v2!.totalMinor * env.DEPOSIT_PERCENT) / 100),
      status: "completed",
    },
  ]);
  expect(booking!.paymentStatus).toBe(derivePaymentStatus(booking!.totalMinor, ledger));
  expect(booking!.paidMinor).toBe(ledger[0]!.amountMinor);

  // My Bookings shows the trip with its day-by-day plan and the balance still to pay.
  actAs(customer);
  const mine = await getMyBooking(booking!.id);
  expect(mine?.plan).toMatchObject({ reference: DEMO_ACCEPTED_REFERENCE, version: 2 });
  expect(mine!.plan!.days).toHaveLength(6);
  expect(mine!.plan!.days[1]!.lines.join(" ")).toContain("Paraa Safari Lodge");
  expect(mine!.nextDue?.kind).toBe("balance");
  expect(mine!.nextDue?.amountMinor).toBe(v2!.totalMinor - ledger[0]!.amountMinor);
});
