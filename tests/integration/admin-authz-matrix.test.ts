/**
 * Authorization matrix of the admin area built with the panel (dashboard, guides, account and
 * second factor, logout): every DAL function behind an admin page and every admin server action,
 * for a visitor, customer A, customer B, a staff member and an admin. Each cell is the expected
 * outcome; any other outcome (above all an unexpected 'allowed') fails. Operation names are
 * "<repo path>#<export>".
 *
 *   login      sent to /admin/login (signed out)
 *   denied     sent to /admin/login?error=AccessDenied (signed in, not staff)
 *   forbidden  staff where the role admin is needed: `forbidden` (DAL) or 'Access Denied' (action)
 *   allowed    the operation ran
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { adminUsers, guides } from "@/db/schema";
import {
  ADMIN_GUARD_REDIRECTS,
  ADMIN_ROLE_ONLY,
  everyone,
  matrixTests,
  type Operation,
  outcomeOf,
  STAFF_AREA_ACTORS,
  STAFF_ONLY,
  type StaffAreaActor,
  unexpectedState,
} from "@/tests/helpers/authz-matrix";
import { actAs, createWorld, type World, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { makeStaff } from "@/tests/helpers/media-world";
import * as authActions from "@/actions/auth";
import * as guideActions from "@/actions/guides";
import * as staffActions from "@/actions/staff";
import * as dashboard from "@/lib/dal/admin-dashboard";
import * as guidesDal from "@/lib/dal/guides";
import * as mfa from "@/lib/dal/mfa";
import * as session from "@/lib/dal/session";
import { DomainError } from "@/lib/errors";
import { totpNow } from "@/lib/mfa";
import { resetRateLimits } from "@/lib/rate-limit";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;
let staff: WorldUser;
let guideId: string;

type Actor = StaffAreaActor;

let actor: Actor = "visitor";
const userOf = (who: Exclude<Actor, "visitor">): WorldUser =>
  ({ customerA: w.a, customerB: w.b, staff, admin: w.admin })[who];

/** The caller's pending TOTP secret (after startMfaSetup), to compute a real code. */
async function myPendingSecret(): Promise<string> {
  if (actor === "visitor") return "JBSWY3DPEHPK3PXP";
  const [row] = await t.db
    .select({ pending: adminUsers.mfaPendingSecret })
    .from(adminUsers)
    .where(eq(adminUsers.userId, userOf(actor).id));
  return row?.pending ?? "JBSWY3DPEHPK3PXP";
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
const guideForm = (name: string) => ({
  fullName: name,
  email: "matrix.guide@example.com",
  phoneNumber: "+256 700 111 222",
  specialty: "Birding",
  languages: "English, Luganda",
  isAvailable: true,
});

const operations = (): Operation<Actor>[] => [
  // Guards of the pages (lib/dal/session.ts)
  {
    name: "lib/dal/session.ts#requireStaffAccount",
    expected: STAFF_ONLY,
    run: () => session.requireStaffAccount(),
  },
  {
    name: "lib/dal/session.ts#requireStaff",
    expected: STAFF_ONLY,
    run: () => session.requireStaff(),
  },
  {
    name: "lib/dal/session.ts#requireAdmin",
    expected: ADMIN_ROLE_ONLY,
    run: () => session.requireAdmin(),
  },
  // Reads behind the pages
  {
    name: "lib/dal/admin-dashboard.ts#getDashboardCounts",
    expected: STAFF_ONLY,
    run: () => dashboard.getDashboardCounts(),
  },
  { name: "lib/dal/guides.ts#listGuides", expected: STAFF_ONLY, run: () => guidesDal.listGuides() },
  { name: "lib/dal/mfa.ts#getMyMfa", expected: STAFF_ONLY, run: () => mfa.getMyMfa() },
  // Writes (DAL)
  {
    name: "lib/dal/guides.ts#createGuide",
    expected: ADMIN_ROLE_ONLY,
    run: () => guidesDal.createGuide(guideInput(`Matrix ${actor}`)),
  },
  {
    name: "lib/dal/guides.ts#updateGuide",
    expected: ADMIN_ROLE_ONLY,
    run: () => guidesDal.updateGuide(guideId, guideInput(`Updated by ${actor}`)),
  },
  {
    name: "lib/dal/guides.ts#setGuideAvailability",
    expected: ADMIN_ROLE_ONLY,
    run: () => guidesDal.setGuideAvailability(guideId, true),
  },
  { name: "lib/dal/mfa.ts#startMfaSetup", expected: STAFF_ONLY, run: () => mfa.startMfaSetup() },
  {
    name: "lib/dal/mfa.ts#confirmMfa",
    expected: STAFF_ONLY,
    run: async () => {
      recovery = await mfa.confirmMfa(totpNow(await myPendingSecret()));
      return recovery;
    },
  },
  {
    name: "lib/dal/mfa.ts#disableMfa",
    expected: STAFF_ONLY,
    run: () => mfa.disableMfa(recovery[0] ?? "aaaa-bbbb-cccc"),
  },
  // Server actions
  {
    name: "actions/guides.ts#createGuideAction",
    expected: ADMIN_ROLE_ONLY,
    run: () => guideActions.createGuideAction(undefined, guideForm(`Action ${actor}`)),
  },
  {
    name: "actions/guides.ts#updateGuideAction",
    expected: ADMIN_ROLE_ONLY,
    run: () =>
      guideActions.updateGuideAction(undefined, { ...guideForm(`Action ${actor}`), id: guideId }),
  },
  {
    name: "actions/guides.ts#setGuideAvailabilityAction",
    expected: ADMIN_ROLE_ONLY,
    run: () =>
      guideActions.setGuideAvailabilityAction(undefined, { id: guideId, isAvailable: false }),
  },
  {
    name: "actions/staff.ts#startMfaSetupAction",
    expected: STAFF_ONLY,
    run: () => staffActions.startMfaSetupAction(undefined, {}),
  },
  {
    name: "actions/staff.ts#confirmMfaAction",
    expected: STAFF_ONLY,
    run: async () => {
      const state = await staffActions.confirmMfaAction(undefined, {
        code: totpNow(await myPendingSecret()),
      });
      if (state.status === "success") recovery = state.data?.recoveryCodes?.split(" ") ?? [];
      return state;
    },
  },
  {
    name: "actions/staff.ts#disableMfaAction",
    expected: STAFF_ONLY,
    run: () => staffActions.disableMfaAction(undefined, { code: recovery[1] ?? "aaaa-bbbb-cccc" }),
  },
  {
    name: "actions/auth.ts#adminSignOutAction",
    expected: everyone(STAFF_AREA_ACTORS, "allowed"),
    run: () => authActions.adminSignOutAction(undefined, {}),
  },
];

/** Staff refused for want of the admin role: `forbidden` from the DAL, 'Access Denied' from an action. */
const judge = (operation: Operation<Actor>) =>
  outcomeOf(operation.run, {
    redirects: ADMIN_GUARD_REDIRECTS,
    error: (error) =>
      error instanceof DomainError && error.code === "forbidden" ? "forbidden" : undefined,
    value: (value) => {
      const state = value as { status?: string; title?: string } | null;
      if (state?.status === "error" && state.title === "Access Denied") return "forbidden";
      return unexpectedState(value) ?? "allowed";
    },
  });

beforeAll(async () => {
  w = await createWorld(t.db);
  staff = await makeStaff(t.db);
  const [guide] = await t.db
    .insert(guides)
    .values({ fullName: "Matrix Guide", languages: ["English"] })
    .returning({ id: guides.id });
  guideId = guide!.id;
});

describe("admin authorization matrix", () => {
  matrixTests({
    actors: STAFF_AREA_ACTORS,
    title: (who) => `${who}: every admin operation`,
    operations,
    become: (who) => {
      actor = who;
      resetRateLimits();
      actAs(who === "visitor" ? null : userOf(who));
    },
    judge,
    snapshot: guideRow,
    check: (who, before, after) => {
      if (who !== "admin") expect(after).toEqual(before);
    },
  });

  it("names every operation after its target", () => {
    for (const op of operations()) expect(op.name).toMatch(/^[\w/.()[\]-]+\.tsx?#\w+$/);
  });
});

async function guideRow() {
  const [row] = await t.db.select().from(guides).where(eq(guides.id, guideId));
  return row;
}
