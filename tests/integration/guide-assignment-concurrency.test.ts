/**
 * docs/decisions/0009: two staff saving at once never give one guide two overlapping trips. Twenty
 * payments set to Paid at the same time, for twenty bookings on overlapping dates, with three
 * free guides: each guide gets exactly one, the other seventeen are told no guide was free. On
 * the Postgres server the saves run on separate connections at once; on PGlite they interleave
 * on its one connection.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";

import { bookings } from "@/db/schema";
import { getBookingForEdit, updateBookingPayment } from "@/lib/bookings/data/manage";
import { createAdminWorld, insertBookings, onlyGuides } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { inDays } from "@/tests/helpers/payloads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

let team: { id: string }[];
let ids: string[];

beforeAll(async () => {
  const w = await createAdminWorld(t.db);
  actAs(w.staff);
  team = await onlyGuides(t.db, [
    { fullName: "Ada One", specialty: "Birding" },
    { fullName: "Ben Two", specialty: "Birding" },
    { fullName: "Cleo Three", specialty: "Birding" },
  ]);
  // Departures on days 100 and 101, 3 days each without an end date: every pair overlaps.
  ids = await insertBookings(
    t.db,
    Array.from({ length: 20 }, (_, i) => ({ departureDate: inDays(100 + (i % 2)) })),
  );
});

it("20 concurrent automatic assignments never double-book a guide", async () => {
  const versions = await Promise.all(ids.map(async (id) => (await getBookingForEdit(id))!.version));
  const results = await Promise.all(
    ids.map((id, i) =>
      updateBookingPayment({
        bookingId: id,
        version: versions[i]!,
        paymentStatus: "Paid",
        paymentNote: null,
        bookingStatus: "new",
      }),
    ),
  );
  const assigned = results.filter((r) => r.assignment?.ok);
  const refused = results.filter((r) => r.assignment && !r.assignment.ok);
  expect(assigned).toHaveLength(3);
  expect(refused).toHaveLength(17);
  expect(new Set(refused.map((r) => r.assignment!.message))).toEqual(
    new Set(["Every available guide has another trip on these dates."]),
  );

  const rows = await t.db
    .select({ guideId: bookings.guideId, paymentStatus: bookings.paymentStatus })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), isNotNull(bookings.guideId)));
  expect(rows.map((r) => r.guideId).sort()).toEqual(team.map((g) => g.id).sort());
  // Every payment was saved, assigned or not.
  const paid = await t.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, ids), eq(bookings.paymentStatus, "Paid")));
  expect(paid).toHaveLength(20);
});
