/**
 * Authorization matrix of the admin bookings screen: every exported server action and DAL
 * function behind /admin/bookings, for a visitor, customers A and B, a staff member and an
 * admin. Staff and admins work bookings; anyone else is sent to /admin/login
 * (signed-in non-staff with ?error=AccessDenied) and nothing is read or written.
 *
 * queryAdminBookings takes a database handle, which only lib/dal can open (the ESLint
 * boundary): it is the SQL of listAdminBookings, reached by the bench, not an entry point.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import * as actions from "@/actions/admin-bookings";
import { bookingEvents, bookings } from "@/db/schema";
import * as dal from "@/lib/dal/admin-bookings";
import { parseAdminBookingQuery } from "@/lib/admin-bookings";
import { insertBookings } from "@/tests/helpers/admin-bookings-world";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { inDays } from "@/tests/helpers/payloads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();
let target: string;

/** The booking's current version, as the dialog would have it. */
async function version(): Promise<string> {
  const [row] = await m.db
    .select({ v: sql<string>`(extract(epoch from ${bookings.updatedAt}) * 1000000)::bigint::text` })
    .from(bookings)
    .where(eq(bookings.id, target));
  return row!.v;
}

async function guideNow(): Promise<string> {
  const [row] = await m.db
    .select({ g: bookings.guideId })
    .from(bookings)
    .where(eq(bookings.id, target));
  return row!.g ?? "none";
}

/** Staff and admins work bookings; every operation has the admin screens' guard. */
const operations = (): StaffAreaOperation[] => [
  {
    name: "lib/dal/admin-bookings.ts#listAdminBookings",
    expected: staffArea.staffOnly,
    run: () => dal.listAdminBookings(parseAdminBookingQuery({})),
  },
  {
    name: "lib/dal/admin-bookings.ts#listBookingTourPackages",
    expected: staffArea.staffOnly,
    run: () => dal.listBookingTourPackages(),
  },
  {
    name: "lib/dal/admin-bookings.ts#getBookingForEdit",
    expected: staffArea.staffOnly,
    run: () => dal.getBookingForEdit(target),
  },
  {
    name: "lib/dal/admin-bookings.ts#updateBookingPayment",
    expected: staffArea.staffOnly,
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
    expected: staffArea.staffOnly,
    run: async () => {
      const old = await guideNow();
      return dal.assignGuide({
        bookingId: target,
        version: await version(),
        guideId: old === "none" ? m.w.guide!.id : null,
        oldGuideId: old === "none" ? null : old,
      });
    },
  },
  {
    name: "actions/admin-bookings.ts#updateBookingPaymentAction",
    expected: staffArea.staffOnly,
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
    expected: staffArea.staffOnly,
    run: async () => {
      const old = await guideNow();
      return actions.assignGuideAction(undefined, {
        bookingId: target,
        version: await version(),
        guideId: old === "none" ? m.w.guide!.id : "none",
        oldGuideId: old,
      });
    },
  },
];

const judge = (operation: StaffAreaOperation) =>
  staffArea.outcome(operation.run, {
    value: (value) => (value === null ? "a staff read found nothing" : undefined),
  });

async function snapshot() {
  const [row] = await m.db.select().from(bookings).where(eq(bookings.id, target));
  const [events] = await m.db
    .select({ n: count() })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, target));
  return { row, events: events!.n };
}

beforeAll(async () => {
  [target] = (await insertBookings(m.db, [{ email: m.w.a.email, departureDate: inDays(700) }])) as [
    string,
  ];
});

describe("admin bookings authorization matrix", () => {
  it("names every exported action and DAL function", () => {
    const named = operations().map((o) => o.name.split("#")[1]);
    const exported = [
      ...Object.entries(actions)
        // The departure move has its row in departure-manifest-authz-matrix.test.ts.
        .filter(([k, v]) => typeof v === "function" && k !== "moveBookingDepartureAction")
        .map(([k]) => k),
      ...Object.entries(dal)
        .filter(([k, v]) => typeof v === "function" && k !== "queryAdminBookings")
        .map(([k]) => k),
    ];
    expect(new Set(named)).toEqual(new Set(exported));
  });

  staffArea.tests({
    title: (who) => `${who}: every admin booking operation`,
    operations,
    become: m.become,
    judge,
    snapshot,
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      if (!staffArea.refused.includes(who)) expect(after.events).toBeGreaterThan(before.events);
    },
  });
});
