/**
 * Authorization matrix of a departure's manifest, CSV and day sheet, of moving a booking to
 * another departure and booking a cancelled one again, and of the traveller details customers give in My Bookings: every exported
 * server action, route handler and DAL function behind them.
 *
 * Staff side (visitor, customers A and B, staff, admin): staff and admins read manifests and move
 * bookings; anyone else is sent to /admin/login (the CSV route answers 401 and 403) and nothing
 * is read, moved or exported.
 * Customer side (visitor, A, B, admin): only A reads and edits A's travellers; B and a signed-in
 * admin find A's booking not found, and a visitor is sent to sign in.
 *
 * bookingDepartureOf and travellersOfBookings take a database handle, which only a data module
 * can open (the ESLint boundary): they are the SQL of getBookingForEdit and of My Bookings'
 * reads, whose callers are checked there, not entry points.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import {
  moveBookingDepartureAction,
  rebookBookingAction,
  saveTravellerDetailsAction,
} from "@/actions/bookings";
import * as csvRoute from "@/app/admin/(panel)/departures/[id]/manifest.csv/route";
import { auditEvents, bookings, bookingTravellers } from "@/db/schema";
import type { BookingRequest } from "@/lib/bookings/request";
import * as move from "@/lib/bookings/data/move";
import { createBooking } from "@/lib/bookings/data/requests";
import * as customer from "@/lib/bookings/data/owned";
import * as manifest from "@/lib/departures/data/manifest";
import * as travellers from "@/lib/bookings/data/travellers";
import { DomainError } from "@/lib/errors";
import {
  customerArea,
  type CustomerAreaOperation,
  openMatrixWorld,
  OWN_RESOURCE,
  staffArea,
  type StaffAreaOperation,
} from "@/tests/helpers/authz-matrix";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();

/** Two departures of one tour; a public booking moved between them; A's booking on the first. */
const ids = { first: "", second: "", moved: "", rebooked: "", aBooking: "" };

/** A booking request by a traveller of the matrix's own (the default one is another's name). */
const request = (overrides: Partial<BookingRequest>) =>
  newRequest({
    fullName: "Matrix Traveller",
    email: `matrix-${crypto.randomUUID()}@example.com`,
    ...overrides,
  });

beforeAll(async () => {
  const tour = await sellingTour(m.db, "gorilla-safari", "both");
  ids.first = (await makeDeparture(m.db, tour, { inDays: 60, capacity: 20 })).id;
  ids.second = (await makeDeparture(m.db, tour, { inDays: 61, capacity: 20 })).id;
  ids.moved = (await createBooking(request({ departureId: ids.first }), { source: "public" })).id;
  ids.rebooked = (
    await createBooking(request({ departureId: ids.first }), { source: "public" })
  ).id;
  ids.aBooking = (
    await createBooking(
      request({ departureId: ids.first, email: m.w.a.email, fullName: "Amelia Carter" }),
      { source: "customer", userId: m.w.a.id },
    )
  ).id;
  await m.db.insert(bookingTravellers).values({
    bookingId: ids.aBooking,
    position: 1,
    fullName: "Amelia Carter",
    nationality: "United Kingdom",
    medical: "Matrix medical note",
  });
});

