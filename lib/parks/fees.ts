/**
 * A trip's park fees, pure: what each traveller of a tour that needs a permit pays UWA for it, by
 * their residency category and age band, at the tariff row in force on the visit's day, and what
 * that comes to in the booking's US dollars. The wizards, the tour page, the server that stores a
 * booking's lines and the tests share this one arithmetic.
 *
 * A booking is priced in US dollars (the ledger's currency). A fee UWA prices in shillings keeps
 * its face value and is converted to US cents at the shilling rate in force when the booking is
 * priced, rounded up to the cent so the dollars always buy the shillings owed.
 */
import type { AgeBand, ParkFee, Residency } from "@/lib/domain";
import { formatMoney } from "@/lib/payments/ledger";
import { rateWords, usdForUgx } from "@/lib/payments/ugx";

import {
  ageOn,
  formatFee,
  PARK_FEE_LABELS,
  RESIDENCY_LABELS,
  tariffOn,
  type TariffRow,
} from "./rules";

/**
 * The category a traveller is priced in while theirs is not given: the one the tour pages quote
 * first, and the one UWA charges a visitor who cannot show proof of another at the gate.
 */
export const DEFAULT_RESIDENCY: Residency = "foreign_non_resident";

/** UWA's child rates are for visitors under this age on the day of the visit. */
export const CHILD_BELOW_AGE = 16;

/** The age band a traveller is priced in on `day`: an adult unless a date of birth says a child. */
export function ageBandOn(dateOfBirth: string | null | undefined, day: string): AgeBand {
  return dateOfBirth && ageOn(dateOfBirth, day) < CHILD_BELOW_AGE ? "child" : "adult";
}

/** The permit a tour needs: its fee, its park and the day of the trip it is visited on. */
export type TourPermit = { fee: ParkFee; park: string; trekDay: number };

/** The permit of a tour's columns, or null for a tour without one. */
export function tourPermit(tour: {
  permitFee: ParkFee | null;
  permitPark: string | null;
  trekDay: number;
}): TourPermit | null {
  return tour.permitFee && tour.permitPark
    ? { fee: tour.permitFee, park: tour.permitPark, trekDay: tour.trekDay }
    : null;
}

/** The day ('yyyy-MM-dd') of a trip starting `startDate` that is its day number `tripDay`. */
export function visitDay(startDate: string, tripDay: number): string {
  const [y, m, d] = startDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + tripDay - 1)).toISOString().slice(0, 10);
}

/** A shilling rate as the pricing reads it (lib/payments/data/rates.ts). */
export type FeeRate = { id: string; ugxPerUsd: string };

/** What the pricing needs of a traveller; a detail not given is priced by the defaults. */
export type FeeTraveller = { residency?: Residency | null; dateOfBirth?: string | null };

/** One traveller's fee, priced. */
export type ParkFeeLine = {
  /** The traveller's position in the booking (1: the lead). */
  traveller: number;
  fee: ParkFee;
  park: string;
  residency: Residency;
  /** False when the traveller's category was not given and DEFAULT_RESIDENCY priced it. */
  residencyGiven: boolean;
  ageBand: AgeBand;
  visitDate: string;
  /** The face value, in the tariff's currency (US cents or whole shillings). */
  currency: string;
  amountMinor: number;
  /** What the booking's total counts for it, in US cents. */
  usdMinor: number;
  /** A fee in shillings: the rate it was converted at. */
  usdRate: string | null;
  rateId: string | null;
  tariffId: string | null;
};

/** A traveller's fee that cannot be priced: no tariff row for their category, or no rate set. */
export type UnpricedFee = {
  traveller: number;
  fee: ParkFee;
  residency: Residency;
  ageBand: AgeBand;
  reason: "no_tariff" | "no_rate";
};

export type ParkFeesPrice = {
  lines: ParkFeeLine[];
  unpriced: UnpricedFee[];
  /** The lines' sum in US cents. */
  usdMinor: number;
};

/**
 * Each of the group's travellers' fee for `permit` on `visitDate`: the traveller's category
 * (DEFAULT_RESIDENCY when not given) and age band on that day (a child without a child row of
 * their category pays the adult's, as with gorilla permits, which have one price for every
 * trekker). Travellers beyond those given are priced by the defaults. A fee in shillings needs
 * `rate`; without it, or without a row in force, the traveller's fee is listed as unpriced.
 */
export function priceParkFees<T extends TariffRow & { id?: string }>(
  rows: readonly T[],
  input: {
    permit: Pick<TourPermit, "fee" | "park">;
    visitDate: string;
    groupSize: number;
    travellers?: readonly FeeTraveller[];
    rate: FeeRate | null;
  },
): ParkFeesPrice {
  const lines: ParkFeeLine[] = [];
  const unpriced: UnpricedFee[] = [];
  for (let traveller = 1; traveller <= input.groupSize; traveller++) {
    const given = input.travellers?.[traveller - 1];
    const residency = given?.residency ?? DEFAULT_RESIDENCY;
    const ageBand = ageBandOn(given?.dateOfBirth, input.visitDate);
    const query = {
      fee: input.permit.fee,
      park: input.permit.park,
      residency,
      day: input.visitDate,
    };
    const row =
      tariffOn(rows, { ...query, ageBand }) ??
      (ageBand === "child" ? tariffOn(rows, { ...query, ageBand: "adult" }) : null);
    const missing = { traveller, fee: input.permit.fee, residency, ageBand };
    if (!row) {
      unpriced.push({ ...missing, reason: "no_tariff" });
      continue;
    }
    const inShillings = row.currency === "UGX";
    if (inShillings && !input.rate) {
      unpriced.push({ ...missing, reason: "no_rate" });
      continue;
    }
    lines.push({
      traveller,
      fee: input.permit.fee,
      park: input.permit.park,
      residency,
      residencyGiven: Boolean(given?.residency),
      ageBand,
      visitDate: input.visitDate,
      currency: row.currency,
      amountMinor: row.amountMinor,
      usdMinor: inShillings ? usdForUgx(row.amountMinor, input.rate!.ugxPerUsd) : row.amountMinor,
      usdRate: inShillings ? input.rate!.ugxPerUsd : null,
      rateId: inShillings ? input.rate!.id : null,
      tariffId: row.id ?? null,
    });
  }
  return { lines, unpriced, usdMinor: lines.reduce((sum, l) => sum + l.usdMinor, 0) };
}

