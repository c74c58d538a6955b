import { addDays } from "date-fns/addDays";
import { addHours } from "date-fns/addHours";
import { desc, eq, inArray, lte, sql } from "drizzle-orm";

import { TERMS_VERSION } from "@/lib/proposals/terms-version";
import { kampalaDay, kampalaDayStart, todayInKampala } from "@/lib/dates";
import type { ParkFee, ProposalLineKind } from "@/lib/domain";
import { env } from "@/lib/env";
import { MEAL_PLAN_LABELS } from "@/lib/library/rules";
import {
  amountsDue,
  derivePaymentStatus,
  formatMoney,
  type LedgerRow,
  ledgerSums,
} from "@/lib/payments/ledger";
import type { ProposalPlaceName } from "@/lib/proposals/places";
import {
  activityCost,
  balanceDueOn,
  type FeeRate,
  type LineCost,
  lineFees,
  type Party,
  type PricedLine,
  stayCost,
  suggestPrices,
  totalOf,
  tripDay,
  typedCost,
  vehicleCost,
} from "@/lib/proposals/pricing";
import { LINK_MIN_DAYS } from "@/lib/proposals/rules";

import { pick } from "../columns";
import {
  activities,
  bookingEvents,
  bookings,
  lodgeRooms,
  lodges,
  parkFeeTariffs,
  payments,
  proposalDays,
  proposalLines,
  proposals,
  proposalVersions,
  ugxRates,
  users,
  vehicles,
} from "../schema";
import type { Db, Tx } from "../types";

/**
 * The demo's tailor-made proposals (`npm run demo`, after the library), built of the library's
 * rows and priced with the builder's own arithmetic (lib/proposals/pricing.ts), so the builder
 * shows the prices it would have suggested itself:
 *
 * - TM-QE7PRM, sent two days ago and opened once yesterday: seven days of primates and Queen
 *   Elizabeth for Rachel Hughes and her husband, its option date five days away and Buhoma
 *   Lodge's hold released in two, so both reminders to staff fall due in the demo's first days;
 * - TM-MF3ZWA, the demo customer's family safari to Ziwa and Murchison Falls: version 1 sent,
 *   version 2 (another lodge, a hike added) sent and accepted, which confirmed a booking at its
 *   locked total, as the traveller's acceptance does, with the deposit since paid by bank
 *   transfer, so My Bookings shows a tailor-made trip with its plan and its balance to pay.
 *
 * Only park fees with a tariff are priced (the permits' treks); the boat cruises and game drives
 * carry a park entry fee the demo's tariffs do not price, so it counts nothing, as in the builder.
 *
 * Idempotent: each proposal is keyed by its fixed reference and written whole in one transaction,
 * so seeding again adds nothing. A library row renamed or removed by staff skips the proposals.
 */

const DEMO_CUSTOMER_EMAIL = "traveller@demo.breatheuganda.com";
const DEMO_ADMIN_EMAIL = "admin@demo.breatheuganda.com";
const STAFF_NAME = "Grace Namutebi";

export const DEMO_SENT_REFERENCE = "TM-QE7PRM";
export const DEMO_ACCEPTED_REFERENCE = "TM-MF3ZWA";

/* What a version is written from ---------------------------------------------------------- */

type LineSpec =
  | { kind: "stay"; lodge: string; room: string; nights: number; holdReleaseIn?: number }
  | { kind: "activity"; name: string }
  | { kind: "vehicle" | "transfer"; name: string; quantity: number; description?: string }
  | { kind: "other"; description: string; unitCostMinor: number; quantity: number };

type DaySpec = { title: string; place: ProposalPlaceName; notes: string; lines: LineSpec[] };

type VersionSpec = {
  title: string;
  summary: string;
  startDate: string;
  party: Party;
  markupPercent: number;
  inclusions: string[];
  exclusions: string[];
  days: DaySpec[];
};

/* The library as the lines are priced from it --------------------------------------------- */

type Library = Awaited<ReturnType<typeof readLibrary>>;

