/**
 * A permit tour's price, pure (lib/parks/fees.ts, lib/bookings/price.ts): each traveller's park
 * fee by residency and age band at the tariff row in force on the trek day, a fee in shillings
 * converted to US cents at the rate (rounded up to the cent), the wizard's total the land part and
 * the fees; the tour page's prices by residency and its structured data; the price card's lines.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PriceSummary } from "@/components/booking/price-summary";
import { tourJsonLd } from "@/components/tours/tour-json-ld";
import { ResidencyPrices, ResidencySwitch } from "@/components/tours/residency-prices";
import { type WizardPricing, wizardPrice } from "@/lib/bookings/price";
import {
  ageBandOn,
  groupFeeLines,
  priceParkFees,
  pricesByResidency,
  visitDay,
} from "@/lib/parks/fees";
import { firstTooYoung, type TariffRow } from "@/lib/parks/rules";
import { ugxForUsd, usdForUgx } from "@/lib/payments/ugx";
import type { TourDetail } from "@/lib/tours/rules";

const row = (overrides: Partial<TariffRow>): TariffRow => ({
  fee: "gorilla_tracking",
  park: null,
  residency: "foreign_non_resident",
  ageBand: "adult",
  currency: "USD",
  amountMinor: 80_000,
  effectiveFrom: "2024-07-01",
  effectiveTo: null,
  ...overrides,
});

/** UWA's gorilla permit by category, and the chimpanzee permit for foreign non-residents only. */
const TARIFF = [
  row({}),
  row({ residency: "foreign_resident", amountMinor: 70_000 }),
  row({ residency: "rest_of_africa", amountMinor: 50_000 }),
  row({ residency: "east_african_citizen", currency: "UGX", amountMinor: 300_000 }),
  row({ fee: "chimpanzee_tracking", amountMinor: 25_000 }),
  row({ fee: "park_entry", amountMinor: 4_000 }),
  row({ fee: "park_entry", ageBand: "child", amountMinor: 2_000 }),
];
const RATE = { id: "rate-1", ugxPerUsd: "3700.00" };
const GORILLA = { fee: "gorilla_tracking" as const, park: "Bwindi Impenetrable" };

const price = (
  travellers: { residency?: TariffRow["residency"] | null; dateOfBirth?: string | null }[],
  options: { groupSize?: number; rate?: typeof RATE | null; rows?: TariffRow[]; day?: string } = {},
) =>
  priceParkFees(options.rows ?? TARIFF, {
    permit: GORILLA,
    visitDate: options.day ?? "2027-06-13",
    groupSize: options.groupSize ?? travellers.length,
    travellers,
    rate: options.rate === undefined ? RATE : options.rate,
  });

describe("a mixed group's park fees", () => {
  it("prices 2 foreign non-residents and 1 East African citizen exactly", () => {
    const fees = price([
      { residency: "foreign_non_resident" },
      { residency: "foreign_non_resident" },
      { residency: "east_african_citizen" },
    ]);
    expect(fees.unpriced).toEqual([]);
    expect(
      fees.lines.map((l) => [l.traveller, l.residency, l.currency, l.amountMinor, l.usdMinor]),
    ).toEqual([
      [1, "foreign_non_resident", "USD", 80_000, 80_000],
      [2, "foreign_non_resident", "USD", 80_000, 80_000],
      // 300,000 / 3,700 = 81.0810… dollars: 8,109 cents, never less than the shillings owed.
      [3, "east_african_citizen", "UGX", 300_000, 8_109],
    ]);
    expect(fees.lines[2]).toMatchObject({ usdRate: "3700.00", rateId: "rate-1" });
    expect(fees.usdMinor).toBe(168_109);
    expect(groupFeeLines(fees.lines)).toEqual([
      {
        text: "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
        converted: null,
        count: 2,
        usdMinor: 160_000,
        amount: "$1,600.00",
        residencyAssumed: false,
      },
      {
        text: "Gorilla permit, East African citizen: UGX 300,000, at face value",
        converted: "US$81.09 at 3,700 UGX per USD",
        count: 1,
        usdMinor: 8_109,
        amount: "$81.09",
        residencyAssumed: false,
      },
    ]);
  });

  it("prices a traveller not named, or whose category is not given, as a foreign non-resident, and says so", () => {
    const fees = price([{ residency: "rest_of_africa" }, { residency: null }], { groupSize: 3 });
    expect(fees.lines.map((l) => [l.residency, l.residencyGiven, l.usdMinor])).toEqual([
      ["rest_of_africa", true, 50_000],
      ["foreign_non_resident", false, 80_000],
      ["foreign_non_resident", false, 80_000],
    ]);
    expect(groupFeeLines(fees.lines).map((g) => g.residencyAssumed)).toEqual([false, true]);
  });

  it("cannot price a fee in shillings without a rate, nor a category without a row", () => {
    expect(price([{ residency: "east_african_citizen" }], { rate: null })).toMatchObject({
      lines: [],
      unpriced: [{ traveller: 1, residency: "east_african_citizen", reason: "no_rate" }],
    });
    const chimps = priceParkFees(TARIFF, {
      permit: { fee: "chimpanzee_tracking", park: "Kibale" },
      visitDate: "2027-06-13",
      groupSize: 2,
      travellers: [{ residency: "foreign_non_resident" }, { residency: "foreign_resident" }],
      rate: RATE,
    });
    expect(chimps.lines.map((l) => l.usdMinor)).toEqual([25_000]);
    expect(chimps.unpriced).toMatchObject([{ traveller: 2, reason: "no_tariff" }]);
  });
});

