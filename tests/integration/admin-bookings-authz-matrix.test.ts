/**
 * Authorization matrix of the admin bookings screen: every exported server action and DAL
 * function behind /admin/bookings, for a visitor, customers A and B, a staff member and an
 * admin. Staff and admins work bookings; anyone else is sent to /admin/login
 * (signed-in non-staff with ?error=AccessDenied) and nothing is read or written.
 *
 * The Price section's confirmation (lib/bookings/data/quote.ts) and the ledger's 'Record payment'
 * are staff work; 'Record refund' is the admin role's (staff: forbidden, nothing written).
 *
 * queryAdminBookings takes a database handle, which only a data module can open (the ESLint
 * boundary): it is the SQL of listAdminBookings, reached by the bench, not an entry point.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import * as bookingActions from "@/actions/bookings";
import * as paymentActions from "@/actions/payments";
import { bookingEvents, bookings, payments } from "@/db/schema";
import * as dal from "@/lib/bookings/data/manage";
import * as quote from "@/lib/bookings/data/quote";
import { DomainError } from "@/lib/errors";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
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

async function statusNow() {
  const [row] = await m.db
    .select({ s: bookings.bookingStatus })
    .from(bookings)
    .where(eq(bookings.id, target));
  return row!.s ?? "new";
}

/** A total of its own for each confirmation, so each one changes something. */
const anotherTotal = () => String(3000 + Math.floor(Math.random() * 900));

/** Staff and admins work bookings; every operation has the admin screens' guard. */
const operations = (): StaffAreaOperation[] => [
  {
    name: "lib/bookings/data/manage.ts#listAdminBookings",
    expected: staffArea.staffOnly,
    run: () => dal.listAdminBookings(parseAdminBookingQuery({})),
  },
  {
    name: "lib/bookings/data/manage.ts#listBookingTourPackages",
    expected: staffArea.staffOnly,
    run: () => dal.listBookingTourPackages(),
  },
  {
    name: "lib/bookings/data/manage.ts#getBookingForEdit",
    expected: staffArea.staffOnly,
    run: () => dal.getBookingForEdit(target),
  },
  {
    name: "lib/bookings/data/manage.ts#updateBookingPayment",
    expected: staffArea.staffOnly,
    run: async () =>
      dal.updateBookingPayment({
        bookingId: target,
        version: await version(),
        paymentNote: `matrix ${crypto.randomUUID()}`,
        bookingStatus: await statusNow(),
      }),
  },
  {
    name: "lib/bookings/data/manage.ts#recordBookingPayment",
    expected: staffArea.staffOnly,
    run: () =>
      dal.recordBookingPayment({
        bookingId: target,
        method: "cash",
        kind: "deposit",
        amount: 5_000,
        reference: "matrix",
        note: null,
        overBalance: false,
      }),
  },
  {
    name: "lib/bookings/data/quote.ts#confirmBooking",
    expected: staffArea.staffOnly,
    run: async () =>
      quote.confirmBooking({
        bookingId: target,
        version: await version(),
        total: Number(anotherTotal()) * 100,
        computedTotal: null,
        totalReason: "matrix",
      }),
  },
  {
    name: "lib/bookings/data/manage.ts#assignGuide",
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
    name: "actions/bookings.ts#updateBookingPaymentAction",
    expected: staffArea.staffOnly,
    run: async () =>
      bookingActions.updateBookingPaymentAction(undefined, {
        bookingId: target,
        version: await version(),
        paymentNote: `matrix action ${crypto.randomUUID()}`,
        bookingStatus: await statusNow(),
      }),
  },
  {
    name: "actions/bookings.ts#confirmBookingAction",
    expected: staffArea.staffOnly,
    run: async () =>
      bookingActions.confirmBookingAction(undefined, {
        bookingId: target,
        version: await version(),
        total: anotherTotal(),
        computedTotal: "",
        totalReason: "matrix action",
      }),
  },
  {
    name: "actions/payments.ts#recordPaymentAction",
    expected: staffArea.staffOnly,
    run: () =>
      paymentActions.recordPaymentAction(undefined, {
        bookingId: target,
        method: "bank",
        kind: "deposit",
        amount: "50",
        reference: "matrix action",
      }),
  },
  {
    name: "actions/payments.ts#recordRefundAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      paymentActions.recordRefundAction(undefined, {
        bookingId: target,
        method: "bank",
        amount: "1",
        reference: "matrix refund",
      }),
  },
  {
    name: "actions/bookings.ts#assignGuideAction",
    expected: staffArea.staffOnly,
    run: async () => {
      const old = await guideNow();
      return bookingActions.assignGuideAction(undefined, {
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
    value: (value) => {
      if (value === null) return "a staff read found nothing";
      const state = value as { status?: string; message?: string };
      return state.status === "error" && state.message === "Only administrators can record refunds."
        ? "forbidden"
        : undefined;
    },
    error: (error) =>
      error instanceof DomainError && error.code === "forbidden" ? "forbidden" : undefined,
  });

async function snapshot() {
  const [row] = await m.db.select().from(bookings).where(eq(bookings.id, target));
  const [events] = await m.db
    .select({ n: count() })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, target));
  const [ledger] = await m.db
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.bookingId, target));
  return { row, events: events!.n, ledger: ledger!.n };
}

beforeAll(async () => {
  [target] = (await insertBookings(m.db, [{ email: m.w.a.email, departureDate: inDays(700) }])) as [
    string,
  ];
});

/**
 * The exports of actions/bookings.ts and actions/payments.ts that are not the Edit dialog's: each
 * has its row in another matrix (the departure move and the travellers in
 * departure-manifest-authz-matrix, the booking requests in public- and customer-authz-matrix, the
 * online payments and the renewed checkout hold in pay- and demo-checkout-authz-matrix, the shilling rate in
 * admin-payments-authz-matrix).
 */
const ROWS_ELSEWHERE = [
  "moveBookingDepartureAction",
  // A cancelled booking booked again: beside the move, in departure-manifest-authz-matrix.
  "rebookBookingAction",
  "saveTravellerDetailsAction",
  "submitBookingAction",
  "createCustomerBookingAction",
  "payAction",
  "holdAgainAction",
  "payDemoOrderAction",
  "setUgxRateAction",
];

describe("admin bookings authorization matrix", () => {
  it("names every exported action and DAL function", () => {
    const named = operations().map((o) => o.name.split("#")[1]);
    const exported = [
      ...Object.entries({ ...bookingActions, ...paymentActions })
        .filter(([k, v]) => typeof v === "function" && !ROWS_ELSEWHERE.includes(k))
        .map(([k]) => k),
      ...Object.entries(dal)
        .filter(([k, v]) => typeof v === "function" && k !== "queryAdminBookings")
        .map(([k]) => k),
      ...Object.entries(quote)
        .filter(([, v]) => typeof v === "function")
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
      if (!staffArea.refused.includes(who)) {
        expect(after.events).toBeGreaterThan(before.events);
        // Staff record payments; an admin records a refund besides.
        expect(after.ledger - before.ledger).toBe(who === "admin" ? 3 : 2);
      }
    },
  });
});
