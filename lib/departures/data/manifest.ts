import "server-only";

import { asc, eq, sql } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { bookings, bookingTravellers, departures, guides, resellers, tours } from "@/db/schema";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { liveOn, readDeparture, seatsTakenOf } from "@/lib/departures/data/seats";
import { isStaffHold, optionUntil } from "@/lib/departures/data/staff-holds";
import { formatDay, kampalaDay } from "@/lib/dates";
import { requireStaff, requireStaffForRoute } from "@/lib/session";
import type { DepartureStatus, ParkFee } from "@/lib/domain";
import { departurePermitsOf } from "@/lib/parks/data/allocations";
import { isUuid } from "@/lib/ids";
import {
  type GivenTraveller,
  manifestCsv,
  type ManifestCsvBooking,
  manifestFileName,
  travellerSlots,
} from "@/lib/departures/manifest";

/**
 * A departure's manifest, its CSV and the guide's day sheet (/admin/departures/<id>). Staff and
 * admins only (requireStaff, or requireStaffForRoute for the CSV route's 401/403). Two queries,
 * run together: the departure with its tour, guide and seats taken; and its live bookings (those
 * that hold seats, found on bookings_departure_id_idx) joined with their travellers.
 */

export type ManifestDeparture = {
  id: string;
  tourTitle: string;
  tourSlug: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsTaken: number;
  status: DepartureStatus;
  /** Meeting notes and anything the guide should know. */
  note: string | null;
  /** The tour's pick-up place and time, as travellers are told it. */
  pickup: string | null;
  guide: { fullName: string; phone: string | null } | null;
  /** The park permit each trekker needs (its number is shown per traveller), or null. */
  permitFee: ParkFee | null;
};

/**
 * A booking of the manifest: its lead, contact, group, payment and travellers (the CSV's rows),
 * and for seats staff hold unpaid, the option date they go back on sale ('Dec 5, 2026').
 */
export type ManifestBooking = ManifestCsvBooking & {
  staffHoldUntil: string | null;
  /** What the traveller wrote when booking: for the group as a whole, not per traveller. */
  requests: BookingRequests;
  /** The reseller that sold it and its reference ('Pearl Safaris · PSO-1'), or null. */
  channel?: string | null;
};

/** The booking form's notes: the accommodation (lodge) asked for, dietary needs, anything else. */
export type BookingRequests = {
  accommodation: string | null;
  dietary: string | null;
  specialRequests: string | null;
};

export type Manifest = { departure: ManifestDeparture; bookings: ManifestBooking[] };

/** The day sheet: the manifest without prices, payment or email (what the guide carries). */
export type DaySheet = {
  departure: ManifestDeparture;
  bookings: Omit<ManifestBooking, "paymentStatus" | "email" | "staffHoldUntil">[];
};

function blankToNull(text: string | null): string | null {
  return text?.trim() ? text.trim() : null;
}

