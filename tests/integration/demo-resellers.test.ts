/**
 * The demo's resellers (`npm run demo`): a live one with two confirmed bookings taking their seats
 * on departures that had room, and a test-mode one whose printed key works on the OCTO API at once
 * (the availability line the seed prints answers). Seeding again adds nothing.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookings, resellerBookings, resellers } from "@/db/schema";
import { demoResellerHint, DEMO_RESELLER_TEST_KEY } from "@/db/seed-data/demo-resellers";
import { seedDemoResellers } from "@/db/seed-data/demo-resellers";
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

  const hint = await demoResellerHint(t.db, "http://127.0.0.1:3000");
  expect(hint).toContain(DEMO_RESELLER_TEST_KEY);
  const body = JSON.parse(/-d '(\{.*\})'/.exec(hint)![1]!);
  const answer = await octoClient(DEMO_RESELLER_TEST_KEY).availability(body);
  expect(answer.status).toBe(200);
  expect(answer.body.length).toBeGreaterThan(0);
});
