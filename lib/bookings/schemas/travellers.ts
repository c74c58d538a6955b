/**
 * Traveller details (names as on passports, nationality, dietary and medical notes): the form in
 * My Bookings and its server action share this schema. A row left empty is a traveller whose
 * details are not given yet; a row with any detail needs the name.
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";

import { LIMITS, optionalText } from "@/lib/fields";

/** Longest dietary or medical note. */
export const TRAVELLER_NOTE_MAX = 500;
/** A booking's travellers: one row per member of the group (the group size's own limit). */
export const TRAVELLERS_MAX = 50;

export const travellerSchema = z
  .object({
    fullName: optionalText("Full name", LIMITS.name),
    nationality: optionalText("Nationality", LIMITS.country),
    dietary: optionalText("Dietary needs", TRAVELLER_NOTE_MAX),
    medical: optionalText("Medical notes", TRAVELLER_NOTE_MAX, { multiline: true }),
  })
  .superRefine((t, ctx) => {
    if (!t.fullName && (t.nationality || t.dietary || t.medical)) {
      ctx.addIssue({
        code: "custom",
        path: ["fullName"],
        message: "Enter the full name as on the passport",
      });
    }
  });

/** A traveller whose details are given: the name at least. */
export type Traveller = {
  fullName: string;
  nationality: string | null;
  dietary: string | null;
  medical: string | null;
};

const named = (t: z.output<typeof travellerSchema>): t is Traveller => t.fullName !== null;

/**
 * The optional Travellers section of both booking wizards (on a scheduled departure): at most
 * `max` rows (the wizard's largest group), each a travellerSchema row; the rows left empty are
 * dropped, so what remains are the named travellers in order. That they fit the chosen group is
 * checked with the whole form (travellersFitGroup).
 */
export function wizardTravellersField(max: number) {
  return z
    .array(travellerSchema, { error: "Invalid traveller details." })
    .max(max, "Too many travellers.")
    .optional()
    .transform((rows) => (rows ?? []).filter(named));
}

/** The refusal of more named travellers than the group has. */
export function tooManyTravellersMessage(groupSize: number): string {
  return groupSize === 1
    ? "This booking is for 1 traveller. Remove the other names or choose a larger group."
    : `This booking is for ${groupSize} travellers. Remove the other names or choose a larger group.`;
}

/**
 * A wizard's named travellers fit its group (on the field `travellers`). A private trip's are
 * ignored: the booking stores travellers only on a scheduled departure (lib/bookings/data/requests.ts).
 */
export function travellersFitGroup(
  booking: { departure: string | null; groupSize: number; travellers: Traveller[] },
  ctx: z.RefinementCtx,
): void {
  if (booking.departure && booking.travellers.length > booking.groupSize) {
    ctx.addIssue({
      code: "custom",
      path: ["travellers"],
      message: tooManyTravellersMessage(booking.groupSize),
    });
  }
}

/** Every traveller of one booking, in order (the first is the lead traveller). */
export const travellersSchema = z.object({
  bookingId: z.string().refine(isUuid, "Unknown booking."),
  travellers: z.array(travellerSchema).max(TRAVELLERS_MAX, "Too many travellers."),
});
export type TravellersInput = z.output<typeof travellersSchema>;

/** A traveller as the form holds it (empty text for a detail not given). */
export type TravellerFormValues = {
  fullName: string;
  nationality: string;
  dietary: string;
  medical: string;
};