describe("the tariff of the trek's day", () => {
  const successor = row({ amountMinor: 100_000, effectiveFrom: "2027-07-01" });
  const rows = [
    row({ effectiveTo: "2026-06-30" }),
    row({ effectiveFrom: "2026-07-01" }),
    successor,
  ];

  it("takes a new tariff row's price from its first day, the old one the day before", () => {
    const one = [{ residency: "foreign_non_resident" as const }];
    expect(price(one, { rows, day: "2027-06-30" }).usdMinor).toBe(80_000);
    expect(price(one, { rows, day: "2027-07-01" }).usdMinor).toBe(100_000);
  });

  it("is the trip's trek day: its start plus the tour's trek day less one", () => {
    expect(visitDay("2027-06-30", 2)).toBe("2027-07-01");
    expect(visitDay("2027-12-31", 1)).toBe("2027-12-31");
  });
});

describe("age bands", () => {
  it("prices a child (under 16 on the day) at the child's row, else at the adult's", () => {
    expect(ageBandOn("2012-06-14", "2027-06-13")).toBe("child");
    expect(ageBandOn("2011-06-13", "2027-06-13")).toBe("adult");
    expect(ageBandOn(null, "2027-06-13")).toBe("adult");
    const entry = priceParkFees(TARIFF, {
      permit: { fee: "park_entry", park: "Kibale" },
      visitDate: "2027-06-13",
      groupSize: 2,
      travellers: [{ dateOfBirth: "1990-01-01" }, { dateOfBirth: "2015-01-01" }],
      rate: RATE,
    });
    expect(entry.lines.map((l) => [l.ageBand, l.usdMinor])).toEqual([
      ["adult", 4_000],
      ["child", 2_000],
    ]);
  });

  it("charges a 15-year-old gorilla trekker the one permit price; a 14-year-old is refused before any price", () => {
    // A gorilla permit has no child row: the child pays the adult's.
    expect(price([{ dateOfBirth: "2012-01-01" }]).lines[0]).toMatchObject({
      ageBand: "child",
      usdMinor: 80_000,
    });
    expect(
      firstTooYoung(
        [{ fullName: "Sam Young", dateOfBirth: "2013-01-01" }],
        "gorilla_tracking",
        "2027-06-13",
      ),
    ).toMatch(/^Sam Young must be at least 15 on the trek day/);
  });
});

describe("shillings to dollars", () => {
  it("rounds up to the cent, so the dollars always buy the shillings owed", () => {
    expect(usdForUgx(300_000, "3700")).toBe(8_109);
    expect(usdForUgx(370_000, "3700")).toBe(10_000);
    expect(usdForUgx(1, "3712.50")).toBe(1);
    for (const ugx of [1, 999, 300_000, 750_000, 12_345_678])
      for (const rate of ["3700", "3712.5", "3850.25"])
        expect(ugxForUsd(usdForUgx(ugx, rate), rate)).toBeGreaterThanOrEqual(ugx);
  });
});

const pricing: WizardPricing = {
  depositPercent: 30,
  tours: {
    "gorilla-safari": {
      packages: [
        { name: "Budget", price: 1200 },
        { name: "Standard", price: 1800 },
      ],
      balanceDueDays: 91,
      departurePrices: {},
      permit: { ...GORILLA, trekDay: 2 },
    },
  },
  tariffs: TARIFF,
  rate: RATE,
};

const MIXED = [
  { fullName: "Jane O'Brien", residency: "foreign_non_resident" as const },
  { fullName: "Tom O'Brien", residency: "" as const },
  { fullName: "Wanjiru Kamau", residency: "east_african_citizen" as const },
];

const wizard = (fields: Partial<Parameters<typeof wizardPrice>[1]> = {}) =>
  wizardPrice(pricing, {
    tour: "gorilla-safari",
    startDate: "2027-06-12",
    accommodation: "standard",
    groupSize: "3",
    travellers: MIXED,
    today: "2027-01-05",
    ...fields,
  });

