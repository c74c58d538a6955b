import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import {
  addedMessage,
  type DeparturesQuery,
  bookingsText,
  cancelledReason,
  capacityBelowTakenMessage,
  departuresHref,
  monthOptions,
  monthRange,
  parseDeparturesQuery,
  seatsOf,
  seatsText,
  seriesDates,
  weekdayOf,
} from "@/lib/departures/list-query";
import type { DepartureChoices, DepartureRow } from "@/lib/departures/data/manage";
import { addDeparturesSchema, updateDepartureSchema } from "@/lib/departures/schemas/departures";
import { expectToSay, textOf } from "@/tests/helpers/html-text";
import { inDays } from "@/tests/helpers/payloads";

const TOUR = "3f0c8a52-8f1e-4d53-9d6e-0d1b9c7e5a10";

describe("the Departures screen's URL", () => {
  it("reads tour, month and status, and drops what is malformed", () => {
    expect(
      parseDeparturesQuery({ tour: TOUR, month: "2027-03", status: "closed", page: "2" }),
    ).toEqual({ tour: TOUR, month: "2027-03", status: "closed", page: 2 });
    expect(
      parseDeparturesQuery({ tour: "nope", month: "2027-13", status: "gone", page: "-1" }),
    ).toEqual({ tour: null, month: "", status: "", page: 1 });
    expect(parseDeparturesQuery({ month: "all" }).month).toBe("all");
  });

  it("writes a view back with its defaults left out", () => {
    expect(departuresHref({ tour: null, month: "", status: "", page: 1 })).toBe(
      "/admin/departures",
    );
    expect(
      departuresHref({ tour: TOUR, month: "2027-03", status: "open", page: 1 }, { page: 3 }),
    ).toBe(`/admin/departures?tour=${TOUR}&month=2027-03&status=open&page=3`);
  });

  it("offers upcoming first, then every date, then the months that have departures", () => {
    expect(monthOptions(["2027-03", "2027-12"])).toEqual([
      { value: "", label: "Upcoming" },
      { value: "all", label: "All dates" },
      { value: "2027-03", label: "March 2027" },
      { value: "2027-12", label: "December 2027" },
    ]);
  });

  it("bounds a month, December into January", () => {
    expect(monthRange("2027-12")).toEqual({ from: "2027-12-01", until: "2028-01-01" });
    expect(monthRange("2027-03")).toEqual({ from: "2027-03-01", until: "2027-04-01" });
    expect(monthRange("")).toBeNull();
  });
});

describe("a row's seats", () => {
  it("says sold, held and free of the capacity, never fewer than none free", () => {
    expect(seatsText(seatsOf(12, 8, 2))).toBe("8 sold · 2 held · 2 free of 12");
    expect(seatsOf(4, 4, 1).free).toBe(0);
    expect(bookingsText(0)).toBe("No bookings");
    expect(bookingsText(1)).toBe("1 booking");
    expect(bookingsText(3)).toBe("3 bookings");
  });
});

describe("a series of dates", () => {
  it("is the first date alone when it does not repeat", () => {
    expect(
      seriesDates({
        startDate: "2027-03-01",
        repeat: "none",
        weekdays: [],
        intervalWeeks: 1,
        until: "2027-06-01",
      }),
    ).toEqual(["2027-03-01"]);
  });

  it("repeats weekly on the chosen weekdays up to the end date, the first date included", () => {
    // 2027-03-01 is a Monday.
    expect(weekdayOf("2027-03-01")).toBe("MO");
    expect(
      seriesDates({
        startDate: "2027-03-01",
        repeat: "weekly",
        weekdays: ["MO", "TH"],
        intervalWeeks: 1,
        until: "2027-03-15",
      }),
    ).toEqual(["2027-03-01", "2027-03-04", "2027-03-08", "2027-03-11", "2027-03-15"]);
  });

  it("repeats every N weeks, on the first date's weekday when none is chosen", () => {
    expect(
      seriesDates({
        startDate: "2027-03-03",
        repeat: "weeks",
        weekdays: [],
        intervalWeeks: 2,
        until: "2027-04-14",
      }),
    ).toEqual(["2027-03-03", "2027-03-17", "2027-03-31", "2027-04-14"]);
  });

  it("stops one past the limit, enough to refuse a series too long", () => {
    const dates = seriesDates({
      startDate: "2027-01-01",
      repeat: "weekly",
      weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"],
      intervalWeeks: 1,
      until: "2029-01-01",
    });
    expect(dates).toHaveLength(201);
  });
});

