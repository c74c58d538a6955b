import "server-only";

import { and, asc, desc, eq, gte, ilike, max, or, type SQL, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import { bookings, proposalDays, proposalLines, proposals, proposalVersions } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { readBooking } from "@/lib/bookings/data/booking-row";
import { kampalaDayStart, todayInKampala } from "@/lib/dates";
import type { ParkFee, ProposalLineKind, ProposalStatus } from "@/lib/domain";
import { queueEmail } from "@/lib/email";
import { proposalSent } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { type LibraryChoices, libraryChoices } from "@/lib/library/data/choices";
import { MEAL_PLAN_LABELS } from "@/lib/library/rules";
import { containsPattern, type Page, settlePage } from "@/lib/list-query";
import { feePricingFacts } from "@/lib/parks/data/fees";
import { proposalLink } from "@/lib/proposals/link";
import { PROPOSALS_PAGE_SIZE, type ProposalsQuery } from "@/lib/proposals/list-query";
import {
  activityCost,
  balanceDueOn,
  defaultOptionDate,
  type LineCost,
  lineFees,
  marginOf,
  type Party,
  type PricedLine,
  type SellPrices,
  stayCost,
  type SuggestedPrices,
  suggestPrices,
  totalOf,
  tripDay,
  typedCost,
  vehicleCost,
} from "@/lib/proposals/pricing";
import {
  editRefusal,
  LINK_MIN_DAYS,
  newProposalReference,
  newVersionRefusal,
  PROPOSAL_STATUS_LABELS,
  proposalStatus,
  sendRefusal,
  versionStatus,
} from "@/lib/proposals/rules";
import type {
  CreateProposalInput,
  ProposalDayInput,
  ProposalLineInput,
  RemoveDayInput,
  RemoveLineInput,
  VersionIdInput,
  VersionPricesInput,
  VersionSettingsInput,
} from "@/lib/proposals/schemas";
import { requireStaff, type Staff } from "@/lib/session";

/**
 * Tailor-made proposals as staff build them (/admin/proposals): the list, a new proposal (from a
 * booking request or from nothing), the builder's read of one proposal with all its versions, the
 * changes to a draft (its party, prices, days and lines), a new version from a sent one, and
 * sending a version to the traveller. Every function checks the caller is staff; every change is
 * written with its audit event in one transaction, under the version's row lock, and refused when
 * the versions' state forbids it (lib/proposals/rules.ts).
 */

const staffName = (staff: Staff) => staff.name?.trim() || staff.email;
const DAY_MS = 24 * 60 * 60 * 1000;

/* The list ---------------------------------------------------------------------------------- */

export type ProposalListItem = {
  id: string;
  reference: string;
  leadName: string;
  email: string;
  title: string;
  status: ProposalStatus;
  statusLabel: string;
  /** The total of the version the traveller holds (the latest draft while none was sent). */
  totalMinor: number;
  optionDate: string;
  /** The latest version's number. */
  version: number;
};

/**
 * The version a proposal's status is read from, one a proposal: the accepted one, else the latest
 * sent, else the draft (lib/proposals/rules.ts liveVersion, in SQL).
 */
function liveVersions(db: Awaited<ReturnType<typeof getDb>>) {
  return db
    .selectDistinctOn([proposalVersions.proposalId], {
      proposalId: proposalVersions.proposalId,
      state: proposalVersions.state,
      title: proposalVersions.title,
      totalMinor: proposalVersions.totalMinor,
      optionDate: proposalVersions.optionDate,
      viewCount: proposalVersions.viewCount,
    })
    .from(proposalVersions)
    .orderBy(
      proposalVersions.proposalId,
      sql`(${proposalVersions.state} = 'accepted') desc`,
      sql`(${proposalVersions.state} = 'sent') desc`,
      desc(proposalVersions.number),
    )
    .as("live");
}

/** Every proposal matching the list's filter and search, a page of them in the order asked. */
export async function listProposals(query: ProposalsQuery): Promise<Page<ProposalListItem>> {
  await requireStaff();
  const db = await getDb();
  const today = todayInKampala();
  const live = liveVersions(db);
  const latest = db
    .select({
      proposalId: proposalVersions.proposalId,
      number: max(proposalVersions.number).as("n"),
    })
    .from(proposalVersions)
    .groupBy(proposalVersions.proposalId)
    .as("latest");
  const status = sql<ProposalStatus>`case
    when ${live.state} = 'accepted' then 'accepted'
    when ${live.state} = 'draft' then 'draft'
    when ${live.optionDate} < ${today} then 'lapsed'
    when ${live.viewCount} > 0 then 'viewed'
    else 'sent' end`;
  const where: SQL[] = [];
  if (query.status) where.push(sql`${status} = ${query.status}`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      or(
        ilike(proposals.reference, pattern),
        ilike(proposals.leadName, pattern),
        ilike(proposals.email, pattern),
        ilike(live.title, pattern),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const order =
    query.sort === "option"
      ? [asc(live.optionDate), desc(proposals.createdAt), desc(proposals.id)]
      : query.sort === "value"
        ? [desc(live.totalMinor), desc(proposals.createdAt), desc(proposals.id)]
        : [desc(proposals.createdAt), desc(proposals.id)];
  const readPage = (page: number) =>
    db
      .select({
        id: proposals.id,
        reference: proposals.reference,
        leadName: proposals.leadName,
        email: proposals.email,
        title: live.title,
        status,
        totalMinor: live.totalMinor,
        optionDate: live.optionDate,
        version: latest.number,
      })
      .from(proposals)
      .innerJoin(live, eq(live.proposalId, proposals.id))
      .innerJoin(latest, eq(latest.proposalId, proposals.id))
      .where(condition)
      .orderBy(...order)
      .limit(PROPOSALS_PAGE_SIZE)
      .offset((page - 1) * PROPOSALS_PAGE_SIZE);
  const [[counted], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .innerJoin(live, eq(live.proposalId, proposals.id))
      .where(condition),
    readPage(query.page),
  ]);
  const shape = (r: Awaited<ReturnType<typeof readPage>>[number]): ProposalListItem => ({
    ...r,
    version: Number(r.version),
    statusLabel: PROPOSAL_STATUS_LABELS[r.status],
  });
  const page = await settlePage(query.page, counted?.n ?? 0, PROPOSALS_PAGE_SIZE, rows, readPage);
  return { ...page, items: page.items.map(shape) };
}

/* One proposal ------------------------------------------------------------------------------ */

export type ProposalLineDto = {
  id: string;
  day: number;
  position: number;
  kind: ProposalLineKind;
  /** The library row it came from (a room, an activity, a vehicle), null for a typed line. */
  itemId: string | null;
  description: string;
  quantity: number;
  costMinor: number;
  singleCostMinor: number;
  park: string | null;
  parkFee: ParkFee | null;
  feeMinor: number;
  needsPermit: boolean;
  holdReleaseOn: string | null;
};

export type ProposalDayDto = {
  id: string;
  day: number;
  /** The day's date ('yyyy-MM-dd'). */
  date: string;
  title: string;
  place: string;
  notes: string | null;
  lines: ProposalLineDto[];
};

export type ProposalVersionDto = {
  id: string;
  number: number;
  state: "draft" | "sent" | "accepted";
  status: ProposalStatus;
  statusLabel: string;
  title: string;
  summary: string | null;
  startDate: string;
  adults: number;
  children: number;
  singleRooms: number;
  residency: Party["residency"];
  markupPercent: number;
  costMinor: number;
  parkFeesMinor: number;
  pricePerAdultMinor: number;
  pricePerChildMinor: number;
  singleSupplementMinor: number;
  totalMinor: number;
  /** Staff set the sell prices (kept on a repricing); false: they are the suggestion. */
  pricesSetByStaff: boolean;
  depositPercent: number;
  balanceDueOn: string | null;
  optionDate: string;
  inclusions: string[];
  exclusions: string[];
  createdByName: string | null;
  createdAt: Date;
  sentAt: Date | null;
  sentByName: string | null;
  linkExpiresAt: Date | null;
  firstViewedAt: Date | null;
  lastViewedAt: Date | null;
  viewCount: number;
  acceptedAt: Date | null;
  acceptedByName: string | null;
  acceptedAddress: string | null;
  days: ProposalDayDto[];
  margin: ReturnType<typeof marginOf>;
  /** A draft's suggested prices at its markup (null for a sent version: it is priced as sent). */
  suggested: SuggestedPrices | null;
  /** Why it cannot be edited, be copied into a new version, or be sent; null when it can. */
  refusals: { edit: string | null; newVersion: string | null; send: string | null };
};

export type ProposalDetail = {
  id: string;
  reference: string;
  leadName: string;
  email: string;
  phone: string | null;
  bookingId: string | null;
  createdByName: string | null;
  createdAt: Date;
  status: ProposalStatus;
  statusLabel: string;
  /** Newest first. */
  versions: ProposalVersionDto[];
};

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
  markupPercent: proposalVersions.markupPercent,
  costMinor: proposalVersions.costMinor,
  parkFeesMinor: proposalVersions.parkFeesMinor,
  pricePerAdultMinor: proposalVersions.pricePerAdultMinor,
  pricePerChildMinor: proposalVersions.pricePerChildMinor,
  singleSupplementMinor: proposalVersions.singleSupplementMinor,
  totalMinor: proposalVersions.totalMinor,
  pricesSetByStaff: proposalVersions.pricesSetByStaff,
  depositPercent: proposalVersions.depositPercent,
  balanceDueOn: proposalVersions.balanceDueOn,
  optionDate: proposalVersions.optionDate,
  inclusions: proposalVersions.inclusions,
  exclusions: proposalVersions.exclusions,
  createdByName: proposalVersions.createdByName,
  createdAt: proposalVersions.createdAt,
  sentAt: proposalVersions.sentAt,
  sentByName: proposalVersions.sentByName,
  linkExpiresAt: proposalVersions.linkExpiresAt,
  firstViewedAt: proposalVersions.firstViewedAt,
  lastViewedAt: proposalVersions.lastViewedAt,
  viewCount: proposalVersions.viewCount,
  acceptedAt: proposalVersions.acceptedAt,
  acceptedByName: proposalVersions.acceptedByName,
  acceptedAddress: proposalVersions.acceptedAddress,
};

const lineColumns = {
  id: proposalLines.id,
  versionId: proposalLines.versionId,
  day: proposalLines.day,
  position: proposalLines.position,
  kind: proposalLines.kind,
  lodgeRoomId: proposalLines.lodgeRoomId,
  activityId: proposalLines.activityId,
  vehicleId: proposalLines.vehicleId,
  description: proposalLines.description,
  quantity: proposalLines.quantity,
  costMinor: proposalLines.costMinor,
  singleCostMinor: proposalLines.singleCostMinor,
  park: proposalLines.park,
  parkFee: proposalLines.parkFee,
  feeMinor: proposalLines.feeMinor,
  needsPermit: proposalLines.needsPermit,
  holdReleaseOn: proposalLines.holdReleaseOn,
};
type LineRow = {
  [K in keyof typeof lineColumns]: (typeof lineColumns)[K]["_"]["notNull"] extends true
    ? (typeof lineColumns)[K]["_"]["data"]
    : (typeof lineColumns)[K]["_"]["data"] | null;
};

const itemIdOf = (l: Pick<LineRow, "lodgeRoomId" | "activityId" | "vehicleId">) =>
  l.lodgeRoomId ?? l.activityId ?? l.vehicleId;

/** The proposal with every version, its days and lines; null for an unknown id. */
export async function getProposal(id: string): Promise<ProposalDetail | null> {
  await requireStaff();
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [proposal] = await db
    .select({
      id: proposals.id,
      reference: proposals.reference,
      leadName: proposals.leadName,
      email: proposals.email,
      phone: proposals.phone,
      bookingId: proposals.bookingId,
      createdByName: proposals.createdByName,
      createdAt: proposals.createdAt,
    })
    .from(proposals)
    .where(eq(proposals.id, id));
  if (!proposal) return null;
  const versions = await db
    .select(versionColumns)
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(desc(proposalVersions.number));
  const [days, lines] = await Promise.all([
    db
      .select({
        id: proposalDays.id,
        versionId: proposalDays.versionId,
        day: proposalDays.day,
        title: proposalDays.title,
        place: proposalDays.place,
        notes: proposalDays.notes,
      })
      .from(proposalDays)
      .innerJoin(proposalVersions, eq(proposalVersions.id, proposalDays.versionId))
      .where(eq(proposalVersions.proposalId, id))
      .orderBy(asc(proposalDays.day)),
    db
      .select(lineColumns)
      .from(proposalLines)
      .innerJoin(proposalVersions, eq(proposalVersions.id, proposalLines.versionId))
      .where(eq(proposalVersions.proposalId, id))
      .orderBy(asc(proposalLines.day), asc(proposalLines.position), asc(proposalLines.id)),
  ]);
  const today = todayInKampala();
  const hasDraft = versions.some((v) => v.state === "draft");
  const library = hasDraft ? await libraryChoices() : null;
  const dtos: ProposalVersionDto[] = [];
  for (const v of versions) {
    const ownLines = lines.filter((l) => l.versionId === v.id);
    const suggested =
      v.state === "draft" && library
        ? suggestPrices(await pricedLines(db, v, ownLines, library), v, v.markupPercent)
        : null;
    const ownDays = days.filter((d) => d.versionId === v.id);
    dtos.push({
      ...v,
      status: versionStatus(v, today),
      statusLabel: PROPOSAL_STATUS_LABELS[versionStatus(v, today)],
      days: ownDays.map((d) => ({
        id: d.id,
        day: d.day,
        date: tripDay(v.startDate, d.day),
        title: d.title,
        place: d.place,
        notes: d.notes,
        lines: ownLines
          .filter((l) => l.day === d.day)
          .map((l) => ({
            id: l.id,
            day: l.day,
            position: l.position,
            kind: l.kind,
            itemId: itemIdOf(l),
            description: l.description,
            quantity: l.quantity,
            costMinor: l.costMinor,
            singleCostMinor: l.singleCostMinor,
            park: l.park,
            parkFee: l.parkFee,
            feeMinor: l.feeMinor,
            needsPermit: l.needsPermit,
            holdReleaseOn: l.holdReleaseOn,
          })),
      })),
      margin: marginOf(v),
      suggested,
      refusals: {
        edit: editRefusal(v, versions),
        newVersion: newVersionRefusal(v, versions),
        send: editRefusal(v, versions) ?? sendRefusal({ ...v, dayCount: ownDays.length }, today),
      },
    });
  }
  const status = proposalStatus(versions, today);
  return {
    ...proposal,
    status,
    statusLabel: PROPOSAL_STATUS_LABELS[status],
    versions: dtos,
  };
}

/* Pricing a draft -------------------------------------------------------------------------- */

type VersionRow = {
  startDate: string;
  adults: number;
  children: number;
  singleRooms: number;
  residency: Party["residency"];
};

/** The library rows lines were priced from, by id (active rows only: a retired one is not offered). */
function libraryIndex(library: LibraryChoices) {
  const rooms = new Map(
    library.lodges.flatMap((lodge) =>
      lodge.rooms.map((room) => [room.id, { room, lodge }] as const),
    ),
  );
  const activities = new Map(library.activities.map((a) => [a.id, a]));
  const vehicles = new Map(library.vehicles.map((v) => [v.id, v]));
  return { rooms, activities, vehicles };
}

/**
 * The lines as the sell prices read them: a stay's or activity's adult and child weights from its
 * library row (a typed line, or one whose row was retired, is shared equally), and each line's
 * park fees for the party on its day at the tariffs and shilling rate in force.
 */
async function pricedLines(
  db: Awaited<ReturnType<typeof getDb>> | Tx,
  version: VersionRow,
  lines: readonly Pick<
    LineRow,
    | "kind"
    | "lodgeRoomId"
    | "activityId"
    | "costMinor"
    | "singleCostMinor"
    | "parkFee"
    | "park"
    | "day"
  >[],
  library: LibraryChoices,
): Promise<PricedLine[]> {
  const index = libraryIndex(library);
  const fees = lines.flatMap((l) => (l.parkFee ? [l.parkFee] : []));
  const facts = await feePricingFacts(fees, db);
  return lines.map((l) => {
    const room = l.lodgeRoomId ? index.rooms.get(l.lodgeRoomId)?.room : undefined;
    const activity = l.activityId ? index.activities.get(l.activityId) : undefined;
    const weights =
      l.kind === "stay" && room
        ? {
            adult: room.costPerNightMinor,
            child: room.childCostPerNightMinor ?? room.costPerNightMinor,
          }
        : l.kind === "activity" && activity
          ? {
              adult: activity.costPerPersonMinor,
              child: activity.childCostMinor ?? activity.costPerPersonMinor,
            }
          : null;
    return {
      kind: l.kind,
      costMinor: l.costMinor,
      singleCostMinor: l.singleCostMinor,
      weights,
      fees: lineFees(facts.tariffs, l, version, tripDay(version.startDate, l.day), facts.rate),
    };
  });
}

/** A line's cost for the party from its library row; null for a typed line or a retired row. */
function libraryCost(
  line: Pick<LineRow, "kind" | "lodgeRoomId" | "activityId" | "vehicleId" | "quantity">,
  party: Party,
  library: LibraryChoices,
): LineCost | null {
  const index = libraryIndex(library);
  if (line.kind === "stay" && line.lodgeRoomId) {
    const found = index.rooms.get(line.lodgeRoomId);
    return found ? stayCost(found.room, party, line.quantity) : null;
  }
  if (line.kind === "activity" && line.activityId) {
    const activity = index.activities.get(line.activityId);
    return activity ? activityCost(activity, party) : null;
  }
  if ((line.kind === "vehicle" || line.kind === "transfer") && line.vehicleId) {
    const vehicle = index.vehicles.get(line.vehicleId);
    return vehicle ? vehicleCost(vehicle.costMinor, line.quantity) : null;
  }
  return null;
}

/** A draft locked for a change: its row, its proposal's versions, refused when not editable. */
async function lockDraft(tx: Tx, versionId: string) {
  const [version] = await tx
    .select(versionColumns)
    .from(proposalVersions)
    .where(eq(proposalVersions.id, versionId))
    .for("update");
  if (!version) throw new DomainError("not_found");
  const [proposal] = await tx
    .select({ id: proposals.id, reference: proposals.reference })
    .from(proposals)
    .where(eq(proposals.id, version.proposalId))
    .for("update");
  const versions = await tx
    .select({ state: proposalVersions.state, number: proposalVersions.number })
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, version.proposalId));
  const refusal = editRefusal(version, versions);
  if (refusal) throw new DomainError("proposal_locked", { reason: refusal });
  return { version, proposal: proposal!, versions };
}

