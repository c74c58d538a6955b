/**
 * Authorization matrix of the staff side of tailor-made proposals (/admin/proposals: its reads
 * lib/proposals/data/staff.ts, its actions actions/proposals.ts but the traveller's accept, which
 * the traveller's matrix covers): every member of staff builds and sends them, an admin too; a
 * visitor is sent to the admin login and a customer is denied, and neither changes anything.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { asc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as proposalActions from "@/actions/proposals";
import { bookings, proposalDays, proposalLines, proposals, proposalVersions } from "@/db/schema";
import * as staffDal from "@/lib/proposals/data/staff";
import { parseProposalsQuery } from "@/lib/proposals/list-query";
import { resetRateLimits } from "@/lib/rate-limit";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { inDays } from "@/tests/helpers/payloads";

const m = openMatrixWorld();
let actor: (typeof staffArea.actors)[number] = "visitor";
let requestId = "";
/** The draft each caller works on (made afresh for each). */
let draft = { proposalId: "", versionId: "", dayTwoId: "", lineId: "" };

beforeAll(async () => {
  const [request] = await m.db
    .insert(bookings)
    .values({
      fullName: "Matrix Request",
      email: "matrix-request@example.com",
      phone: "+256 700 000 001",
      tourPackage: "Matrix tailor-made",
      departureDate: inDays(120),
      groupSize: 3,
      termsAccepted: true,
    })
    .returning({ id: bookings.id });
  requestId = request!.id;
});

/** A proposal with a draft: day 1 with a typed line, and a day 2 to remove. */
async function prepare(who: (typeof staffArea.actors)[number]) {
  const [proposal] = await m.db
    .insert(proposals)
    .values({
      reference: `TM-MX${{ visitor: "VIST", customerA: "CUSA", customerB: "CUSB", staff: "STAF", admin: "ADMN" }[who]}`,
      leadName: `Matrix Lead ${who}`,
      email: `matrix-${who.toLowerCase()}@example.com`,
    })
    .returning({ id: proposals.id });
  const [version] = await m.db
    .insert(proposalVersions)
    .values({
      proposalId: proposal!.id,
      number: 1,
      title: "Matrix safari",
      startDate: inDays(90),
      adults: 2,
      markupPercent: 25,
      depositPercent: 30,
      optionDate: inDays(7),
    })
    .returning({ id: proposalVersions.id });
  const [, dayTwo] = await m.db
    .insert(proposalDays)
    .values([
      { versionId: version!.id, day: 1, title: "Arrival", place: "Entebbe" },
      { versionId: version!.id, day: 2, title: "Kampala", place: "Kampala" },
    ])
    .returning({ id: proposalDays.id });
  const [line] = await m.db
    .insert(proposalLines)
    .values({
      versionId: version!.id,
      day: 1,
      kind: "other",
      description: "Airport welcome",
      costMinor: 5_000,
    })
    .returning({ id: proposalLines.id });
  draft = {
    proposalId: proposal!.id,
    versionId: version!.id,
    dayTwoId: dayTwo!.id,
    lineId: line!.id,
  };
}

const staffRedirect = {
  ...staffArea.staffOnly,
  staff: /^redirect to \/admin\/proposals\/[0-9a-f-]{36}$/,
  admin: /^redirect to \/admin\/proposals\/[0-9a-f-]{36}$/,
};

