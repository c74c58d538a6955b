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
import { beforeAll, describe, expect, it, vi } from "vitest";

import * as tourActions from "@/actions/admin-tours";
import { tours } from "@/db/schema";
import * as adminTours from "@/lib/dal/admin-tours";
import { actAs, createWorld, type World, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { redirectTarget } from "@/tests/helpers/fake-request";
import { makeStaff } from "@/tests/helpers/media-world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: World;
let staff: WorldUser;

type Outcome = "login" | "denied" | "forbidden" | "allowed";
type Actor = "visitor" | "customerA" | "customerB" | "staff" | "admin";
const ACTORS: Actor[] = ["visitor", "customerA", "customerB", "staff", "admin"];

const STAFF_ONLY: Record<Actor, Outcome> = {
  visitor: "login",
  customerA: "denied",
  customerB: "denied",
  staff: "allowed",
  admin: "allowed",
};
const ADMIN_ONLY: Record<Actor, Outcome> = { ...STAFF_ONLY, staff: "forbidden" };

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

type Operation = { name: string; expected: Record<Actor, Outcome>; run: () => Promise<unknown> };

/** Each actor works on a tour of its own, so an allowed delete does not hide a later refusal. */
const operations = (who: Actor, tourId: string): Operation[] => [
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
    expected: ADMIN_ONLY,
    run: () => tourActions.deleteTourAction(undefined, { id: tourId }),
  },
];

async function outcomeOf(run: () => Promise<unknown>): Promise<string> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    const to = redirectTarget(error);
    if (to === "/admin/login") return "login";
    if (to === "/admin/login?error=AccessDenied") return "denied";
    throw error;
  }
  const state = value as { status?: string; message?: string } | null;
  if (state && typeof state === "object" && "status" in state) {
    if (state.status === "success") return "allowed";
    if (state.status === "error" && state.message === "Only administrators can delete tours.")
      return "forbidden";
    return `action ${JSON.stringify(state)}`;
  }
  return "allowed";
}

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

describe("admin tours authorization matrix", () => {
  for (const who of ACTORS) {
    it(`${who}: every tours operation`, async () => {
      const slug = `matrix-${who.toLowerCase()}`;
      const [tour] = await t.db
        .insert(tours)
        .values({
          title: `Matrix ${who}`,
          slug,
          category: "Nature",
          pricing: { packages: [{ name: "Standard", price: 100, per: "person" }] },
        })
        .returning({ id: tours.id });
      actAs(who === "visitor" ? null : callers[who]());
      const before = await snapshot();
      const results: string[] = [];
      for (const op of operations(who, tour!.id)) {
        const outcome = await outcomeOf(op.run);
        if (outcome !== op.expected[who])
          results.push(`${op.name}: expected ${op.expected[who]}, got ${outcome}`);
      }
      expect(results).toEqual([]);
      if (STAFF_ONLY[who] !== "allowed") expect(await snapshot()).toEqual(before);
      if (who === "staff") {
        const [row] = await t.db.select().from(tours).where(eq(tours.id, tour!.id));
        expect(row).toMatchObject({ title: "Edited by staff", isActive: false });
      }
      if (who === "admin")
        expect(await t.db.select().from(tours).where(eq(tours.id, tour!.id))).toEqual([]);
      actAs(null);
    });
  }
});
