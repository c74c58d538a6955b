/**
 * Park fees, pure: what each fee and residency category is called, and which tariff row prices a
 * visit on a given day. Tariffs are data with dates (table park_fee_tariffs), never numbers in
 * code: UWA publishes a new tariff every two years or so, and a trek is charged the one in force on
 * its own day, whenever it was booked.
 */
import type { AgeBand, ParkFee, PermitLotState, Residency, ResidencyProof } from "@/lib/domain";
import { formatDay } from "@/lib/dates";

export const PARK_FEE_LABELS: Record<ParkFee, string> = {
  gorilla_tracking: "Gorilla permit",
  gorilla_habituation: "Gorilla habituation permit",
  chimpanzee_tracking: "Chimpanzee tracking permit",
  park_entry: "Park entry",
};

export const RESIDENCY_LABELS: Record<Residency, string> = {
  foreign_non_resident: "Foreign non-resident",
  foreign_resident: "Foreign resident",
  rest_of_africa: "Rest of Africa",
  east_african_citizen: "East African citizen",
};

export const AGE_BAND_LABELS: Record<AgeBand, string> = { adult: "Adult", child: "Child" };

/** A tariff row as the rules read it. */
export type TariffRow = {
  fee: ParkFee;
  park: string | null;
  residency: Residency;
  ageBand: AgeBand;
  currency: string;
  amountMinor: number;
  /** 'yyyy-MM-dd', inclusive. */
  effectiveFrom: string;
  /** 'yyyy-MM-dd', inclusive; null while open. */
  effectiveTo: string | null;
};

/** What is asked: a fee, in a park, for a category and age band, on a day ('yyyy-MM-dd'). */
export type TariffQuery = {
  fee: ParkFee;
  park: string | null;
  residency: Residency;
  ageBand: AgeBand;
  day: string;
};

/** Whether a row is in force on `day`. */
export const inForce = (row: Pick<TariffRow, "effectiveFrom" | "effectiveTo">, day: string) =>
  row.effectiveFrom <= day && (row.effectiveTo === null || row.effectiveTo >= day);

/**
 * The row that prices `query`: of the rows of its fee, category and age band in force on its day,
 * the park's own before one for every park, then the latest to take effect (a new tariff that
 * starts while an open-ended one still runs replaces it from its first day). Null when none.
 */
export function tariffOn<T extends TariffRow>(rows: readonly T[], query: TariffQuery): T | null {
  const candidates = rows.filter(
    (r) =>
      r.fee === query.fee &&
      r.residency === query.residency &&
      r.ageBand === query.ageBand &&
      (r.park === null || r.park === query.park) &&
      inForce(r, query.day),
  );
  candidates.sort(
    (a, b) =>
      Number(b.park !== null) - Number(a.park !== null) ||
      b.effectiveFrom.localeCompare(a.effectiveFrom),
  );
  return candidates[0] ?? null;
}