/**
 * Reprices a draft after a change, in its transaction: each line's park fees for the party on its
 * day (and, when the party changed, each library line's cost), the version's cost, fees and
 * balance day. The sell prices become the new suggestion unless staff set their own (the stored
 * flag, never guessed from the prices: an override may equal the suggestion, and a tariff or
 * library change between two edits moves the suggestion without staff touching the prices); set
 * prices stay and only the total follows the party.
 */
async function repriceDraft(
  tx: Tx,
  versionId: string,
  library: LibraryChoices,
  options: { partyChanged: boolean },
): Promise<void> {
  const [version] = await tx
    .select(versionColumns)
    .from(proposalVersions)
    .where(eq(proposalVersions.id, versionId));
  const lines = await tx
    .select(lineColumns)
    .from(proposalLines)
    .where(eq(proposalLines.versionId, versionId));
  const priced = await pricedLines(tx, version!, lines, library);
  const party: Party = version!;
  for (const [i, line] of lines.entries()) {
    const cost = options.partyChanged ? libraryCost(line, party, library) : null;
    const fees = priced[i]!.fees;
    const next = {
      costMinor: cost?.costMinor ?? line.costMinor,
      singleCostMinor: cost?.singleCostMinor ?? line.singleCostMinor,
      feeMinor: fees.feeMinor,
    };
    if (
      next.costMinor !== line.costMinor ||
      next.singleCostMinor !== line.singleCostMinor ||
      next.feeMinor !== line.feeMinor
    ) {
      await tx.update(proposalLines).set(next).where(eq(proposalLines.id, line.id));
      priced[i] = { ...priced[i]!, ...next };
    }
  }
  const suggested = suggestPrices(priced, party, version!.markupPercent);
  const prices: SellPrices = version!.pricesSetByStaff ? version! : suggested;
  await tx
    .update(proposalVersions)
    .set({
      costMinor: suggested.costMinor,
      parkFeesMinor: suggested.parkFeesMinor,
      pricePerAdultMinor: prices.pricePerAdultMinor,
      pricePerChildMinor: prices.pricePerChildMinor,
      singleSupplementMinor: prices.singleSupplementMinor,
      totalMinor: totalOf(party, prices),
      balanceDueOn: balanceDueOn(version!.startDate, lines, todayInKampala()),
      updatedAt: new Date(),
    })
    .where(eq(proposalVersions.id, versionId));
}

