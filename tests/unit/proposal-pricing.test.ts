import { describe, expect, it } from "vitest";

import type { TariffRow } from "@/lib/parks/rules";
import {
  activityCost,
  balanceDueOn,
  defaultOptionDate,
  lineFees,
  marginOf,
  markedUp,
  type Party,
  type PricedLine,
  stayCost,
  suggestPrices,
  totalOf,
  typedCost,
  vehicleCost,
} from "@/lib/proposals/pricing";
import { routeOf } from "@/lib/proposals/places";

const party: Party = { adults: 2, children: 1, singleRooms: 1, residency: "foreign_non_resident" };

const tariff = (o: Partial<TariffRow>): TariffRow => ({
  fee: "gorilla_tracking",
  park: null,
  residency: "foreign_non_resident",
  ageBand: "adult",
  currency: "USD",
  amountMinor: 80_000,
  effectiveFrom: "2026-01-01",
  effectiveTo: null,
  ...o,
});

describe("a line's cost from its library row and the party", () => {
  it("a stay: nights x (adults x cost + children x child cost), single rooms apart", () => {
    const room = {
      costPerNightMinor: 20_000,
      childCostPerNightMinor: 10_000,
      singleSupplementMinor: 6_000,
    };
    // 3 nights x (2 x $200 + 1 x $100) = $1,500, and 3 nights x 1 single room x $60 = $180.
    expect(stayCost(room, party, 3)).toEqual({ costMinor: 168_000, singleCostMinor: 18_000 });
    // No child cost: a child costs as an adult; no supplement: none.
    expect(
      stayCost(
        { costPerNightMinor: 20_000, childCostPerNightMinor: null, singleSupplementMinor: null },
        party,
        1,
      ),
    ).toEqual({ costMinor: 60_000, singleCostMinor: 0 });
  });

  it("an activity per person, a vehicle by the day, a transfer by the trip, a typed line", () => {
    expect(activityCost({ costPerPersonMinor: 5_000, childCostMinor: 2_500 }, party)).toEqual({
      costMinor: 12_500,
      singleCostMinor: 0,
    });
    expect(vehicleCost(23_000, 7).costMinor).toBe(161_000);
    expect(vehicleCost(30_000, 1).costMinor).toBe(30_000);
    expect(typedCost(1_250, 4).costMinor).toBe(5_000);
  });
});

describe("park fees", () => {
  const rows = [
    tariff({}),
    tariff({ fee: "chimpanzee_tracking", amountMinor: 25_000 }),
    tariff({ fee: "chimpanzee_tracking", ageBand: "child", amountMinor: 12_500 }),
    tariff({
      fee: "park_entry",
      currency: "UGX",
      amountMinor: 37_000,
      residency: "east_african_citizen",
    }),
  ];

  it("each traveller's fee for the residency and age band on the day, at face value", () => {
    const chimps = lineFees(
      rows,
      { parkFee: "chimpanzee_tracking", park: "Kibale" },
      party,
      "2027-03-01",
      null,
    );
    expect(chimps).toEqual({
      adultMinor: 25_000,
      childMinor: 12_500,
      feeMinor: 62_500,
      priced: true,
    });
    // A gorilla permit has one price: a child without a child's row pays the adult's.
    const gorillas = lineFees(
      rows,
      { parkFee: "gorilla_tracking", park: "Bwindi Impenetrable" },
      party,
      "2027-03-01",
      null,
    );
    expect(gorillas.feeMinor).toBe(3 * 80_000);
  });

  it("a fee in shillings at the rate, rounded up; unpriced without a rate or a row", () => {
    const citizens: Party = { ...party, children: 0, residency: "east_african_citizen" };
    const entry = { parkFee: "park_entry" as const, park: "Lake Mburo" };
    expect(lineFees(rows, entry, citizens, "2027-03-01", { ugxPerUsd: "3700" })).toMatchObject({
      adultMinor: 1_000,
      feeMinor: 2_000,
      priced: true,
    });
    expect(lineFees(rows, entry, citizens, "2027-03-01", null).priced).toBe(false);
    expect(lineFees(rows, entry, party, "2027-03-01", null)).toMatchObject({
      feeMinor: 0,
      priced: false,
    });
    // Before the tariff's first day: no row in force.
    expect(
      lineFees(rows, { parkFee: "gorilla_tracking", park: null }, party, "2025-12-31", null).priced,
    ).toBe(false);
  });
});

