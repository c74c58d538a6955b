/**
 * Traveller details (names as on passports, nationality, dietary and medical notes, and for the
 * park: residency category, date of birth and the proof they carry): the form in
 * My Bookings and its server action share this schema. A row left empty is a traveller whose
 * details are not given yet; a row with any detail needs the name.
 */
import { z } from "zod";

import { isUuid } from "@/lib/ids";

import { todayInKampala } from "@/lib/dates";
import { RESIDENCIES, RESIDENCY_PROOFS, type Residency, type ResidencyProof } from "@/lib/domain";
import { isIsoDate, LIMITS, optionalText } from "@/lib/fields";

/** Longest dietary or medical note. */
export const TRAVELLER_NOTE_MAX = 500;
/** A booking's travellers: one row per member of the group (the group size's own limit). */
export const TRAVELLERS_MAX = 50;

/** A choice that may be left blank (an empty select). */
const blankOr = <V extends string>(values: readonly V[], message: string) =>
  z
    .union([z.enum(values as readonly [V, ...V[]], { error: message }), z.literal("")])
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();

export const travellerSchema = z
  .object({
    fullName: optionalText("Full name", LIMITS.name),
    nationality: optionalText("Nationality", LIMITS.country),
    dietary: optionalText("Dietary needs", TRAVELLER_NOTE_MAX),
    medical: optionalText("Medical notes", TRAVELLER_NOTE_MAX, { multiline: true }),
    residency: blankOr(RESIDENCIES, "Choose a residency category"),
    dateOfBirth: z
      .string()
      .trim()
      .nullable()
      .transform((v) => v || null)
      .refine(
        (v) => v === null || (isIsoDate(v) && v <= todayInKampala()),
        "Enter the date of birth",
      )
      .optional(),
    proof: blankOr(RESIDENCY_PROOFS, "Choose the document they will carry"),
  })
  .superRefine((t, ctx) => {
    if (
      !t.fullName &&
      (t.nationality || t.dietary || t.medical || t.residency || t.dateOfBirth || t.proof)
    ) {
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
  residency?: Residency | null;
  dateOfBirth?: string | null;
  proof?: ResidencyProof | null;
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
  residency?: Residency | "";
  dateOfBirth?: string;
  proof?: ResidencyProof | "";
};