/** The moved booking's version and the departure it is not on (each move goes the other way). */
async function nextMove() {
  const [row] = await m.db
    .select({
      departureId: bookings.departureId,
      version: sql<string>`(extract(epoch from ${bookings.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(bookings)
    .where(eq(bookings.id, ids.moved));
  return {
    bookingId: ids.moved,
    version: row!.version,
    departureId: row!.departureId === ids.first ? ids.second : ids.first,
  };
}

/**
 * The rebooked booking cancelled again when a rebooking confirmed it (so each caller finds it
 * cancelled), its version, and the departure it is not on.
 */
async function nextRebook() {
  await m.db
    .update(bookings)
    .set({ bookingStatus: "cancelled" })
    .where(
      and(
        eq(bookings.id, ids.rebooked),
        sql`coalesce(${bookings.bookingStatus}, '') <> 'cancelled'`,
      ),
    );
  const [row] = await m.db
    .select({
      departureId: bookings.departureId,
      version: sql<string>`(extract(epoch from ${bookings.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(bookings)
    .where(eq(bookings.id, ids.rebooked));
  return {
    bookingId: ids.rebooked,
    version: row!.version,
    departureId: row!.departureId === ids.first ? ids.second : ids.first,
  };
}

const csvGet = () =>
  csvRoute.GET(new Request(`http://localhost:3000/admin/departures/${ids.first}/manifest.csv`), {
    params: Promise.resolve({ id: ids.first }),
  });

/* Staff side ---------------------------------------------------------------------------------- */

const staffOperations = (): StaffAreaOperation[] => [
  {
    name: "lib/departures/data/manifest.ts#getManifest (/admin/departures/<id>)",
    expected: staffArea.staffOnly,
    run: () => manifest.getManifest(ids.first),
  },
  {
    name: "lib/departures/data/manifest.ts#getDaySheet (/admin/departures/<id>/day-sheet)",
    expected: staffArea.staffOnly,
    run: () => manifest.getDaySheet(ids.first),
  },
  {
    name: "lib/departures/data/manifest.ts#exportManifestCsv",
    expected: staffArea.staffOnly,
    run: () => manifest.exportManifestCsv(ids.first),
  },
  {
    name: "app/admin/(panel)/departures/[id]/manifest.csv/route.ts#GET",
    expected: staffArea.staffOnly,
    run: csvGet,
  },
  {
    name: "lib/bookings/data/move.ts#moveBookingToDeparture",
    expected: staffArea.staffOnly,
    run: async () => move.moveBookingToDeparture(await nextMove()),
  },
  {
    name: "actions/bookings.ts#moveBookingDepartureAction",
    expected: staffArea.staffOnly,
    run: async () => moveBookingDepartureAction(undefined, await nextMove()),
  },
  {
    name: "lib/bookings/data/move.ts#rebookCancelledBooking",
    expected: staffArea.staffOnly,
    run: async () => move.rebookCancelledBooking(await nextRebook()),
  },
  {
    name: "actions/bookings.ts#rebookBookingAction",
    expected: staffArea.staffOnly,
    run: async () => rebookBookingAction(undefined, await nextRebook()),
  },
];

/** A route handler answers 401 and 403 where a page or an action redirects; so does its DAL. */
const staffJudge = (operation: StaffAreaOperation) =>
  staffArea.outcome(operation.run, {
    error: (error) => {
      if (!(error instanceof DomainError)) return undefined;
      return { unauthenticated: "login", forbidden: "denied" }[error.code as string];
    },
    value: (value) => {
      if (value === null) return "a staff read found nothing";
      if (!(value instanceof Response)) return undefined;
      const named: Record<number, string> = { 401: "login", 403: "denied", 200: "allowed" };
      return named[value.status] ?? `HTTP ${value.status}`;
    },
  });

async function staffSnapshot() {
  const [moved] = await m.db
    .select({ departureId: bookings.departureId, updatedAt: bookings.updatedAt })
    .from(bookings)
    .where(eq(bookings.id, ids.moved));
  const [events] = await m.db
    .select({ n: count() })
    .from(auditEvents)
    .where(inArray(auditEvents.action, ["manifest.export", "booking.move", "booking.rebook"]));
  return { moved, events: events!.n };
}

describe("departure manifest authorization matrix (staff side)", () => {
  it("names every exported action, route and DAL function", () => {
    const named = [...staffOperations(), ...customerOperations()].map(
      (o) => o.name.split("#")[1]!.split(" ")[0],
    );
    const exported = [
      "moveBookingDepartureAction",
      "rebookBookingAction",
      "saveTravellerDetailsAction",
      "GET",
      ...Object.entries({ ...manifest, ...move, ...travellers })
        .filter(([k, v]) => typeof v === "function" && !DB_HANDLE_HELPERS.includes(k))
        .map(([k]) => k),
    ];
    expect(new Set(named)).toEqual(new Set([...exported, "getMyBooking"]));
  });

  staffArea.tests({
    title: (who) => `${who}: every manifest and move operation`,
    operations: staffOperations,
    become: m.become,
    judge: staffJudge,
    snapshot: staffSnapshot,
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      // Two moves, two rebookings and two exports each.
      if (!staffArea.refused.includes(who)) expect(after.events).toBe(before.events + 6);
    },
  });
});

/* Customer side ------------------------------------------------------------------------------- */

const DB_HANDLE_HELPERS = ["bookingDepartureOf", "travellersOfBookings"];

type Actor = (typeof customerArea.actors)[number];

let actor: Actor = "visitor";
const actorName = () => (actor === "customerA" ? "Amelia Carter" : `Intruder ${actor}`);

function customerOperations(): CustomerAreaOperation[] {
  return [
    {
      name: "lib/bookings/data/owned.ts#getMyBooking (A's departure booking and its travellers)",
      expected: OWN_RESOURCE,
      run: () => customer.getMyBooking(ids.aBooking),
    },
    {
      name: "lib/bookings/data/travellers.ts#saveMyTravellers (A's booking)",
      expected: OWN_RESOURCE,
      run: () =>
        travellers.saveMyTravellers({
          bookingId: ids.aBooking,
          travellers: [
            {
              fullName: actorName(),
              nationality: null,
              dietary: null,
              medical: "Matrix medical note",
            },
          ],
        }),
    },
    {
      name: "actions/bookings.ts#saveTravellerDetailsAction (A's booking)",
      expected: OWN_RESOURCE,
      run: () =>
        saveTravellerDetailsAction(undefined, {
          bookingId: ids.aBooking,
          travellers: [
            { fullName: actorName(), nationality: "", dietary: "", medical: "Matrix medical note" },
          ],
        }),
    },
  ];
}

const customerJudge = (operation: CustomerAreaOperation) =>
  customerArea.outcome(operation.run, {
    error: (error) =>
      error instanceof DomainError && error.code === "not_found" ? "not-found" : undefined,
    value: (value) => {
      if (value === null) return "not-found";
      const state = value as { status?: string; message?: string } | null;
      if (state?.status === "error" && /could not be found/.test(state.message ?? ""))
        return "not-found";
      return undefined;
    },
  });

/** A's travellers, which no one else may read or change. */
async function travellersOfA() {
  return m.db
    .select({
      position: bookingTravellers.position,
      fullName: bookingTravellers.fullName,
      medical: bookingTravellers.medical,
    })
    .from(bookingTravellers)
    .where(and(eq(bookingTravellers.bookingId, ids.aBooking)))
    .orderBy(bookingTravellers.position);
}

describe("departure manifest authorization matrix (customer side)", () => {
  customerArea.tests({
    title: (who) => `${who}: A's traveller details`,
    operations: customerOperations,
    become: (who) => {
      actor = who;
      m.become(who);
    },
    judge: customerJudge,
    snapshot: travellersOfA,
    unchanged: customerArea.notA,
  });

  it("B never sees A's travellers' notes", async () => {
    actor = "customerB";
    m.become("customerB");
    const mine = await customer.listMyBookings({ q: "", filter: "all", page: 1 });
    expect(JSON.stringify(mine)).not.toContain("Matrix medical note");
  });
});