async function readLibrary(db: Db) {
  const [rooms, acts, cars] = await Promise.all([
    db
      .select({
        id: lodgeRooms.id,
        lodge: lodges.name,
        park: lodges.park,
        ...pick(
          lodgeRooms,
          "name",
          "mealPlan",
          "costPerNightMinor",
          "singleSupplementMinor",
          "childCostPerNightMinor",
        ),
      })
      .from(lodgeRooms)
      .innerJoin(lodges, eq(lodges.id, lodgeRooms.lodgeId)),
    db
      .select(
        pick(
          activities,
          "id",
          "name",
          "park",
          "costPerPersonMinor",
          "childCostMinor",
          "parkFee",
          "needsPermit",
        ),
      )
      .from(activities),
    db.select(pick(vehicles, "id", "name", "kind", "costMinor")).from(vehicles),
  ]);
  const key = (...parts: string[]) => parts.map((p) => p.toLowerCase()).join("|");
  return {
    room: new Map(rooms.map((r) => [key(r.lodge, r.name), r])),
    activity: new Map(acts.map((a) => [key(a.name), a])),
    vehicle: new Map(cars.map((v) => [key(v.name), v])),
    key,
  };
}

/** The park fees' tariffs and the shilling rate in force, as the builder prices fees with them. */
async function readFeeFacts(db: Db, now: Date) {
  const tariffs = await db
    .select(
      pick(
        parkFeeTariffs,
        "fee",
        "park",
        "residency",
        "ageBand",
        "currency",
        "amountMinor",
        "effectiveFrom",
        "effectiveTo",
      ),
    )
    .from(parkFeeTariffs);
  const [rate] = await db
    .select({ ugxPerUsd: ugxRates.ugxPerUsd })
    .from(ugxRates)
    .where(lte(ugxRates.effectiveFrom, now))
    .orderBy(desc(ugxRates.effectiveFrom), desc(ugxRates.createdAt))
    .limit(1);
  return { tariffs, rate: (rate ?? null) as FeeRate | null };
}

type FeeFacts = Awaited<ReturnType<typeof readFeeFacts>>;

type LineRow = Omit<typeof proposalLines.$inferInsert, "versionId">;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A line's row as the builder writes it from the library row (its words, its cost for the party)
 * and as the suggestion reads it (its adult and child weights, its park fees on its day); null
 * when the library no longer has the row.
 */
function lineOf(
  spec: LineSpec,
  day: number,
  position: number,
  version: VersionSpec,
  library: Library,
  facts: FeeFacts,
  today: string,
): { row: LineRow; priced: PricedLine } | null {
  const { party } = version;
  const base = {
    day,
    position,
    kind: spec.kind as ProposalLineKind,
    lodgeRoomId: null as string | null,
    activityId: null as string | null,
    vehicleId: null as string | null,
    park: null as string | null,
    parkFee: null as ParkFee | null,
    needsPermit: false,
    holdReleaseOn: null as string | null,
  };
  let fields: { description: string; quantity: number } & LineCost;
  let weights: PricedLine["weights"] = null;
  if (spec.kind === "stay") {
    const room = library.room.get(library.key(spec.lodge, spec.room));
    if (!room) return null;
    Object.assign(base, {
      lodgeRoomId: room.id,
      park: room.park,
      holdReleaseOn:
        spec.holdReleaseIn === undefined ? null : tripDay(today, spec.holdReleaseIn + 1),
    });
    fields = {
      description: `${room.lodge}, ${room.name} (${MEAL_PLAN_LABELS[room.mealPlan].toLowerCase()}), ${plural(spec.nights, "night")}`,
      quantity: spec.nights,
      ...stayCost(room, party, spec.nights),
    };
    weights = {
      adult: room.costPerNightMinor,
      child: room.childCostPerNightMinor ?? room.costPerNightMinor,
    };
  } else if (spec.kind === "activity") {
    const activity = library.activity.get(library.key(spec.name));
    if (!activity) return null;
    Object.assign(base, {
      activityId: activity.id,
      park: activity.park,
      parkFee: activity.parkFee,
      needsPermit: activity.needsPermit,
    });
    fields = { description: activity.name, quantity: 1, ...activityCost(activity, party) };
    weights = {
      adult: activity.costPerPersonMinor,
      child: activity.childCostMinor ?? activity.costPerPersonMinor,
    };
  } else if (spec.kind === "other") {
    fields = {
      description: spec.description,
      quantity: spec.quantity,
      ...typedCost(spec.unitCostMinor, spec.quantity),
    };
  } else {
    const vehicle = library.vehicle.get(library.key(spec.name));
    if (!vehicle) return null;
    base.vehicleId = vehicle.id;
    const unit = vehicle.kind === "vehicle" ? "day" : "trip";
    fields = {
      description: spec.description ?? `${vehicle.name}, ${plural(spec.quantity, unit)}`,
      quantity: spec.quantity,
      ...vehicleCost(vehicle.costMinor, spec.quantity),
    };
  }
  const fees = lineFees(facts.tariffs, base, party, tripDay(version.startDate, day), facts.rate);
  return {
    row: { ...base, ...fields, feeMinor: fees.feeMinor },
    priced: {
      kind: base.kind,
      costMinor: fields.costMinor,
      singleCostMinor: fields.singleCostMinor,
      weights,
      fees,
    },
  };
}