/**
 * One change to a draft: locked, refused unless editable, the change made, repriced and audited
 * ('proposal.update' with `details`), all in one transaction. The library is read before the
 * transaction opens (its own read, on the process's connection).
 */
async function changeDraft<T>(
  versionId: string,
  change: (
    tx: Tx,
    locked: Awaited<ReturnType<typeof lockDraft>>,
    library: LibraryChoices,
  ) => Promise<{
    result: T;
    details: Record<string, unknown>;
    partyChanged?: boolean;
  }>,
): Promise<T> {
  const staff = await requireStaff();
  const library = await libraryChoices();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockDraft(tx, versionId);
    const { result, details, partyChanged = false } = await change(tx, locked, library);
    await repriceDraft(tx, versionId, library, { partyChanged });
    await recordStaffChange(
      tx,
      staff,
      "proposal.update",
      { type: "proposal", id: locked.proposal.id },
      { reference: locked.proposal.reference, version: `v${locked.version.number}`, ...details },
    );
    return result;
  });
}

/* Creating ---------------------------------------------------------------------------------- */

/** What a new proposal's form is prefilled with from a booking request (no departure), or null. */
export type ProposalPrefill = {
  bookingId: string;
  leadName: string;
  email: string;
  phone: string | null;
  adults: number;
  startDate: string | null;
  title: string;
};

