/**
 * A tailor-made proposal's money, pure: what each line costs us for the party, the park fees each
 * traveller pays UWA at face value, the sell prices suggested from the version's markup, the margin
 * and the dates the deposit and balance fall on. The builder's screen, the data module that stores
 * a version and the tests share this one arithmetic. Everything is in US cents.
 */
import { addDays } from "date-fns/addDays";

import type { AgeBand, ParkFee, ProposalLineKind, Residency } from "@/lib/domain";
import { tariffOn, type TariffRow } from "@/lib/parks/rules";
import { usdForUgx } from "@/lib/payments/ugx";

/** Who travels: the party a version is priced for. */
export type Party = {
  adults: number;
  children: number;
  /** Rooms taken by one traveller: each pays the single supplement. */
  singleRooms: number;
  residency: Residency;
};

export const travellersOf = (party: Pick<Party, "adults" | "children">) =>
  party.adults + party.children;

/* Lines ------------------------------------------------------------------------------------ */

/** What a line costs us: in all (single rooms included), and of it what the single rooms add. */
export type LineCost = { costMinor: number; singleCostMinor: number };

/** A lodge room as a stay is priced from it (the library's row). */
export type RoomRates = {
  costPerNightMinor: number;
  singleSupplementMinor: number | null;
  childCostPerNightMinor: number | null;
};

/**
 * A stay of `nights` nights: each adult at the cost per person sharing, each child at the child's
 * cost (an adult's when the lodge has none), and each single room's supplement every night (in the
 * cost, and apart as the single cost).
 */
export function stayCost(room: RoomRates, party: Party, nights: number): LineCost {
  const child = room.childCostPerNightMinor ?? room.costPerNightMinor;
  const singleCostMinor = nights * party.singleRooms * (room.singleSupplementMinor ?? 0);
  return {
    costMinor:
      nights * (party.adults * room.costPerNightMinor + party.children * child) + singleCostMinor,
    singleCostMinor,
  };
}

/** An activity as it is priced from the library's row. */
export type ActivityRates = { costPerPersonMinor: number; childCostMinor: number | null };

/** An activity: each adult at its cost a person, each child at the child's cost (else an adult's). */
export function activityCost(activity: ActivityRates, party: Party): LineCost {
  const child = activity.childCostMinor ?? activity.costPerPersonMinor;
  return {
    costMinor: party.adults * activity.costPerPersonMinor + party.children * child,
    singleCostMinor: 0,
  };
}

/** A vehicle hired `days` days, or a transfer taken `trips` times: the cost a day or a trip. */
export function vehicleCost(costMinor: number, daysOrTrips: number): LineCost {
  return { costMinor: daysOrTrips * costMinor, singleCostMinor: 0 };
}

/** A line typed by hand: how many times its cost. */
export function typedCost(unitCostMinor: number, quantity: number): LineCost {
  return { costMinor: quantity * unitCostMinor, singleCostMinor: 0 };
}

/* Park fees -------------------------------------------------------------------------------- */

/** A shilling rate as the pricing reads it. */
export type FeeRate = { ugxPerUsd: string };

/** One traveller's fee of an age band, in US cents, or null when it cannot be priced. */
function feeEach(
  rows: readonly TariffRow[],
  query: { fee: ParkFee; park: string | null; residency: Residency; day: string },
  ageBand: AgeBand,
  rate: FeeRate | null,
): number | null {
  // A child without a child's row of their category pays the adult's (as a gorilla permit does).
  const row =
    tariffOn(rows, { ...query, ageBand }) ??
    (ageBand === "child" ? tariffOn(rows, { ...query, ageBand: "adult" }) : null);
  if (!row) return null;
  if (row.currency !== "UGX") return row.amountMinor;
  if (!rate) return null;
  return row.amountMinor > 0 ? usdForUgx(row.amountMinor, rate.ugxPerUsd) : 0;
}