const operations = (): StaffAreaOperation<string | RegExp>[] => [
  // Reads
  {
    name: "lib/proposals/data/staff.ts#listProposals",
    expected: staffArea.staffOnly,
    run: async () => {
      const page = await staffDal.listProposals(parseProposalsQuery({ q: "Matrix Lead" }));
      expect(page.items.map((p) => p.id)).toContain(draft.proposalId);
      return page;
    },
  },
  {
    name: "lib/proposals/data/staff.ts#getProposal",
    expected: staffArea.staffOnly,
    run: async () => {
      const proposal = await staffDal.getProposal(draft.proposalId);
      expect(proposal?.versions[0]?.days).toHaveLength(2);
      return proposal;
    },
  },
  {
    name: "lib/proposals/data/staff.ts#getProposalPrefill",
    expected: staffArea.staffOnly,
    run: async () => {
      const prefill = await staffDal.getProposalPrefill(requestId);
      expect(prefill).toMatchObject({ leadName: "Matrix Request", adults: 3 });
      return prefill;
    },
  },
  {
    name: "lib/proposals/data/staff.ts#proposalOfBooking",
    expected: staffArea.staffOnly,
    run: () => staffDal.proposalOfBooking(requestId),
  },
  // Actions
  {
    name: "actions/proposals.ts#createProposalAction",
    expected: staffRedirect,
    run: () =>
      proposalActions.createProposalAction(undefined, {
        leadName: `Matrix New ${actor}`,
        email: `matrix-new-${actor.toLowerCase()}@example.com`,
        phone: "",
        title: "Matrix new safari",
        startDate: inDays(100),
        adults: "2",
        children: "0",
        singleRooms: "0",
        residency: "foreign_non_resident",
      }),
  },
  {
    name: "actions/proposals.ts#updateVersionSettingsAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.updateVersionSettingsAction(undefined, {
        versionId: draft.versionId,
        title: `Matrix safari ${actor}`,
        summary: "",
        startDate: inDays(90),
        adults: "2",
        children: "1",
        singleRooms: "0",
        residency: "foreign_non_resident",
        markupPercent: "30",
        depositPercent: "30",
        optionDate: inDays(7),
        inclusions: "Guide\nWater",
        exclusions: "Flights",
      }),
  },
  {
    name: "actions/proposals.ts#saveProposalDayAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.saveProposalDayAction(undefined, {
        versionId: draft.versionId,
        title: "Jinja",
        place: "Jinja",
        notes: "",
      }),
  },
  {
    name: "actions/proposals.ts#saveProposalLineAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.saveProposalLineAction(undefined, {
        versionId: draft.versionId,
        day: "1",
        kind: "other",
        source: "typed",
        description: "Sim card",
        quantity: "2",
        unitCost: "10",
      }),
  },
  {
    name: "actions/proposals.ts#setVersionPricesAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.setVersionPricesAction(undefined, {
        versionId: draft.versionId,
        use: "set",
        pricePerAdult: "1,000",
        pricePerChild: "500",
        singleSupplement: "0",
      }),
  },
  {
    name: "actions/proposals.ts#removeProposalLineAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.removeProposalLineAction(undefined, {
        versionId: draft.versionId,
        lineId: draft.lineId,
      }),
  },
  {
    name: "actions/proposals.ts#removeProposalDayAction",
    expected: staffArea.staffOnly,
    run: () =>
      proposalActions.removeProposalDayAction(undefined, {
        versionId: draft.versionId,
        dayId: draft.dayTwoId,
      }),
  },
  {
    name: "actions/proposals.ts#sendProposalAction",
    expected: staffArea.staffOnly,
    run: () => proposalActions.sendProposalAction(undefined, { versionId: draft.versionId }),
  },
  {
    name: "actions/proposals.ts#startNewVersionAction",
    expected: staffArea.staffOnly,
    run: () => proposalActions.startNewVersionAction(undefined, { versionId: draft.versionId }),
  },
];

/** The matrix's proposals, versions, days and lines: what a refused caller must leave alone. */
async function snapshot() {
  const rows = await m.db
    .select({ id: proposals.id, lead: proposals.leadName })
    .from(proposals)
    .where(like(proposals.leadName, "Matrix%"))
    .orderBy(asc(proposals.leadName));
  const versions = await m.db
    .select({
      proposalId: proposalVersions.proposalId,
      number: proposalVersions.number,
      state: proposalVersions.state,
      title: proposalVersions.title,
      totalMinor: proposalVersions.totalMinor,
    })
    .from(proposalVersions)
    .orderBy(asc(proposalVersions.proposalId), asc(proposalVersions.number));
  const days = await m.db.select({ id: proposalDays.id }).from(proposalDays);
  const lines = await m.db.select({ id: proposalLines.id }).from(proposalLines);
  return { rows, versions, days: days.length, lines: lines.length };
}

describe("proposals authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every staff proposal operation`,
    operations,
    prepare,
    become: (who) => {
      actor = who;
      resetRateLimits();
      m.become(who);
    },
    judge: (operation) => staffArea.outcome(operation.run),
    snapshot,
    unchanged: staffArea.refused,
    check: async (who, _before, after) => {
      if (staffArea.refused.includes(who)) return;
      // A member of staff's calls did what they asked: a new proposal, v1 sent with its price,
      // and v2 a draft.
      expect(after.rows.map((r) => r.lead)).toContain(`Matrix New ${who}`);
      const own = after.versions.filter((v) => v.proposalId === draft.proposalId);
      expect(own.map((v) => [v.number, v.state])).toEqual([
        [1, "sent"],
        [2, "draft"],
      ]);
      expect(own[0]).toMatchObject({ title: `Matrix safari ${who}`, totalMinor: 250_000 });
      const days = await m.db
        .select({ day: proposalDays.day, place: proposalDays.place })
        .from(proposalDays)
        .where(eq(proposalDays.versionId, draft.versionId))
        .orderBy(asc(proposalDays.day));
      expect(days).toEqual([
        { day: 1, place: "Entebbe" },
        { day: 2, place: "Jinja" },
      ]);
    },
  });

  it("names every operation after its target", () => {
    for (const op of operations()) expect(op.name).toMatch(/^[\w/.()[\]-]+\.tsx?#\w+$/);
  });
});