describe("the Add Departures form", () => {
  const form = (fields: Record<string, unknown> = {}) => ({
    tourId: TOUR,
    startDate: inDays(10),
    repeat: "weekly",
    weekdays: ["MO"],
    intervalWeeks: "",
    until: inDays(60),
    capacity: "12",
    prices: [
      { name: "Standard", price: "450" },
      { name: "Luxury", price: "" },
    ],
    cutoffDays: "",
    minGroup: "",
    guideId: "none",
    note: "",
    ...fields,
  });
  const errors = (fields: Record<string, unknown>) => {
    const parsed = addDeparturesSchema.safeParse(form(fields));
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("keeps the prices given, defaults the cutoff to 0, and reads 'none' as no guide", () => {
    const parsed = addDeparturesSchema.parse(form());
    expect(parsed).toMatchObject({
      capacity: 12,
      prices: { Standard: 450 },
      cutoffDays: 0,
      minGroup: null,
      guideId: null,
      note: null,
    });
  });

  it("refuses a first date in the past, a missing or early end date, and too many dates", () => {
    expect(errors({ startDate: inDays(-1) }).startDate).toBe(
      "The first date must be today or later.",
    );
    expect(errors({ until: "" }).until).toBe("Choose the end date.");
    expect(errors({ until: inDays(5) }).until).toBe(
      "The end date must be on or after the first date.",
    );
    expect(
      errors({ weekdays: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"], until: inDays(400) }).until,
    ).toBe("A series can have at most 200 dates: choose an earlier end date.");
    expect(errors({ capacity: "0" }).capacity).toBe("Capacity must be between 1 and 500.");
    expect(errors({ repeat: "none", until: "" })).toEqual({});
  });

  it("takes a single weekday as a posted form sends it (a string)", () => {
    expect(addDeparturesSchema.parse(form({ weekdays: "TH" })).weekdays).toEqual(["TH"]);
  });

  it("edits with the same rules", () => {
    const parsed = updateDepartureSchema.safeParse({
      id: TOUR,
      capacity: "501",
      cutoffDays: "2",
      minGroup: "4",
    });
    expect(parsed.success).toBe(false);
  });
});

describe("texts", () => {
  it("says what was added and skipped, and a tour now sold both ways", () => {
    expect(addedMessage({ added: 11, skipped: 1, switchedToBoth: false, tourTitle: "Sipi" })).toBe(
      "Added 11 departures; skipped 1 date that already had one.",
    );
    expect(
      addedMessage({ added: 1, skipped: 0, switchedToBoth: true, tourTitle: "Sipi Falls" }),
    ).toBe(
      "Added 1 departure. Sipi Falls is now sold both as private trips on request and on scheduled departures.",
    );
    expect(addedMessage({ added: 3, skipped: 2, switchedToBoth: false, tourTitle: "Sipi" })).toBe(
      "Added 3 departures; skipped 2 dates that already had one.",
    );
  });

  it("gives a cancelled departure's reason with its date, ended by a full stop", () => {
    expect(cancelledReason("2027-06-12", "The park is closed for repairs")).toBe(
      "The departure of Jun 12, 2027 was cancelled: The park is closed for repairs.",
    );
    expect(cancelledReason("2027-06-12", "Flooding!")).toBe(
      "The departure of Jun 12, 2027 was cancelled: Flooding!",
    );
  });

  it("names the seats taken when the capacity is too low", () => {
    expect(capacityBelowTakenMessage(5)).toBe(
      "At least 5 seats are taken: capacity cannot go below 5.",
    );
  });
});

/* ------------------------------------------------------------------------------------------ */
/* The list as staff see it (rendered to HTML)                                                 */
/* ------------------------------------------------------------------------------------------ */

vi.mock("@/actions/departures", () => ({
  addDeparturesAction: vi.fn(),
  updateDepartureAction: vi.fn(),
  setDepartureSalesAction: vi.fn(),
  cancelDepartureAction: vi.fn(),
  holdSeatsAction: vi.fn(),
}));

const { DeparturesList } = await import("@/components/admin/departures/departures-list");

const row = (fields: Partial<DepartureRow>): DepartureRow => ({
  id: "5a6b7c8d-0000-4000-8000-000000000001",
  tourId: TOUR,
  tourTitle: "Gorilla Trek & Safari Escape",
  startDate: "2027-06-12",
  endDate: "2027-06-16",
  capacity: 12,
  sold: 8,
  held: 2,
  free: 2,
  permitsLeft: null,
  bookings: 3,
  staffHoldSeats: 0,
  guideId: null,
  guideName: null,
  status: "open",
  guaranteed: false,
  minGroup: null,
  cutoffDays: 0,
  prices: {},
  note: null,
  cancelReason: null,
  ...fields,
});

const choices: DepartureChoices = {
  tours: [
    {
      id: TOUR,
      title: "Gorilla Trek & Safari Escape",
      isActive: true,
      bookingMode: "both",
      durationDays: 5,
      tiers: ["Standard", "Luxury"],
    },
  ],
  guides: [
    { id: "5a6b7c8d-0000-4000-8000-0000000000aa", fullName: "Moses Tumusiime", isAvailable: true },
  ],
  months: ["2027-06"],
  heldUntil: "Dec 5, 2026",
};

function renderList(items: DepartureRow[], q: Partial<DeparturesQuery> = {}) {
  const query = { tour: null, month: "", status: "", page: 1, ...q } as DeparturesQuery;
  return renderToString(
    createElement(DeparturesList, {
      query,
      result: { items, total: items.length, page: 1, pageCount: 1 },
      choices,
    }),
  );
}

describe("the Departures list", () => {
  it("shows each date's range, tour, seats, bookings, guide and status with its badges", () => {
    const text = textOf(
      renderList([
        row({}),
        row({
          id: "5a6b7c8d-0000-4000-8000-000000000002",
          startDate: "2027-06-19",
          endDate: "2027-06-23",
          sold: 12,
          held: 0,
          free: 0,
          bookings: 4,
          minGroup: 4,
          guaranteed: true,
          guideName: "Moses Tumusiime",
        }),
      ]),
    );
    expectToSay(text, [
      "2 departures",
      "Sat 12 - Wed 16 Jun 2027",
      "8 sold · 2 held · 2 free of 12",
      "3 bookings",
      "No guide",
      "12 sold · 0 held · 0 free of 12",
      "Moses Tumusiime",
    ]);
    expect(text).toMatch(/Open Guaranteed Full/);
    expect(text).toContain("Edit Gorilla Trek & Safari Escape, Sat 12 - Wed 16 Jun 2027");
    expect(text).toContain("Close Gorilla Trek & Safari Escape, Sat 12 - Wed 16 Jun 2027");
    expect(text).toContain("Cancel Gorilla Trek & Safari Escape, Sat 12 - Wed 16 Jun 2027");
  });

  it("tells the seats staff hold unpaid, and offers Hold Seats on an open date with seats free", () => {
    const text = textOf(renderList([row({ staffHoldSeats: 3 })]));
    expect(text).toContain("8 sold · 2 held · 2 free of 12");
    expect(text).toContain("Staff holds: 3 seats unpaid");
    expect(text).toContain("Hold Seats on Gorilla Trek & Safari Escape, Sat 12 - Wed 16 Jun 2027");
    const none = textOf(renderList([row({})]));
    expect(none).not.toContain("Staff holds");
    const full = textOf(renderList([row({ free: 0 })]));
    expect(full).not.toContain("Hold Seats");
    const closed = textOf(renderList([row({ status: "closed" })]));
    expect(closed).not.toContain("Hold Seats");
  });

  it("links each date's range to its manifest", () => {
    const html = renderList([row({})]);
    expect(html).toMatch(
      /<a[^>]*href="\/admin\/departures\/5a6b7c8d-0000-4000-8000-000000000001"[^>]*>Sat 12 - Wed 16 Jun 2027<\/a>/,
    );
  });

  it("offers Reopen for a closed date, and only the reason for a cancelled one", () => {
    const closed = textOf(renderList([row({ status: "closed" })]));
    expect(closed).toContain("Reopen Gorilla Trek");
    const cancelled = textOf(
      renderList([row({ status: "cancelled", cancelReason: "Road closed", free: 0 })]),
    );
    expect(cancelled).toContain("Cancelled");
    expect(cancelled).toContain("Road closed");
    expect(cancelled).not.toContain("Edit Gorilla");
    expect(cancelled).not.toContain("Full");
  });

  it("says there are none yet, or that the filters match none", () => {
    const none = textOf(renderList([]));
    expect(none).toContain("No departures yet");
    expect(none).toContain("Add a departure or a weekly series to start selling dates.");
    expect(none).toContain("Add Departures");
    const filtered = textOf(renderList([], { status: "closed" }));
    expect(filtered).toContain("No departures found");
    expect(filtered).toContain("Clear filters");
  });
});
