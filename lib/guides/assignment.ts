/**
 * Automatic guide assignment (docs/decisions/0009), as pure rules: which
 * specialties suit a tour, when two trips overlap, and how the free guides are ranked. The DAL
 * (lib/guides/data/auto-assign.ts) locks the guide rows, reads the candidates and applies these.
 * Unit-tested in tests/unit/guide-assignment.test.ts.
 */
import type { TourCategory } from "@/lib/domain";

/**
 * Tour -> the guide specialties that suit it, best first (guides.specialty is free text and
 * tours carry a category and tags, so the link is defined here). A tag names a niche (gorillas,
 * birding, families, rafting, hiking); the category gives the broad match.
 *
 *   tag gorillas / primates / chimpanzees      Gorilla Trekking
 *   tag birding / shoebill                     Birding
 *   tag family / kids                          Family Travel
 *   tag rafting / river / adrenaline           Adventure & Rafting
 *   tag hiking / waterfalls                    Hiking & Trekking
 *   category Wildlife                          Wildlife Safari
 *   category Cultural                          Cultural Tours
 *   category Adventure                         Adventure & Rafting, Hiking & Trekking
 *   category Nature                            Hiking & Trekking, Birding
 */
const TAG_SPECIALTIES: [tags: string[], specialty: string][] = [
  [["gorillas", "primates", "chimpanzees"], "Gorilla Trekking"],
  [["birding", "shoebill"], "Birding"],
  [["family", "kids"], "Family Travel"],
  [["rafting", "river", "adrenaline"], "Adventure & Rafting"],
  [["hiking", "waterfalls"], "Hiking & Trekking"],
];

const CATEGORY_SPECIALTIES: Record<TourCategory, string[]> = {
  Wildlife: ["Wildlife Safari"],
  Cultural: ["Cultural Tours"],
  Adventure: ["Adventure & Rafting", "Hiking & Trekking"],
  Nature: ["Hiking & Trekking", "Birding"],
};

export type TourProfile = { category: TourCategory; tags: string[] } | null;

/** The specialties that suit a tour, best first (none for the custom package). */
export function preferredSpecialties(tour: TourProfile): string[] {
  if (!tour) return [];
  const tags = new Set(tour.tags.map((t) => t.trim().toLowerCase()));
  const out: string[] = [];
  for (const [names, specialty] of TAG_SPECIALTIES) {
    if (names.some((n) => tags.has(n)) && !out.includes(specialty)) out.push(specialty);
  }
  for (const specialty of CATEGORY_SPECIALTIES[tour.category] ?? []) {
    if (!out.includes(specialty)) out.push(specialty);
  }
  return out;
}

const norm = (s: string) => s.trim().toLowerCase();

/** How well a guide's specialty suits the tour: 0 best, higher worse, null no match. */
export function specialtyRank(specialty: string | null, preferred: string[]): number | null {
  if (!specialty) return null;
  const index = preferred.findIndex((p) => norm(p) === norm(specialty));
  return index === -1 ? null : index;
}

/* ------------------------------------------------------------------------------------------ */
/* Trips and overlap                                                                           */
/* ------------------------------------------------------------------------------------------ */

/** A trip without an end date is taken to last 3 days (docs/decisions/0009). */
export const DEFAULT_TRIP_DAYS = 3;

export type Trip = { start: string; end: string };

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The days a booking keeps its guide busy ('yyyy-MM-dd', both ends included); null: no date. */
export function tripOf(booking: {
  departureDate: string | null;
  endDate: string | null;
}): Trip | null {
  if (!booking.departureDate) return null;
  const end =
    booking.endDate && booking.endDate >= booking.departureDate
      ? booking.endDate
      : addDays(booking.departureDate, DEFAULT_TRIP_DAYS - 1);
  return { start: booking.departureDate, end };
}

/** Two trips share at least one day. */
export function tripsOverlap(a: Trip, b: Trip): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/* ------------------------------------------------------------------------------------------ */
/* Ranking                                                                                     */
/* ------------------------------------------------------------------------------------------ */

export type GuideCandidate = {
  id: string;
  fullName: string;
  specialty: string | null;
  isAvailable: boolean;
  /** Another live booking of this guide overlaps the trip. */
  overlaps: boolean;
  /** The guide's live bookings departing today or later. */
  upcomingTrips: number;
};

export type AssignmentOutcome =
  | { ok: true; guide: GuideCandidate; specialtyMatch: boolean }
  | { ok: false; reason: "no_departure_date" | "no_guides" | "none_available" | "all_busy" };

/**
 * Picks the guide: available, no overlapping trip; a specialty that suits the
 * tour first (the better-suited first), then the fewest upcoming trips, then by name.
 */
export function pickGuide(
  candidates: GuideCandidate[],
  preferred: string[],
  hasDeparture: boolean,
): AssignmentOutcome {
  if (!hasDeparture) return { ok: false, reason: "no_departure_date" };
  if (candidates.length === 0) return { ok: false, reason: "no_guides" };
  const available = candidates.filter((g) => g.isAvailable);
  if (available.length === 0) return { ok: false, reason: "none_available" };
  const free = available.filter((g) => !g.overlaps);
  if (free.length === 0) return { ok: false, reason: "all_busy" };
  const rank = (g: GuideCandidate) => specialtyRank(g.specialty, preferred) ?? Infinity;
  const [best] = [...free].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.upcomingTrips - b.upcomingTrips ||
      a.fullName.localeCompare(b.fullName) ||
      a.id.localeCompare(b.id),
  );
  return { ok: true, guide: best!, specialtyMatch: rank(best!) !== Infinity };
}

/** The server's message of an assignment: names the guide, or says why none was free. */
export function assignmentMessage(outcome: AssignmentOutcome): string {
  if (outcome.ok) {
    const g = outcome.guide;
    return outcome.specialtyMatch && g.specialty
      ? `${g.fullName} (${g.specialty}) has been assigned to this booking.`
      : `${g.fullName} has been assigned to this booking.`;
  }
  switch (outcome.reason) {
    case "no_departure_date":
      return "The booking has no departure date, so no guide's availability could be checked.";
    case "no_guides":
      return "There are no guides yet.";
    case "none_available":
      return "No guide is marked available.";
    case "all_busy":
      return "Every available guide has another trip on these dates.";
  }
}