/** 'US$800' or 'UGX 300,000': a fee as the tariff and the itemised prices write it. */
export function formatFee(amountMinor: number, currency: string): string {
  if (currency === "UGX") return `UGX ${amountMinor.toLocaleString("en-US")}`;
  const dollars = amountMinor / 100;
  return `US$${dollars.toLocaleString("en-US", {
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

export const PERMIT_LOT_STATE_LABELS: Record<PermitLotState, string> = {
  blocked: "Blocked",
  deposit_paid: "Deposit paid",
  paid: "Paid",
  cancelled: "Cancelled",
  rescheduled: "Rescheduled",
};

export const RESIDENCY_PROOF_LABELS: Record<ResidencyProof, string> = {
  passport: "Passport",
  residence_permit: "Residence or work permit",
  national_id: "National ID",
};

/** The youngest a trekker may be on the trek's day, by permit (UWA: 15 for gorillas). */
export const MINIMUM_TREK_AGE: Partial<Record<ParkFee, number>> = {
  gorilla_tracking: 15,
  gorilla_habituation: 15,
};

/** Whole years from a date of birth to `day` (both 'yyyy-MM-dd'). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The refusal of a trekker under the permit's minimum age on the trek's day. */
export function tooYoungMessage(name: string, minimumAge: number, trekDay: string): string {
  return `${name} must be at least ${minimumAge} on the trek day (${formatDay(trekDay)}): the Uganda Wildlife Authority admits no younger trekkers.`;
}

/**
 * The first traveller (with a date of birth) younger than the permit allows on the trek's day,
 * as its refusal message, or null when all may trek.
 */
export function firstTooYoung(
  travellers: readonly { fullName: string; dateOfBirth: string | null }[],
  permitFee: ParkFee | null,
  trekDay: string,
): string | null {
  const minimum = permitFee ? MINIMUM_TREK_AGE[permitFee] : undefined;
  if (minimum === undefined) return null;
  const young = travellers.find((t) => t.dateOfBirth && ageOn(t.dateOfBirth, trekDay) < minimum);
  return young ? tooYoungMessage(young.fullName, minimum, trekDay) : null;
}

/** UWA's balance of a permit falls due this many days before the trek. */
export const UWA_BALANCE_DAYS = 91;

export type PermitAlert = {
  kind: "block_lapsing" | "balance_due" | "unsold";
  park: string;
  trekDate: string;
  /** What staff read, in a sentence. */
  text: string;
  /**
   * The alert's identity: what it is about (the lot, or the park's trek day) and the day it
   * names, so it is mailed once, and again only if that day changes.
   */
  key: string;
};

type AlertLot = {
  id?: string;
  quantity: number;
  state: PermitLotState;
  blockedUntil: string | null;
};

const plusDays = (day: string, days: number) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * What staff must act on, soonest first: blocks UWA lets lapse within 48 hours unpaid, UWA
 * balances (the trek less 91 days) due within 14 days on lots not paid in full, and permits still
 * unsold 30 days before the trek.
 */
export function permitAlerts(
  days: readonly { park: string; trekDate: string; lots: readonly AlertLot[]; left: number }[],
  today: string,
): PermitAlert[] {
  const alerts: (PermitAlert & { on: string })[] = [];
  for (const day of days) {
    const where = `${day.park}, ${formatDay(day.trekDate)}`;
    const dayKey = `${day.park}|${day.trekDate}`;
    for (const [i, lot] of day.lots.entries()) {
      const lotKey = lot.id ?? `${dayKey}|${i}`;
      if (
        lot.state === "blocked" &&
        lot.blockedUntil &&
        lot.blockedUntil >= today &&
        lot.blockedUntil <= plusDays(today, 2)
      )
        alerts.push({
          kind: "block_lapsing",
          park: day.park,
          trekDate: day.trekDate,
          on: lot.blockedUntil,
          key: `block_lapsing|${lotKey}|${lot.blockedUntil}`,
          text: `${lot.quantity} blocked permits for ${where} lapse on ${formatDay(lot.blockedUntil)} unless the deposit is paid.`,
        });
      const balanceDue = plusDays(day.trekDate, -UWA_BALANCE_DAYS);
      if (
        (lot.state === "blocked" || lot.state === "deposit_paid") &&
        balanceDue <= plusDays(today, 14)
      )
        alerts.push({
          kind: "balance_due",
          park: day.park,
          trekDate: day.trekDate,
          on: balanceDue,
          key: `balance_due|${lotKey}|${balanceDue}`,
          text: `UWA's balance for ${lot.quantity} permits for ${where} is due ${balanceDue < today ? "since" : "by"} ${formatDay(balanceDue)}.`,
        });
    }
    if (day.left > 0 && day.trekDate <= plusDays(today, 30))
      alerts.push({
        kind: "unsold",
        park: day.park,
        trekDate: day.trekDate,
        on: day.trekDate,
        key: `unsold|${dayKey}`,
        text: `${day.left} ${day.left === 1 ? "permit" : "permits"} for ${where} still unsold.`,
      });
  }
  return alerts.sort((a, b) => a.on.localeCompare(b.on)).map(({ on: _on, ...alert }) => alert);
}

/* ------------------------------------------------------------------------------------------ */
/* A permit cancelled                                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * What UWA keeps of a permit's face value when it is cancelled, by the days left before the trek
 * (the first band the days reach). These figures are the operator's to set: UWA's own text of
 * them could not be found, and these are its cancellation guidelines as Ugandan tour operators
 * publish them (8 days or fewer: nothing back; 9 to 45: 75 % kept; 46 to 90: 50 %; 91 or more:
 * 25 %). Check them with UWA's reservations office and change them here when UWA's differ.
 */
export const UWA_CANCELLATION_SCHEDULE: readonly { fromDays: number; keepPercent: number }[] = [
  { fromDays: 91, keepPercent: 25 },
  { fromDays: 46, keepPercent: 50 },
  { fromDays: 9, keepPercent: 75 },
  { fromDays: 0, keepPercent: 100 },
];