export async function getProposalPrefill(bookingId: string): Promise<ProposalPrefill | null> {
  await requireStaff();
  if (!isUuid(bookingId)) return null;
  const db = await getDb();
  const row = await readBooking(db, bookingId, {
    id: bookings.id,
    fullName: bookings.fullName,
    email: bookings.email,
    phone: bookings.phone,
    groupSize: bookings.groupSize,
    departureDate: bookings.departureDate,
    departureId: bookings.departureId,
    tourPackage: bookings.tourPackage,
  });
  if (!row || row.departureId) return null;
  return {
    bookingId: row.id,
    leadName: row.fullName,
    email: row.email,
    phone: row.phone || null,
    adults: Math.min(row.groupSize, 50),
    startDate: row.departureDate,
    title: row.tourPackage,
  };
}

/** The proposal a booking request already started, if any (the request screen links to it). */
export async function proposalOfBooking(bookingId: string): Promise<string | null> {
  await requireStaff();
  if (!isUuid(bookingId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.bookingId, bookingId));
  return row?.id ?? null;
}

/**
 * A new proposal and its first version (a draft without days yet, at the default markup, deposit
 * and option date). From a booking request: linked to it (and its account), one proposal a request.
 */
export async function createProposal(
  input: CreateProposalInput,
): Promise<{ id: string; reference: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  const today = todayInKampala();
  return db.transaction(async (tx) => {
    let userId: string | null = null;
    if (input.bookingId) {
      const request = await readBooking(tx, input.bookingId, {
        departureId: bookings.departureId,
        userId: bookings.userId,
      });
      if (!request || request.departureId) throw new DomainError("not_found");
      const [taken] = await tx
        .select({ id: proposals.id })
        .from(proposals)
        .where(eq(proposals.bookingId, input.bookingId));
      if (taken)
        throw new DomainError("proposal_locked", {
          reason: "This request already has a proposal.",
        });
      userId = request.userId;
    }
    let reference = newProposalReference();
    for (let tries = 0; tries < 5; tries++) {
      const [clash] = await tx
        .select({ id: proposals.id })
        .from(proposals)
        .where(eq(proposals.reference, reference));
      if (!clash) break;
      reference = newProposalReference();
    }
    const [proposal] = await tx
      .insert(proposals)
      .values({
        reference,
        bookingId: input.bookingId,
        userId,
        leadName: input.leadName,
        email: input.email,
        phone: input.phone,
        createdByName: staffName(staff),
      })
      .returning({ id: proposals.id, reference: proposals.reference });
    await tx.insert(proposalVersions).values({
      proposalId: proposal!.id,
      number: 1,
      state: "draft",
      title: input.title,
      startDate: input.startDate,
      adults: input.adults,
      children: input.children,
      singleRooms: input.singleRooms,
      residency: input.residency,
      markupPercent: env.PROPOSAL_MARKUP_PERCENT,
      depositPercent: env.DEPOSIT_PERCENT,
      balanceDueOn: balanceDueOn(input.startDate, [], today),
      optionDate: defaultOptionDate(today),
      createdByName: staffName(staff),
    });
    await recordStaffChange(
      tx,
      staff,
      "proposal.create",
      { type: "proposal", id: proposal!.id },
      {
        reference: proposal!.reference,
        leadTraveller: input.leadName,
        title: input.title,
        ...(input.bookingId ? { fromRequest: "yes" } : {}),
      },
    );
    return proposal!;
  });
}