async function queryManifest(db: Db, departureId: string): Promise<Manifest | null> {
  const [header, rows, permits] = await Promise.all([
    readDeparture(db, departureId, {
      id: departures.id,
      tourTitle: tours.title,
      tourSlug: tours.slug,
      startDate: departures.startDate,
      endDate: departures.endDate,
      capacity: departures.capacity,
      seatsTaken: seatsTakenOf(departures.id),
      status: departures.status,
      note: departures.note,
      pickup: tours.meetingPoint,
      permitFee: tours.permitFee,
      guideName: guides.fullName,
      guidePhone: guides.phoneNumber,
    }),
    db
      .select({
        id: bookings.id,
        leadName: bookings.fullName,
        email: bookings.email,
        phone: bookings.phone,
        groupSize: bookings.groupSize,
        paymentStatus: bookings.paymentStatus,
        staffHold: isStaffHold,
        confirmedAt: bookings.confirmedAt,
        accommodation: bookings.accommodationPreference,
        bookingDietary: bookings.dietaryRestrictions,
        specialRequests: bookings.specialRequests,
        channel: sql<
          string | null
        >`${resellers.name} || coalesce(' · ' || ${bookings.resellerReference}, '')`,
        position: bookingTravellers.position,
        fullName: bookingTravellers.fullName,
        nationality: bookingTravellers.nationality,
        dietary: bookingTravellers.dietary,
        medical: bookingTravellers.medical,
      })
      .from(bookings)
      .leftJoin(bookingTravellers, eq(bookingTravellers.bookingId, bookings.id))
      .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
      .where(liveOn(departureId))
      .orderBy(asc(bookings.createdAt), asc(bookings.id), asc(bookingTravellers.position)),
    departurePermitsOf(db, departureId),
  ]);
  if (!header) return null;

  const byBooking = new Map<
    string,
    Omit<ManifestBooking, "travellers"> & { given: GivenTraveller[] }
  >();
  for (const r of rows) {
    let b = byBooking.get(r.id);
    if (!b) {
      b = {
        id: r.id,
        leadName: r.leadName,
        email: r.email,
        phone: r.phone,
        groupSize: r.groupSize,
        paymentStatus: r.paymentStatus,
        staffHoldUntil:
          r.staffHold && r.confirmedAt
            ? formatDay(kampalaDay(optionUntil(new Date(r.confirmedAt))))
            : null,
        requests: {
          accommodation: blankToNull(r.accommodation),
          dietary: blankToNull(r.bookingDietary),
          specialRequests: blankToNull(r.specialRequests),
        },
        channel: r.channel ?? null,
        given: [],
      };
      byBooking.set(r.id, b);
    }
    if (r.position !== null && r.fullName !== null) {
      b.given.push({
        position: r.position,
        fullName: r.fullName,
        nationality: r.nationality,
        dietary: r.dietary,
        medical: r.medical,
      });
    }
  }
  const { guideName, guidePhone, ...departure } = header;
  return {
    departure: {
      ...departure,
      seatsTaken: Number(departure.seatsTaken),
      guide: guideName ? { fullName: guideName, phone: guidePhone } : null,
    },
    bookings: [...byBooking.values()].map(({ given, ...b }) => {
      const travellers = travellerSlots(b.groupSize, given);
      if (!header.permitFee) return { ...b, travellers };
      // A permit tour: each trekker's permit, by their position in the booking.
      const held = permits.get(b.id);
      return {
        ...b,
        travellers: travellers.map((t) => ({
          ...t,
          permit: held?.has(t.position) ? { number: held.get(t.position) ?? null } : null,
        })),
      };
    }),
  };
}

/**
 * The departure's manifest read by staff, recorded as `view` (it holds passport names and medical
 * notes, so each look at it is in the trail), or null (unknown or malformed id).
 */
async function readManifestAs(
  departureId: string,
  view: "manifest.view" | "manifest.day_sheet_view",
): Promise<Manifest | null> {
  const staff = await requireStaff();
  if (!isUuid(departureId)) return null;
  const manifest = await queryManifest(await getDb(), departureId);
  if (!manifest) return null;
  await recordAudit({
    action: view,
    actor: actorOf(staff),
    target: { type: "departure", id: departureId },
    details: { bookings: manifest.bookings.length },
  });
  return manifest;
}

/** The departure's manifest, or null (unknown or malformed id). */
export async function getManifest(departureId: string): Promise<Manifest | null> {
  return readManifestAs(departureId, "manifest.view");
}

/** The guide's day sheet of the departure (no payment, no email), or null. */
export async function getDaySheet(departureId: string): Promise<DaySheet | null> {
  const manifest = await readManifestAs(departureId, "manifest.day_sheet_view");
  if (!manifest) return null;
  return {
    departure: manifest.departure,
    bookings: manifest.bookings.map((b) => ({
      id: b.id,
      leadName: b.leadName,
      phone: b.phone,
      groupSize: b.groupSize,
      requests: b.requests,
      channel: b.channel,
      travellers: b.travellers,
    })),
  };
}

/**
 * The manifest's CSV (one row per traveller) and its file name, recorded as 'manifest.export'.
 * For the route handler: a signed-out caller gets DomainError `unauthenticated` (401), a
 * signed-in one without a staff role `forbidden` (403); null for an unknown departure (404).
 */
export async function exportManifestCsv(
  departureId: string,
): Promise<{ fileName: string; csv: string } | null> {
  const staff = await requireStaffForRoute();
  if (!isUuid(departureId)) return null;
  const db = await getDb();
  const manifest = await queryManifest(db, departureId);
  if (!manifest) return null;
  const rows = manifest.bookings.reduce((n, b) => n + b.travellers.length, 0);
  await recordAudit({
    action: "manifest.export",
    actor: actorOf(staff),
    target: { type: "departure", id: departureId },
    details: { bookings: manifest.bookings.length, rows },
  });
  return {
    fileName: manifestFileName(manifest.departure.tourSlug, manifest.departure.startDate),
    csv: manifestCsv(manifest.bookings),
  };
}
