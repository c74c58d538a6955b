/**
 * The price of the booking wizards (lib/bookings/price.ts, components/booking/price-summary.tsx)
 * and the trip named on step 1: the tier times the travellers, the deposit as the ledger asks it,
 * the balance's due day; 'Select Package' choosing the accommodation that prices that tier.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { openDeparture, waitlistButtonMock } from "@/tests/helpers/public-departures";

vi.mock("@/actions/bookings", () => ({ submitBookingAction: vi.fn() }));
vi.mock("@/components/departures/lazy-join-waitlist-button", () => waitlistButtonMock);

const { depositOf, tierValue, wizardPrice } = await import("@/lib/bookings/price");
const { amountsDue } = await import("@/lib/payments/ledger");
const { PriceSummary } = await import("@/components/booking/price-summary");
const { PublicBookingWizard } = await import("@/components/booking/public-booking-wizard");
const { PUBLIC_ACCOMMODATION_OPTIONS } = await import("@/lib/bookings/schemas/request");

const pricing = {
  depositPercent: 30,
  tours: {
    "gorilla-safari": {
      packages: [
        { name: "Budget", price: 1200 },
        { name: "Standard", price: 1800 },
        { name: "Luxury", price: 3200 },
      ],
      balanceDueDays: 60,
      departurePrices: { [openDeparture(4, false).id]: { Standard: 1650 } },
      permit: null,
    },
  },
  tariffs: [],
  rate: null,
};

const price = (fields: Partial<Parameters<typeof wizardPrice>[1]>) =>
  wizardPrice(pricing, {
    tour: "gorilla-safari",
    groupSize: "2",
    startDate: "2027-06-12",
    today: "2027-01-05",
    ...fields,
  });

describe("wizardPrice", () => {
  it("prices the tier chosen times the group, with the deposit and the balance's day", () => {
    expect(price({ accommodation: "standard" })).toEqual({
      tier: "Standard",
      unitPrice: 1800,
      groupSize: 2,
      landMinor: 360_000,
      fees: [],
      feesMinor: 0,
      unpricedFees: [],
      feesAwaitDate: false,
      totalMinor: 360_000,
      depositPercent: 30,
      depositMinor: 108_000,
      balanceMinor: 252_000,
      balanceDueOn: "2027-04-13",
      balanceDueNow: false,
    });
  });

  it("falls back to the cheapest tier, takes a departure's own price, counts '9+' as 9", () => {
    expect(price({ accommodation: "mixed" })).toMatchObject({
      tier: "Budget",
      totalMinor: 240_000,
    });
    expect(
      price({ accommodation: "standard", departureId: openDeparture(4, false).id }),
    ).toMatchObject({ unitPrice: 1650, totalMinor: 330_000 });
    expect(price({ groupSize: "9+" })?.groupSize).toBe(9);
  });

  it("owes the balance today inside the window, and has no price without a tour or group", () => {
    expect(price({ today: "2027-05-01" })).toMatchObject({
      balanceDueOn: "2027-05-01",
      balanceDueNow: true,
    });
    expect(price({ startDate: "" })?.balanceDueOn).toBeNull();
    expect(price({ groupSize: "" })).toBeNull();
    expect(price({ tour: "custom" })).toBeNull();
  });

  it("asks the deposit the ledger asks", () => {
    for (const total of [100, 33_333, 360_000, 123_457]) {
      expect(depositOf(total, 30)).toBe(amountsDue(total, 30, [], null).depositMinor);
    }
  });
});

describe("the price card", () => {
  it("says the tour, the date, tier x travellers, the deposit and the balance's day", () => {
    const html = renderToString(
      createElement(PriceSummary, {
        tour: "Gorilla Trek & Safari Escape (6 Days)",
        dates: "12-16 Jun 2027",
        price: price({ accommodation: "standard" }),
        departure: true,
        priced: true,
      }),
    ).replace(/<!-- -->/g, "");
    expect(html).toContain("Gorilla Trek &amp; Safari Escape (6 Days)");
    expect(html).toContain("Standard: $1,800 x 2 travellers");
    expect(html).toContain("$3,600.00");
    expect(html).toContain("Deposit (30%) to pay now");
    expect(html).toContain("$1,080.00");
    expect(html).toMatch(/Balance due by [^<]*2027/);
  });
});

describe("the price card inside the balance window", () => {
  it("asks the full price at once, as the pay page does, not a deposit", () => {
    const html = renderToString(
      createElement(PriceSummary, {
        tour: "Gorilla Trek & Safari Escape (6 Days)",
        dates: "12-16 Jun 2027",
        price: price({ accommodation: "standard", today: "2027-05-01" }),
        departure: true,
        priced: true,
      }),
    ).replace(/<!-- -->/g, "");
    expect(html).toContain("To pay now: the full price");
    expect(html).toContain("$3,600.00");
    expect(html).not.toContain("Deposit");
  });
});

describe("Select Package", () => {
  it("chooses the accommodation that prices the tier", () => {
    expect(tierValue("standard", PUBLIC_ACCOMMODATION_OPTIONS)).toBe("standard");
    expect(tierValue("Luxury", PUBLIC_ACCOMMODATION_OPTIONS)).toBe("luxury");
    expect(tierValue("Presidential", PUBLIC_ACCOMMODATION_OPTIONS)).toBe("");
    expect(tierValue(undefined, PUBLIC_ACCOMMODATION_OPTIONS)).toBe("");
  });
});

describe("step 1 of the public wizard", () => {
  it("names the tour and the date being booked", () => {
    const departure = openDeparture(4, false);
    const html = renderToString(
      createElement(PublicBookingWizard, {
        tourOptions: [{ value: "gorilla-safari", label: "Gorilla Trek (6 Days)", price: null }],
        defaultTour: "gorilla-safari",
        dateChoices: { "gorilla-safari": { departures: [departure], privateTrips: true } },
        defaultDeparture: departure,
        pricing,
      }),
    ).replace(/<!-- -->/g, "");
    expect(html).toMatch(
      /Booking: <\/span><span[^>]*>Gorilla Trek \(6 Days\)<\/span><span[^>]*>, [^<]*2027/,
    );
  });

  it("asks for a Ugandan phone number", () => {
    const html = renderToString(createElement(PublicBookingWizard, { tourOptions: [], pricing }));
    expect(html).toContain('placeholder="+256 7XX XXX XXX"');
    expect(html).not.toContain("555");
  });
});
