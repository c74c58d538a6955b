/**
 * Resellers over OCTO: the rules that need no database. A reseller's product is a tour that sells
 * dated departures; its one option is DEFAULT; its unit is ADULT (the tours price one seat, the
 * same for every traveller), or on a tour that needs a park permit one ADULT unit per UWA
 * residency category (the permit's fee differs by category); an availability is one departure,
 * named by its start as OCTO's local date-time. Prices are US cents: the retail price is the
 * departure's (else the tour's) land price, the net is that less the reseller's commission (or
 * its own net for the tour); a permit's fee is added to both at face value.
 */
import { createHash, randomBytes } from "node:crypto";

import { addDays } from "date-fns/addDays";

import { lastBookingDay } from "@/lib/departures/rules";
import { RESIDENCIES, type Residency, type ResellerBookingStatus } from "@/lib/domain";
import { type FeeRate, priceParkFees, type TourPermit } from "@/lib/parks/fees";
import type { TariffRow } from "@/lib/parks/rules";

/* ------------------------------------------------------------------------------------------ */
/* Errors, in OCTO's shapes                                                                    */
/* ------------------------------------------------------------------------------------------ */

export type OctoErrorCode =
  | "INVALID_PRODUCT_ID"
  | "INVALID_OPTION_ID"
  | "INVALID_UNIT_ID"
  | "INVALID_AVAILABILITY_ID"
  | "INVALID_BOOKING_UUID"
  | "BAD_REQUEST"
  | "UNPROCESSABLE_ENTITY"
  | "UNAUTHORIZED"
  | "FORBIDDEN";

/** The id a refusal names, under the key OCTO gives it (productId, unitId, uuid...). */
const ID_FIELD: Partial<Record<OctoErrorCode, string>> = {
  INVALID_PRODUCT_ID: "productId",
  INVALID_OPTION_ID: "optionId",
  INVALID_UNIT_ID: "unitId",
  INVALID_AVAILABILITY_ID: "availabilityId",
  INVALID_BOOKING_UUID: "uuid",
};

const MESSAGES: Record<OctoErrorCode, string> = {
  INVALID_PRODUCT_ID: "The productId was missing or invalid",
  INVALID_OPTION_ID: "The optionId was missing or invalid",
  INVALID_UNIT_ID: "The unitId was missing or invalid",
  INVALID_AVAILABILITY_ID: "The availabilityId was missing or invalid",
  INVALID_BOOKING_UUID: "The uuid was already used, missing or invalid",
  BAD_REQUEST: "The request body is not formatted correctly or has missing or invalid fields",
  UNPROCESSABLE_ENTITY: "The request is well formed but cannot be processed",
  UNAUTHORIZED: "No API key was sent in the Authorization header (Bearer <key>)",
  FORBIDDEN: "The API key sent is invalid or has been revoked",
};

/**
 * A refusal as OCTO shapes it: `{ error, errorMessage, <id field> }`. Every one is HTTP 400 but
 * the key's: no key is 401 UNAUTHORIZED, an unknown or revoked key 403 FORBIDDEN.
 */
export class OctoError extends Error {
  readonly status: number;
  readonly body: { error: OctoErrorCode; errorMessage: string } & Record<string, string>;