/**
 * A version's days, lines and money as the builder leaves them after its last change on
 * `pricedOn`: the sell prices the suggestion at its markup, the balance day from its lines.
 */
function priceVersion(
  spec: VersionSpec,
  library: Library,
  facts: FeeFacts,
  pricedOn: string,
  today: string,
) {
  const lines: LineRow[] = [];
  const priced: PricedLine[] = [];
  for (const [i, day] of spec.days.entries()) {
    for (const [position, lineSpec] of day.lines.entries()) {
      const line = lineOf(lineSpec, i + 1, position, spec, library, facts, today);
      if (!line) return null;
      lines.push(line.row);
      priced.push(line.priced);
    }
  }
  const suggested = suggestPrices(priced, spec.party, spec.markupPercent);
  const prices = {
    pricePerAdultMinor: suggested.pricePerAdultMinor,
    pricePerChildMinor: suggested.pricePerChildMinor,
    singleSupplementMinor: suggested.singleSupplementMinor,
  };
  return {
    version: {
      title: spec.title,
      summary: spec.summary,
      startDate: spec.startDate,
      ...spec.party,
      markupPercent: spec.markupPercent,
      costMinor: suggested.costMinor,
      parkFeesMinor: suggested.parkFeesMinor,
      ...prices,
      totalMinor: totalOf(spec.party, prices),
      depositPercent: env.DEPOSIT_PERCENT,
      balanceDueOn: balanceDueOn(
        spec.startDate,
        lines.map((l) => ({ needsPermit: l.needsPermit ?? false, parkFee: l.parkFee ?? null })),
        pricedOn,
      ),
      inclusions: spec.inclusions,
      exclusions: spec.exclusions,
      createdByName: STAFF_NAME,
    },
    days: spec.days.map((d, i) => ({ day: i + 1, title: d.title, place: d.place, notes: d.notes })),
    lines,
  };
}

type Priced = NonNullable<ReturnType<typeof priceVersion>>;

/** When a version sent at `sentAt` stops opening: the end of its option date, at least 30 days. */
const linkExpiry = (optionDate: string, sentAt: Date) =>
  new Date(
    Math.max(kampalaDayStart(optionDate, 1).getTime(), addDays(sentAt, LINK_MIN_DAYS).getTime()),
  );

