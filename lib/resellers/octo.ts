/**
 * Our catalogue and reseller bookings in OCTO's shapes (the types of @octocloud/types). Pure:
 * the data modules read the rows, these functions only shape them. Pricing fields are present
 * only when the caller asked for octo/pricing, content fields only for octo/content.
 */
import {
  type Availability,
  type AvailabilityCalendar,
  AvailabilityStatus,
  AvailabilityType,
  type Booking,
  BookingStatus,
  type Contact,
  DeliveryFormat,
  DeliveryMethod,
  type Feature,
  FeatureType,
  type Option,
  type Pricing,
  PricingPer,
  type Product,
  RedemptionMethod,
  Refund,
  type Supplier,
  type Unit,
  type UnitItem,
  UnitType,
} from "@octocloud/types";

import type {
  ParkFee,
  ResellerBookingStatus,
  ResellerContact,
  ResellerUnitItem,
} from "@/lib/domain";
import { MINIMUM_TREK_AGE, PARK_FEE_LABELS, RESIDENCY_LABELS } from "@/lib/parks/rules";
import { site } from "@/lib/site";

import {
  availabilityStatus,
  CURRENCY,
  DEFAULT_OPTION_ID,
  localEnd,
  localStart,
  MAX_UNITS,
  octoStatus,
  type ProductUnit,
  type ResellerPricing,
  resellerNet,
  utcCutoffAt,
} from "./rules";

export type Capabilities = { pricing: boolean; content: boolean };

/** A seat's net for the reseller answered (US cents) at a retail price, on the product shown. */
export type NetOf = (retailMinor: number) => number;

/** A seat's net on the tour for the reseller: its own net price there, else its commission's. */
export const netOn =
  (pricing: ResellerPricing, tourId: string): NetOf =>
  (retailMinor) =>
    resellerNet(pricing, tourId, retailMinor);

const TIME_ZONE = "Africa/Kampala";

/**
 * A unit's price (US cents) for a reseller: retail, and the net it owes. `retailMinor` is the
 * land price, which the reseller's net discounts; `feeMinor`, a permit's park fee, is passed
 * through at face value in both (UWA sells it at that price to everyone).
 */
export function pricingOf(retailMinor: number, netOf: NetOf, feeMinor = 0, units = 1): Pricing {
  const retail = (retailMinor + feeMinor) * units;
  return {
    original: retail,
    retail,
    net: (netOf(retailMinor) + feeMinor) * units,
    currency: CURRENCY,
    currencyPrecision: 2,
    includedTaxes: [],
  };
}

export function supplierOf(endpoint: string): Supplier {
  return {
    id: "breathe-uganda",
    name: site.name,
    endpoint,
    contact: {
      website: endpoint.replace(/\/octo$/, ""),
      email: site.email,
      telephone: site.phone,
      address: site.address,
    },
    shortDescription: site.description,
    media: [],
  };
}

/** What a product needs to be shown: the tour, its seat price, its units. */
export type ProductView = {
  id: string;
  title: string;
  shortDescription: string | null;
  overview: string | null;
  durationDays: number | null;
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  /** A seat at the tour's own price, US cents; null when the tour has none. */
  retailMinor: number | null;
  /** The permit each traveller needs, or null. */
  permitFee: ParkFee | null;
  /** ADULT, or one unit per residency category (priced today) on a permit tour. */
  units: ProductUnit[];
};

/** 'Adult, foreign non-resident': a permit tour's unit as people read it. */
const unitTitle = (unit: ProductUnit) =>
  unit.residency ? `Adult, ${RESIDENCY_LABELS[unit.residency].toLowerCase()}` : "Adult";

/** The priced units' from-price: the first priced one (the foreign non-resident's on a permit tour). */
function fromPrice(retailMinor: number | null, units: readonly ProductUnit[], netOf: NetOf) {
  const unit = units.find((u) => u.feeMinor !== null);
  return retailMinor === null || !unit ? null : pricingOf(retailMinor, netOf, unit.feeMinor!);
}

