/** How bookings are named and counted on every screen (customer, staff, e-mails). */

/** '1 person', '4 people'. */
export function groupSizeLabel(size: number): string {
  return `${size} ${size === 1 ? "person" : "people"}`;
}

/**
 * A booking's reference wherever a person reads it (screens, mails, PDFs, CSVs, payment
 * references): the first 8 characters of its id, upper case ('3F2B8C1E').
 */
export function bookingRef(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
