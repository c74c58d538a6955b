/**
 * The pure rules behind the public departures: the wizards' date choices and group sizes
 * (lib/bookings/packages.ts) and the /tours month filter (lib/tours/rules.ts).
 */
import { describe, expect, it } from "vitest";

import {
  dateChoicesBySlug,
  groupFits,
  groupSizesForSeats,
  preselectedDeparture,
  seatCap,
  seatsOnDateNote,
} from "@/lib/bookings/packages";
import type { PublicDeparture } from "@/lib/departures/rules";
import { PUBLIC_GROUP_SIZE_OPTIONS } from "@/lib/bookings/schemas/request";
import { departureMonths, filterByMonth, monthLabel, resultsLine } from "@/lib/tours/rules";

function departure(id: string, overrides: Partial<PublicDeparture> = {}): PublicDeparture {
  return {
    id,
    startDate: "2027-03-10",
    endDate: "2027-03-14",
    capacity: 12,
    seatsLeft: 5,
    price: 1200,
    guaranteed: false,
    ...overrides,
  };
}

const TOURS = [
  { id: "t-gorilla", slug: "gorilla-safari" },
  { id: "t-sipi", slug: "sipi-falls" },
  { id: "t-nile", slug: "nile-adventure" },
];

describe("dateChoicesBySlug", () => {
  it("gives each tour that sells departures its dates, and private trips where it takes requests", () => {
    const choices = dateChoicesBySlug(
      TOURS,
      { "gorilla-safari": "both", "sipi-falls": "departures", "nile-adventure": "request" },
      { "t-gorilla": [departure("d1")], "t-nile": [departure("d9")] },
    );
    expect(choices).toEqual({
      "gorilla-safari": { departures: [departure("d1")], privateTrips: true },
      "sipi-falls": { departures: [], privateTrips: false },
    });
  });

  it("leaves out a tour whose mode is unknown (hidden meanwhile)", () => {
    expect(dateChoicesBySlug(TOURS, {}, { "t-gorilla": [departure("d1")] })).toEqual({});
  });
});

describe("group sizes on a departure", () => {
  it("limits the public list to the seats left ('9+' counts as 9)", () => {
    expect(groupSizesForSeats(PUBLIC_GROUP_SIZE_OPTIONS, 3).map((o) => o.value)).toEqual([
      "1",
      "2",
      "3",
    ]);
    expect(groupSizesForSeats(PUBLIC_GROUP_SIZE_OPTIONS, 8).map((o) => o.value)).not.toContain(
      "9+",
    );
    expect(groupSizesForSeats(PUBLIC_GROUP_SIZE_OPTIONS, 9).map((o) => o.value)).toContain("9+");
  });

  it("keeps the whole list without a departure", () => {
    expect(groupSizesForSeats(PUBLIC_GROUP_SIZE_OPTIONS, null)).toEqual(PUBLIC_GROUP_SIZE_OPTIONS);
  });

  it("says whether a chosen size fits", () => {
    expect(groupFits("3", 3)).toBe(true);
    expect(groupFits("4", 3)).toBe(false);
    expect(groupFits("9+", 8)).toBe(false);
    expect(groupFits(2, 1)).toBe(false);
    expect(groupFits("", 1)).toBe(true);
    expect(groupFits("7", null)).toBe(true);
  });

  it("notes the seats left on the date", () => {
    expect(seatsOnDateNote(3)).toBe("3 seats left on this date");
    expect(seatsOnDateNote(1)).toBe("1 seat left on this date");
    expect(seatsOnDateNote(0)).toBe("This date is full");
  });
});

describe("seatCap", () => {
  const choices = { departures: [departure("d1", { seatsLeft: 2 })], privateTrips: true };

  it("is the chosen departure's seats left", () => {
    expect(seatCap(choices, "d1")).toBe(2);
  });

  it("is no limit for a private date, no choice, or the date a waitlist offer holds", () => {
    expect(seatCap(choices, "private")).toBeNull();
    expect(seatCap(choices, "")).toBeNull();
    expect(seatCap(undefined, "d1")).toBeNull();
    expect(seatCap(choices, "d1", "d1")).toBeNull();
  });
});

describe("preselectedDeparture", () => {
  const choices = {
    "gorilla-safari": { departures: [departure("d1")], privateTrips: true },
    "sipi-falls": { departures: [departure("d2")], privateTrips: false },
  };

  it("finds the linked departure with its tour", () => {
    expect(preselectedDeparture(choices, "d2")).toEqual({
      slug: "sipi-falls",
      departure: departure("d2"),
    });
  });

  it("ignores a departure no longer on sale, or none", () => {
    expect(preselectedDeparture(choices, "gone")).toBeNull();
    expect(preselectedDeparture(choices, undefined)).toBeNull();
  });
});

describe("/tours month filter", () => {
  const months = { "t-gorilla": ["2027-03", "2027-04"], "t-sipi": ["2027-04"] };

  it("keeps the tours with a departure on sale that month", () => {
    expect(filterByMonth(TOURS, months, "2027-03").map((t) => t.slug)).toEqual(["gorilla-safari"]);
    expect(filterByMonth(TOURS, months, "2027-04").map((t) => t.slug)).toEqual([
      "gorilla-safari",
      "sipi-falls",
    ]);
    expect(filterByMonth(TOURS, months, "2027-05")).toEqual([]);
    expect(filterByMonth(TOURS, months, undefined)).toEqual(TOURS);
  });

  it("lists the months with departures, soonest first, once each", () => {
    expect(departureMonths({ a: ["2027-04", "2027-03"], b: ["2027-04", "2028-01"] })).toEqual([
      "2027-03",
      "2027-04",
      "2028-01",
    ]);
    expect(departureMonths({ a: ["2027-01", "2027-02", "2027-03"] }, 2)).toEqual([
      "2027-01",
      "2027-02",
    ]);
  });

  it("names a month of this year alone and another year's with its year", () => {
    expect(monthLabel("2027-03", "2027-01-15")).toBe("March");
    expect(monthLabel("2028-01", "2027-12-01")).toBe("January 2028");
  });

  it("says the month in the results line", () => {
    expect(resultsLine(2, undefined, undefined, "March")).toBe(
      "Showing 2 tours with departures in March",
    );
    expect(resultsLine(1, "Wildlife", "gorilla", "March")).toBe(
      "Showing 1 tour in Wildlife matching gorilla with departures in March",
    );
  });
});
