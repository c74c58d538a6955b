/**
 * Authorization matrix of the admin area built with the panel (dashboard, guides, tariffs, activity,
 * account and second factor, logout): every DAL function behind an admin page and every admin
 * server action, for a visitor, customer A, customer B, a staff member and an admin. Each cell is
 * the expected outcome; any other outcome (above all an unexpected 'allowed') fails. Operation
 * names are "<repo path>#<export>".
 *
 *   login      sent to /admin/login (signed out)
 *   denied     sent to /admin/login?error=AccessDenied (signed in, not staff)
 *   forbidden  staff where the role admin is needed: `forbidden` (DAL) or 'Access Denied' (action)
 *   allowed    the operation ran
 */
import { and, eq, like, ne, notLike } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import {
  adminUsers,
  bookings,
  guides,
  parkFeeTariffs,
  permitAllocations,
  permitLots,
  tours,
} from "@/db/schema";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { guideForm } from "@/tests/helpers/payloads";
import * as accountActions from "@/actions/accounts";
import * as guideActions from "@/actions/guides";
import * as parkActions from "@/actions/parks";
import * as tariffsDal from "@/lib/parks/data/tariffs";
import * as permitsDal from "@/lib/parks/data/permits";
import * as allocationsDal from "@/lib/parks/data/allocations";
import * as permitAlertsDal from "@/lib/parks/data/alerts";
import { parseActivityQuery } from "@/lib/audit/activity";
import * as dashboard from "@/lib/bookings/data/figures";
import * as firstThings from "@/lib/dashboard/data/first-things";
import * as auditDal from "@/lib/audit/data/activity";
import * as guidesDal from "@/lib/guides/data/guides";
import * as mfa from "@/lib/accounts/data/second-factor";
import * as session from "@/lib/session";
import { DomainError } from "@/lib/errors";
import { totpNow } from "@/lib/accounts/mfa";
import { openMfaSecret } from "@/lib/accounts/mfa-secret";
import { resetRateLimits } from "@/lib/rate-limit";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
let guideId: string;
let tariffId: string;
let lotId: string;
let tourId: string;
/** A private trip of a permit tour whose one trekker holds a permit of the matrix lot. */
let permitBookingId: string;
let allocationId: string;

let actor: (typeof staffArea.actors)[number] = "visitor";

/** The caller's pending TOTP secret (after startMfaSetup), to compute a real code. */
async function myPendingSecret(): Promise<string> {
  const me = m.userOf(actor);
  if (!me) return "JBSWY3DPEHPK3PXP";
  const [row] = await m.db
    .select({ pending: adminUsers.mfaPendingSecret })
    .from(adminUsers)
    .where(eq(adminUsers.userId, me.id));
  return row?.pending ? openMfaSecret(row.pending) : "JBSWY3DPEHPK3PXP";
}
let recovery: string[] = [];

const guideInput = (name: string) => ({
  fullName: name,
  email: "matrix.guide@example.com",
  phoneNumber: "+256 700 111 222",
  specialty: "Birding",
  languages: ["English"],
  isAvailable: true,
});
/** A tariff row of the caller's own (its note names them), as the DAL and the form take it. */
const tariffInput = (who: string) => ({
  fee: "chimpanzee_tracking" as const,
  park: null,
  residency: "rest_of_africa" as const,
  ageBand: "adult" as const,
  currency: "USD" as const,
  amountMinor: 12_000,
  effectiveFrom: "2030-01-01",
  effectiveTo: null,
  carriedOver: false,
  note: `Matrix ${who}`,
});
const tariffForm = (who: string) => ({
  fee: "chimpanzee_tracking",
  residency: "rest_of_africa",
  ageBand: "adult",
  currency: "USD",
  amount: "120",
  effectiveFrom: "2030-01-01",
  note: `Matrix action ${who}`,
});

/** A permit lot of the caller's own (its note names them). */
const lotInput = (who: string) => ({
  park: "Matrix Park",
  sector: null,
  trekDate: "2030-02-01",
  quantity: 2,
  uwaReference: null,
  currency: "USD" as const,
  faceValueMinor: null,
  state: "paid" as const,
  blockedUntil: null,
  note: `Matrix ${who}`,
});

