/**
 * Authorization matrix of the staff Payments screen and the dashboard's money tiles: the DAL
 * reads and the shilling rate's action, each called by a visitor, customer A, customer B, a
 * staff member and an admin. Each cell is the expected outcome; any other (above all an
 * unexpected 'allowed') fails, and a refused caller reads nothing and changes nothing.
 *
 *   login      sent to /admin/login, nothing read
 *   denied     signed in without a staff role: sent to /admin/login?error=AccessDenied
 *   allowed    the read ran, or the rate was set (staff and admins alike: the ledger and the
 *              rate are every staff member's)
 */
import { describe, expect, vi } from "vitest";

import { setUgxRateAction } from "@/actions/payments";
import { payments, ugxRates } from "@/db/schema";
import * as adminPayments from "@/lib/payments/data/overview";
import { listUgxRates } from "@/lib/payments/data/rates";
import { insertBookings } from "@/tests/helpers/admin-bookings-world";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";
import { actAs } from "@/tests/helpers/customer-world";
import { insertPayments } from "@/tests/helpers/ledger-rows";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const m = openMatrixWorld();

/** What each read answered, by actor (only the allowed ones answer). */
const seen: Record<string, unknown[]> = {};

const operations = (who: string): StaffAreaOperation[] => [
  {
    name: "lib/payments/data/overview.ts#listPaymentsForStaff (/admin/payments)",
    expected: staffArea.staffOnly,
    run: async () => {
      const page = await adminPayments.listPaymentsForStaff({
        status: "",
        provider: "",
        from: "",
        to: "",
        page: 1,
      });
      (seen[who] ??= []).push(page);
      return page;
    },
  },
  {
    name: "lib/payments/data/overview.ts#listPaymentsForStaff (a filtered view)",
    expected: staffArea.staffOnly,
    run: () =>
      adminPayments.listPaymentsForStaff({
        status: "completed",
        provider: "cash",
        from: "2020-01-01",
        to: "2030-12-31",
        page: 2,
      }),
  },
  {
    name: "lib/payments/data/overview.ts#getPaymentsSummary (/admin/payments and /admin)",
    expected: staffArea.staffOnly,
    run: async () => {
      const summary = await adminPayments.getPaymentsSummary();
      (seen[who] ??= []).push(summary);
      return summary;
    },
  },
  {
    name: "lib/payments/data/rates.ts#listUgxRates (/admin/payments, the shilling rate)",
    expected: staffArea.staffOnly,
    run: () => listUgxRates(),
  },
  {
    name: "actions/payments.ts#setUgxRateAction (a new shilling rate)",
    expected: staffArea.staffOnly,
    run: () => setUgxRateAction(undefined, { rate: "3700", effectiveFrom: "" }),
  },
];

async function snapshot() {
  return {
    payments: await m.db.select().from(payments).orderBy(payments.id),
    rates: await m.db.select().from(ugxRates).orderBy(ugxRates.id),
  };
}

describe("admin payments authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every payments read`,
    prepare: async () => {
      // A ledger row on a confirmed booking: what a refused caller must not read.
      const [bookingId] = await insertBookings(m.db, [
        { fullName: "Ledger Owner", bookingStatus: "confirmed", totalMinor: 100_000 },
      ]);
      await insertPayments(m.db, [
        { bookingId: bookingId!, amountMinor: 30_000, completedAt: new Date() },
      ]);
    },
    operations: (who) => operations(who),
    become: m.become,
    judge: (operation) => staffArea.outcome(operation.run),
    snapshot,
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      // Only the rate may change, by one row per staff caller; the ledger never.
      expect(after.payments).toEqual(before.payments);
      expect(after.rates.length - before.rates.length).toBe(
        staffArea.refused.includes(who) ? 0 : 1,
      );
      actAs(null);
      if (who === "staff" || who === "admin") {
        const [page, summary] = seen[who] as [
          { items: { leadName: string }[] },
          adminPayments.PaymentsSummary,
        ];
        expect(page.items.map((r) => r.leadName)).toContain("Ledger Owner");
        expect(summary.outstandingMinor).toBeGreaterThanOrEqual(70_000);
      } else {
        expect(seen[who]).toBeUndefined();
      }
    },
  });
});
