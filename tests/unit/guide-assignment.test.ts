import { describe, expect, it } from "vitest";

import {
  assignmentMessage,
  type GuideCandidate,
  pickGuide,
  preferredSpecialties,
  specialtyRank,
  tripOf,
  tripsOverlap,
} from "@/lib/guides/assignment";
import { seedGuides } from "@/db/seed-data/guides";
import { seedTours } from "@/db/seed-data/tours";

describe("tour -> guide specialty", () => {
  it("maps tags first, then the category", () => {
    expect(preferredSpecialties({ category: "Wildlife", tags: ["gorillas", "primates"] })).toEqual([
      "Gorilla Trekking",
      "Wildlife Safari",
    ]);
    expect(preferredSpecialties({ category: "Wildlife", tags: ["Birding", "shoebill"] })).toEqual([
      "Birding",
      "Wildlife Safari",
    ]);
    expect(preferredSpecialties({ category: "Cultural", tags: [] })).toEqual(["Cultural Tours"]);
    expect(preferredSpecialties({ category: "Adventure", tags: ["rafting"] })).toEqual([
      "Adventure & Rafting",
      "Hiking & Trekking",
    ]);
    expect(preferredSpecialties(null)).toEqual([]);
  });

  it("gives every seeded tour a seeded guide's specialty", () => {
    const specialties = new Set(seedGuides.map((g) => g.specialty));
    for (const tour of seedTours) {
      const preferred = preferredSpecialties(tour);
      expect(
        preferred.some((s) => specialties.has(s)),
        tour.slug,
      ).toBe(true);
    }
  });

  it("ranks a guide's specialty by the tour's preference, any case", () => {
    expect(specialtyRank("gorilla trekking", ["Gorilla Trekking", "Wildlife Safari"])).toBe(0);
    expect(specialtyRank("Wildlife Safari", ["Gorilla Trekking", "Wildlife Safari"])).toBe(1);
    expect(specialtyRank("Birding", ["Gorilla Trekking"])).toBeNull();
    expect(specialtyRank(null, ["Birding"])).toBeNull();
  });
});

describe("trips", () => {
  it("last until the end date, or 3 days without one", () => {
    expect(tripOf({ departureDate: "2027-06-12", endDate: "2027-06-16" })).toEqual({
      start: "2027-06-12",
      end: "2027-06-16",
    });
    expect(tripOf({ departureDate: "2027-06-30", endDate: null })).toEqual({
      start: "2027-06-30",
      end: "2027-07-02",
    });
    expect(tripOf({ departureDate: null, endDate: null })).toBeNull();
  });

  it("overlap when they share a day", () => {
    const a = { start: "2027-06-12", end: "2027-06-14" };
    expect(tripsOverlap(a, { start: "2027-06-14", end: "2027-06-20" })).toBe(true);
    expect(tripsOverlap(a, { start: "2027-06-10", end: "2027-06-12" })).toBe(true);
    expect(tripsOverlap(a, { start: "2027-06-15", end: "2027-06-20" })).toBe(false);
  });
});

describe("ranking (docs/decisions/0009)", () => {
  const guide = (fullName: string, extra: Partial<GuideCandidate> = {}): GuideCandidate => ({
    id: fullName.toLowerCase(),
    fullName,
    specialty: null,
    isAvailable: true,
    overlaps: false,
    upcomingTrips: 0,
    ...extra,
  });
  const gorilla = ["Gorilla Trekking", "Wildlife Safari"];

  it("prefers the best-suited specialty, then the fewest upcoming trips, then the name", () => {
    const moses = guide("Moses", { specialty: "Gorilla Trekking", upcomingTrips: 5 });
    const joseph = guide("Joseph", { specialty: "Wildlife Safari", upcomingTrips: 0 });
    const sarah = guide("Sarah", { specialty: "Birding", upcomingTrips: 0 });
    expect(pickGuide([sarah, joseph, moses], gorilla, true)).toEqual({
      ok: true,
      guide: moses,
      specialtyMatch: true,
    });
    expect(pickGuide([sarah, joseph], gorilla, true)).toMatchObject({ guide: joseph });
    const busyAnna = guide("Anna", { upcomingTrips: 3 });
    const bob = guide("Bob", { upcomingTrips: 1 });
    const carl = guide("Carl", { upcomingTrips: 1 });
    expect(pickGuide([busyAnna, carl, bob], gorilla, true)).toEqual({
      ok: true,
      guide: bob,
      specialtyMatch: false,
    });
  });

  it("never picks an unavailable guide or one with an overlapping trip", () => {
    const away = guide("Away", { specialty: "Gorilla Trekking", isAvailable: false });
    const busy = guide("Busy", { specialty: "Gorilla Trekking", overlaps: true });
    const free = guide("Free", { upcomingTrips: 9 });
    expect(pickGuide([away, busy, free], gorilla, true)).toMatchObject({ guide: free });
    expect(pickGuide([away, busy], gorilla, true)).toEqual({ ok: false, reason: "all_busy" });
    expect(pickGuide([away], gorilla, true)).toEqual({ ok: false, reason: "none_available" });
    expect(pickGuide([], gorilla, true)).toEqual({ ok: false, reason: "no_guides" });
    expect(pickGuide([free], gorilla, false)).toEqual({ ok: false, reason: "no_departure_date" });
  });

  it("names the guide, or says why none was free", () => {
    const moses = guide("Moses Tumusiime", { specialty: "Gorilla Trekking" });
    expect(assignmentMessage({ ok: true, guide: moses, specialtyMatch: true })).toBe(
      "Moses Tumusiime (Gorilla Trekking) has been assigned to this booking.",
    );
    expect(assignmentMessage({ ok: true, guide: moses, specialtyMatch: false })).toBe(
      "Moses Tumusiime has been assigned to this booking.",
    );
    expect(assignmentMessage({ ok: false, reason: "all_busy" })).toBe(
      "Every available guide has another trip on these dates.",
    );
    expect(assignmentMessage({ ok: false, reason: "no_departure_date" })).toMatch(
      /no departure date/,
    );
  });
});
