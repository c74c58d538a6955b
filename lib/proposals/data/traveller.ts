import "server-only";

import { and, asc, desc, eq, sql } from "drizzle-orm";

import { type Db, getDb, type Tx } from "@/db";
import { proposalDays, proposalLines, proposals, proposalVersions } from "@/db/schema";
import { TERMS_VERSION } from "@/lib/proposals/terms-version";
import { recordAudit } from "@/lib/audit/data/trail";
import { VISITOR } from "@/lib/audit/events";
import { confirmTailorMadeBooking } from "@/lib/bookings/data/tailor-made";
import { formatDay, todayInKampala } from "@/lib/dates";
import type { MealPlan, ProposalLineKind, Residency } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { proposalAcceptedStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { type LodgePictures, lodgePicturesOf, roomWordsOf } from "@/lib/library/data/choices";
import { replaceBookingFees } from "@/lib/parks/data/fees";
import {
  allocatePermits,
  dropAllocations,
  lockTrekLots,
  permitsLeft,
  type Trek,
} from "@/lib/parks/data/stock";
import type { ParkFeeLine } from "@/lib/parks/fees";
import { amountsDue } from "@/lib/payments/ledger";
import { payPagePath } from "@/lib/payments/pay-link";
import type { AcceptProposalInput } from "@/lib/proposals/accept-schema";
import { verifyProposalToken } from "@/lib/proposals/link";
import { placeNamed } from "@/lib/proposals/places";
import { tripDay } from "@/lib/proposals/pricing";
import { treksOfLines } from "@/lib/proposals/data/treks";
import { type RouteMap, routeMap } from "@/lib/proposals/route-map";

/**
 * The traveller's side of a tailor-made proposal, reached through the signed link mailed with a
 * version (lib/proposals/link.ts): no sign-in, the token is the caller's right, verified here on
 * every read and write. What it shows is the version as sent (its days, lines' words, prices and
 * dates), never a cost, margin or staff note. Opening it is counted for staff; accepting it is
 * one transaction that confirms the booking at the version's locked total, stores its park fee
 * lines and gives every trekker of its permit activities a permit, or changes nothing.
 */

/** Where a version stands for its traveller. */
export type ProposalStanding =
  /** The latest sent version, before its option date: it can be accepted. */
  | "open"
  /** Accepted (this version): the booking is made. */
  | "accepted"
  /** The option date has passed. */
  | "lapsed"
  /** A newer version was sent, or another version accepted. */
  | "superseded";

export type ProposalLineView = {
  kind: ProposalLineKind;
  description: string;
  quantity: number;
  /** A stay's lodge, room and meal plan, while the library still has its room. */
  lodgeId: string | null;
  room: string | null;
  mealPlan: MealPlan | null;
  needsPermit: boolean;
};

export type ProposalDayView = {
  day: number;
  /** 'yyyy-MM-dd'. */
  date: string;
  title: string;
  place: string;
  notes: string | null;
  lines: ProposalLineView[];
};

export type TravellerProposal = {
  versionId: string;
  reference: string;
  number: number;
  title: string;
  summary: string | null;
  leadName: string;
  startDate: string;
  endDate: string;
  adults: number;
  children: number;
  singleRooms: number;
  residency: Residency;
  pricePerAdultMinor: number;
  pricePerChildMinor: number;
  singleSupplementMinor: number;
  totalMinor: number;
  /** The park fees the total carries, at face value. */
  parkFeesMinor: number;
  depositPercent: number;
  depositMinor: number;
  balanceDueOn: string | null;
  optionDate: string;
  inclusions: string[];
  exclusions: string[];
  days: ProposalDayView[];
  lodges: LodgePictures[];
  route: RouteMap | null;
  standing: ProposalStanding;
  /** The number of the version that replaced this one (standing 'superseded'). */
  newerNumber: number | null;
  acceptedAt: Date | null;
  acceptedByName: string | null;
  /** The deposit's pay page once accepted (and while the booking owes it). */
  payPath: string | null;
};

/** The version a token names, or null: forged, expired, or never sent. */
function versionIdOf(token: string): string | null {
  return verifyProposalToken(token)?.versionId ?? null;
}

const versionColumns = {
  id: proposalVersions.id,
  proposalId: proposalVersions.proposalId,
  number: proposalVersions.number,
  state: proposalVersions.state,
  title: proposalVersions.title,
  summary: proposalVersions.summary,
  startDate: proposalVersions.startDate,
  adults: proposalVersions.adults,
  children: proposalVersions.children,
  singleRooms: proposalVersions.singleRooms,
  residency: proposalVersions.residency,
  pricePerAdultMinor: proposalVersions.pricePerAdultMinor,
  pricePerChildMinor: proposalVersions.pricePerChildMinor,
  singleSupplementMinor: proposalVersions.singleSupplementMinor,
  totalMinor: proposalVersions.totalMinor,
  parkFeesMinor: proposalVersions.parkFeesMinor,
  depositPercent: proposalVersions.depositPercent,
  balanceDueOn: proposalVersions.balanceDueOn,
  optionDate: proposalVersions.optionDate,
  inclusions: proposalVersions.inclusions,
  exclusions: proposalVersions.exclusions,
  acceptedAt: proposalVersions.acceptedAt,
  acceptedByName: proposalVersions.acceptedByName,
  reference: proposals.reference,
  leadName: proposals.leadName,
  email: proposals.email,
  phone: proposals.phone,
  userId: proposals.userId,
  bookingId: proposals.bookingId,
};

type VersionRow = Awaited<ReturnType<typeof readVersion>>;

async function readVersion(db: Db | Tx, versionId: string, lock = false) {
  const query = db
    .select(versionColumns)
    .from(proposalVersions)
    .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
    .where(and(eq(proposalVersions.id, versionId), sql`${proposalVersions.state} <> 'draft'`))
    .limit(1);
  const [row] = lock
    ? await query.for("update", { of: [proposals, proposalVersions] })
    : await query;
  return row ?? null;
}

/** Where `v` stands among its proposal's versions, and the newer version's number if any. */
async function standingOf(
  db: Db | Tx,
  v: NonNullable<VersionRow>,
  today: string,
): Promise<{ standing: ProposalStanding; newerNumber: number | null }> {
  if (v.state === "accepted") return { standing: "accepted", newerNumber: null };
  const others = await db
    .select({ number: proposalVersions.number, state: proposalVersions.state })
    .from(proposalVersions)
    .where(
      and(
        eq(proposalVersions.proposalId, v.proposalId),
        sql`${proposalVersions.state} <> 'draft'`,
        sql`${proposalVersions.id} <> ${v.id}`,
      ),
    )
    .orderBy(desc(proposalVersions.number));
  const accepted = others.find((o) => o.state === "accepted");
  if (accepted) return { standing: "superseded", newerNumber: accepted.number };
  const newer = others.find((o) => o.number > v.number);
  if (newer) return { standing: "superseded", newerNumber: newer.number };
  if (v.optionDate < today) return { standing: "lapsed", newerNumber: null };
  return { standing: "open", newerNumber: null };
}

/** The days of a version with their lines' words, in day and line order. */
async function daysOfVersion(db: Db | Tx, versionId: string, startDate: string) {
  const [days, lines] = await Promise.all([
    db
      .select({
        day: proposalDays.day,
        title: proposalDays.title,
        place: proposalDays.place,
        notes: proposalDays.notes,
      })
      .from(proposalDays)
      .where(eq(proposalDays.versionId, versionId))
      .orderBy(asc(proposalDays.day)),
    db
      .select({
        day: proposalLines.day,
        kind: proposalLines.kind,
        description: proposalLines.description,
        quantity: proposalLines.quantity,
        needsPermit: proposalLines.needsPermit,
        lodgeRoomId: proposalLines.lodgeRoomId,
      })
      .from(proposalLines)
      .where(eq(proposalLines.versionId, versionId))
      .orderBy(asc(proposalLines.day), asc(proposalLines.position), asc(proposalLines.id)),
  ]);
  // The room's lodge and meal plan, from the library: words only, no cost leaves it.
  const rooms = await roomWordsOf(lines.flatMap((l) => (l.lodgeRoomId ? [l.lodgeRoomId] : [])));
  return days.map(
    (d): ProposalDayView => ({
      ...d,
      date: tripDay(startDate, d.day),
      lines: lines
        .filter((l) => l.day === d.day)
        .map(({ day: _day, lodgeRoomId, ...line }) => {
          const room = lodgeRoomId ? rooms.get(lodgeRoomId) : undefined;
          return {
            ...line,
            lodgeId: room?.lodgeId ?? null,
            room: room?.room ?? null,
            mealPlan: room?.mealPlan ?? null,
          };
        }),
    }),
  );
}

/** The last day of a version's trip: its last day's date (its start for a version without days). */
const endDateOf = (startDate: string, days: readonly { day: number }[]) =>
  tripDay(startDate, Math.max(1, ...days.map((d) => d.day)));

/**
 * The version a proposal link opens, as its traveller sees it, or null for a forged or expired
 * link (or one naming a version that is gone or was never sent). `record`: count this opening
 * (first and last time, how many), as the page does; the PDF reads it without counting.
 */
export async function openProposal(
  token: string,
  { record = true }: { record?: boolean } = {},
): Promise<TravellerProposal | null> {
  const versionId = versionIdOf(token);
  if (!versionId) return null;
  const db = await getDb();
  const v = await readVersion(db, versionId);
  if (!v) return null;
  if (record) await recordView(db, v.id);
  const today = todayInKampala();
  const [{ standing, newerNumber }, days] = await Promise.all([
    standingOf(db, v, today),
    daysOfVersion(db, v.id, v.startDate),
  ]);
  const lodgeIds = days.flatMap((d) => d.lines.flatMap((l) => (l.lodgeId ? [l.lodgeId] : [])));
  const lodges = await lodgePicturesOf(lodgeIds);
  // Drawn about as wide as it is shown on a desktop, so its labels keep their size.
  const route = routeMap(
    days.flatMap((d) => {
      const place = placeNamed(d.place);
      return place ? [{ name: place.name, lat: place.lat, lng: place.lng, day: d.day }] : [];
    }),
    { width: 420, margin: 36, minHeight: 220, maxHeight: 440 },
  );
  const due = amountsDue(v.totalMinor, v.depositPercent, [], v.balanceDueOn, today);
  return {
    versionId: v.id,
    reference: v.reference,
    number: v.number,
    title: v.title,
    summary: v.summary,
    leadName: v.leadName,
    startDate: v.startDate,
    endDate: endDateOf(v.startDate, days),
    adults: v.adults,
    children: v.children,
    singleRooms: v.singleRooms,
    residency: v.residency,
    pricePerAdultMinor: v.pricePerAdultMinor,
    pricePerChildMinor: v.pricePerChildMinor,
    singleSupplementMinor: v.singleSupplementMinor,
    totalMinor: v.totalMinor,
    parkFeesMinor: v.parkFeesMinor,
    depositPercent: v.depositPercent,
    depositMinor: due.depositMinor,
    balanceDueOn: v.balanceDueOn,
    optionDate: v.optionDate,
    inclusions: v.inclusions,
    exclusions: v.exclusions,
    days,
    lodges,
    route,
    standing,
    newerNumber,
    acceptedAt: v.acceptedAt,
    acceptedByName: v.acceptedByName,
    payPath: standing === "accepted" && v.bookingId ? payPagePath(v.bookingId) : null,
  };
}

/** Counts an opening of the version: staff see when it was first and last opened, and how often. */
async function recordView(db: Db, versionId: string): Promise<void> {
  await db
    .update(proposalVersions)
    .set({
      firstViewedAt: sql`coalesce(${proposalVersions.firstViewedAt}, now())`,
      lastViewedAt: sql`now()`,
      viewCount: sql`${proposalVersions.viewCount} + 1`,
      // The version's edit stamp is staff's; a traveller's visit leaves it alone.
      updatedAt: sql`${proposalVersions.updatedAt}`,
    })
    .where(eq(proposalVersions.id, versionId));
}

/* Accepting ---------------------------------------------------------------------------------- */

export type AcceptedProposal = { bookingId: string; payPath: string };

const refusal = (reason: string) => new DomainError("proposal_unavailable", { reason });

/** Why `v` cannot be accepted, in the traveller's words, or null when it can. */
function acceptRefusal(standing: ProposalStanding, newerNumber: number | null, optionDate: string) {
  switch (standing) {
    case "accepted":
      return "You have already accepted this proposal: your booking is confirmed.";
    case "superseded":
      return newerNumber
        ? `A newer version (version ${newerNumber}) of this proposal was sent to you: please open the link in our latest email.`
        : "A newer version of this proposal was sent to you.";
    case "lapsed":
      return `This proposal lapsed on ${formatDay(optionDate)}: please contact us for a new one.`;
    default:
      return null;
  }
}

/**
 * A park fee line of the party for each traveller, from the version's lines that carry one: the
 * party's fee for the line split evenly over its travellers (the adults first, then the
 * children), at face value in US cents as the version priced it. A traveller holds one line a fee
 * kind: the same fee on two days (two parks' entry) is one line of their sum, dated by the first.
 */
function feeLinesOfVersion(
  v: { startDate: string; adults: number; children: number; residency: Residency },
  lines: readonly {
    day: number;
    park: string | null;
    parkFee: ParkFeeLine["fee"] | null;
    feeMinor: number;
  }[],
): ParkFeeLine[] {
  const party = v.adults + v.children;
  const byKey = new Map<string, ParkFeeLine>();
  for (const line of lines) {
    if (!line.parkFee || !line.park || line.feeMinor <= 0) continue;
    const each = Math.floor(line.feeMinor / party);
    const extra = line.feeMinor - each * party;
    for (let traveller = 1; traveller <= party; traveller++) {
      const usdMinor = each + (traveller <= extra ? 1 : 0);
      if (usdMinor <= 0) continue;
      const key = `${traveller}:${line.parkFee}`;
      const seen = byKey.get(key);
      if (seen) {
        seen.amountMinor += usdMinor;
        seen.usdMinor += usdMinor;
        continue;
      }
      byKey.set(key, {
        traveller,
        fee: line.parkFee,
        park: line.park,
        residency: v.residency,
        residencyGiven: true,
        ageBand: traveller <= v.adults ? "adult" : "child",
        visitDate: tripDay(v.startDate, line.day),
        currency: "USD",
        amountMinor: usdMinor,
        usdMinor,
        usdRate: null,
        rateId: null,
        tariffId: null,
      });
    }
  }
  return [...byKey.values()].sort((a, b) => a.traveller - b.traveller);
}

/**
 * The permits the version's lines name: one trek (park and day) per permit activity, for the
 * whole party, each trekker given a permit of every trek from that trek's own lots. All the
 * treks' lots are locked first (in the order treksOfLines gives), then each must have a permit
 * free for each trekker, or the acceptance is refused and its transaction saves nothing (the
 * permits of an earlier trek included). A request that held permits of days the version does not
 * trek gives them back.
 */
async function takePermits(
  tx: Tx,
  bookingId: string,
  treks: readonly Trek[],
  trekkers: number,
  today: string,
): Promise<void> {
  if (treks.length === 0) return dropAllocations(tx, bookingId);
  for (const trek of treks) await lockTrekLots(tx, trek);
  for (const trek of treks) {
    const left = await permitsLeft(tx, trek, today, bookingId);
    if (left < trekkers)
      throw refusal(
        `We no longer have ${trekkers === 1 ? "a permit" : `${trekkers} permits`} for ${trek.park} on ${formatDay(trek.day)}${left > 0 ? ` (${left} left)` : ""}. Nothing was booked: please contact us and we will find another day.`,
      );
    const otherTreks = treks.filter((t) => t !== trek);
    await allocatePermits(tx, { bookingId, trek, trekkers, today, otherTreks });
  }
}

/**
 * Accepts the version a link names, for whoever holds the link: refused with
 * `proposal_unavailable` (its reason for the traveller) unless it is the latest sent version of
 * its proposal, its option date has not passed and no version of the proposal was accepted. In one
 * transaction: the version accepted (who, when, from which address, which terms), the booking
 * confirmed at its total (lib/bookings/data/tailor-made.ts), its park fee lines, its permits, the
 * proposal pointed at the booking, the audit event and the operator's mail (queued in the outbox,
 * so a refused acceptance mails nobody). Returns the booking and its pay page.
 */
export async function acceptProposal(
  input: AcceptProposalInput,
  clientAddress: string | null,
): Promise<AcceptedProposal> {
  const versionId = versionIdOf(input.token);
  if (!versionId)
    throw refusal("This link has expired or is not valid. Please ask us to send it again.");
  const db = await getDb();
  const bookingId = await db.transaction(async (tx) => {
    // The proposal and the version locked: two acceptances (two tabs, two versions) go in turn.
    const v = await readVersion(tx, versionId, true);
    if (!v) throw refusal("This proposal is no longer available. Please contact us.");
    const today = todayInKampala();
    const { standing, newerNumber } = await standingOf(tx, v, today);
    const refused = acceptRefusal(standing, newerNumber, v.optionDate);
    if (refused) throw refusal(refused);

    const [days, lines] = await Promise.all([
      tx
        .select({ day: proposalDays.day })
        .from(proposalDays)
        .where(eq(proposalDays.versionId, v.id)),
      tx
        .select({
          day: proposalLines.day,
          park: proposalLines.park,
          parkFee: proposalLines.parkFee,
          feeMinor: proposalLines.feeMinor,
          needsPermit: proposalLines.needsPermit,
        })
        .from(proposalLines)
        .where(eq(proposalLines.versionId, v.id))
        .orderBy(asc(proposalLines.day), asc(proposalLines.position), asc(proposalLines.id)),
    ]);
    const groupSize = v.adults + v.children;
    const name = input.fullName;
    const note = `Accepted by ${name} (proposal ${v.reference}, version ${v.number})`;
    const id = await confirmTailorMadeBooking(tx, {
      bookingId: v.bookingId,
      source: v.userId ? "customer" : "public",
      userId: v.userId,
      fullName: v.leadName,
      email: v.email,
      phone: v.phone,
      tourPackage: `Tailor-made: ${v.title}`,
      departureDate: v.startDate,
      endDate: endDateOf(v.startDate, days),
      groupSize,
      totalMinor: v.totalMinor,
      depositPercent: v.depositPercent,
      balanceDueOn: balanceDayOf(v.balanceDueOn, today),
      note,
      actor: { ...VISITOR, label: name },
    });
    await replaceBookingFees(tx, id, feeLinesOfVersion(v, lines));
    await takePermits(tx, id, treksOfLines(v.startDate, lines), groupSize, today);

    await tx
      .update(proposalVersions)
      .set({
        state: "accepted",
        acceptedAt: sql`now()`,
        acceptedByName: name,
        acceptedAddress: clientAddress,
        acceptedTermsVersion: TERMS_VERSION,
      })
      .where(eq(proposalVersions.id, v.id));
    await tx.update(proposals).set({ bookingId: id }).where(eq(proposals.id, v.proposalId));
    await recordAudit(
      {
        action: "proposal.accept",
        actor: { ...VISITOR, label: name },
        target: { type: "proposal", id: v.proposalId },
        details: {
          reference: v.reference,
          version: v.number,
          bookingId: id,
          totalMinor: v.totalMinor,
          termsVersion: TERMS_VERSION,
        },
      },
      tx,
    );
    const balanceDay = balanceDayOf(v.balanceDueOn, today);
    await queueEmail(
      {
        ...proposalAcceptedStaff({
          proposalId: v.proposalId,
          reference: v.reference,
          title: v.title,
          version: v.number,
          acceptedByName: name,
          leadName: v.leadName,
          email: v.email,
          startDate: v.startDate,
          travellers: [
            `${v.adults} ${v.adults === 1 ? "adult" : "adults"}`,
            ...(v.children ? [`${v.children} ${v.children === 1 ? "child" : "children"}`] : []),
          ].join(", "),
          totalMinor: v.totalMinor,
          depositPercent: v.depositPercent,
          depositMinor: amountsDue(v.totalMinor, v.depositPercent, [], balanceDay, today)
            .depositMinor,
        }),
        to: env.OPERATOR_EMAIL,
      },
      tx,
    );
    return id;
  });
  return { bookingId, payPath: payPagePath(bookingId) };
}

/** The balance's day: the version's, never before the day it is accepted (nor owed before it was agreed). */
function balanceDayOf(balanceDueOn: string | null, today: string): string | null {
  if (!balanceDueOn) return null;
  return balanceDueOn < today ? today : balanceDueOn;
}
