import { todayInKampala } from "@/lib/dates";
import type { OrderRequest } from "@/lib/payments/types";
import type { TourInput } from "@/lib/tours/schemas";
/**
 * Shared test data: dates counted from today in Kampala (as the app counts them), the public
 * booking request as a browser posts it, and the admin Tours screen's form; a schema's refusals.
 */

/** 'yyyy-MM-dd' `days` days from today in Kampala (negative: in the past). */
export function inDays(days: number): string {
  const [y, m, d] = todayInKampala().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A valid public booking request (/booking), every field as the form sends it. */
export function publicBookingValues(
  fields: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    firstName: "Jane",
    lastName: "O'Brien",
    email: "jane@example.com",
    phone: "+256 700 123 456",
    country: "Kenya",
    tour: "custom",
    startDate: inDays(40),
    endDate: "",
    groupSize: "2",
    accommodation: "",
    dietary: "",
    specialRequests: "",
    terms: "on",
    newsletter: "",
    idempotencyKey: crypto.randomUUID(),
    ...fields,
  };
}

/** The public wizard's request from a visitor of their own (a fresh email) for the gorilla safari. */
export function visitorBookingValues(fields: Record<string, string | undefined> = {}) {
  return publicBookingValues({
    website: "",
    email: `visitor-${crypto.randomUUID()}@example.com`,
    tour: "gorilla-safari",
    ...fields,
  });
}

/**
 * Book New Trip's values as the customer's wizard posts them (an object, the travellers as an
 * array): the gorilla safari for one, on no departure and no date yet.
 */
export function customerBookingValues(fields: Record<string, unknown> = {}) {
  return {
    fullName: "Amelia Carter",
    phone: "+256 700 123 456",
    address: "",
    tour: "gorilla-safari",
    departure: "",
    departureDate: "",
    groupSize: "1",
    accommodation: "",
    dietary: "",
    specialRequests: "",
    travellers: [],
    terms: "true",
    idempotencyKey: crypto.randomUUID(),
    ...fields,
  };
}

/** Values as multipart form data (what a form without JavaScript posts); undefined is absent. */
export function asFormData(values: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, value);
  return form;
}

/**
 * A valid tour as the admin Tours dialog sends it. Some fields are as untidy as a person types
 * them (blank list entries, stray spaces, Windows line ends, an empty itinerary day) so that a
 * save shows what the app tidies; tests that only need a valid tour ignore that.
 */
export const tourForm = (overrides: Partial<TourInput> = {}): TourInput => ({
  title: "Sipi Falls Coffee Trail",
  slug: "sipi-falls-coffee-trail",
  category: "Nature",
  location: "Kapchorwa",
  shortDescription: "Three waterfalls and a coffee farm on Mount Elgon's slopes.",
  overview: "",
  durationDays: "3",
  durationLabel: "",
  groupSize: "2-8",
  difficulty: "Medium",
  tags: "waterfalls, coffee, , hiking",
  highlights: "Sipi's three falls,  Arabica roasting ",
  inclusions: "Guide\n\nLodge\r\nMeals",
  exclusions: "Flights",
  itinerary: [
    { day: "1", title: "Kampala to Sipi", description: "Drive east to the falls." },
    { day: "2", title: "The falls", description: "Hike to all three." },
    // An added day left empty: dropped (the itinerary is optional).
    { day: "3", title: "", description: " " },
  ],
  pricing: [
    { name: "Standard", price: "450", per: "person", description: "" },
    { name: "Luxury", price: "900", per: "person", description: "Private lodge" },
  ],
  isActive: true,
  featuredRank: "",
  ...overrides,
});

/** A valid guide as the admin Guides dialog sends it. */
export const guideForm = (overrides: { fullName: string; languages?: string }) => ({
  email: "amani.guide@example.com",
  phoneNumber: "",
  specialty: "Birding",
  languages: "English, Swahili",
  isAvailable: true,
  ...overrides,
});

/** A schema's refusals by field path ('travellers.0.fullName'), the first message of each. */
export function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

let orders = 0;
/** An order as the site submits it to a payment provider: a gorilla trek's deposit. */
export function orderRequest(overrides: Partial<OrderRequest> = {}): OrderRequest {
  return {
    merchantReference: `BU-TEST-${++orders}-${Date.now()}`,
    amountMinor: 12345,
    currency: "USD",
    description: "Deposit: 3-Day Bwindi Gorilla Trek",
    callbackUrl: "https://breatheuganda.example/pay/return",
    billing: {
      email: "amina@example.com",
      phone: "+256 700 123 456",
      firstName: "Amina",
      lastName: "Nakato",
      countryCode: "ug",
    },
    ...overrides,
  };
}
