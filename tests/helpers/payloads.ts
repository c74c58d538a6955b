import { todayInKampala } from "@/lib/dates";
/**
 * Shared test data: dates counted from today in Kampala (as the app counts them) and the public
 * booking request as a browser posts it.
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

/** Values as multipart form data (what a form without JavaScript posts); undefined is absent. */
export function asFormData(values: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.set(key, value);
  return form;
}
