/**
 * Tailor-made proposals for the traveller's tests, inserted as rows (the staff builder is not
 * needed to test what a traveller sees and accepts): a proposal, its versions in the state asked,
 * their days and lines (a lodge stay, a gorilla trek that needs permits, a transfer), and the
 * lodge and room the stay names.
 */
import { eq } from "drizzle-orm";

import type { Db } from "@/db";
import {
  lodgeRooms,
  lodges,
  permitLots,
  proposalDays,
  proposalLines,
  proposals,
  proposalVersions,
} from "@/db/schema";
import type { ProposalVersionState } from "@/lib/domain";
import { proposalToken } from "@/lib/proposals/link";

import { inDays } from "./payloads";

export const TREK_PARK = "Bwindi Impenetrable";

let serial = 0;

/** A lodge with one room, for the stays of the proposals. */
export async function insertLodge(db: Db, name = `Gorilla Forest Camp ${++serial}`) {
  const [lodge] = await db
    .insert(lodges)
    .values({ name, park: TREK_PARK, imageUrl: "/images/tours/bwindi-wellness.svg" })
    .returning({ id: lodges.id });
  const [room] = await db
    .insert(lodgeRooms)
    .values({
      lodgeId: lodge!.id,
      name: "Forest Suite",
      mealPlan: "full_board",
      costPerNightMinor: 30_000,
    })
    .returning({ id: lodgeRooms.id });
  return { lodgeId: lodge!.id, roomId: room!.id, name };
}

export type VersionOptions = {
  number?: number;
  state?: ProposalVersionState;
  title?: string;
  /** Days from today the trip starts. */
  startInDays?: number;
  optionInDays?: number;
  adults?: number;
  children?: number;
  totalMinor?: number;
  /** A gorilla trek (permit and fee) on day 2; true by default. */
  trek?: boolean;
  roomId?: string | null;
};

export type TestVersion = { id: string; startDate: string; token: string; trekDay: string };

/** A version of `proposalId` with three days (Entebbe, Bwindi, Bwindi) and its lines. */
export async function insertVersion(
  db: Db,
  proposalId: string,
  o: VersionOptions = {},
): Promise<TestVersion> {
  const startDate = inDays(o.startInDays ?? 150);
  const state = o.state ?? "sent";
  const adults = o.adults ?? 2;
  const children = o.children ?? 0;
  const [v] = await db
    .insert(proposalVersions)
    .values({
      proposalId,
      number: o.number ?? 1,
      state,
      title: o.title ?? "Gorillas and the Nile",
      summary: "Three days among the mountain gorillas.",
      startDate,
      adults,
      children,
      markupPercent: 25,
      costMinor: 200_000,
      parkFeesMinor: o.trek === false ? 0 : 160_000,
      pricePerAdultMinor: 250_000,
      pricePerChildMinor: 150_000,
      singleSupplementMinor: 40_000,
      totalMinor: o.totalMinor ?? 500_000,
      depositPercent: 30,
      balanceDueOn: inDays((o.startInDays ?? 150) - 60),
      optionDate: inDays(o.optionInDays ?? 10),
      inclusions: ["All park fees at face value", "Full board at the lodges"],
      exclusions: ["International flights", "Visas"],
      ...(state === "draft"
        ? {}
        : { sentAt: new Date(), linkExpiresAt: new Date(Date.now() + 40 * 86_400_000) }),
    })
    .returning({ id: proposalVersions.id });
  const versionId = v!.id;
  await db.insert(proposalDays).values([
    {
      versionId,
      day: 1,
      title: "Arrival in Entebbe",
      place: "Entebbe",
      notes: "Met at the airport.",
    },
    { versionId, day: 2, title: "Gorilla trekking", place: "Bwindi Impenetrable", notes: null },
    {
      versionId,
      day: 3,
      title: "A second day in the forest",
      place: "Bwindi Impenetrable",
      notes: null,
    },
  ]);
  await db.insert(proposalLines).values([
    {
      versionId,
      day: 1,
      kind: "transfer",
      description: "Flight Entebbe to Kihihi",
      costMinor: 50_000,
    },
    {
      versionId,
      day: 2,
      kind: "stay",
      description: "Forest Suite, full board",
      lodgeRoomId: o.roomId ?? null,
      quantity: 2,
      costMinor: 120_000,
    },
    ...(o.trek === false
      ? []
      : [
          {
            versionId,
            day: 2,
            position: 1,
            kind: "activity" as const,
            description: "Gorilla trekking in Rushaga",
            costMinor: 10_000,
            park: TREK_PARK,
            parkFee: "gorilla_tracking" as const,
            feeMinor: 80_000 * (adults + children),
            needsPermit: true,
          },
        ]),
  ]);
  const token = proposalToken(versionId, new Date(Date.now() + 40 * 86_400_000));
  return { id: versionId, startDate, token, trekDay: addDays(startDate, 1) };
}

/** A proposal for `email`, with one version as asked; `bookingId`: the request it started from. */
export async function insertProposal(
  db: Db,
  o: VersionOptions & { email?: string; userId?: string | null; bookingId?: string | null } = {},
) {
  const [p] = await db
    .insert(proposals)
    .values({
      reference: `TM-T${String(++serial).padStart(5, "0")}`,
      leadName: "Amara Okafor",
      email: o.email ?? "amara@example.com",
      phone: "+256700000001",
      userId: o.userId ?? null,
      bookingId: o.bookingId ?? null,
    })
    .returning({ id: proposals.id, reference: proposals.reference });
  const version = await insertVersion(db, p!.id, o);
  return { proposalId: p!.id, reference: p!.reference, version };
}

/** A paid lot of `quantity` gorilla permits on `day` in the trek's park. */
export async function insertLot(db: Db, day: string, quantity: number) {
  const [row] = await db
    .insert(permitLots)
    .values({ park: TREK_PARK, trekDate: day, quantity, state: "paid" })
    .returning({ id: permitLots.id });
  return row!.id;
}

/** The version's row as staff see it. */
export async function versionRow(db: Db, versionId: string) {
  const [row] = await db.select().from(proposalVersions).where(eq(proposalVersions.id, versionId));
  return row!;
}

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