function unitOf(view: ProductView, unit: ProductUnit, netOf: NetOf, caps: Capabilities): Unit {
  const permit = unit.residency && view.permitFee ? view.permitFee : null;
  const price =
    view.retailMinor === null || unit.feeMinor === null
      ? null
      : pricingOf(view.retailMinor, netOf, unit.feeMinor);
  return {
    id: unit.id,
    internalName: unitTitle(unit),
    // The residency category's code, as the booking's travellers and fee lines store it.
    reference: unit.residency,
    type: UnitType.ADULT,
    restrictions: {
      // UWA admits nobody under the permit's age to the trek (15 for gorillas); OCTO has no date
      // of birth to check at reservation, so the unit says it and the reseller sells to it.
      minAge: (permit && MINIMUM_TREK_AGE[permit]) ?? 0,
      maxAge: 100,
      // The category is proved at the park gate (passport, residence permit or national ID).
      idRequired: permit !== null,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      accompaniedBy: [],
    },
    requiredContactFields: [],
    ...(caps.pricing && price ? { pricingFrom: [price] } : {}),
    ...(caps.content
      ? permit && unit.residency
        ? {
            title: unitTitle(unit),
            shortDescription: `One seat on the departure, with the ${PARK_FEE_LABELS[permit].toLowerCase()} at the ${RESIDENCY_LABELS[unit.residency].toLowerCase()} rate, at face value`,
          }
        : { title: "Traveller", shortDescription: "One seat on the departure" }
      : {}),
  };
}

function features(view: ProductView): Feature[] {
  const of = (type: FeatureType, list: string[]) =>
    list.map((shortDescription) => ({ shortDescription, type }));
  return [
    ...of(FeatureType.HIGHLIGHT, view.highlights),
    ...of(FeatureType.INCLUSION, view.inclusions),
    ...of(FeatureType.EXCLUSION, view.exclusions),
  ];
}

function durationContent(view: ProductView) {
  const minutes = view.durationDays ? view.durationDays * 24 * 60 : undefined;
  return minutes ? { durationMinutesFrom: minutes, durationMinutesTo: minutes } : {};
}

function optionOf(view: ProductView, netOf: NetOf, caps: Capabilities): Option {
  return {
    id: DEFAULT_OPTION_ID,
    default: true,
    internalName: "Scheduled departure",
    reference: null,
    availabilityLocalStartTimes: ["00:00"],
    // Cancellation closes with the departure's sales (its cutoff days before the start);
    // the day count shown is the least, each availability says its own instant.
    cancellationCutoff: "0 days",
    cancellationCutoffAmount: 0,
    cancellationCutoffUnit: "day" as Option["cancellationCutoffUnit"],
    requiredContactFields: [],
    // The seats free limit a booking (each availability's maxUnits), not the option.
    restrictions: { minUnits: 1, maxUnits: null },
    units: view.units.map((unit) => unitOf(view, unit, netOf, caps)),
    ...(caps.pricing && fromPrice(view.retailMinor, view.units, netOf)
      ? { pricingFrom: [fromPrice(view.retailMinor, view.units, netOf)!] }
      : {}),
    ...(caps.content
      ? {
          title: view.title,
          shortDescription: view.shortDescription,
          description: view.overview,
          features: [],
          faqs: [],
          media: [],
          locations: [],
          categoryLabels: [],
          ...durationContent(view),
          commentary: [],
        }
      : {}),
  };
}