const daysFrom = (from: string, to: string) => {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
};

/** The schedule's band for a cancellation `daysBefore` the trek: its share kept and its days. */
export function uwaKeeps(daysBefore: number): { keepPercent: number; band: string } {
  const schedule = UWA_CANCELLATION_SCHEDULE;
  const i = schedule.findIndex((b) => daysBefore >= b.fromDays);
  if (i === -1) return { keepPercent: 100, band: "after the trek day" };
  const band = schedule[i]!;
  const upTo = i === 0 ? null : schedule[i - 1]!.fromDays - 1;
  return {
    keepPercent: band.keepPercent,
    band:
      upTo === null
        ? `${band.fromDays} days or more`
        : band.fromDays === 0
          ? `${upTo} days or fewer`
          : `${band.fromDays} to ${upTo} days`,
  };
}

/** A permit of the booking as a cancellation reads it: its lot's state and face value. */
export type CancelledPermit = {
  state: PermitLotState;
  faceValueMinor: number | null;
  currency: string;
};

export type PermitCancellation = {
  trekDate: string;
  daysBefore: number;
  keepPercent: number;
  band: string;
  /** Permits paid to UWA (in whole or by deposit): the schedule applies to them. */
  paid: number;
  /** Permits only blocked: nothing was paid to UWA, nothing is kept. */
  blocked: number;
  /** Per currency: the face value of the paid permits and what UWA keeps of it. */
  amounts: { currency: string; permits: number; faceMinor: number; keptMinor: number }[];
  /** Paid permits whose lot has no face value recorded: only the share can be said. */
  unpriced: number;
};

/** What UWA keeps of the booking's permits if it is cancelled on `today` ('yyyy-MM-dd'). */
export function permitCancellation(
  permits: readonly CancelledPermit[],
  trekDate: string,
  today: string,
): PermitCancellation {
  const daysBefore = daysFrom(today, trekDate);
  const { keepPercent, band } = uwaKeeps(daysBefore);
  const paid = permits.filter((p) => p.state === "paid" || p.state === "deposit_paid");
  const byCurrency = new Map<string, { permits: number; faceMinor: number; keptMinor: number }>();
  for (const p of paid) {
    if (p.faceValueMinor === null) continue;
    const sum = byCurrency.get(p.currency) ?? { permits: 0, faceMinor: 0, keptMinor: 0 };
    sum.permits += 1;
    sum.faceMinor += p.faceValueMinor;
    sum.keptMinor += Math.round((p.faceValueMinor * keepPercent) / 100);
    byCurrency.set(p.currency, sum);
  }
  return {
    trekDate,
    daysBefore,
    keepPercent,
    band,
    paid: paid.length,
    blocked: permits.filter((p) => p.state === "blocked").length,
    amounts: [...byCurrency].map(([currency, sum]) => ({ currency, ...sum })),
    unpriced: paid.filter((p) => p.faceValueMinor === null).length,
  };
}

const permitsWord = (n: number) => `${n} ${n === 1 ? "permit" : "permits"}`;

/** The cancellation in sentences, as staff read it before cancelling. */
export function cancellationLines(c: PermitCancellation): string[] {
  const when =
    c.daysBefore < 0
      ? `The trek day (${formatDay(c.trekDate)}) has passed`
      : `Cancelled today, ${c.daysBefore} ${c.daysBefore === 1 ? "day" : "days"} before the trek (${formatDay(c.trekDate)})`;
  const lines = [`${when}: UWA keeps ${c.keepPercent} % of each permit paid for (${c.band}).`];
  for (const a of c.amounts)
    lines.push(
      `UWA keeps ${formatFee(a.keptMinor, a.currency)} of the ${formatFee(a.faceMinor, a.currency)} paid for ${permitsWord(a.permits)}; ${formatFee(a.faceMinor - a.keptMinor, a.currency)} comes back.`,
    );
  if (c.unpriced)
    lines.push(
      `${permitsWord(c.unpriced)} paid without a face value on ${c.unpriced === 1 ? "its" : "their"} lot: ${c.keepPercent} % of it is kept.`,
    );
  if (c.blocked)
    lines.push(`${permitsWord(c.blocked)} only blocked with UWA (nothing paid): nothing is kept.`);
  if (c.paid === 0 && c.blocked === 0)
    lines.push("No permit is allocated to this booking: UWA keeps nothing of it.");
  return lines;
}
