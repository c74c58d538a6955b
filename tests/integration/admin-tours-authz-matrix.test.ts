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
import { describe, expect, vi } from "vitest";

import * as tourActions from "@/actions/tours";
import { tours } from "@/db/schema";
import * as adminTours from "@/lib/tours/data/manage";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
type Actor = (typeof staffArea.actors)[number];

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
const operations = (who: Actor, tourId: string): StaffAreaOperation[] => [
  {
    name: "lib/tours/data/manage.ts#listToursForStaff (/admin/tours)",
    expected: staffArea.staffOnly,
    run: () => adminTours.listToursForStaff(""),
  },
  {
    name: "lib/tours/data/manage.ts#getTourForStaff (?edit=)",
    expected: staffArea.staffOnly,
    run: () => adminTours.getTourForStaff(tourId),
  },
  {
    name: "actions/tours.ts#createTourAction",
    expected: staffArea.staffOnly,
    run: () => tourActions.createTourAction(undefined, tourForm(`matrix-new-${who.toLowerCase()}`)),
  },
  {
    name: "actions/tours.ts#updateTourAction",
    expected: staffArea.staffOnly,
    run: () =>
      tourActions.updateTourAction(undefined, {
        ...tourForm(`matrix-${who.toLowerCase()}`),
        title: `Edited by ${who}`,
        id: tourId,
      }),
  },
  {
    name: "actions/tours.ts#setTourActiveAction",
    expected: staffArea.staffOnly,
    run: () => tourActions.setTourActiveAction(undefined, { id: tourId, isActive: false }),
  },
  {
    name: "actions/tours.ts#deleteTourAction",
    expected: staffArea.adminRoleOnly,
    run: () => tourActions.deleteTourAction(undefined, { id: tourId }),
  },
];

const judge = (operation: StaffAreaOperation) =>
  staffArea.outcome(operation.run, {
    value: (value) => {
      const state = value as { status?: string; message?: string } | null;
      const refused =
        state?.status === "error" && state.message === "Only administrators can delete tours.";
      return refused ? "forbidden" : undefined;
    },
  });

async function snapshot() {
  return m.db
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

/** Each actor's own tour, made before its test. */
const tourOf: Partial<Record<Actor, string>> = {};

describe("admin tours authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every tours operation`,
    prepare: async (who) => {
      const [tour] = await m.db
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
    become: m.become,
    judge,
    snapshot,
    unchanged: staffArea.refused,
    check: async (who) => {
      actAs(null);
      const row = await m.db.select().from(tours).where(eq(tours.id, tourOf[who]!));
      if (who === "staff")
        expect(row).toMatchObject([{ title: "Edited by staff", isActive: false }]);
      if (who === "admin") expect(row).toEqual([]);
    },
  });
});