export function productOf(view: ProductView, netOf: NetOf, caps: Capabilities): Product {
  return {
    id: view.id,
    internalName: view.title,
    reference: null,
    locale: "en",
    timeZone: TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: AvailabilityType.START_TIME,
    // One voucher per booking carrying our reference; travellers are checked in from the
    // departure's manifest, so nothing has to be scanned at the start.
    deliveryFormats: [DeliveryFormat.QRCODE],
    deliveryMethods: [DeliveryMethod.VOUCHER],
    redemptionMethod: RedemptionMethod.MANIFEST,
    options: [optionOf(view, netOf, caps)],
    ...(caps.pricing
      ? { defaultCurrency: CURRENCY, availableCurrencies: [CURRENCY], pricingPer: PricingPer.UNIT }
      : {}),
    ...(caps.content
      ? {
          title: view.title,
          shortDescription: view.shortDescription,
          description: view.overview,
          features: features(view),
          faqs: [],
          media: [],
          locations: [],
          categoryLabels: [],
          ...durationContent(view),
          commentary: [],
        }
      : {}),
  };
}

/** A departure as OCTO's availability. */
export type SlotView = {
  startDate: string;
  endDate: string;
  capacity: number;
  cutoffDays: number;
  onSale: boolean;
  vacancies: number;
  /** A seat's retail price on it, US cents; null when it has none (then it is not sold). */
  retailMinor: number | null;
  /** The product's units with their park fees on its trek day (a unit not priced is not sold). */
  units: ProductUnit[];
  /** Whether the seats the caller asked for fit (not available to them otherwise). */
  fits?: boolean;
};

const statusEnum = (s: ReturnType<typeof availabilityStatus>) => AvailabilityStatus[s];

export function availabilityOf(slot: SlotView, netOf: NetOf, caps: Capabilities): Availability {
  const priced = slot.units.filter((u) => u.feeMinor !== null);
  const onSale = slot.onSale && slot.retailMinor !== null && priced.length > 0;
  const status = availabilityStatus(onSale, slot.vacancies, slot.capacity);
  const land = slot.retailMinor;
  const prices =
    land === null
      ? []
      : priced.map((u) => ({ unitId: u.id, pricing: pricingOf(land, netOf, u.feeMinor!) }));
  const price = prices[0]?.pricing ?? null;
  return {
    id: localStart(slot.startDate),
    localDateTimeStart: localStart(slot.startDate),
    localDateTimeEnd: localEnd(slot.endDate),
    utcCutoffAt: utcCutoffAt(slot.startDate, slot.cutoffDays),
    allDay: true,
    available: (status === "AVAILABLE" || status === "LIMITED") && slot.fits !== false,
    status: statusEnum(status),
    vacancies: onSale ? slot.vacancies : 0,
    capacity: slot.capacity,
    maxUnits: onSale ? Math.min(slot.vacancies, MAX_UNITS) : 0,
    openingHours: [],
    // Each unit at its own price; `pricing` is the first's (the from-price).
    ...(caps.pricing && price
      ? { unitPricing: prices.map((p) => ({ ...p.pricing, unitId: p.unitId })), pricing: price }
      : {}),
  };
}

/** The calendar's days: one per departure start (a product runs at most one departure a day). */
export function calendarDayOf(
  slot: SlotView,
  netOf: NetOf,
  caps: Capabilities,
): AvailabilityCalendar {
  const a = availabilityOf(slot, netOf, caps);
  return {
    localDate: slot.startDate,
    available: a.available,
    status: a.status,
    vacancies: a.vacancies,
    capacity: a.capacity,
    openingHours: [],
    ...(caps.pricing && a.unitPricing && a.pricing
      ? { unitPricingFrom: a.unitPricing, pricingFrom: a.pricing }
      : {}),
  };
}

export function contactOf(c: ResellerContact): Contact {
  const fullName = c.fullName ?? ([c.firstName, c.lastName].filter(Boolean).join(" ") || null);
  return {
    fullName,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    emailAddress: c.emailAddress ?? null,
    phoneNumber: c.phoneNumber ?? null,
    locales: c.locales ?? [],
    postalCode: c.postalCode ?? null,
    country: c.country ?? null,
    notes: c.notes ?? null,
  };
}

