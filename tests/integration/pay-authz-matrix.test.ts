/**
 * Authorization matrix of the pay page's actions (app/(site)/pay/[token]: Pay, and Hold my seats
 * again on a lapsed checkout hold): public actions
 * authorized by the signed pay link, not by a session, called by a visitor, customer A,
 * customer B and an admin. Every caller with a valid link is answered alike (a payment started,
 * the browser sent to the checkout), whoever's booking it is; without a valid link (expired,
 * altered, signed with another key, or none) nothing happens: no ledger row, no provider order.
 * Operation names carry their target as "<path>#<export>" (tests/unit/authz-coverage.test.ts
 * checks every export has one).
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeAll, describe } from "vitest";

import { holdAgainAction, payAction } from "@/actions/payments";
import { bookings, demoPaymentOrders, payments } from "@/db/schema";
import { payLinkToken } from "@/lib/payments/pay-link";
import { setPaymentDriver } from "@/lib/payments";
import { insertBookings } from "@/tests/helpers/admin-bookings-world";
import { type AnswerOperation, customerArea, openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { asFormData, inDays } from "@/tests/helpers/payloads";

const m = openMatrixWorld();

/** Customer A's booking with a quoted total: the link's target, whoever holds the link. */
let target = "";
/** A second booking of A's, only ever given invalid links: it must stay untouched. */
let untouched = "";

beforeAll(async () => {
  setPaymentDriver(undefined); // the environment's: demo in the tests
  [target, untouched] = (await insertBookings(
    m.db,
    [0, 1].map(() => ({
      userId: m.w.a.id,
      email: m.w.a.email,
      departureDate: inDays(200),
      totalMinor: 100_000,
      balanceDueOn: inDays(140),
    })),
  )) as [string, string];
});

const TO_CHECKOUT = /^redirect to http.+\/pay\/demo\/[0-9a-f-]{36}$/;

const call = (token: string, kind = "full") =>
  customerArea.outcome(() => payAction(undefined, asFormData({ token, kind })), {
    value: (state) => {
      const s = state as { status: string; title?: string };
      return `${s.status}: ${s.title ?? ""}`;
    },
  });

/** 'Hold my seats again' on the pay page of a lapsed checkout hold, by whoever holds `token`. */
const holdAgain = (token: string) =>
  customerArea.outcome(() => holdAgainAction(undefined, asFormData({ token })), {
    value: (state) => {
      const s = state as { status: string; title?: string };
      return `${s.status}: ${s.title ?? ""}`;
    },
  });

const operations = (): AnswerOperation[] => [
  {
    name: "actions/payments.ts#payAction (a valid link to customer A's booking)",
    expected: customerArea.everyone(TO_CHECKOUT),
    run: () => call(payLinkToken(target)),
  },
  {
    name: "actions/payments.ts#payAction (an expired link)",
    expected: customerArea.everyone("error: Link Expired"),
    run: () => call(payLinkToken(untouched, new Date(Date.now() - 60_000))),
  },
  {
    name: "actions/payments.ts#payAction (a link signed with another key)",
    expected: customerArea.everyone("error: Link Expired"),
    run: () => call(payLinkToken(untouched, undefined, "not the site's secret, but long enough")),
  },
  {
    name: "actions/payments.ts#payAction (a link altered to another booking)",
    expected: customerArea.everyone("error: Link Expired"),
    run: () => {
      // A's other booking's id in the place of the signed one: the MAC no longer matches.
      const good = Buffer.from(payLinkToken(target), "base64url");
      Buffer.from(untouched.replace(/-/g, ""), "hex").copy(good, 1);
      return call(good.toString("base64url"));
    },
  },
  {
    name: "actions/payments.ts#payAction (no link)",
    expected: customerArea.everyone("invalid: Link Expired"),
    run: () => call(""),
  },
  {
    name: "actions/payments.ts#holdAgainAction (a valid link to a booking with no lapsed hold)",
    expected: customerArea.everyone("error: Nothing Due"),
    run: () => holdAgain(payLinkToken(target)),
  },
  {
    name: "actions/payments.ts#holdAgainAction (an expired link)",
    expected: customerArea.everyone("error: Link Expired"),
    run: () => holdAgain(payLinkToken(untouched, new Date(Date.now() - 60_000))),
  },
  {
    name: "actions/payments.ts#holdAgainAction (no link)",
    expected: customerArea.everyone("invalid: Link Expired"),
    run: () => holdAgain(""),
  },
];

/** The untouched booking's rows and every demo order not of the target's payments. */
async function snapshot() {
  const rows = await m.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.bookingId, untouched));
  const booking = await m.db
    .select({ status: bookings.paymentStatus, total: bookings.totalMinor })
    .from(bookings)
    .where(eq(bookings.id, untouched));
  return { rows, booking };
}

describe("pay action authorization matrix", () => {
  customerArea.tests({
    title: (who) =>
      `${who}: a valid pay link starts a payment for anyone; without one nothing happens`,
    operations,
    become: m.becomeFromNewAddress,
    judge: async (operation) => String(await operation.run()),
    snapshot,
    // Every caller: the refused links leave the other booking as it was.
    unchanged: customerArea.actors,
    check: async () => {
      // The valid link's payments are the target's own, in the ledger and at the provider.
      const started = await m.db
        .select({ ref: payments.merchantReference })
        .from(payments)
        .where(eq(payments.bookingId, target));
      const orders = await m.db
        .select({ ref: demoPaymentOrders.merchantReference })
        .from(demoPaymentOrders);
      const refs = new Set(started.map((r) => r.ref));
      if (orders.some((o) => !refs.has(o.ref)))
        throw new Error("a demo order was made for something other than the valid link");
    },
  });
});