describe("the wizards' price of a permit tour", () => {
  it("is the land part plus each traveller's fee, the deposit on the whole", () => {
    expect(wizard()).toMatchObject({
      landMinor: 540_000,
      feesMinor: 168_109,
      totalMinor: 708_109,
      depositMinor: Math.ceil((708_109 * 30) / 100),
      unpricedFees: [],
      feesAwaitDate: false,
    });
  });

  it("reads the travellers as the server keeps them: named rows only, in order", () => {
    // An unnamed row is dropped; the East African citizen is then the second traveller.
    const shown = wizard({
      travellers: [MIXED[0]!, { fullName: "", residency: "" }, MIXED[2]!],
    });
    expect(shown?.feesMinor).toBe(168_109);
  });

  it("waits for a date to price the fees, and lists a fee it cannot price", () => {
    expect(wizard({ startDate: "" })).toMatchObject({ feesMinor: 0, feesAwaitDate: true });
    const noRate = wizardPrice(
      { ...pricing, rate: null },
      {
        tour: "gorilla-safari",
        startDate: "2027-06-12",
        groupSize: "3",
        travellers: MIXED,
        today: "2027-01-05",
      },
    );
    expect(noRate?.unpricedFees).toMatchObject([{ residency: "east_african_citizen" }]);
  });

  it("shows on the price card itemised, with the total", () => {
    const html = renderToString(
      createElement(PriceSummary, {
        tour: "Gorilla Trek & Safari Escape (5 Days)",
        dates: "12-16 Jun 2027",
        price: wizard(),
        departure: true,
        priced: true,
      }),
    ).replace(/<!-- -->/g, "");
    for (const said of [
      "Standard: $1,800 x 3 travellers",
      "$5,400.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
      "$1,600.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value",
      "US$81.09 at 3,700 UGX per USD",
      "$81.09",
      "$7,081.09",
      "Travellers whose residency is not given are priced as foreign non-residents.",
    ])
      expect(html).toContain(said);
  });
});

describe("the tour page's prices by residency", () => {
  const fees = {
    day: "2027-01-05",
    rate: { ugxPerUsd: "3700.00", effectiveFrom: new Date("2027-01-01T06:00:00Z") },
    prices: pricesByResidency(TARIFF, {
      permit: GORILLA,
      visitDate: "2027-01-05",
      landMinor: 120_000,
      rate: RATE,
      residencies: [
        "foreign_non_resident",
        "foreign_resident",
        "rest_of_africa",
        "east_african_citizen",
      ],
    }),
  };

  it("gives each category one adult's price, the tour's from-price and its permit", () => {
    expect(fees.prices.map((p) => [p.residency, p.totalMinor])).toEqual([
      ["foreign_non_resident", 200_000],
      ["foreign_resident", 190_000],
      ["rest_of_africa", 170_000],
      ["east_african_citizen", 128_109],
    ]);
  });

  it("lists every price in the page and a radio group of the categories, the non-resident's checked", () => {
    const html = renderToString(
      createElement("div", null, [
        createElement(ResidencyPrices, { key: "p", fees, landFrom: 1200 }),
        createElement(ResidencySwitch, { key: "s", fees }),
      ]),
    ).replace(/<!-- -->/g, "");
    for (const said of [
      "From US$2,000",
      "From US$1,900",
      "From US$1,700",
      "From US$1,281.09",
      "US$1,200 tour + Gorilla permit, East African citizen: UGX 300,000, at face value (US$81.09 at 3,700 UGX per USD, rate of 1 Jan 2027).",
    ])
      expect(html).toContain(said);
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(4);
    expect(radios.filter((r) => r.includes("checked"))).toEqual([
      expect.stringContaining('value="foreign_non_resident"'),
    ]);
    for (const r of radios) expect(r).toMatch(/aria-describedby="price-[a-z_]+"/);
  });

  it("offers the non-resident's price in the structured data", () => {
    const tour = {
      slug: "gorilla-safari",
      title: "Gorilla Trek",
      category: "Wildlife",
      shortDescription: null,
      overview: null,
      itinerary: [],
      packages: [{ name: "Budget", price: 1200, per: "person" }],
      imageUrl: null,
      thumbnail: null,
      permitFee: "gorilla_tracking",
    } as unknown as TourDetail;
    const [offer] = tourJsonLd(tour, 80_000).offers;
    expect(offer).toMatchObject({ price: 2000, priceCurrency: "USD" });
    expect(offer?.description).toContain("foreign non-resident");
    expect(tourJsonLd(tour).offers[0]?.price).toBe(1200);
  });
});
