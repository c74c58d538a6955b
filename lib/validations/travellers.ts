/**
 * Traveller details (names as on passports, nationality, dietary and medical notes): the form in
 * My Bookings and its server action share this schema. A row left empty is a traveller whose
 * details are not given yet; a row with any detail needs the name.
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";

import { LIMITS, optionalText } from "./fields";

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
