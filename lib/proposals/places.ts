/**
 * Where a proposal's day can end: the parks and towns of a Ugandan safari, with their position, so
 * the traveller's page can draw the route from one night's place to the next. Pure and public.
 */

export type ProposalPlace = {
  name: string;
  kind: "park" | "town" | "lake";
  /** Degrees, WGS 84 (north positive, east positive). */
  lat: number;
  lng: number;
};

/**
 * The places, in the order a select lists them (towns first, then parks from north to south). A
 * park's name is the one the permit lots, the tariffs and the libraries use.
 */
export const PROPOSAL_PLACES = [
  { name: "Entebbe", kind: "town", lat: 0.0512, lng: 32.4637 },
  { name: "Kampala", kind: "town", lat: 0.3476, lng: 32.5825 },
  { name: "Jinja", kind: "town", lat: 0.4244, lng: 33.2042 },
  { name: "Kidepo Valley", kind: "park", lat: 3.9, lng: 33.85 },
  { name: "Murchison Falls", kind: "park", lat: 2.2, lng: 31.8 },
  { name: "Kibale", kind: "park", lat: 0.4833, lng: 30.3667 },
  { name: "Queen Elizabeth", kind: "park", lat: -0.1667, lng: 30.0 },
  { name: "Lake Mburo", kind: "park", lat: -0.6, lng: 30.95 },
  { name: "Bwindi Impenetrable", kind: "park", lat: -1.05, lng: 29.7 },
  { name: "Lake Bunyonyi", kind: "lake", lat: -1.2833, lng: 29.9333 },
  { name: "Mgahinga", kind: "park", lat: -1.3667, lng: 29.6333 },
] as const satisfies readonly ProposalPlace[];

export type ProposalPlaceName = (typeof PROPOSAL_PLACES)[number]["name"];

export const PROPOSAL_PLACE_NAMES = PROPOSAL_PLACES.map((p) => p.name) as [
  ProposalPlaceName,
  ...ProposalPlaceName[],
];

/** A place by its name, or null for one not on the list (a day saved before a place was retired). */
export function placeNamed(name: string): ProposalPlace | null {
  return PROPOSAL_PLACES.find((p) => p.name === name) ?? null;
}

/**
 * The route of a version's days: each day's place in day order, a place repeated on consecutive
 * days kept once (two nights in Bwindi are one stop).
 */
export function routeOf(days: readonly { day: number; place: string }[]): ProposalPlace[] {
  const route: ProposalPlace[] = [];
  for (const { place } of [...days].sort((a, b) => a.day - b.day)) {
    const found = placeNamed(place);
    if (found && route.at(-1)?.name !== found.name) route.push(found);
  }
  return route;
}
