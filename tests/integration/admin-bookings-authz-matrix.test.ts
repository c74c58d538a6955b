/**
 * Authorization matrix of the admin bookings screen: every exported server action and DAL
 * function behind /admin/bookings, for a visitor, customers A and B, a staff member and an
 * admin. Staff and admins work bookings; anyone else is sent to /admin/login
 * (signed-in non-staff with ?error=AccessDenied) and nothing is read or written.
 *
 * queryAdminBookings and queryTourPackages take a database handle, which only lib/dal can open
 * (the ESLint boundary): they are the SQL of listAdminBookings and listBookingTourPackages,
 * reached by the bench, not entry points.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import * as actions from "@/actions/admin-bookings";
import { bookingEvents, bookings } from "@/db/schema";
import * as dal from "@/lib/dal/admin-bookings";
import { parseAdminBookingQuery } from "@/lib/admin-bookings";
import {
  type AdminWorld,
  createAdminWorld,
  insertBookings,
} from "@/tests/helpers/admin-bookings-world";
import {
  ADMIN_GUARD_REDIRECTS,
  matrixTests,
  type Operation,
  outcomeOf,
  STAFF_AREA_ACTORS,
  STAFF_ONLY,
  type StaffAreaActor,
  unexpectedState,
} from "@/tests/helpers/authz-matrix";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { inDays } from "@/tests/helpers/payloads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: AdminWorld;
let target: string;

type Actor = StaffAreaActor;

/** The booking's current version, as the dialog would have it. */
async function version(): Promise<string> {
  const [row] = await t.db
    .select({ v: sql<string>`(extract(epoch from ${bookings.updatedAt}) * 1000000)::bigint::text` })
    .from(bookings)
    .where(eq(bookings.id, target));
  return row!.v;
}

async function guideNow(): Promise<string> {
  const [row] = await t.db
    .select({ g: bookings.guideId })
    .from(bookings)
    .where(eq(bookings.id, target));
  return row!.g ?? "none";
}

/** Staff and admins work bookings; every operation has the admin screens' guard. */
const operations = (): Operation<Actor>[] => [
  {
    name: "lib/dal/admin-bookings.ts#listAdminBookings",
    expected: STAFF_ONLY,
    run: () => dal.listAdminBookings(parseAdminBookingQuery({})),
  },
  {
    name: "lib/dal/admin-bookings.ts#listBookingTourPackages",
    expected: STAFF_ONLY,
    run: () => dal.listBookingTourPackages(),
  },
  {
    name: "lib/dal/admin-bookings.ts#getBookingForEdit",
    expected: STAFF_ONLY,
    run: () => dal.getBookingForEdit(target),
  },
  {
    name: "lib/dal/admin-bookings.ts#updateBookingPayment",
    expected: STAFF_ONLY,
    run: async () =>
      dal.updateBookingPayment({
        bookingId: target,
        version: await version(),
        paymentStatus: "Pending",
        paymentNote: `matrix ${crypto.randomUUID()}`,
        bookingStatus: "new",
      }),
  },
  {
    name: "lib/dal/admin-bookings.ts#assignGuide",
    expected: STAFF_ONLY,
    run: async () => {
      const old = await guideNow();
      return dal.assignGuide({
        bookingId: target,
        version: await version(),
        guideId: old === "none" ? w.guide!.id : null,
        oldGuideId: old === "none" ? null : old,
      });
    },
  },
  {
    name: "actions/admin-bookings.ts#updateBookingPaymentAction",
    expected: STAFF_ONLY,
    run: async () =>
      actions.updateBookingPaymentAction(undefined, {
        bookingId: target,
        version: await version(),
        paymentStatus: "Pending",
        paymentNote: `matrix action ${crypto.randomUUID()}`,
        bookingStatus: "new",
      }),
  },
  {
    name: "actions/admin-bookings.ts#assignGuideAction",
    expected: STAFF_ONLY,
    run: async () => {
      const old = await guideNow();
      return actions.assignGuideAction(undefined, {
        bookingId: target,
        version: await version(),
        guideId: old === "none" ? w.guide!.id : "none",
        oldGuideId: old,
      });
    },
  },
];

const userOf = (who: Exclude<Actor, "visitor">): WorldUser =>
  ({ customerA: w.a, customerB: w.b, staff: w.staff, admin: w.admin })[who];

const judge = (operation: Operation<Actor>) =>
  outcomeOf(operation.run, {
    redirects: ADMIN_GUARD_REDIRECTS,
    value: (value) =>
      value === null ? "a staff read found nothing" : (unexpectedState(value) ?? "allowed"),
  });

async function snapshot() {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, target));
  const [events] = await t.db
    .select({ n: count() })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, target));
  return { row, events: events!.n };
}

beforeAll(async () => {
  w = await createAdminWorld(t.db);
  [target] = (await insertBookings(t.db, [{ email: w.a.email, departureDate: inDays(700) }])) as [
    string,
  ];
});

describe("admin bookings authorization matrix", () => {
  it("names every exported action and DAL function", () => {
    const named = operations().map((o) => o.name.split("#")[1]);
    const exported = [
      ...Object.entries(actions)
        .filter(([, v]) => typeof v === "function")
        .map(([k]) => k),
      ...Object.entries(dal)
        .filter(
          ([k, v]) =>
            typeof v === "function" && !["queryAdminBookings", "queryTourPackages"].includes(k),
        )
        .map(([k]) => k),
    ];
    expect(new Set(named)).toEqual(new Set(exported));
  });

  matrixTests({
    actors: STAFF_AREA_ACTORS,
    title: (who) => `${who}: every admin booking operation`,
    operations,
    become: (who) => actAs(who === "visitor" ? null : userOf(who)),
    judge,
    snapshot,
    check: (who, before, after) => {
      if (STAFF_ONLY[who] !== "allowed") expect(after).toEqual(before);
      else expect(after.events).toBeGreaterThan(before.events);
    },
  });
});
