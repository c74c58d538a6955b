/**
 * 'Hold Seats' of the Departures screen: staff hold seats on a departure for a named party, unpaid
 * (a confirmed booking that lapses at its option date). The same schema checks the dialog in the
 * browser and the action on the server; the form holds what was typed (the seats as text).
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";
import { emailField, LIMITS, optionalPhone, optionalText, requiredText } from "@/lib/fields";

/** The most seats one hold takes (a booking's largest group). */
export const STAFF_HOLD_SEATS_MAX = 50;
export const STAFF_HOLD_NOTE_MAX = 500;

const seatsMessage = `Seats must be a whole number from 1 to ${STAFF_HOLD_SEATS_MAX}.`;

export const staffHoldSchema = z.object({
  departureId: z.string().refine(isUuid, "Unknown departure."),
  fullName: requiredText("Full name", LIMITS.name),
  email: emailField,
  phone: optionalPhone("Phone"),
  seats: z
    .union([z.number(), z.string()], { error: seatsMessage })
    .transform((v) => (typeof v === "number" ? v : /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN))
    .pipe(
      z
        .number({ error: seatsMessage })
        .int(seatsMessage)
        .min(1, seatsMessage)
        .max(STAFF_HOLD_SEATS_MAX, seatsMessage),
    ),
  note: optionalText("Note", STAFF_HOLD_NOTE_MAX, { multiline: true }),
});
export type StaffHoldInput = z.input<typeof staffHoldSchema>;
export type StaffHoldData = z.output<typeof staffHoldSchema>;

/** What the dialog says of the hold before it is made ('Dec 5, 2026'). */
export function heldUntilText(day: string): string {
  return `Held until ${day}. Unpaid, the seats go back on sale then.`;
}

/** The manifest's badge of a booking staff hold unpaid. */
export function staffHoldBadge(day: string): string {
  return `Held by staff, unpaid — option until ${day}`;
}

/** The Departures screen's line under a date's seats: how many of them staff hold unpaid. */
export function staffHoldsText(seats: number): string {
  return `Staff holds: ${seats} ${seats === 1 ? "seat" : "seats"} unpaid`;
}