/* Changing a draft -------------------------------------------------------------------------- */

const SETTING_KEYS = [
  "title",
  "summary",
  "startDate",
  "adults",
  "children",
  "singleRooms",
  "residency",
  "markupPercent",
  "depositPercent",
  "optionDate",
  "inclusions",
  "exclusions",
] as const;

/** The draft's party, dates, markup, deposit and words; the lines repriced for a new party. */
export async function updateVersionSettings({
  versionId,
  ...input
}: VersionSettingsInput): Promise<void> {
  const today = todayInKampala();
  if (input.optionDate < today)
    throw new DomainError("proposal_locked", {
      reason: "The option date cannot be in the past.",
    });
  await changeDraft(versionId, async (tx, { version }) => {
    const changed = SETTING_KEYS.filter(
      (k) => JSON.stringify(version[k]) !== JSON.stringify(input[k]),
    );
    await tx
      .update(proposalVersions)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(proposalVersions.id, versionId));
    const partyChanged = (["adults", "children", "singleRooms", "residency"] as const).some((k) =>
      changed.includes(k),
    );
    return {
      result: undefined,
      details: { changed },
      partyChanged: partyChanged || changed.includes("startDate"),
    };
  });
}

/**
 * The sell prices staff set over the suggestion (kept from then on, even when equal to it), or
 * the suggestion put back (followed again by every later repricing).
 */