async function insertVersion(
  tx: Tx,
  proposalId: string,
  number: number,
  priced: Priced,
  extra: Partial<typeof proposalVersions.$inferInsert> & {
    optionDate: string;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(proposalVersions)
    .values({
      proposalId,
      number,
      ...priced.version,
      updatedAt: extra.sentAt ?? extra.createdAt,
      ...extra,
    })
    .returning({ id: proposalVersions.id });
  const versionId = row!.id;
  await tx.insert(proposalDays).values(priced.days.map((d) => ({ ...d, versionId })));
  await tx.insert(proposalLines).values(priced.lines.map((l) => ({ ...l, versionId })));
  return versionId;
}

/* The two proposals ----------------------------------------------------------------------- */

const LAND_CRUISER = "4x4 safari Land Cruiser with driver-guide";
const cruiserDay = { kind: "vehicle", name: LAND_CRUISER, quantity: 1 } as const;

function primatesSpec(startDate: string): VersionSpec {
  return {
    title: "7-day primates and Queen Elizabeth safari",
    summary:
      "Dear Rachel and Tom, here is the trip we spoke about: chimpanzees in Kibale, the Kazinga Channel and the tree-climbing lions of Ishasha, and a day with the mountain gorillas of Bwindi, flying back to Entebbe at the end so you lose no day on the road.",
    startDate,
    party: { adults: 2, children: 0, singleRooms: 0, residency: "foreign_non_resident" },
    markupPercent: 25,
    inclusions: [
      "All nights in the lodges named, meals as stated",
      "Private 4x4 Land Cruiser with an English-speaking driver-guide",
      "Gorilla and chimpanzee permits",
      "Activities as listed, with ranger guides",
      "The scheduled flight from Kihihi to Entebbe",
      "Bottled water in the vehicle",
    ],
    exclusions: [
      "International flights and the Uganda visa",
      "Drinks, tips and laundry",
      "Travel insurance",
    ],
    days: [
      {
        title: "Arrival in Entebbe",
        place: "Entebbe",
        notes:
          "Your driver meets you in the arrivals hall with a board in your name. The hotel is ten minutes away on the lake shore.",
        lines: [
          { kind: "transfer", name: "Airport transfer Entebbe", quantity: 1 },
          { kind: "stay", lodge: "Protea Hotel Entebbe", room: "Lake view room", nights: 1 },
        ],
      },
      {
        title: "West to Kibale Forest",
        place: "Kibale",
        notes:
          "About six hours through Mubende and Fort Portal, with lunch on the way. Evening among the tea estates at the forest's edge.",
        lines: [
          cruiserDay,
          { kind: "stay", lodge: "Primate Lodge Kibale", room: "Forest cottage", nights: 2 },
        ],
      },
      {
        title: "Chimpanzee tracking and Bigodi wetland",
        place: "Kibale",
        notes:
          "Briefing at Kanyanchu at 7:30, then up to three hours in the forest with the chimpanzees. In the afternoon, the Bigodi swamp walk for red colobus and the great blue turaco.",
        lines: [
          { kind: "activity", name: "Chimpanzee tracking" },
          { kind: "activity", name: "Bigodi wetland walk" },
          cruiserDay,
        ],
      },
      {
        title: "Queen Elizabeth and the Kazinga Channel",
        place: "Queen Elizabeth",
        notes:
          "South past the crater lakes to the Mweya peninsula. The afternoon boat leaves at 14:00 from below the lodge.",
        lines: [
          cruiserDay,
          { kind: "activity", name: "Kazinga Channel boat cruise" },
          { kind: "stay", lodge: "Mweya Safari Lodge", room: "Channel view room", nights: 1 },
        ],
      },
      {
        title: "Ishasha's lions, on to Bwindi",
        place: "Bwindi Impenetrable",
        notes:
          "A morning drive through the Ishasha sector looking for the lions in the fig trees, then up into the hills to Buhoma for two nights.",
        lines: [
          { kind: "activity", name: "Ishasha game drive" },
          cruiserDay,
          {
            kind: "stay",
            lodge: "Buhoma Lodge",
            room: "Forest cottage",
            nights: 2,
            holdReleaseIn: 2,
          },
        ],
      },
      {
        title: "Gorilla trekking",
        place: "Bwindi Impenetrable",
        notes:
          "Briefing at the park office at 7:45. A trek takes two to six hours; porters can be hired at the gate to carry your day pack.",
        lines: [{ kind: "activity", name: "Gorilla trekking" }, cruiserDay],
      },
      {
        title: "Fly back to Entebbe",
        place: "Entebbe",
        notes:
          "A short drive to the Kihihi airstrip for the late-morning flight; you land in Entebbe around 13:00, in good time for an evening flight home.",
        lines: [
          cruiserDay,
          {
            kind: "transfer",
            name: "Domestic flight Entebbe - Kihihi",
            quantity: 2,
            description: "Domestic flight Kihihi - Entebbe, 2 seats",
          },
        ],
      },
    ],
  };
}

/** The family safari: version 1 at Chobe, version 2 at Paraa with the hike the family asked for. */
function murchisonSpec(startDate: string, number: 1 | 2): VersionSpec {
  const second = number === 2;
  return {
    title: "6-day Murchison Falls and Ziwa rhinos family safari",
    summary: second
      ? "Dear Amelia, as you asked we have moved you to Paraa Safari Lodge for its pool above the Nile, and added the walk to the top of the falls on your last morning in the park."
      : "Dear Amelia, here is a family safari without long treks: the white rhinos of Ziwa on foot, then three nights by the Nile in Murchison Falls, with a game drive and the boat to the foot of the falls.",
    startDate,
    party: { adults: 2, children: 1, singleRooms: 0, residency: "foreign_non_resident" },
    markupPercent: 25,
    inclusions: [
      "All nights in the lodges named, meals as stated",
      "Private 4x4 Land Cruiser with an English-speaking driver-guide",
      "Rhino tracking at Ziwa and the activities listed",
      "Airport transfers",
    ],
    exclusions: [
      "International flights and Uganda visas",
      "Park entry fees, paid with the balance at UWA's rate of the day",
      "Drinks, tips and travel insurance",
    ],
    days: [
      {
        title: "Arrival in Entebbe",
        place: "Entebbe",
        notes: "Met at the airport and driven to the hotel on the lake shore.",
        lines: [
          { kind: "transfer", name: "Airport transfer Entebbe (minivan)", quantity: 1 },
          { kind: "stay", lodge: "Protea Hotel Entebbe", room: "Lake view room", nights: 1 },
        ],
      },
      {
        title: "Rhino tracking at Ziwa, on to Murchison Falls",
        place: "Murchison Falls",
        notes:
          "Three hours north to Ziwa Rhino Sanctuary to walk up to the white rhinos with a ranger, then on to the Nile for three nights.",
        lines: [
          cruiserDay,
          {
            kind: "other",
            description: "Rhino tracking on foot at Ziwa Rhino Sanctuary, 3 people",
            unitCostMinor: 5_000,
            quantity: 3,
          },
          second
            ? { kind: "stay", lodge: "Paraa Safari Lodge", room: "Standard room", nights: 3 }
            : { kind: "stay", lodge: "Chobe Safari Lodge", room: "Luxury tent", nights: 3 },
        ],
      },
      {
        title: "Game drive and the launch to the falls",
        place: "Murchison Falls",
        notes:
          "An early ferry across the Nile for the Buligi game drive, back for lunch, and the afternoon launch upstream to the foot of the falls.",
        lines: [
          { kind: "activity", name: "Murchison game drive" },
          { kind: "activity", name: "Launch trip to the bottom of the falls" },
          cruiserDay,
        ],
      },
      second
        ? {
            title: "The top of the falls",
            place: "Murchison Falls",
            notes:
              "A morning walk up to where the Nile squeezes through a gorge seven metres wide; an easy afternoon by the pool.",
            lines: [{ kind: "activity", name: "Hike to the top of the falls" }, cruiserDay],
          }
        : {
            title: "A slow day by the Nile",
            place: "Murchison Falls",
            notes: "A free morning at the lodge and a sunset drive along the river.",
            lines: [cruiserDay],
          },
      {
        title: "Back to Kampala",
        place: "Kampala",
        notes: "Five hours south, with a stop at the Kafu river for lunch.",
        lines: [
          cruiserDay,
          { kind: "stay", lodge: "Kampala Serena Hotel", room: "Deluxe room", nights: 1 },
        ],
      },
      {
        title: "Kampala city tour and departure",
        place: "Entebbe",
        notes:
          "The city with a local guide in the morning, then to the airport for the flight home.",
        lines: [
          { kind: "activity", name: "Kampala city tour" },
          { kind: "transfer", name: "Airport transfer Entebbe (minivan)", quantity: 1 },
        ],
      },
    ],
  };
}

/* Seeding ---------------------------------------------------------------------------------- */

async function userIdOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row?.id ?? null;
}