  constructor(code: OctoErrorCode, options: { id?: string; message?: string } = {}) {
    const errorMessage = options.message ?? MESSAGES[code];
    super(errorMessage);
    this.name = "OctoError";
    this.status = code === "UNAUTHORIZED" ? 401 : code === "FORBIDDEN" ? 403 : 400;
    const field = ID_FIELD[code];
    this.body = {
      error: code,
      errorMessage,
      ...(field ? { [field]: options.id ?? "" } : {}),
    };
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Keys                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** A new API key (shown once): a prefix that says live or test, and 32 random bytes. */
export function newApiKey(testMode: boolean): string {
  return `bu_${testMode ? "test" : "live"}_${randomBytes(32).toString("base64url")}`;
}

/** What is stored of a key: its SHA-256, hex. A key is random enough that no salt is needed. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The first characters of a key, kept so staff can tell one key from another. */
export const keyPrefix = (key: string) => key.slice(0, 12);

/** The key of 'Authorization: Bearer <key>' (the scheme in any case), or null. */
export function bearerKey(header: string | null): string | null {
  const match = /^bearer +(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/* ------------------------------------------------------------------------------------------ */
/* Products, options, units                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const DEFAULT_OPTION_ID = "DEFAULT";
export const ADULT_UNIT_ID = "ADULT";
export const CURRENCY = "USD";
/** The largest group one booking may take, as for any booking. */
export const MAX_UNITS = 50;
/** A reservation's hold: this long unless the reseller asks (expirationMinutes) within the limits. */
export const DEFAULT_HOLD_MINUTES = 30;
export const MAX_HOLD_MINUTES = 24 * 60;

/** A permit tour's unit of a residency category: 'adult-foreign-non-resident'. */
export const residencyUnitId = (residency: Residency) => `adult-${residency.replaceAll("_", "-")}`;

/** A unit of a product: its id, the category it prices a permit in (null: no permit). */
export type ProductUnit = {
  id: string;
  residency: Residency | null;
  /**
   * The park fee of one traveller of the unit, US cents, at face value (0 without a permit); null
   * when it cannot be priced on the day (no tariff row for the category, or shillings and no rate).
   */
  feeMinor: number | null;
};

/** What prices the park fees of a day: the fee's tariff rows, the shilling rate, the visit's day. */
export type UnitFeeFacts = { rows: readonly TariffRow[]; rate: FeeRate | null; day: string };

/**
 * The units of a product: ADULT for a tour without a permit; for one with a permit, one per
 * residency category, the foreign non-resident's first (the site's public price, and the unit a
 * client picks by default), each priced at its category's adult fee on `fees.day` by the same
 * arithmetic as a web booking (priceParkFees). Without `fees`, the units are named, not priced.
 */
export function productUnits(permit: TourPermit | null, fees?: UnitFeeFacts): ProductUnit[] {
  if (!permit) return [{ id: ADULT_UNIT_ID, residency: null, feeMinor: 0 }];
  return RESIDENCIES.map((residency) => {
    const priced = fees
      ? priceParkFees(fees.rows, {
          permit,
          visitDate: fees.day,
          groupSize: 1,
          travellers: [{ residency }],
          rate: fees.rate,
        })
      : null;
    return {
      id: residencyUnitId(residency),
      residency,
      feeMinor: priced?.lines[0]?.usdMinor ?? null,
    };
  });
}

/** The net price of `retailMinor` for a reseller taking `commissionPercent`, whole cents. */
export function netPrice(retailMinor: number, commissionPercent: number): number {
  return Math.round((retailMinor * (100 - commissionPercent)) / 100);
}

/** How a reseller is priced: its commission, and the tours it has a net price of its own for. */
export type ResellerPricing = {
  commissionPercent: number;
  /** Net US cents a seat, by tour id: in place of the commission on that tour. */
  tourNets: Readonly<Record<string, number>>;
};

/** A seat's net on `tourId` at `retailMinor`: the tour's own net for the reseller, else retail less its commission. */
export function resellerNet(pricing: ResellerPricing, tourId: string, retailMinor: number): number {
  return pricing.tourNets[tourId] ?? netPrice(retailMinor, pricing.commissionPercent);
}

/** OCTO's capabilities the caller asked for (the Octo-Capabilities header, comma-separated). */
export function requestedCapabilities(header: string | null): Set<string> {
  return new Set(
    (header ?? "")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
  );
}

export const SUPPORTED_CAPABILITIES = ["octo/pricing", "octo/content", "octo/webhooks"] as const;

/* ------------------------------------------------------------------------------------------ */
/* Availability: one departure, named by its start                                             */
/* ------------------------------------------------------------------------------------------ */

/** Kampala is UTC+3 all year: a departure's local times carry this offset. */
const KAMPALA_OFFSET = "+03:00";

/** A departure's start as OCTO's local date-time: the availability's id. */
export const localStart = (startDate: string) => `${startDate}T00:00:00${KAMPALA_OFFSET}`;
/** The end of a departure's last day, local. */
export const localEnd = (endDate: string) => `${endDate}T23:59:59${KAMPALA_OFFSET}`;

/** The departure's start day an availability id names ('2027-03-01T00:00:00+03:00'), or null. */
export function availabilityDate(id: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T00:00:00\+03:00$/.exec(id);
  if (!match) return null;
  const day = match[1]!;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? null : day;
}

/**
 * When sales close: the end of the last booking day (the start less the cutoff days) in Kampala,
 * as a UTC instant ('2027-02-27T21:00:00Z').
 */
export function utcCutoffAt(startDate: string, cutoffDays: number): string {
  const lastDay = lastBookingDay(startDate, cutoffDays);
  const next = addDays(new Date(`${lastDay}T00:00:00Z`), 1);
  return new Date(next.getTime() - 3 * 60 * 60 * 1000).toISOString().replace(".000Z", "Z");
}

/** OCTO's status of a departure with `vacancies` of `capacity` seats, when on sale. */
export function availabilityStatus(
  onSale: boolean,
  vacancies: number,
  capacity: number,
): "AVAILABLE" | "LIMITED" | "SOLD_OUT" | "CLOSED" {
  if (!onSale) return "CLOSED";
  if (vacancies <= 0) return "SOLD_OUT";
  // Half the seats or fewer left: resellers show it as selling fast.
  return vacancies * 2 <= capacity ? "LIMITED" : "AVAILABLE";
}

/* ------------------------------------------------------------------------------------------ */
/* Bookings                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** A booking's OCTO status: a hold past its expiry is EXPIRED (its seats are back on sale). */
export function octoStatus(
  status: ResellerBookingStatus,
  holdExpiresAt: Date | null,
  now: Date,
): "ON_HOLD" | "EXPIRED" | "CONFIRMED" | "CANCELLED" {
  if (status === "confirmed") return "CONFIRMED";
  if (status === "cancelled") return "CANCELLED";
  return holdExpiresAt && holdExpiresAt > now ? "ON_HOLD" : "EXPIRED";
}

/**
 * Whether a booking may still be cancelled today: a hold always (it only lets its seats go), a
 * confirmed booking up to the departure's last booking day.
 */
export function cancellable(
  status: ResellerBookingStatus,
  departure: { startDate: string; cutoffDays: number },
  today: string,
): boolean {
  if (status === "cancelled") return false;
  if (status === "on_hold") return true;
  return today <= lastBookingDay(departure.startDate, departure.cutoffDays);
}

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The supplier's reference of a booking: short enough to read on the phone ('BU-7K3QX9PD'). */
export function newSupplierReference(): string {
  const bytes = randomBytes(8);
  let code = "";
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `BU-${code}`;
}
