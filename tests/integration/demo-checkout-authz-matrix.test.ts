/**
 * Authorization matrix of the demo checkout's action (app/(site)/pay/demo): a public action, like
 * a provider's checkout, called by a visitor, customer A, customer B and an admin. Whoever calls,
 * it only settles a demo provider's order (paid once, never again) and sends the browser on to the
 * result page through the return step; what it presses never writes the ledger or anyone's
 * booking, which only the provider's status, asked by the site, changes (these orders have no
 * ledger row, so the result page has no reference to show). Operation names carry their target as
 * "<path>#<export>" (tests/unit/authz-coverage.test.ts checks every export has one).
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { describe } from "vitest";

import { bookings, payments } from "@/db/schema";
import { payDemoOrderAction } from "@/actions/payments";
import { env } from "@/lib/env";
import { createDemoDriver, getDemoCheckout, payDemoOrder } from "@/lib/payments/demo";
import { type AnswerOperation, customerArea, openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { asFormData } from "@/tests/helpers/payloads";

const m = openMatrixWorld();
const demo = () => createDemoDriver();

let n = 0;
async function newOrder() {
  return demo().submitOrder({
    merchantReference: `BU-MATRIX-${++n}-${Date.now()}`,
    amountMinor: 50000,
    currency: "USD",
    description: "Deposit: Gorilla Safari",
    callbackUrl: `${env.SITE_URL}/api/payments/return`,
    billing: {
      email: m.w.a.email,
      phone: null,
      firstName: "A",
      lastName: "Customer",
      countryCode: null,
    },
  });
}

const toastOf = (state: { status: string; title?: string }) =>
  `${state.status}: ${state.title ?? ""}`;

const TO_THE_RESULT_PAGE = "redirect to /pay/result";

const operations = (): AnswerOperation[] => [
  {
    name: "actions/payments.ts#payDemoOrderAction (a pending demo order, paid by MTN)",
    expected: customerArea.everyone(`${TO_THE_RESULT_PAGE} completed`),
    run: async () => {
      const { trackingId } = await newOrder();
      const outcome = await customerArea.outcome(() =>
        payDemoOrderAction(undefined, asFormData({ trackingId, choice: "mtn" })),
      );
      return `${outcome} ${(await getDemoCheckout(trackingId))?.status}`;
    },
  },
  {
    name: "actions/payments.ts#payDemoOrderAction (an order already paid, made to fail)",
    expected: customerArea.everyone(`${TO_THE_RESULT_PAGE} completed`),
    run: async () => {
      const { trackingId } = await newOrder();
      await payDemoOrder(trackingId, "completed", "Visa");
      const outcome = await customerArea.outcome(() =>
        payDemoOrderAction(undefined, asFormData({ trackingId, choice: "fail" })),
      );
      return `${outcome} ${(await getDemoCheckout(trackingId))?.status}`;
    },
  },
  {
    name: "actions/payments.ts#payDemoOrderAction (a made-up order)",
    expected: customerArea.everyone("error: Order Not Found"),
    run: async () =>
      toastOf(
        await payDemoOrderAction(
          undefined,
          asFormData({ trackingId: "00000000-0000-4000-8000-000000000000", choice: "card" }),
        ),
      ),
  },
];

/** The ledger and A's bookings: nothing the demo checkout may change. */
async function snapshot() {
  const ledger = await m.db.select({ id: payments.id, status: payments.status }).from(payments);
  const own = await m.db
    .select({ id: bookings.id, status: bookings.paymentStatus })
    .from(bookings)
    .where(eq(bookings.userId, m.w.a.id))
    .orderBy(bookings.id);
  return { ledger, own };
}

describe("demo checkout authorization matrix", () => {
  customerArea.tests({
    title: (who) => `${who}: the demo checkout answers as it answers anyone, and writes no ledger`,
    operations,
    become: m.becomeFromNewAddress,
    judge: async (operation) => String(await operation.run()),
    snapshot,
    unchanged: customerArea.actors,
  });
});