export async function setVersionPrices(input: VersionPricesInput): Promise<void> {
  await changeDraft(input.versionId, async (tx, { version }) => {
    if (input.use === "suggested") {
      await tx
        .update(proposalVersions)
        .set({ pricesSetByStaff: false, updatedAt: new Date() })
        .where(eq(proposalVersions.id, input.versionId));
      return { result: undefined, details: { prices: "suggested" } };
    }
    const prices = {
      pricePerAdultMinor: input.pricePerAdult,
      pricePerChildMinor: input.pricePerChild,
      singleSupplementMinor: input.singleSupplement,
    };
    await tx
      .update(proposalVersions)
      .set({
        ...prices,
        pricesSetByStaff: true,
        totalMinor: totalOf(version, prices),
        updatedAt: new Date(),
      })
      .where(eq(proposalVersions.id, input.versionId));
    return {
      result: undefined,
      details: { prices: "set by staff", total: `$${(totalOf(version, prices) / 100).toFixed(2)}` },
    };
  });
}

/** Adds a day after the last, or edits one. */
export async function saveProposalDay(input: ProposalDayInput): Promise<{ day: number }> {
  return changeDraft(input.versionId, async (tx) => {
    if (input.dayId) {
      const [row] = await tx
        .update(proposalDays)
        .set({ title: input.title, place: input.place, notes: input.notes })
        .where(and(eq(proposalDays.id, input.dayId), eq(proposalDays.versionId, input.versionId)))
        .returning({ day: proposalDays.day });
      if (!row) throw new DomainError("not_found");
      return { result: row, details: { day: { to: `Day ${row.day}, ${input.place}` } } };
    }
    const [last] = await tx
      .select({ day: max(proposalDays.day) })
      .from(proposalDays)
      .where(eq(proposalDays.versionId, input.versionId));
    const day = (last?.day ?? 0) + 1;
    if (day > 60)
      throw new DomainError("proposal_locked", { reason: "A proposal has at most 60 days." });
    await tx.insert(proposalDays).values({
      versionId: input.versionId,
      day,
      title: input.title,
      place: input.place,
      notes: input.notes,
    });
    return { result: { day }, details: { addedDay: `Day ${day}, ${input.place}` } };
  });
}

/** Removes a day with its lines; the later days move up one. */
export async function removeProposalDay(input: RemoveDayInput): Promise<void> {
  await changeDraft(input.versionId, async (tx) => {
    const [removed] = await tx
      .delete(proposalDays)
      .where(and(eq(proposalDays.id, input.dayId), eq(proposalDays.versionId, input.versionId)))
      .returning({ day: proposalDays.day, place: proposalDays.place });
    if (!removed) throw new DomainError("not_found");
    await tx
      .delete(proposalLines)
      .where(and(eq(proposalLines.versionId, input.versionId), eq(proposalLines.day, removed.day)));
    const later = await tx
      .select({ id: proposalDays.id, day: proposalDays.day })
      .from(proposalDays)
      .where(and(eq(proposalDays.versionId, input.versionId), gte(proposalDays.day, removed.day)))
      .orderBy(asc(proposalDays.day));
    // One at a time, earliest first: each day moves into the number just freed.
    for (const d of later) {
      await tx
        .update(proposalDays)
        .set({ day: d.day - 1 })
        .where(eq(proposalDays.id, d.id));
      await tx
        .update(proposalLines)
        .set({ day: d.day - 1 })
        .where(and(eq(proposalLines.versionId, input.versionId), eq(proposalLines.day, d.day)));
    }
    return { result: undefined, details: { removedDay: `Day ${removed.day}, ${removed.place}` } };
  });
}