const operations = (): StaffAreaOperation[] => [
  // Guards of the pages (lib/session.ts)
  {
    name: "lib/session.ts#requireStaffAccount",
    expected: staffArea.staffOnly,
    run: () => session.requireStaffAccount(),
  },
  {
    name: "lib/session.ts#requireStaff",
    expected: staffArea.staffOnly,
    run: () => session.requireStaff(),
  },
  {
    name: "lib/session.ts#requireAdmin",
    expected: staffArea.adminRoleOnly,
    run: () => session.requireAdmin(),
  },
  // Reads behind the pages
  {
    name: "lib/bookings/data/figures.ts#getDashboardCounts",
    expected: staffArea.staffOnly,
    run: () => dashboard.getDashboardCounts(),
  },
  {
    name: "lib/dashboard/data/first-things.ts#getFirstThings",
    expected: staffArea.staffOnly,
    run: () => firstThings.getFirstThings(),
  },
  {
    name: "lib/guides/data/guides.ts#listGuides",
    expected: staffArea.staffOnly,
    run: () => guidesDal.listGuides(),
  },
  {
    name: "lib/audit/data/activity.ts#listAuditEvents",
    expected: staffArea.adminRoleOnly,
    run: () => auditDal.listAuditEvents(parseActivityQuery({})),
  },
  {
    name: "lib/accounts/data/second-factor.ts#getMyMfa",
    expected: staffArea.staffOnly,
    run: () => mfa.getMyMfa(),
  },
  // Writes (DAL)
  {
    name: "lib/guides/data/guides.ts#createGuide",
    expected: staffArea.adminRoleOnly,
    run: () => guidesDal.createGuide(guideInput(`Matrix ${actor}`)),
  },
  {
    name: "lib/guides/data/guides.ts#updateGuide",
    expected: staffArea.adminRoleOnly,
    run: () => guidesDal.updateGuide(guideId, guideInput(`Updated by ${actor}`)),
  },
  {
    name: "lib/guides/data/guides.ts#setGuideAvailability",
    expected: staffArea.adminRoleOnly,
    run: () => guidesDal.setGuideAvailability(guideId, true),
  },
  {
    name: "lib/accounts/data/second-factor.ts#startMfaSetup",
    expected: staffArea.staffOnly,
    run: () => mfa.startMfaSetup(),
  },
  {
    name: "lib/accounts/data/second-factor.ts#confirmMfa",
    expected: staffArea.staffOnly,
    run: async () => {
      recovery = await mfa.confirmMfa(totpNow(await myPendingSecret()));
      return recovery;
    },
  },
  {
    name: "lib/accounts/data/second-factor.ts#disableMfa",
    expected: staffArea.staffOnly,
    run: () => mfa.disableMfa(recovery[0] ?? "aaaa-bbbb-cccc"),
  },
  {
    name: "lib/parks/data/tariffs.ts#listTariffs",
    expected: staffArea.staffOnly,
    run: () => tariffsDal.listTariffs(),
  },
  {
    name: "lib/parks/data/tariffs.ts#createTariff",
    expected: staffArea.adminRoleOnly,
    run: () => tariffsDal.createTariff(tariffInput(actor)),
  },
  {
    name: "lib/parks/data/tariffs.ts#updateTariff",
    expected: staffArea.adminRoleOnly,
    run: () => tariffsDal.updateTariff({ id: tariffId, ...tariffInput(actor) }),
  },
  {
    name: "lib/parks/data/permits.ts#listPermitDays",
    expected: staffArea.staffOnly,
    run: () => permitsDal.listPermitDays(),
  },
  {
    name: "lib/parks/data/permits.ts#listPermitTours",
    expected: staffArea.staffOnly,
    run: () => permitsDal.listPermitTours(),
  },
  {
    name: "lib/parks/data/permits.ts#createPermitLot",
    expected: staffArea.staffOnly,
    run: () => permitsDal.createPermitLot(lotInput(actor)),
  },
  {
    name: "lib/parks/data/permits.ts#setPermitLotState",
    expected: staffArea.staffOnly,
    run: () => permitsDal.setPermitLotState({ id: lotId, state: "paid", blockedUntil: null }),
  },
  {
    name: "lib/parks/data/permits.ts#setTourPermit",
    expected: staffArea.adminRoleOnly,
    run: () => permitsDal.setTourPermit({ tourId, permitFee: null, permitPark: null, trekDay: 1 }),
  },
  {
    name: "lib/parks/data/alerts.ts#getPermitAlerts",
    expected: staffArea.staffOnly,
    run: () => permitAlertsDal.getPermitAlerts(),
  },
  {
    name: "lib/parks/data/allocations.ts#allocateBookingPermits",
    expected: staffArea.staffOnly,
    run: () => allocationsDal.allocateBookingPermits({ bookingId: permitBookingId, lotId }),
  },
  {
    name: "lib/parks/data/allocations.ts#setPermitNumber",
    expected: staffArea.staffOnly,
    run: () => allocationsDal.setPermitNumber({ allocationId, permitNumber: `Matrix ${actor}` }),
  },
  // Server actions
  {
    name: "actions/parks.ts#allocatePermitsAction",
    expected: staffArea.staffOnly,
    run: () => parkActions.allocatePermitsAction(undefined, { bookingId: permitBookingId, lotId }),
  },
  {
    name: "actions/parks.ts#setPermitNumberAction",
    expected: staffArea.staffOnly,
    run: () =>
      parkActions.setPermitNumberAction(undefined, {
        allocationId,
        permitNumber: `Matrix action ${actor}`,
      }),
  },
  {
    name: "actions/parks.ts#createPermitLotAction",
    expected: staffArea.staffOnly,
    run: () =>
      parkActions.createPermitLotAction(undefined, {
        park: "Matrix Park",
        trekDate: "2030-02-01",
        quantity: "2",
        currency: "USD",
        state: "paid",
        note: `Matrix action ${actor}`,
      }),
  },
  {
    name: "actions/parks.ts#updatePermitLotStateAction",
    expected: staffArea.staffOnly,
    run: () =>
      parkActions.updatePermitLotStateAction(undefined, { id: lotId, state: "deposit_paid" }),
  },
  {
    name: "actions/parks.ts#setTourPermitAction",
    expected: staffArea.adminRoleOnly,
    run: () => parkActions.setTourPermitAction(undefined, { tourId, permitFee: "", trekDay: "1" }),
  },
  {
    name: "actions/parks.ts#createTariffAction",
    expected: staffArea.adminRoleOnly,
    run: () => parkActions.createTariffAction(undefined, tariffForm(actor)),
  },
  {
    name: "actions/parks.ts#updateTariffAction",
    expected: staffArea.adminRoleOnly,
    run: () => parkActions.updateTariffAction(undefined, { ...tariffForm(actor), id: tariffId }),
  },
  {
    name: "actions/guides.ts#createGuideAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      guideActions.createGuideAction(undefined, guideForm({ fullName: `Action ${actor}` })),
  },
  {
    name: "actions/guides.ts#updateGuideAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      guideActions.updateGuideAction(undefined, {
        ...guideForm({ fullName: `Action ${actor}` }),
        id: guideId,
      }),
  },
  {
    name: "actions/guides.ts#setGuideAvailabilityAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      guideActions.setGuideAvailabilityAction(undefined, { id: guideId, isAvailable: false }),
  },
  {
    name: "actions/accounts.ts#startMfaSetupAction",
    expected: staffArea.staffOnly,
    run: () => accountActions.startMfaSetupAction(undefined, {}),
  },
  {
    name: "actions/accounts.ts#confirmMfaAction",
    expected: staffArea.staffOnly,
    run: async () => {
      const state = await accountActions.confirmMfaAction(undefined, {
        code: totpNow(await myPendingSecret()),
      });
      if (state.status === "success") recovery = state.data?.recoveryCodes?.split(" ") ?? [];
      return state;
    },
  },
  {
    name: "actions/accounts.ts#disableMfaAction",
    expected: staffArea.staffOnly,
    run: () =>
      accountActions.disableMfaAction(undefined, { code: recovery[1] ?? "aaaa-bbbb-cccc" }),
  },
  {
    name: "actions/accounts.ts#adminSignOutAction",
    expected: staffArea.everyone("allowed"),
    run: () => accountActions.adminSignOutAction(undefined, {}),
  },
];

