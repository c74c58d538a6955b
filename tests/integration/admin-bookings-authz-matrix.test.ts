/**
 * Authorization matrix of the admin bookings screen: every exported server action and DAL
 * function behind /admin/bookings, for a visitor, customers A and B, a staff member and an
 * admin. Staff and admins work bookings (decisions.md 9); anyone else is sent to /admin/login
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
import {
  type AdminWorld,
  createAdminWorld,
  insertBookings,
} from "@/tests/helpers/admin-bookings-world";
import { actAs, type WorldUser } from "@/tests/helpers/customer-world";
import { useTestDb } from "@/tests/helpers/db";
import { redirectTarget } from "@/tests/helpers/fake-request";
import { inDays } from "@/tests/helpers/payloads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();
let w: AdminWorld;
let target: string;

type Actor = "visitor" | "customerA" | "customerB" | "staff" | "admin";
type Outcome = "login" | "access-denied" | "allowed";
const ACTORS: Actor[] = ["visitor", "customerA", "customerB", "staff", "admin"];
const STAFF_ONLY: Record<Actor, Outcome> = {
  visitor: "login",
  customerA: "access-denied",
  customerB: "access-denied",
  staff: "allowed",
  admin: "allowed",
};

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

type Operation = { name: string; run: () => Promise<unknown> };

const operations = (): Operation[] => [
  {
    name: "lib/dal/admin-bookings.ts#listAdminBookings",
    run: () => dal.listAdminBookings(parseAdminBookingQuery({})),
  },
  {
    name: "lib/dal/admin-bookings.ts#listBookingTourPackages",
    run: () => dal.listBookingTourPackages(),
  },
  {
    name: "lib/dal/admin-bookings.ts#getBookingForEdit",
    run: () => dal.getBookingForEdit(target),
  },
  {
    name: "lib/dal/admin-bookings.ts#updateBookingPayment",
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

async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    const value = (await run()) as { status?: string } | null;
    if (value === null) throw new Error("a staff read found nothing");
    if (value && typeof value === "object" && "status" in value && value.status !== "success") {
      throw new Error(`unexpected action result ${JSON.stringify(value)}`);
    }
    return "allowed";
  } catch (error) {
    const to = redirectTarget(error);
    if (to === "/admin/login") return "login";
    if (to === "/admin/login?error=AccessDenied") return "access-denied";
    throw error;
  }
}

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
        .filter(([k, v]) => typeof v === "function" && k !== "queryAdminBookings")
        .map(([k]) => k),
    ];
    expect(new Set(named)).toEqual(new Set(exported));
  });

  for (const who of ACTORS) {
    it(`${who}: every admin booking operation`, async () => {
      actAs(who === "visitor" ? null : userOf(who));
      const before = await snapshot();
      const results: string[] = [];
      for (const op of operations()) {
        const outcome = await outcomeOf(op.run);
        if (outcome !== STAFF_ONLY[who])
          results.push(`${op.name}: expected ${STAFF_ONLY[who]}, got ${outcome}`);
      }
      expect(results).toEqual([]);
      if (STAFF_ONLY[who] !== "allowed") expect(await snapshot()).toEqual(before);
      else expect((await snapshot()).events).toBeGreaterThan(before.events);
    });
  }
});