/** A line's columns from the library row chosen, or typed; refused when the row is not offered. */
function lineValues(input: ProposalLineInput, party: Party, library: LibraryChoices) {
  const index = libraryIndex(library);
  const base = {
    lodgeRoomId: null as string | null,
    activityId: null as string | null,
    vehicleId: null as string | null,
    park: null as string | null,
    parkFee: null as ParkFee | null,
    needsPermit: false,
    holdReleaseOn: input.kind === "stay" ? input.holdReleaseOn : null,
  };
  if (input.source === "typed") {
    return {
      ...base,
      description: input.description!,
      quantity: input.quantity,
      ...typedCost(input.unitCostMinor ?? 0, input.quantity),
    };
  }
  const missing = () =>
    new DomainError("proposal_locked", { reason: "This library row is no longer offered." });
  if (input.kind === "stay") {
    const found = index.rooms.get(input.itemId!);
    if (!found) throw missing();
    const nights = input.quantity;
    return {
      ...base,
      lodgeRoomId: found.room.id,
      park: found.lodge.park,
      description:
        input.description ??
        `${found.lodge.name}, ${found.room.name} (${MEAL_PLAN_LABELS[found.room.mealPlan].toLowerCase()}), ${nights} ${nights === 1 ? "night" : "nights"}`,
      quantity: nights,
      ...stayCost(found.room, party, nights),
    };
  }
  if (input.kind === "activity") {
    const activity = index.activities.get(input.itemId!);
    if (!activity) throw missing();
    return {
      ...base,
      activityId: activity.id,
      park: activity.park,
      parkFee: activity.parkFee,
      needsPermit: activity.needsPermit,
      description: input.description ?? activity.name,
      quantity: 1,
      ...activityCost(activity, party),
    };
  }
  const vehicle = index.vehicles.get(input.itemId!);
  if (!vehicle || (input.kind !== "vehicle" && input.kind !== "transfer")) throw missing();
  const unit = vehicle.kind === "vehicle" ? "day" : "trip";
  return {
    ...base,
    vehicleId: vehicle.id,
    description:
      input.description ??
      `${vehicle.name}, ${input.quantity} ${input.quantity === 1 ? unit : `${unit}s`}`,
    quantity: input.quantity,
    ...vehicleCost(vehicle.costMinor, input.quantity),
  };
}

/** Adds a line to a day, or edits one, priced from the library row (or as typed). */
export async function saveProposalLine(input: ProposalLineInput): Promise<void> {
  await changeDraft(input.versionId, async (tx, { version }, library) => {
    const [day] = await tx
      .select({ id: proposalDays.id })
      .from(proposalDays)
      .where(and(eq(proposalDays.versionId, input.versionId), eq(proposalDays.day, input.day)));
    if (!day)
      throw new DomainError("proposal_locked", {
        reason: `Day ${input.day} is not in this version.`,
      });
    const values = { ...lineValues(input, version, library), kind: input.kind, day: input.day };
    if (input.lineId) {
      const [row] = await tx
        .update(proposalLines)
        .set(values)
        .where(
          and(eq(proposalLines.id, input.lineId), eq(proposalLines.versionId, input.versionId)),
        )
        .returning({ id: proposalLines.id });
      if (!row) throw new DomainError("not_found");
      return {
        result: undefined,
        details: { line: { to: `Day ${input.day}: ${values.description}` } },
      };
    }
    const [last] = await tx
      .select({ position: max(proposalLines.position) })
      .from(proposalLines)
      .where(and(eq(proposalLines.versionId, input.versionId), eq(proposalLines.day, input.day)));
    await tx
      .insert(proposalLines)
      .values({ ...values, versionId: input.versionId, position: (last?.position ?? -1) + 1 });
    return { result: undefined, details: { addedLine: `Day ${input.day}: ${values.description}` } };
  });
}

export async function removeProposalLine(input: RemoveLineInput): Promise<void> {
  await changeDraft(input.versionId, async (tx) => {
    const [row] = await tx
      .delete(proposalLines)
      .where(and(eq(proposalLines.id, input.lineId), eq(proposalLines.versionId, input.versionId)))
      .returning({ day: proposalLines.day, description: proposalLines.description });
    if (!row) throw new DomainError("not_found");
    return { result: undefined, details: { removedLine: `Day ${row.day}: ${row.description}` } };
  });
}

/* Versions ---------------------------------------------------------------------------------- */

/**
 * The next version, a draft copying a sent (or lapsed) version's words, party, prices, days and
 * lines; the sent version stays as it was. Its option date is the copied one, or a week from
 * today when that has passed.
 */
