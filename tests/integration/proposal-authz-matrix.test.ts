/**
 * Authorization matrix of a proposal's traveller side (app/(site)/proposal/[token]): accepting
 * (acceptProposalAction) and the PDF, authorized by the signed proposal link, not by a session.
 * Every caller (a visitor, customers A and B, staff, an admin) holding a valid link is answered
 * alike: the proposal accepted and the browser sent to the deposit's pay page, the PDF given.
 * Without a valid link (forged, altered, expired, another kind of link, or none) nothing is
 * accepted and the PDF is refused. Operation names carry their target as "<path>#<export>"
 * (tests/unit/authz-coverage.test.ts checks every export has one).
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { describe } from "vitest";

import { acceptProposalAction } from "@/actions/proposals";
import { GET as proposalPdf } from "@/app/(site)/proposal/[token]/pdf/route";
import { proposals, proposalVersions } from "@/db/schema";
import { payLinkToken } from "@/lib/payments/pay-link";
import { proposalToken } from "@/lib/proposals/link";
import {
  openMatrixWorld,
  type StaffAreaActor,
  type StaffAreaOperation,
  staffArea,
} from "@/tests/helpers/authz-matrix";
import { asFormData } from "@/tests/helpers/payloads";
import { insertLot, insertProposal } from "@/tests/helpers/traveller-proposals";

const m = openMatrixWorld();

/** Each caller's own proposal, whose valid link they accept (an acceptance happens once). */
const theirs = new Map<StaffAreaActor, string>();
/** A proposal only ever given invalid links: it must stay unaccepted. */
let untouched: { proposalId: string; versionId: string } | null = null;
let start = 200;

async function prepare(who: StaffAreaActor) {
  start += 3;
  const p = await insertProposal(m.db, { startInDays: start });
  await insertLot(m.db, p.version.trekDay, 2);
  theirs.set(who, p.version.token);
  if (!untouched) {
    const u = await insertProposal(m.db, { startInDays: 400 });
    untouched = { proposalId: u.proposalId, versionId: u.version.id };
  }
}

const accept = (token: string, fullName = "Amara Okafor") =>
  staffArea.outcome(
    () => acceptProposalAction(undefined, asFormData({ token, fullName, terms: "on" })),
    {
      value: (state) => {
        const s = state as { status: string; title?: string };
        return `${s.status}: ${s.title ?? ""}`;
      },
    },
  );

const pdf = async (token: string) =>
  String(
    (
      await proposalPdf(new Request("http://localhost/proposal/x/pdf"), {
        params: Promise.resolve({ token }),
      })
    ).status,
  );

const TO_DEPOSIT = /^redirect to \/pay\/[A-Za-z0-9_-]{74}$/;
const CANNOT = "error: Cannot Accept";
const expiredLink = () => proposalToken(untouched!.versionId, new Date(Date.now() - 60_000));

const operations = (who: StaffAreaActor): StaffAreaOperation<string | RegExp>[] => [
  {
    name: "app/(site)/proposal/[token]/pdf/route.ts#GET (a valid link)",
    expected: staffArea.everyone("200"),
    run: () => pdf(theirs.get(who)!),
  },
  {
    name: "app/(site)/proposal/[token]/pdf/route.ts#GET (an expired link)",
    expected: staffArea.everyone("410"),
    run: () => pdf(expiredLink()),
  },
  {
    name: "app/(site)/proposal/[token]/pdf/route.ts#GET (a forged link)",
    expected: staffArea.everyone("404"),
    run: () => pdf(payLinkToken(untouched!.versionId)),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (an expired link)",
    expected: staffArea.everyone(CANNOT),
    run: () => accept(expiredLink()),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (a pay link in its place)",
    expected: staffArea.everyone(CANNOT),
    run: () => accept(payLinkToken(untouched!.versionId)),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (a link signed with another key)",
    expected: staffArea.everyone(CANNOT),
    run: () =>
      accept(
        proposalToken(
          untouched!.versionId,
          new Date(Date.now() + 86_400_000),
          "not the site's secret, but long enough",
        ),
      ),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (no link)",
    expected: staffArea.everyone(/^invalid: /),
    run: () => accept(""),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (a valid link)",
    expected: staffArea.everyone(TO_DEPOSIT),
    run: () => accept(theirs.get(who)!),
  },
  {
    name: "actions/proposals.ts#acceptProposalAction (the same valid link again)",
    expected: staffArea.everyone(CANNOT),
    run: () => accept(theirs.get(who)!),
  },
];

async function snapshot() {
  const [version] = await m.db
    .select({ state: proposalVersions.state, acceptedAt: proposalVersions.acceptedAt })
    .from(proposalVersions)
    .where(eq(proposalVersions.id, untouched!.versionId));
  const [proposal] = await m.db
    .select({ bookingId: proposals.bookingId })
    .from(proposals)
    .where(eq(proposals.id, untouched!.proposalId));
  return { version, proposal };
}

describe("proposal traveller authorization matrix", () => {
  staffArea.tests({
    title: (who) =>
      `${who}: a valid proposal link accepts it and gives its PDF; without one nothing happens`,
    prepare,
    operations,
    become: m.becomeFromNewAddress,
    judge: async (operation) => String(await operation.run()),
    snapshot,
    unchanged: staffArea.actors,
  });
});
