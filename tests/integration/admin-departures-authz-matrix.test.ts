/**
 * Authorization matrix of the staff Departures screen: its server actions and DAL reads, each
 * called by a visitor, customer A, customer B, a staff member and an admin. Each cell is the
 * expected outcome; any other (above all an unexpected 'allowed') fails, and a refused caller
 * changes nothing.
 *
 *   login      sent to /admin/login, nothing done
 *   denied     signed in without a staff role: sent to /admin/login?error=AccessDenied
 *   allowed    the operation ran (staff and admins alike: departures are every staff member's)
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";

import * as departureActions from "@/actions/departures";
import { bookings, departures } from "@/db/schema";
import * as adminDepartures from "@/lib/departures/data/manage";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { inDays } from "@/tests/helpers/payloads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
type Actor = (typeof staffArea.actors)[number];

/** Days ahead of each actor's dates, so no two actors' series meet. */
const OFFSET: Record<Actor, number> = {
  visitor: 40,
  customerA: 50,
  customerB: 60,
  staff: 70,
  admin: 80,
};

const operations = (who: Actor, departureId: string, tourId: string): StaffAreaOperation[] => [
  {
    name: "lib/departures/data/manage.ts#listDeparturesForStaff (/admin/departures)",
    expected: staffArea.staffOnly,
    run: () =>
      adminDepartures.listDeparturesForStaff({ tour: null, month: "", status: "", page: 1 }),
  },
  {
    name: "lib/departures/data/manage.ts#getDepartureChoices (the toolbar and dialogs)",
    expected: staffArea.staffOnly,
    run: () => adminDepartures.getDepartureChoices(),
  },
  {
    name: "actions/departures.ts#addDeparturesAction",
    expected: staffArea.staffOnly,
    run: () =>
      departureActions.addDeparturesAction(undefined, {
        tourId,
        startDate: inDays(OFFSET[who] + 1),
        repeat: "weekly",
        weekdays: [],
        until: inDays(OFFSET[who] + 8),
        capacity: "8",
        guideId: "none",
      }),
  },
  {
    name: "actions/departures.ts#updateDepartureAction",
    expected: staffArea.staffOnly,
    run: () =>
      departureActions.updateDepartureAction(undefined, {
        id: departureId,
        capacity: "20",
        cutoffDays: "1",
        guideId: "none",
        note: `Edited by ${who}`,
      }),
  },
  {
    // Before closing: seats are held only on a date on sale.
    name: "actions/departures.ts#holdSeatsAction",
    expected: staffArea.staffOnly,
    run: () =>
      departureActions.holdSeatsAction(undefined, {
        departureId,
        fullName: `Party of ${who}`,
        email: "party@example.com",
        seats: "2",
      }),
  },
  {
    name: "actions/departures.ts#setDepartureSalesAction",
    expected: staffArea.staffOnly,
    run: () =>
      departureActions.setDepartureSalesAction(undefined, { id: departureId, open: false }),
  },
  {
    name: "actions/departures.ts#cancelDepartureAction",
    expected: staffArea.staffOnly,
    run: () =>
      departureActions.cancelDepartureAction(undefined, {
        id: departureId,
        reason: `Cancelled by ${who}`,
      }),
  },
];

async function snapshot() {
  const rows = await m.db
    .select({
      id: departures.id,
      capacity: departures.capacity,
      status: departures.status,
      note: departures.note,
      updatedAt: departures.updatedAt,
    })
    .from(departures)
    .orderBy(departures.id);
  const booked = await m.db
    .select({ id: bookings.id, status: bookings.bookingStatus, updatedAt: bookings.updatedAt })
    .from(bookings)
    .orderBy(bookings.id);
  return { rows, booked };
}

/** Each actor's own departure, made before its test. */
const departureOf: Partial<Record<Actor, string>> = {};
let tourId = "";

describe("admin departures authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every departures operation`,
    prepare: async (who) => {
      const tour = await sellingTour(m.db, "gorilla-safari", "both");
      tourId = tour.id;
      const departure = await makeDeparture(m.db, tour, { inDays: OFFSET[who], capacity: 10 });
      departureOf[who] = departure.id;
    },
    operations: (who) => operations(who, departureOf[who]!, tourId),
    become: m.become,
    judge: (operation) => staffArea.outcome(operation.run),
    snapshot,
    unchanged: staffArea.refused,
    check: async (who) => {
      actAs(null);
      if (who !== "staff" && who !== "admin") return;
      const [row] = await m.db
        .select()
        .from(departures)
        .where(eq(departures.id, departureOf[who]!));
      expect(row).toMatchObject({
        capacity: 20,
        status: "cancelled",
        note: `Edited by ${who}`,
        cancelReason: `Cancelled by ${who}`,
      });
      const added = await m.db
        .select({ id: departures.id })
        .from(departures)
        .where(
          and(eq(departures.tourId, tourId), eq(departures.startDate, inDays(OFFSET[who] + 1))),
        );
      expect(added).toHaveLength(1);
      const held = await m.db
        .select({ source: bookings.source, groupSize: bookings.groupSize })
        .from(bookings)
        .where(eq(bookings.fullName, `Party of ${who}`));
      // Held, then cancelled with its departure.
      expect(held).toEqual([{ source: "admin", groupSize: 2 }]);
    },
  });
});
