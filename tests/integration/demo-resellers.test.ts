/**
 * The demo's resellers (`npm run demo`): a live one with two confirmed bookings taking their seats
 * on departures that had room, and a test-mode one whose printed key works on the OCTO API at once
 * (the availability line the seed prints answers). Seeding again adds nothing.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookingParkFees, bookings, resellerBookings, resellers } from "@/db/schema";
import { demoResellerHint, DEMO_RESELLER_TEST_KEY } from "@/db/seed-data/demo-resellers";
import { seedDemoResellers } from "@/db/seed-data/demo-resellers";
import { seed } from "@/db/seed";
import { useTestDb } from "@/tests/helpers/db";
import { demoSeededTwice } from "@/tests/helpers/demo-seed";
import { octoClient } from "@/tests/helpers/octo";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("seeds a live and a test-mode reseller, the live one's bookings, once; the printed key checks availability", async () => {
  const { first, again } = await demoSeededTwice(t.db, resellerBookings);
  expect(first).toBe(2);
  expect(again).toBe(first);
  await seedDemoResellers(t.db);

  const rows = await t.db
    .select({ name: resellers.name, testMode: resellers.testMode })
    .from(resellers)
    .orderBy(resellers.name);
  expect(rows).toEqual([
    { name: "Pearl Safaris Online", testMode: false },
    { name: "Sandbox Travel", testMode: true },
  ]);
  const sold = await t.db
    .select({
      source: bookings.source,
      status: bookings.bookingStatus,
      reference: bookings.resellerReference,
    })
    .from(resellerBookings)
    .innerJoin(bookings, eq(bookings.id, resellerBookings.bookingId));
  expect(sold).toHaveLength(2);
  expect(
    sold.every((b) => b.source === "reseller" && b.status === "confirmed" && b.reference),
  ).toBe(true);

  // The gorilla safari's: two foreign non-residents, each with a US$800 fee line,
  // owed at the reseller's net for the land and the permits at face value.
  const [gorilla] = await t.db
    .select({
      id: bookings.id,
      totalMinor: bookings.totalMinor,
      netMinor: resellerBookings.netMinor,
      unitItems: resellerBookings.unitItems,
    })
    .from(resellerBookings)
    .innerJoin(bookings, eq(bookings.id, resellerBookings.bookingId))
    .where(eq(resellerBookings.uuid, "demo-pearl-0001"));
  expect(gorilla!.unitItems.map((u) => [u.unitId, u.feeMinor])).toEqual([
    ["adult-foreign-non-resident", 80_000],
    ["adult-foreign-non-resident", 80_000],
  ]);
  expect(gorilla!.totalMinor).toBe(2 * gorilla!.netMinor + 160_000);
  const fees = await t.db
    .select({ usdMinor: bookingParkFees.usdMinor })
    .from(bookingParkFees)
    .where(eq(bookingParkFees.bookingId, gorilla!.id));
  expect(fees.map((f) => f.usdMinor)).toEqual([80_000, 80_000]);

  const hint = await demoResellerHint(t.db, "http://127.0.0.1:3000");
  expect(hint).toContain(DEMO_RESELLER_TEST_KEY);
  const body = JSON.parse(/-d '(\{.*\})'/.exec(hint)![1]!);
  const answer = await octoClient(DEMO_RESELLER_TEST_KEY).availability(body);
  expect(answer.status).toBe(200);
  expect(answer.body.length).toBeGreaterThan(0);
});

it("lets the sandbox reserve a party of four on every date the first product offers in the next 30 days", async () => {
  // A reseller trying the sandbox (the OCTO validator among them) books a family of four on any
  // date the availability check calls available; the demo's nearly full dates must not be those.
  await seed(t.db, { demo: true });
  const api = octoClient(DEMO_RESELLER_TEST_KEY);
  const products = await api.products();
  const first = products.body[0];
  expect(first.title ?? first.internalName).toContain("Gorilla");
  const hint = await demoResellerHint(t.db, "http://127.0.0.1:3000");
  const range = JSON.parse(/-d '(\{.*\})'/.exec(hint)![1]!);
  const dates = await api.availability({ ...range, productId: first.id });
  // The unit a client picks by default (the validator does): the first ADULT one, on the gorilla
  // safari a foreign non-resident with their permit.
  const unit = first.options[0].units.find((u: { type: string }) => u.type === "ADULT");
  expect(unit.id).toBe("adult-foreign-non-resident");
  const offered = dates.body.filter((a: { available: boolean }) => a.available);
  expect(offered.length).toBeGreaterThanOrEqual(2);
  // A sold-out date is there too, for a reseller to see one refused.
  expect(dates.body.some((a: { status: string }) => a.status === "SOLD_OUT")).toBe(true);
  for (const a of offered) {
    const answer = await api.reserve({
      productId: first.id,
      optionId: "DEFAULT",
      availabilityId: a.id,
      unitItems: Array.from({ length: 4 }, () => ({ unitId: unit.id })),
    });
    expect(answer.status, `${a.id}: ${JSON.stringify(answer.body)}`).toBe(200);
    expect(answer.body.status).toBe("ON_HOLD");
  }
});