/** A line's park fees: each adult's and each child's, their sum for the party, and whether priced. */
export type LineFees = {
  adultMinor: number;
  childMinor: number;
  feeMinor: number;
  /** False when a traveller's fee has no tariff row on the day, or is in shillings without a rate. */
  priced: boolean;
};

export const NO_FEES: LineFees = { adultMinor: 0, childMinor: 0, feeMinor: 0, priced: true };

/**
 * The park fee of an activity on `day` for the party: each traveller's UWA fee for the version's
 * residency and their age band, at face value (a fee in shillings at `rate`, rounded up to the
 * cent). An unpriced fee counts nothing and says so.
 */
export function lineFees(
  rows: readonly TariffRow[],
  line: { parkFee: ParkFee | null; park: string | null },
  party: Party,
  day: string,
  rate: FeeRate | null,
): LineFees {
  if (!line.parkFee) return NO_FEES;
  const query = { fee: line.parkFee, park: line.park, residency: party.residency, day };
  const adult = feeEach(rows, query, "adult", rate);
  const child = party.children > 0 ? feeEach(rows, query, "child", rate) : 0;
  const adultMinor = adult ?? 0;
  const childMinor = child ?? 0;
  return {
    adultMinor,
    childMinor,
    feeMinor: party.adults * adultMinor + party.children * childMinor,
    priced: adult !== null && child !== null,
  };
}

/** The calendar day ('yyyy-MM-dd') of a trip from `startDate` that is its day number `day`. */
export function tripDay(startDate: string, day: number): string {
  const [y, m, d] = startDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + day - 1)).toISOString().slice(0, 10);
}

/* Sell prices ------------------------------------------------------------------------------ */

/** A line as the sell prices are worked out from it. */
export type PricedLine = {
  kind: ProposalLineKind;
  costMinor: number;
  singleCostMinor: number;
  /**
   * How a per-person line (a stay, an activity from the library) weighs an adult against a child
   * (their costs a night or a person): the line's cost is split in that proportion. Null: a
   * shared line (a vehicle, a transfer, a line typed by hand), split equally between travellers.
   */
  weights: { adult: number; child: number } | null;
  fees: LineFees;
};

/** What a version costs and what it is suggested to sell at (US cents). */
export type SuggestedPrices = {
  /** The lines' cost to us, park fees apart, single rooms' part included. */
  costMinor: number;
  /** The park fees of the party at face value. */
  parkFeesMinor: number;
  /** What one adult / one child costs us of the land (no single rooms, no fees). */
  landPerAdultMinor: number;
  landPerChildMinor: number;
  pricePerAdultMinor: number;
  pricePerChildMinor: number;
  singleSupplementMinor: number;
  totalMinor: number;
  /** Some park fee could not be priced (no tariff row on its day, or no shilling rate). */
  feesUnpriced: boolean;
};

/** Cents marked up by `markupPercent` and rounded up to the whole dollar. */
export function markedUp(costMinor: number, markupPercent: number): number {
  // Exact in integers: cents × (100 + markup) is the marked-up price in hundredths of a cent.
  const hundredths = Math.round(costMinor * 100) * (100 + markupPercent);
  return Math.ceil(hundredths / 100_00 / 100) * 100;
}

/**
 * The sell prices suggested for `lines` and `party` at `markupPercent`: the land (every line's cost
 * but the single rooms' part) split per traveller (a per-person line by its adult and child
 * weights, a shared line equally), marked up and rounded up to the whole dollar, plus that
 * traveller's park fees at face value (fees are never marked up); the single supplement is the
 * single rooms' cost a room, marked up and rounded up the same way.
 */