export async function seedDemoProposals(db: Db, now: Date = new Date()): Promise<void> {
  const existing = await db
    .select({ reference: proposals.reference })
    .from(proposals)
    .where(inArray(proposals.reference, [DEMO_SENT_REFERENCE, DEMO_ACCEPTED_REFERENCE]));
  const seeded = new Set(existing.map((p) => p.reference));
  if (seeded.size === 2) return;

  const today = todayInKampala(now);
  const [library, facts, customerId, adminId] = await Promise.all([
    readLibrary(db),
    readFeeFacts(db, now),
    userIdOf(db, DEMO_CUSTOMER_EMAIL),
    userIdOf(db, DEMO_ADMIN_EMAIL),
  ]);
  const at = (daysAgo: number, hour: number) => addHours(kampalaDayStart(today, -daysAgo), hour);

  if (!seeded.has(DEMO_SENT_REFERENCE)) {
    const sentAt = at(2, 10);
    const priced = priceVersion(
      primatesSpec(tripDay(today, 76)),
      library,
      facts,
      kampalaDay(sentAt),
      today,
    );
    if (priced) {
      const optionDate = tripDay(today, 6);
      const viewedAt = at(1, 19);
      await db.transaction(async (tx) => {
        const [proposal] = await tx
          .insert(proposals)
          .values({
            reference: DEMO_SENT_REFERENCE,
            leadName: "Rachel Hughes",
            email: "rachel.hughes@example.com",
            phone: "+44 7700 900456",
            createdByName: STAFF_NAME,
            createdAt: at(4, 9),
            updatedAt: at(4, 9),
          })
          .returning({ id: proposals.id });
        await insertVersion(tx, proposal!.id, 1, priced, {
          state: "sent",
          optionDate,
          createdAt: at(4, 9),
          sentAt,
          sentByName: STAFF_NAME,
          linkExpiresAt: linkExpiry(optionDate, sentAt),
          firstViewedAt: viewedAt,
          lastViewedAt: viewedAt,
          viewCount: 1,
        });
      });
    }
  }

  if (!seeded.has(DEMO_ACCEPTED_REFERENCE) && customerId) {
    const startDate = tripDay(today, 101);
    const v1Sent = at(22, 11);
    const v2Sent = at(13, 15);
    const acceptedAt = at(11, 20);
    const paidAt = at(9, 12);
    const first = priceVersion(
      murchisonSpec(startDate, 1),
      library,
      facts,
      kampalaDay(v1Sent),
      today,
    );
    const second = priceVersion(
      murchisonSpec(startDate, 2),
      library,
      facts,
      kampalaDay(v2Sent),
      today,
    );
    if (first && second) {
      await db.transaction(async (tx) => {
        const [proposal] = await tx
          .insert(proposals)
          .values({
            reference: DEMO_ACCEPTED_REFERENCE,
            userId: customerId,
            leadName: "Amelia Carter",
            email: DEMO_CUSTOMER_EMAIL,
            phone: "+44 7700 900123",
            createdByName: STAFF_NAME,
            createdAt: at(24, 10),
            updatedAt: at(24, 10),
          })
          .returning({ id: proposals.id });
        const proposalId = proposal!.id;
        const v1Option = tripDay(kampalaDay(v1Sent), 8);
        await insertVersion(tx, proposalId, 1, first, {
          state: "sent",
          optionDate: v1Option,
          createdAt: at(24, 10),
          sentAt: v1Sent,
          sentByName: STAFF_NAME,
          linkExpiresAt: linkExpiry(v1Option, v1Sent),
          firstViewedAt: at(22, 21),
          lastViewedAt: at(20, 8),
          viewCount: 3,
        });
        const v2Option = tripDay(kampalaDay(v2Sent), 8);
        await insertVersion(tx, proposalId, 2, second, {
          state: "accepted",
          optionDate: v2Option,
          createdAt: at(14, 9),
          sentAt: v2Sent,
          sentByName: STAFF_NAME,
          linkExpiresAt: linkExpiry(v2Option, v2Sent),
          firstViewedAt: at(12, 19),
          lastViewedAt: acceptedAt,
          viewCount: 2,
          acceptedAt,
          acceptedByName: "Amelia Carter",
          acceptedAddress: "203.0.113.7",
          acceptedTermsVersion: TERMS_VERSION,
          updatedAt: acceptedAt,
        });

        // The booking the acceptance confirmed, as lib/bookings/data/tailor-made.ts writes it.
        const v = second.version;
        const acceptedOn = kampalaDay(acceptedAt);
        const bookingBalanceDay =
          v.balanceDueOn && v.balanceDueOn < acceptedOn ? acceptedOn : v.balanceDueOn;
        const [booking] = await tx
          .insert(bookings)
          .values({
            source: "customer",
            userId: customerId,
            fullName: "Amelia Carter",
            email: DEMO_CUSTOMER_EMAIL,
            phone: "+44 7700 900123",
            termsAccepted: true,
            tourId: null,
            departureId: null,
            tourPackage: `Tailor-made: ${v.title}`,
            departureDate: startDate,
            endDate: tripDay(startDate, second.days.length),
            groupSize: v.adults + v.children,
            totalMinor: v.totalMinor,
            totalReason: null,
            depositPercent: v.depositPercent,
            balanceDueOn: bookingBalanceDay,
            bookingStatus: "confirmed",
            confirmedAt: acceptedAt,
            createdAt: acceptedAt,
            updatedAt: paidAt,
          })
          .returning({ id: bookings.id });
        const bookingId = booking!.id;
        await tx.update(proposals).set({ bookingId }).where(eq(proposals.id, proposalId));

        // The deposit, received by bank transfer two days later: the status and the net paid are
        // the ledger's, as recomputing the booking derives them.
        const deposit = amountsDue(v.totalMinor, v.depositPercent, [], bookingBalanceDay, today);
        const ledger: LedgerRow[] = [
          { kind: "deposit", amountMinor: deposit.depositMinor, status: "completed" },
        ];
        await tx.insert(payments).values({
          bookingId,
          kind: "deposit",
          amountMinor: deposit.depositMinor,
          currency: "USD",
          provider: "bank",
          merchantReference: `BU-DEMO-${DEMO_ACCEPTED_REFERENCE}-1`,
          confirmationCode: "STB-TM4417",
          method: "Bank transfer",
          status: "completed",
          recordedByUserId: adminId,
          completedAt: paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        });
        const paymentStatus = derivePaymentStatus(v.totalMinor, ledger);
        await tx
          .update(bookings)
          .set({ paymentStatus, paidMinor: ledgerSums(ledger).paidMinor })
          .where(eq(bookings.id, bookingId));

        const note = `Accepted by Amelia Carter (proposal ${DEMO_ACCEPTED_REFERENCE}, version 2)`;
        await tx.insert(bookingEvents).values([
          {
            bookingId,
            actorLabel: "system",
            field: "total",
            fromValue: null,
            toValue: formatMoney(v.totalMinor, "USD"),
            note,
            createdAt: acceptedAt,
          },
          {
            bookingId,
            actorLabel: "system",
            field: "booking_status",
            fromValue: null,
            toValue: "Confirmed",
            note,
            createdAt: acceptedAt,
          },
          {
            bookingId,
            actorUserId: adminId,
            actorLabel: STAFF_NAME,
            field: "payment_status",
            fromValue: "Pending",
            toValue: paymentStatus,
            note: "Bank transfer",
            createdAt: paidAt,
          },
        ]);
      });
    }
  }
}
