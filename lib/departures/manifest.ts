/**
 * The rules of a departure's manifest, pure (no database): each booking's travellers up to its
 * group size (a position without details reads 'Traveller n: details not given yet'), the CSV of
 * the manifest (one row per traveller, written as every staff CSV is: lib/csv.ts quotes each field and
 * neutralises every line a spreadsheet would read as a formula) and its file name, and until when a
 * customer may edit their travellers. lib/departures/data/manifest.ts and lib/bookings/data/travellers.ts apply them.
 */
import { bookingRef } from "@/lib/bookings/labels";
import { daysBetween } from "@/lib/dates";
import type { PaymentStatus } from "@/lib/domain";
import { csvText } from "@/lib/csv";

/** One traveller of a booking as given (position 1 is the lead traveller). */
export type GivenTraveller = {
  position: number;
  fullName: string;
  nationality: string | null;
  dietary: string | null;
  medical: string | null;
};

/** A traveller slot of the manifest: the details given, or `given: false` for the missing ones. */
export type ManifestTraveller = {
  position: number;
  given: boolean;
  /** The name as on the passport, or 'Traveller n: details not given yet'. */
  fullName: string;
  nationality: string | null;
  dietary: string | null;
  medical: string | null;
  /**
   * On a permit tour's departure: the permit the trekker holds, with UWA's number (null until
   * staff type it), or null when they hold none yet.
   */
  permit?: { number: string | null } | null;
};

/** A trekker's permit as the manifest and day sheet write it; null off a permit tour. */
export function permitLine(t: Pick<ManifestTraveller, "permit">): string | null {
  if (t.permit === undefined) return null;
  if (t.permit === null) return "No permit yet";
  return t.permit.number ? `UWA permit ${t.permit.number}` : "Permit held, number not entered yet";
}

export function missingTravellerLabel(position: number): string {
  return `Traveller ${position}: details not given yet`;
}

/**
 * The booking's travellers from 1 to its group size: the rows given at their positions, the
 * others as not given yet. Rows past the group size (a group made smaller) are still shown.
 */
export function travellerSlots(groupSize: number, given: GivenTraveller[]): ManifestTraveller[] {
  const byPosition = new Map(given.map((t) => [t.position, t]));
  const last = Math.max(groupSize, ...given.map((t) => t.position));
  const slots: ManifestTraveller[] = [];
  for (let position = 1; position <= last; position++) {
    const t = byPosition.get(position);
    if (t) slots.push({ ...t, given: true });
    else if (position <= groupSize)
      slots.push({
        position,
        given: false,
        fullName: missingTravellerLabel(position),
        nationality: null,
        dietary: null,
        medical: null,
      });
  }
  return slots;
}

/** A booking of the manifest as the CSV writes it. */
export type ManifestCsvBooking = {
  id: string;
  leadName: string;
  email: string;
  phone: string;
  groupSize: number;
  paymentStatus: PaymentStatus;
  travellers: ManifestTraveller[];
};

export const MANIFEST_CSV_HEADER = [
  "Booking",
  "Lead Traveller",
  "Email",
  "Phone",
  "Group Size",
  "Payment Status",
  "Traveller",
  "Full Name (as on passport)",
  "Nationality",
  "Dietary",
  "Medical",
  "UWA Permit",
] as const;

/**
 * The manifest's CSV: the header, then one row per traveller of every booking, CRLF lines. The
 * last column is the trekker's UWA permit number: empty until staff type it, and on a tour that
 * needs no permit.
 */
export function manifestCsv(bookings: ManifestCsvBooking[]): string {
  const rows = bookings.flatMap((b) =>
    b.travellers.map((t) =>
      [
        bookingRef(b.id),
        b.leadName,
        b.email,
        b.phone,
        String(b.groupSize),
        b.paymentStatus,
        String(t.position),
        t.fullName,
        t.nationality ?? "",
        t.dietary ?? "",
        t.medical ?? "",
        t.permit?.number ?? "",
      ],
    ),
  );
  return csvText(rows, MANIFEST_CSV_HEADER);
}

/** 'manifest-{tour-slug}-{yyyy-MM-dd}.csv' (the departure's start date). */
export function manifestFileName(tourSlug: string, startDate: string): string {
  const slug = tourSlug.replace(/[^a-z0-9-]/g, "") || "departure";
  return `manifest-${slug}-${startDate}.csv`;
}

/**
 * A customer may give or change their travellers' details until the trip starts: while the
 * booking is live and its departure date (if set) is after today in Kampala.
 */
export function travellersEditable(
  booking: { departureDate: string | null; live: boolean },
  today: string,
): boolean {
  if (!booking.live) return false;
  return booking.departureDate === null || daysBetween(today, booking.departureDate) > 0;
}
