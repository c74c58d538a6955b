/**
 * The demo's departures (`npm run demo`): six months of dates on at least six tours, one full
 * with people waiting, some nearly full, one guaranteed; seeding again adds nothing.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { departures, departureWaitlist, tours } from "@/db/schema";
import { queryDeparturesOnSale } from "@/lib/departures/data/seats";
import { addDays } from "@/lib/departures/rules";
import { todayInKampala } from "@/lib/dates";
import { useTestDb } from "@/tests/helpers/db";
import { demoSeededTwice } from "@/tests/helpers/demo-seed";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("seeds six months of departures in every state, once", async () => {
  const { first, again } = await demoSeededTwice(t.db, departures);
  expect(again).toBe(first);

  const onSale = await queryDeparturesOnSale(t.db);
  const tourIds = Object.keys(onSale);
  expect(tourIds.length).toBeGreaterThanOrEqual(6);
  const all = Object.values(onSale).flat();
  const lastStart = all
    .map((d) => d.startDate)
    .sort()
    .at(-1)!;
  expect(lastStart >= addDays(todayInKampala(), 150)).toBe(true);

  const full = all.filter((d) => d.seatsLeft === 0);
  expect(full.length).toBeGreaterThanOrEqual(1);
  const waiting = await t.db
    .select({ departureId: departureWaitlist.departureId })
    .from(departureWaitlist);
  expect(full.map((d) => d.id)).toContain(waiting[0]?.departureId);
  expect(all.filter((d) => d.seatsLeft > 0 && d.seatsLeft <= 2).length).toBeGreaterThanOrEqual(2);
  expect(all.some((d) => d.guaranteed)).toBe(true);

  // Those tours sell their dates and private trips alike.
  const modes = await t.db
    .select({ mode: tours.bookingMode })
    .from(tours)
    .where(eq(tours.slug, "gorilla-safari"));
  expect(modes[0]?.mode).toBe("both");
});
