/**
 * The demo payment provider's own side (`demo_payment_orders`): what Pesapal keeps of an order on
 * its servers, kept here for the built-in demo checkout (lib/payments/demo.ts). No caller is
 * checked: like a provider's API, it is reached only through the payment driver, and the demo
 * checkout page and its action, which exist only while the demo driver is the active one
 * (lib/payments/index.ts). Its rows are never the ledger: `payments` is.
 */
import "server-only";

import { and, eq } from "drizzle-orm";

import { getDb } from "@/db";
import { demoPaymentOrders } from "@/db/schema";
import type { LedgerStatus } from "@/lib/domain";

export type DemoOrderRow = {
  trackingId: string;
  merchantReference: string;
  amountMinor: number;
  currency: string;
  description: string;
  callbackUrl: string;
  status: LedgerStatus;
  method: string | null;
  confirmationCode: string | null;
};

const columns = {
  trackingId: demoPaymentOrders.trackingId,
  merchantReference: demoPaymentOrders.merchantReference,
  amountMinor: demoPaymentOrders.amountMinor,
  currency: demoPaymentOrders.currency,
  description: demoPaymentOrders.description,
  callbackUrl: demoPaymentOrders.callbackUrl,
  status: demoPaymentOrders.status,
  method: demoPaymentOrders.method,
  confirmationCode: demoPaymentOrders.confirmationCode,
};

export async function insertDemoOrder(
  order: Omit<DemoOrderRow, "status" | "method" | "confirmationCode">,
): Promise<void> {
  const db = await getDb();
  await db.insert(demoPaymentOrders).values(order);
}

export async function findDemoOrder(trackingId: string): Promise<DemoOrderRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(demoPaymentOrders)
    .where(eq(demoPaymentOrders.trackingId, trackingId));
  return row ?? null;
}

/**
 * Settles a pending order (paid or declined) and answers it as it now stands. An order already
 * settled stays as it is, as at a real provider: a second click or a replayed form changes
 * nothing. Null when there is no such order.
 */
export async function settleDemoOrder(
  trackingId: string,
  outcome: {
    status: "completed" | "failed";
    method: string | null;
    confirmationCode: string | null;
  },
): Promise<DemoOrderRow | null> {
  const db = await getDb();
  const [settled] = await db
    .update(demoPaymentOrders)
    .set(outcome)
    .where(
      and(eq(demoPaymentOrders.trackingId, trackingId), eq(demoPaymentOrders.status, "pending")),
    )
    .returning(columns);
  return settled ?? findDemoOrder(trackingId);
}