/** A reseller booking with its departure, as the data module reads it. */
export type BookingView = {
  uuid: string;
  testMode: boolean;
  status: ResellerBookingStatus;
  holdExpiresAt: Date | null;
  supplierReference: string;
  resellerReference: string | null;
  tourId: string;
  unitItems: ResellerUnitItem[];
  contact: ResellerContact;
  notes: string | null;
  /**
   * A seat as sold: its land retail price, and the reseller's net for it (US cents); each unit
   * item adds its traveller's park fee (`feeMinor`) to both.
   */
  retailMinor: number;
  netMinor: number;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  cancellationReason: string | null;
  /** Its departure (its units are the booking's own, as sold). */
  slot: Omit<SlotView, "units">;
  cancellable: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const BOOKING_STATUS = {
  ON_HOLD: BookingStatus.ON_HOLD,
  EXPIRED: BookingStatus.EXPIRED,
  CONFIRMED: BookingStatus.CONFIRMED,
  CANCELLED: BookingStatus.CANCELLED,
} as const;

export function bookingOf(view: BookingView, caps: Capabilities, now: Date): Booking {
  const status = BOOKING_STATUS[octoStatus(view.status, view.holdExpiresAt, now)];
  // Every seat as sold: the land price the reseller's net discounts, and its traveller's park fee.
  const netOf: NetOf = () => view.netMinor;
  const priceOf = (u: ResellerUnitItem) => pricingOf(view.retailMinor, netOf, u.feeMinor ?? 0);
  const soldUnits = new Map<string, ProductUnit>();
  for (const u of view.unitItems) {
    if (!soldUnits.has(u.unitId))
      soldUnits.set(u.unitId, {
        id: u.unitId,
        residency: u.residency ?? null,
        feeMinor: u.feeMinor ?? 0,
      });
  }
  const fees = view.unitItems.reduce((sum, u) => sum + (u.feeMinor ?? 0), 0);
  const units = view.unitItems.length;
  const contact = contactOf(view.contact);
  const unitItems: UnitItem[] = view.unitItems.map((u) => ({
    uuid: u.uuid,
    resellerReference: u.resellerReference,
    supplierReference: null,
    unitId: u.unitId,
    status,
    utcRedeemedAt: null,
    contact: contactOf({ fullName: u.fullName ?? null, country: u.country ?? null }),
    ticket: null,
    ...(caps.pricing ? { pricing: priceOf(u) } : {}),
  }));
  return {
    id: view.uuid,
    uuid: view.uuid,
    testMode: view.testMode,
    resellerReference: view.resellerReference,
    supplierReference: view.supplierReference,
    status,
    utcCreatedAt: view.createdAt.toISOString(),
    utcUpdatedAt: view.updatedAt.toISOString(),
    utcExpiresAt: view.status === "on_hold" ? iso(view.holdExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: iso(view.confirmedAt),
    productId: view.tourId,
    optionId: DEFAULT_OPTION_ID,
    cancellable: view.cancellable,
    cancellation: view.cancelledAt
      ? {
          refund: Refund.FULL,
          reason: view.cancellationReason,
          utcCancelledAt: view.cancelledAt.toISOString(),
        }
      : null,
    freesale: false,
    availabilityId: localStart(view.slot.startDate),
    // Its departure at the prices it was sold at.
    availability: availabilityOf(
      { ...view.slot, retailMinor: view.retailMinor, units: [...soldUnits.values()] },
      netOf,
      caps,
    ),
    contact,
    notes: view.notes,
    deliveryMethods: [DeliveryMethod.VOUCHER],
    // The voucher is our reference, once the booking is confirmed.
    voucher: {
      redemptionMethod: RedemptionMethod.MANIFEST,
      utcRedeemedAt: null,
      deliveryOptions:
        status === BookingStatus.CONFIRMED
          ? [{ deliveryFormat: DeliveryFormat.QRCODE, deliveryValue: view.supplierReference }]
          : [],
    },
    unitItems,
    ...(caps.pricing
      ? {
          pricing: {
            ...pricingOf(view.retailMinor, netOf, 0, units),
            original: view.retailMinor * units + fees,
            retail: view.retailMinor * units + fees,
            net: view.netMinor * units + fees,
          },
        }
      : {}),
  };
}