export async function startNewVersion({
  versionId,
}: VersionIdInput): Promise<{ proposalId: string; number: number }> {
  const staff = await requireStaff();
  const db = await getDb();
  const today = todayInKampala();
  return db.transaction(async (tx) => {
    const [from] = await tx
      .select(versionColumns)
      .from(proposalVersions)
      .where(eq(proposalVersions.id, versionId));
    if (!from) throw new DomainError("not_found");
    const [proposal] = await tx
      .select({ id: proposals.id, reference: proposals.reference })
      .from(proposals)
      .where(eq(proposals.id, from.proposalId))
      .for("update");
    const versions = await tx
      .select({ state: proposalVersions.state, number: proposalVersions.number })
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, from.proposalId));
    const refusal = newVersionRefusal(from, versions);
    if (refusal) throw new DomainError("proposal_locked", { reason: refusal });
    const number = Math.max(...versions.map((v) => v.number)) + 1;
    const [created] = await tx
      .insert(proposalVersions)
      .values({
        proposalId: from.proposalId,
        number,
        state: "draft",
        title: from.title,
        summary: from.summary,
        startDate: from.startDate,
        adults: from.adults,
        children: from.children,
        singleRooms: from.singleRooms,
        residency: from.residency,
        markupPercent: from.markupPercent,
        costMinor: from.costMinor,
        parkFeesMinor: from.parkFeesMinor,
        pricePerAdultMinor: from.pricePerAdultMinor,
        pricePerChildMinor: from.pricePerChildMinor,
        singleSupplementMinor: from.singleSupplementMinor,
        totalMinor: from.totalMinor,
        pricesSetByStaff: from.pricesSetByStaff,
        depositPercent: from.depositPercent,
        balanceDueOn: from.balanceDueOn && from.balanceDueOn < today ? today : from.balanceDueOn,
        optionDate: from.optionDate >= today ? from.optionDate : defaultOptionDate(today),
        inclusions: from.inclusions,
        exclusions: from.exclusions,
        createdByName: staffName(staff),
      })
      .returning({ id: proposalVersions.id });
    const days = await tx
      .select({
        day: proposalDays.day,
        title: proposalDays.title,
        place: proposalDays.place,
        notes: proposalDays.notes,
      })
      .from(proposalDays)
      .where(eq(proposalDays.versionId, versionId));
    if (days.length)
      await tx.insert(proposalDays).values(days.map((d) => ({ ...d, versionId: created!.id })));
    const lines = await tx
      .select(lineColumns)
      .from(proposalLines)
      .where(eq(proposalLines.versionId, versionId));
    if (lines.length)
      await tx
        .insert(proposalLines)
        .values(lines.map(({ id: _id, ...l }) => ({ ...l, versionId: created!.id })));
    await recordStaffChange(
      tx,
      staff,
      "proposal.new_version",
      { type: "proposal", id: proposal!.id },
      { reference: proposal!.reference, version: `v${number}`, copiedFrom: `v${from.number}` },
    );
    return { proposalId: proposal!.id, number };
  });
}

/**
 * Sends a draft to the traveller: it becomes the sent version (never changed again), its link
 * opening it until the end of its option date, or for 30 days when that is sooner, and the mail
 * with the link is queued in the same transaction (lib/email's outbox).
 */
export async function sendProposalVersion({
  versionId,
}: VersionIdInput): Promise<{ email: string; number: number; reference: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  const now = new Date();
  const today = todayInKampala(now);
  return db.transaction(async (tx) => {
    const { version, proposal } = await lockDraft(tx, versionId);
    const [{ n: dayCount } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(proposalDays)
      .where(eq(proposalDays.versionId, versionId));
    const refusal = sendRefusal({ ...version, dayCount }, today);
    if (refusal) throw new DomainError("proposal_locked", { reason: refusal });
    const [lead] = await tx
      .select({ leadName: proposals.leadName, email: proposals.email })
      .from(proposals)
      .where(eq(proposals.id, proposal.id));
    // The link opens the version at least until its option date ends: the traveller can still
    // read it (and see it lapsed) a while after.
    const optionEnd = kampalaDayStart(version.optionDate, 1);
    const linkExpiresAt = new Date(
      Math.max(optionEnd.getTime(), now.getTime() + LINK_MIN_DAYS * DAY_MS),
    );
    await tx
      .update(proposalVersions)
      .set({
        state: "sent",
        sentAt: now,
        sentByName: staffName(staff),
        linkExpiresAt,
        updatedAt: now,
      })
      .where(eq(proposalVersions.id, versionId));
    const party = [
      `${version.adults} ${version.adults === 1 ? "adult" : "adults"}`,
      ...(version.children
        ? [`${version.children} ${version.children === 1 ? "child" : "children"}`]
        : []),
    ].join(", ");
    await queueEmail(
      {
        ...proposalSent({
          leadName: lead!.leadName,
          reference: proposal.reference,
          title: version.title,
          version: version.number,
          startDate: version.startDate,
          days: dayCount,
          travellers: party,
          totalMinor: version.totalMinor,
          depositPercent: version.depositPercent,
          optionDate: version.optionDate,
          url: proposalLink(versionId, linkExpiresAt),
        }),
        to: lead!.email,
      },
      tx,
    );
    await recordStaffChange(
      tx,
      staff,
      "proposal.send",
      { type: "proposal", id: proposal.id },
      {
        reference: proposal.reference,
        version: `v${version.number}`,
        sentTo: lead!.email,
        total: `$${(version.totalMinor / 100).toFixed(2)}`,
        optionDate: version.optionDate,
      },
    );
    return { email: lead!.email, number: version.number, reference: proposal.reference };
  });
}