describe("suggested sell prices", () => {
  const noFees = { adultMinor: 0, childMinor: 0, feeMinor: 0, priced: true };

  it("an exact example by hand", () => {
    // Two adults, one child, one single room, at 25 %.
    const lines: PricedLine[] = [
      // Stay: 3 nights, adult $200 and child $100 a night, one single room $60 a night.
      {
        kind: "stay",
        costMinor: 150_000 + 18_000,
        singleCostMinor: 18_000,
        weights: { adult: 20_000, child: 10_000 },
        fees: noFees,
      },
      // Gorilla trek: $50 a person ($25 a child) + $800 permit each at face value.
      {
        kind: "activity",
        costMinor: 12_500,
        singleCostMinor: 0,
        weights: { adult: 5_000, child: 2_500 },
        fees: { adultMinor: 80_000, childMinor: 80_000, feeMinor: 240_000, priced: true },
      },
      // Vehicle: 7 days at $230 = $1,610, shared equally by 3.
      { kind: "vehicle", costMinor: 161_000, singleCostMinor: 0, weights: null, fees: noFees },
    ];
    const s = suggestPrices(lines, party, 25);
    // Adult land: $600 + $50 + $536.666… = $1,186.666…; x 1.25 = $1,483.33 → $1,484; + $800 fee.
    expect(s.pricePerAdultMinor).toBe(148_400 + 80_000);
    // Child land: $300 + $25 + $536.666… = $861.666…; x 1.25 = $1,077.08 → $1,078; + $800 fee.
    expect(s.pricePerChildMinor).toBe(107_800 + 80_000);
    // Single: $180 for one room x 1.25 = $225.
    expect(s.singleSupplementMinor).toBe(22_500);
    expect(s.totalMinor).toBe(2 * 228_400 + 187_800 + 22_500);
    expect(s.costMinor).toBe(168_000 + 12_500 + 161_000);
    expect(s.parkFeesMinor).toBe(240_000);
    expect(s.feesUnpriced).toBe(false);
  });

  it("rounds up to the whole dollar and never marks up the fees", () => {
    expect(markedUp(100_000, 25)).toBe(125_000);
    expect(markedUp(100_001, 25)).toBe(125_100);
    expect(markedUp(0, 25)).toBe(0);
    const lines: PricedLine[] = [
      {
        kind: "activity",
        costMinor: 0,
        singleCostMinor: 0,
        weights: { adult: 0, child: 0 },
        fees: { adultMinor: 80_000, childMinor: 0, feeMinor: 80_000, priced: true },
      },
    ];
    const one: Party = {
      adults: 1,
      children: 0,
      singleRooms: 0,
      residency: "foreign_non_resident",
    };
    expect(suggestPrices(lines, one, 100).pricePerAdultMinor).toBe(80_000);
  });

  it("the markup changes the land, and a higher markup a higher price", () => {
    const lines: PricedLine[] = [
      { kind: "other", costMinor: 90_000, singleCostMinor: 0, weights: null, fees: noFees },
    ];
    const three: Party = {
      adults: 3,
      children: 0,
      singleRooms: 0,
      residency: "foreign_non_resident",
    };
    expect(suggestPrices(lines, three, 0).pricePerAdultMinor).toBe(30_000);
    expect(suggestPrices(lines, three, 25).pricePerAdultMinor).toBe(37_500);
    expect(suggestPrices(lines, three, 50).totalMinor).toBe(135_000);
  });

  it("total and margin of prices staff set", () => {
    const prices = {
      pricePerAdultMinor: 300_000,
      pricePerChildMinor: 150_000,
      singleSupplementMinor: 20_000,
    };
    expect(totalOf(party, prices)).toBe(770_000);
    expect(marginOf({ totalMinor: 770_000, costMinor: 400_000, parkFeesMinor: 240_000 })).toEqual({
      marginMinor: 130_000,
      percent: 16.9,
    });
    expect(marginOf({ totalMinor: 0, costMinor: 0, parkFeesMinor: 0 }).percent).toBeNull();
  });
});

describe("dates", () => {
  it("balance 60 days before the start, 91 with a gorilla permit, never before today", () => {
    expect(balanceDueOn("2027-06-30", [], "2027-01-01")).toBe("2027-05-01");
    expect(
      balanceDueOn(
        "2027-06-30",
        [{ needsPermit: true, parkFee: "gorilla_tracking" }],
        "2027-01-01",
      ),
    ).toBe("2027-03-31");
    expect(
      balanceDueOn(
        "2027-06-30",
        [{ needsPermit: true, parkFee: "chimpanzee_tracking" }],
        "2027-01-01",
      ),
    ).toBe("2027-05-01");
    expect(balanceDueOn("2027-02-01", [], "2027-01-15")).toBe("2027-01-15");
    expect(defaultOptionDate("2027-12-28")).toBe("2028-01-04");
  });

  it("the route joins the days' places in day order, a place repeated once", () => {
    const route = routeOf([
      { day: 3, place: "Bwindi Impenetrable" },
      { day: 1, place: "Entebbe" },
      { day: 2, place: "Bwindi Impenetrable" },
      { day: 4, place: "Nowhere" },
    ]);
    expect(route.map((p) => p.name)).toEqual(["Entebbe", "Bwindi Impenetrable"]);
    expect(route[1]!.lat).toBeLessThan(0);
  });
});
