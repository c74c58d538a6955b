/**
 * Authorization matrix of the admin Tours screen: its server actions and DAL reads, each called by
 * a visitor, customer A, customer B, a staff member and an admin. Each cell is the expected
 * outcome; any other (above all an unexpected 'allowed') fails, and a refused caller changes
 * nothing.
 *
 *   login      sent to /admin/login, nothing done
 *   denied     signed in without a staff role: sent to /admin/login?error=AccessDenied
 *   forbidden  staff where the role admin is needed: the action's 'Error deleting tour' toast
 *   allowed    the operation ran
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, vi } from "vitest";

import * as tourActions from "@/actions/admin-tours";
import { tours } from "@/db/schema";
import * as adminTours from "@/lib/dal/admin-tours";
import {
  ADMIN_GUARD_REDIRECTS,
  ADMIN_ROLE_ONLY,
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

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;
let staff: WorldUser;

type Actor = StaffAreaActor;

const tourForm = (slug: string) => ({
  title: `Matrix ${slug}`,
  slug,
  category: "Wildlife",
  durationDays: "2",
  difficulty: "Easy",
  itinerary: [{ day: "1", title: "Day one", description: "A day." }],
  pricing: [{ name: "Standard", price: "300", per: "person" }],
  isActive: true,
});

/** Each actor works on a tour of its own, so an allowed delete does not hide a later refusal. */
const operations = (who: Actor, tourId: string): Operation<Actor>[] => [
  {
    name: "lib/dal/admin-tours.ts#listToursForStaff (/admin/tours)",
    expected: STAFF_ONLY,
    run: () => adminTours.listToursForStaff(""),
  },
  {
    name: "lib/dal/admin-tours.ts#getTourForStaff (?edit=)",
    expected: STAFF_ONLY,
    run: () => adminTours.getTourForStaff(tourId),
  },
  {
    name: "actions/admin-tours.ts#createTourAction",
    expected: STAFF_ONLY,
    run: () => tourActions.createTourAction(undefined, tourForm(`matrix-new-${who.toLowerCase()}`)),
  },
  {
    name: "actions/admin-tours.ts#updateTourAction",
    expected: STAFF_ONLY,
    run: () =>
      tourActions.updateTourAction(undefined, {
        ...tourForm(`matrix-${who.toLowerCase()}`),
        title: `Edited by ${who}`,
        id: tourId,
      }),
  },
  {
    name: "actions/admin-tours.ts#setTourActiveAction",
    expected: STAFF_ONLY,
    run: () => tourActions.setTourActiveAction(undefined, { id: tourId, isActive: false }),
  },
  {
    name: "actions/admin-tours.ts#deleteTourAction",
    expected: ADMIN_ROLE_ONLY,
    run: () => tourActions.deleteTourAction(undefined, { id: tourId }),
  },
];

const judge = (operation: Operation<Actor>) =>
  outcomeOf(operation.run, {
    redirects: ADMIN_GUARD_REDIRECTS,
    value: (value) => {
      const state = value as { status?: string; message?: string } | null;
      if (state?.status === "error" && state.message === "Only administrators can delete tours.")
        return "forbidden";
      return unexpectedState(value) ?? "allowed";
    },
  });

async function snapshot() {
  return t.db
    .select({
      id: tours.id,
      slug: tours.slug,
      title: tours.title,
      isActive: tours.isActive,
      updatedAt: tours.updatedAt,
    })
    .from(tours)
    .orderBy(tours.id);
}

beforeAll(async () => {
  w = await createWorld(t.db);
  staff = await makeStaff(t.db);
});

const callers: Record<Exclude<Actor, "visitor">, () => WorldUser> = {
  customerA: () => w.a,
  customerB: () => w.b,
  staff: () => staff,
  admin: () => w.admin,
};

/** Each actor's own tour, made before its test. */
const tourOf: Partial<Record<Actor, string>> = {};

describe("admin tours authorization matrix", () => {
  matrixTests({
    actors: STAFF_AREA_ACTORS,
    title: (who) => `${who}: every tours operation`,
    prepare: async (who) => {
      const [tour] = await t.db
        .insert(tours)
        .values({
          title: `Matrix ${who}`,
          slug: `matrix-${who.toLowerCase()}`,
          category: "Nature",
          pricing: { packages: [{ name: "Standard", price: 100, per: "person" }] },
        })
        .returning({ id: tours.id });
      tourOf[who] = tour!.id;
    },
    operations: (who) => operations(who, tourOf[who]!),
    become: (who) => actAs(who === "visitor" ? null : callers[who]()),
    judge,
    snapshot,
    check: async (who, before, after) => {
      actAs(null);
      if (STAFF_ONLY[who] !== "allowed") expect(after).toEqual(before);
      const row = await t.db.select().from(tours).where(eq(tours.id, tourOf[who]!));
      if (who === "staff")
        expect(row).toMatchObject([{ title: "Edited by staff", isActive: false }]);
      if (who === "admin") expect(row).toEqual([]);
    },
  });
});
