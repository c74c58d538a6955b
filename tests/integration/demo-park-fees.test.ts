/**
 * The demo's gorilla safari (`npm run demo`) shows its park fees: the tour page's price by
 * residency (a foreign non-resident's from-price first, an East African citizen's at the demo's
 * shilling rate) and the lists' from-price; its bookings quoted with their travellers' fees, the
 * Kenyan lead's party of two foreign non-residents and an East African citizen exactly.
 */
import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";

import { bookingParkFees, bookings, tours } from "@/db/schema";
import { seed } from "@/db/seed";
import { getNonResidentFromPrices, tourFeePrices } from "@/lib/parks/data/fees";
import { todayInKampala } from "@/lib/dates";
import { useTestDb } from "@/tests/helpers/db";

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

it("quotes the gorilla safari and its bookings with the travellers' park fees", async () => {
  await seed(t.db, { demo: true });
  const [gorilla] = await t.db
    .select({
      id: tours.id,
      permitFee: tours.permitFee,
      permitPark: tours.permitPark,
      trekDay: tours.trekDay,
      priceMin: tours.priceMin,
    })
    .from(tours)
    .where(eq(tours.slug, "gorilla-safari"));

  const page = await tourFeePrices(gorilla!);
  expect(page?.prices.map((p) => [p.label, p.totalMinor])).toEqual([
    ["Foreign non-resident", 200_000],
    ["Foreign resident", 190_000],
    ["Rest of Africa", 170_000],
    // UGX 300,000 at 3,700 UGX per USD: US$81.09.
    ["East African citizen", 128_109],
  ]);
  expect((await getNonResidentFromPrices(todayInKampala()))[gorilla!.id]).toBe(200_000);

  // Daniel Mwangi (Kenyan) leads a party of three on the first gorilla date, the others' residency
  // not given yet: the Budget tier ($1,200) for three, two US$800 permits and UGX 300,000.
  const [daniel] = await t.db
    .select({ id: bookings.id, totalMinor: bookings.totalMinor })
    .from(bookings)
    .where(eq(bookings.idempotencyKey, "demo-departure-gorilla-safari-0-1"));
  const lines = await t.db
    .select({
      traveller: bookingParkFees.traveller,
      residency: bookingParkFees.residency,
      currency: bookingParkFees.currency,
      amountMinor: bookingParkFees.amountMinor,
      usdMinor: bookingParkFees.usdMinor,
    })
    .from(bookingParkFees)
    .where(eq(bookingParkFees.bookingId, daniel!.id))
    .orderBy(asc(bookingParkFees.traveller));
  expect(lines).toEqual([
    {
      traveller: 1,
      residency: "east_african_citizen",
      currency: "UGX",
      amountMinor: 300_000,
      usdMinor: 8_109,
    },
    ...[2, 3].map((traveller) => ({
      traveller,
      residency: "foreign_non_resident",
      currency: "USD",
      amountMinor: 80_000,
      usdMinor: 80_000,
    })),
  ]);
  expect(daniel!.totalMinor).toBe(3 * 120_000 + 2 * 80_000 + 8_109);

  // Seeding again adds no line.
  const before = (await t.db.select().from(bookingParkFees)).length;
  await seed(t.db, { demo: true });
  expect((await t.db.select().from(bookingParkFees)).length).toBe(before);
});