export function suggestPrices(
  lines: readonly PricedLine[],
  party: Party,
  markupPercent: number,
): SuggestedPrices {
  const travellers = travellersOf(party);
  let adultLand = 0;
  let childLand = 0;
  let adultFees = 0;
  let childFees = 0;
  let singleCost = 0;
  let cost = 0;
  let fees = 0;
  let feesUnpriced = false;
  for (const line of lines) {
    cost += line.costMinor;
    fees += line.fees.feeMinor;
    singleCost += line.singleCostMinor;
    adultFees += line.fees.adultMinor;
    childFees += line.fees.childMinor;
    feesUnpriced ||= !line.fees.priced;
    const land = line.costMinor - line.singleCostMinor;
    const weighed = line.weights
      ? party.adults * line.weights.adult + party.children * line.weights.child
      : 0;
    if (line.weights && weighed > 0) {
      adultLand += (land * line.weights.adult) / weighed;
      childLand += (land * line.weights.child) / weighed;
    } else if (travellers > 0) {
      adultLand += land / travellers;
      childLand += land / travellers;
    }
  }
  const pricePerAdultMinor = markedUp(adultLand, markupPercent) + adultFees;
  const pricePerChildMinor =
    party.children > 0 ? markedUp(childLand, markupPercent) + childFees : 0;
  const singleSupplementMinor =
    party.singleRooms > 0 ? markedUp(singleCost / party.singleRooms, markupPercent) : 0;
  return {
    costMinor: cost,
    parkFeesMinor: fees,
    landPerAdultMinor: Math.round(adultLand),
    landPerChildMinor: party.children > 0 ? Math.round(childLand) : 0,
    pricePerAdultMinor,
    pricePerChildMinor,
    singleSupplementMinor,
    totalMinor: totalOf(party, { pricePerAdultMinor, pricePerChildMinor, singleSupplementMinor }),
    feesUnpriced,
  };
}

/** The three sell prices staff may set. */
export type SellPrices = {
  pricePerAdultMinor: number;
  pricePerChildMinor: number;
  singleSupplementMinor: number;
};

/** A version's total: each adult's and child's price and each single room's supplement. */
export function totalOf(party: Party, prices: SellPrices): number {
  return (
    party.adults * prices.pricePerAdultMinor +
    party.children * prices.pricePerChildMinor +
    party.singleRooms * prices.singleSupplementMinor
  );
}

/** What the version earns us: the total less the lines' cost and the park fees, and its share. */
export function marginOf(v: { totalMinor: number; costMinor: number; parkFeesMinor: number }): {
  marginMinor: number;
  /** Percent of the total, one decimal; null for a total of nothing. */
  percent: number | null;
} {
  const marginMinor = v.totalMinor - v.costMinor - v.parkFeesMinor;
  return {
    marginMinor,
    percent: v.totalMinor > 0 ? Math.round((marginMinor / v.totalMinor) * 1000) / 10 : null,
  };
}

/* Dates ------------------------------------------------------------------------------------ */

/** Days before the start a tailor-made balance falls due. */
export const BALANCE_DAYS = 60;
/** With a gorilla permit in it: UWA wants the permit paid 91 days before the trek. */
export const PERMIT_BALANCE_DAYS = 91;
/** Days a new version's offer stands by default. */
export const OPTION_DAYS = 7;

const plusDays = (day: string, days: number) =>
  addDays(new Date(`${day}T00:00:00Z`), days)
    .toISOString()
    .slice(0, 10);

/**
 * When the balance falls due: `BALANCE_DAYS` before the start, or `PERMIT_BALANCE_DAYS` when a
 * line needs a gorilla permit (as the tours with permits ask), never before `today`.
 */
export function balanceDueOn(
  startDate: string,
  lines: readonly { needsPermit: boolean; parkFee: ParkFee | null }[],
  today: string,
): string {
  const gorilla = lines.some(
    (l) =>
      l.needsPermit && (l.parkFee === "gorilla_tracking" || l.parkFee === "gorilla_habituation"),
  );
  const due = plusDays(startDate, -(gorilla ? PERMIT_BALANCE_DAYS : BALANCE_DAYS));
  return due < today ? today : due;
}

/** The option date a new proposal gets: `OPTION_DAYS` from today. */
export const defaultOptionDate = (today: string) => plusDays(today, OPTION_DAYS);

/** The day `days` after `day` ('yyyy-MM-dd'). */
export const dayPlus = plusDays;