/** 'Gorilla permit, East African citizen' (', child' for a child's rate). */
export function feeLineLabel(line: Pick<ParkFeeLine, "fee" | "residency" | "ageBand">): string {
  return `${PARK_FEE_LABELS[line.fee]}, ${RESIDENCY_LABELS[line.residency]}${line.ageBand === "child" ? " (child)" : ""}`;
}

/** The lines of a price as shown: the travellers with the same fee at the same price together. */
export type FeeLineGroup = {
  /** 'Gorilla permit, East African citizen: UGX 300,000, at face value' (with ' x 2' for two). */
  text: string;
  /** 'US$81.09 at 3,700 UGX per USD' for a fee in shillings, else null. */
  converted: string | null;
  count: number;
  /** The group's US cents. */
  usdMinor: number;
  /** '$162.18': the group's amount as the total counts it. */
  amount: string;
  /** Some of them were priced in the default category (their residency not given). */
  residencyAssumed: boolean;
};

type Groupable = Pick<
  ParkFeeLine,
  "fee" | "residency" | "ageBand" | "currency" | "amountMinor" | "usdMinor" | "usdRate"
> & { residencyGiven?: boolean };

/** The itemised fees of a booking or a wizard's price, in the order of their first traveller. */
export function groupFeeLines(lines: readonly Groupable[]): FeeLineGroup[] {
  const groups = new Map<string, { line: Groupable; count: number; assumed: boolean }>();
  for (const line of lines) {
    const key = [
      line.fee,
      line.residency,
      line.ageBand,
      line.currency,
      line.amountMinor,
      line.usdMinor,
    ].join("|");
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.assumed ||= line.residencyGiven === false;
    } else groups.set(key, { line, count: 1, assumed: line.residencyGiven === false });
  }
  return [...groups.values()].map(({ line, count, assumed }) => {
    const each = formatFee(line.amountMinor, line.currency);
    return {
      text: `${feeLineLabel(line)}: ${each}${count > 1 ? ` x ${count}` : ""}, at face value`,
      converted:
        line.currency === "UGX" && line.usdRate
          ? `${formatFee(line.usdMinor, "USD")} at ${rateWords(line.usdRate)}`
          : null,
      count,
      usdMinor: line.usdMinor * count,
      amount: formatMoney(line.usdMinor * count, "USD"),
      residencyAssumed: assumed,
    };
  });
}

/** Why a wizard cannot price a traveller's fee online, in a sentence. */
export function unpricedFeeMessage(fee: UnpricedFee): string {
  const what = `the ${PARK_FEE_LABELS[fee.fee].toLowerCase()} of a ${RESIDENCY_LABELS[fee.residency].toLowerCase()}${fee.ageBand === "child" ? " child" : ""}`;
  return fee.reason === "no_rate"
    ? `We cannot convert ${what} from shillings today: contact us and we will price it.`
    : `UWA has published no price for ${what} on this date: contact us and we will price it.`;
}

/** The note under itemised fees of which some were priced in the default category. */
export const RESIDENCY_ASSUMED_NOTE = `Travellers whose residency is not given are priced as ${RESIDENCY_LABELS[DEFAULT_RESIDENCY].toLowerCase()}s.`;

/** One category's price of a trip for one adult, as the tour page lists them. */
export type ResidencyPrice = {
  residency: Residency;
  label: string;
  /** The land part and the fee together, in US cents; null when the fee cannot be priced. */
  totalMinor: number | null;
  /** The fee's line ('Gorilla permit, Foreign non-resident: US$800, at face value'), its conversion. */
  fee: Pick<FeeLineGroup, "text" | "converted" | "amount"> | null;
};

/**
 * For each residency category, what one adult pays: `landMinor` (the tour's from-price, US cents)
 * and the category's fee for `permit` on `visitDate` (a fee in shillings at `rate`). A category
 * without a tariff row, or in shillings without a rate, has no total.
 */
export function pricesByResidency<T extends TariffRow & { id?: string }>(
  rows: readonly T[],
  input: {
    permit: Pick<TourPermit, "fee" | "park">;
    visitDate: string;
    landMinor: number;
    rate: FeeRate | null;
    residencies: readonly Residency[];
  },
): ResidencyPrice[] {
  return input.residencies.map((residency) => {
    const { lines } = priceParkFees(rows, {
      permit: input.permit,
      visitDate: input.visitDate,
      groupSize: 1,
      travellers: [{ residency }],
      rate: input.rate,
    });
    const [group] = groupFeeLines(lines);
    return {
      residency,
      label: RESIDENCY_LABELS[residency],
      totalMinor: group ? input.landMinor + group.usdMinor : null,
      fee: group ? { text: group.text, converted: group.converted, amount: group.amount } : null,
    };
  });
}
