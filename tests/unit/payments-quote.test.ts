import { describe, expect, it } from "vitest";

import {
  balanceDueOn,
  computeQuote,
  dollarsToMinor,
  minorToDollars,
  quoteTier,
} from "@/lib/payments/quote";

const packages = [
  { name: "Budget", price: 1200, per: "person" },
  { name: "Standard", price: 1800, per: "person" },
  { name: "Luxury", price: 2500, per: "person" },
];

describe("the quote of a booking", () => {
  it("prices the booking's accommodation tier when it names one of the tour's packages", () => {
    expect(quoteTier(packages, "standard")?.name).toBe("Standard");
    expect(quoteTier(packages, " LUXURY ")?.name).toBe("Luxury");
    expect(computeQuote({ packages, accommodation: "standard", groupSize: 2 })).toEqual({
      tier: "Standard",
      unitPrice: 1800,
      source: "tour",
      groupSize: 2,
      totalMinor: 360_000,
    });
  });

  it("else the lowest tier, whatever the packages' order", () => {
    const shuffled = [packages[2]!, packages[0]!, packages[1]!];
    expect(quoteTier(shuffled, "mid-range")?.name).toBe("Budget");
    expect(quoteTier(shuffled, null)?.name).toBe("Budget");
    expect(
      computeQuote({ packages: shuffled, accommodation: "camping", groupSize: 3 })?.totalMinor,
    ).toBe(360_000);
  });

  it("takes the departure's own price for the tier when it has one", () => {
    const quote = computeQuote({
      packages,
      departurePrices: { Standard: 1650, Budget: 1100 },
      accommodation: "standard",
      groupSize: 4,
    });
    expect(quote).toMatchObject({ unitPrice: 1650, source: "departure", totalMinor: 660_000 });
    // A departure price for another tier only: the tour's price for this one.
    expect(
      computeQuote({
        packages,
        departurePrices: { Luxury: 2300 },
        accommodation: null,
        groupSize: 1,
      }),
    ).toMatchObject({ tier: "Budget", unitPrice: 1200, source: "tour", totalMinor: 120_000 });
  });

  it("has no quote without a price or a group", () => {
    expect(computeQuote({ packages: [], accommodation: "standard", groupSize: 2 })).toBeNull();
    expect(
      computeQuote({
        packages: [{ name: "Custom", price: 0, per: "group" }],
        accommodation: null,
        groupSize: 2,
      }),
    ).toBeNull();
    expect(computeQuote({ packages, accommodation: null, groupSize: 0 })).toBeNull();
  });
});

describe("dollars as typed", () => {
  it("reads whole and decimal US dollars to cents, refusing anything else", () => {
    expect(dollarsToMinor("3600")).toBe(360_000);
    expect(dollarsToMinor(" $3,600.5 ")).toBe(360_050);
    expect(dollarsToMinor("1080.00")).toBe(108_000);
    expect(dollarsToMinor("0.07")).toBe(7);
    for (const bad of ["", "abc", "-5", "1.234", "1e5", "12345678"])
      expect(dollarsToMinor(bad)).toBeNull();
    expect(minorToDollars(360_050)).toBe("3600.50");
  });
});

describe("the balance's due day", () => {
  it("is the tour's balance days before departure (60 by default, 91 for gorilla permits)", () => {
    expect(balanceDueOn("2027-06-30", 60, "2026-11-25")).toBe("2027-05-01");
    expect(balanceDueOn("2027-06-30", 91, "2026-11-25")).toBe("2027-03-31");
    expect(balanceDueOn("2028-03-01", 1, "2026-11-25")).toBe("2028-02-29");
    expect(balanceDueOn(null, 60, "2026-11-25")).toBeNull();
  });

  it("is the day of the quote for a trip quoted inside its balance window, never a day before it", () => {
    // 45 days out on a 91-day tour: the balance is due at once, not 46 days ago.
    expect(balanceDueOn("2027-01-09", 91, "2026-11-25")).toBe("2026-11-25");
    // The last day outside the window keeps its own day.
    expect(balanceDueOn("2027-02-24", 91, "2026-11-25")).toBe("2026-11-25");
    expect(balanceDueOn("2027-02-25", 91, "2026-11-25")).toBe("2026-11-26");
  });
});