/** Staff refused for want of the admin role: `forbidden` from the DAL, 'Access Denied' from an action. */
const judge = (operation: StaffAreaOperation) =>
  staffArea.outcome(operation.run, {
    error: (error) =>
      error instanceof DomainError && error.code === "forbidden" ? "forbidden" : undefined,
    value: (value) => {
      const state = value as { status?: string; title?: string } | null;
      return state?.status === "error" && state.title === "Access Denied" ? "forbidden" : undefined;
    },
  });

beforeAll(async () => {
  const [guide] = await m.db
    .insert(guides)
    .values({ fullName: "Matrix Guide", languages: ["English"] })
    .returning({ id: guides.id });
  guideId = guide!.id;
  const [tariff] = await m.db
    .insert(parkFeeTariffs)
    .values({ ...tariffInput("seed"), note: "Matrix tariff" })
    .returning({ id: parkFeeTariffs.id });
  tariffId = tariff!.id;
  const [lot] = await m.db
    .insert(permitLots)
    .values({ ...lotInput("seed"), note: "Matrix lot" })
    .returning({ id: permitLots.id });
  lotId = lot!.id;
  const [tour, permitTour] = await m.db
    .select({ id: tours.id })
    .from(tours)
    .orderBy(tours.slug)
    .limit(2);
  tourId = tour!.id;
  // Another tour than the one the matrix sets without a permit: its trek is in the matrix park.
  await m.db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: "Matrix Park", trekDay: 1 })
    .where(eq(tours.id, permitTour!.id));
  const [booking] = await m.db
    .insert(bookings)
    .values({
      source: "public",
      fullName: "Matrix Trekker",
      email: "matrix.trekker@example.com",
      phone: "+256 700 000 000",
      tourId: permitTour!.id,
      tourPackage: "Matrix trek",
      departureDate: "2030-02-01",
      groupSize: 1,
      termsAccepted: true,
    })
    .returning({ id: bookings.id });
  permitBookingId = booking!.id;
  const [allocation] = await m.db
    .insert(permitAllocations)
    .values({ lotId, bookingId: permitBookingId, traveller: 1, permitNumber: "Matrix seed" })
    .returning({ id: permitAllocations.id });
  allocationId = allocation!.id;
});

