/** How bookings are named and counted on every screen (customer, staff, e-mails). */

/** '1 person', '4 people'. */
export function groupSizeLabel(size: number): string {
  return `${size} ${size === 1 ? "person" : "people"}`;
}

/** Booking ids are shown as their first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