describe("admin authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every admin operation`,
    operations,
    become: (who) => {
      actor = who;
      resetRateLimits();
      m.become(who);
    },
    judge,
    snapshot: async () => ({
      guide: await guideRow(),
      tariffs: await tariffRows(),
      // Lots a refused caller would have added (staff and admins may: theirs are left out).
      lots: await m.db
        .select({ id: permitLots.id })
        .from(permitLots)
        .where(
          and(
            eq(permitLots.park, "Matrix Park"),
            notLike(permitLots.note, "%staff"),
            notLike(permitLots.note, "%admin"),
            ne(permitLots.id, lotId),
          ),
        )
        .orderBy(permitLots.id),
      // The matrix booking's permits, and any number a refused caller would have typed.
      permits: (
        await m.db
          .select({ lotId: permitAllocations.lotId, number: permitAllocations.permitNumber })
          .from(permitAllocations)
          .where(eq(permitAllocations.bookingId, permitBookingId))
      ).map((a) => ({
        lotId: a.lotId,
        number: /^Matrix (action )?(seed|staff|admin)$/.test(a.number ?? "") ? "allowed" : a.number,
      })),
    }),
    unchanged: [...staffArea.refused, "staff"],
  });

  it("names every operation after its target", () => {
    for (const op of operations()) expect(op.name).toMatch(/^[\w/.()[\]-]+\.tsx?#\w+$/);
  });
});

/** The tariff rows the matrix touches: only an admin's calls may add or change them. */
async function tariffRows() {
  return m.db
    .select({ id: parkFeeTariffs.id, note: parkFeeTariffs.note })
    .from(parkFeeTariffs)
    .where(like(parkFeeTariffs.note, "Matrix%"))
    .orderBy(parkFeeTariffs.id);
}

async function guideRow() {
  const [row] = await m.db.select().from(guides).where(eq(guides.id, guideId));
  return row;
}
