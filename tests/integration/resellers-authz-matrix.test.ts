/**
 * Authorization matrix of the admin Resellers screens (app/admin/(panel)/resellers and a
 * reseller's screen /admin/resellers/<id>, their reads lib/resellers/data/admin.ts and their
 * actions actions/resellers.ts): admins only. A visitor is sent to the admin login, a customer is
 * denied, a staff member without the admin role is refused (`forbidden` from a read, 'Access
 * Denied' from an action), an admin gets every reseller with its keys' first characters only
 * (never a key or its hash), creates resellers, issues and revokes keys, sets and clears a tour's
 * net price, adds and removes webhooks (a secret never in a read) and resends a delivery. The
 * refused callers and staff change nothing.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeAll, describe, expect } from "vitest";

import { resetRateLimits } from "@/lib/rate-limit";

import { eq } from "drizzle-orm";

import {
  resellerApiKeys,
  resellers,
  resellerTourPrices,
  resellerWebhookDeliveries,
  resellerWebhooks,
  tours,
} from "@/db/schema";
import * as resellerActions from "@/actions/resellers";
import { DomainError } from "@/lib/errors";
import * as resellersDal from "@/lib/resellers/data/admin";
import { createReseller, issueApiKey } from "@/lib/resellers/data/resellers";
import { registerWebhook } from "@/lib/resellers/data/webhooks";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";

const m = openMatrixWorld();
let key = "";
let resellerId = "";
let tourId = "";
/** A key issued before each caller's calls, for its Revoke to aim at. */
let spare = "";
/** A webhook and one of its deliveries made before each caller's calls, for Remove and Resend. */
let webhookId = "";
let deliveryId = "";

beforeAll(async () => {
  const created = await createReseller({ name: "Matrix Safaris", commissionPercent: 12 });
  key = created.key;
  resellerId = created.reseller.id;
  const [tour] = await m.db
    .update(tours)
    .set({ bookingMode: "departures" })
    .where(eq(tours.slug, "gorilla-safari"))
    .returning({ id: tours.id });
  tourId = tour!.id;
});

const operations = (): StaffAreaOperation[] => [
  {
    name: "lib/resellers/data/admin.ts#listResellersForAdmin",
    expected: staffArea.adminRoleOnly,
    run: async () => {
      const rows = await resellersDal.listResellersForAdmin();
      const row = rows.find((r) => r.name === "Matrix Safaris");
      expect(row).toMatchObject({ commissionPercent: 12, testMode: false });
      expect(row!.activeKeys).toContain(key.slice(0, 12));
      expect(JSON.stringify(rows)).not.toContain(key);
      return rows;
    },
  },
  {
    name: "lib/resellers/data/admin.ts#getResellerForAdmin",
    expected: staffArea.adminRoleOnly,
    run: async () => {
      const screen = await resellersDal.getResellerForAdmin(resellerId);
      expect(screen.reseller.name).toBe("Matrix Safaris");
      expect(screen.tours.map((t) => t.tourId)).toContain(tourId);
      expect(screen.webhooks.map((w) => w.id)).toContain(webhookId);
      expect(JSON.stringify(screen)).not.toContain(key);
      expect(JSON.stringify(screen)).not.toContain("whsec_");
      return screen;
    },
  },
  {
    name: "actions/resellers.ts#setTourNetPriceAction",
    expected: staffArea.adminRoleOnly,
    run: () => resellerActions.setTourNetPriceAction(undefined, { resellerId, tourId, net: "880" }),
  },
  {
    name: "actions/resellers.ts#clearTourNetPriceAction",
    expected: staffArea.adminRoleOnly,
    run: () => resellerActions.clearTourNetPriceAction(undefined, { resellerId, tourId }),
  },
  {
    name: "actions/resellers.ts#addWebhookAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      resellerActions.addWebhookAction(undefined, {
        resellerId,
        event: "booking_update",
        url: "https://matrix.example.com/hooks",
      }),
  },
  {
    name: "actions/resellers.ts#resendDeliveryAction (a delivery made for the call)",
    expected: staffArea.adminRoleOnly,
    run: () => resellerActions.resendDeliveryAction(undefined, { resellerId, deliveryId }),
  },
  {
    name: "actions/resellers.ts#removeWebhookAction (a webhook made for the call)",
    expected: staffArea.adminRoleOnly,
    run: () => resellerActions.removeWebhookAction(undefined, { resellerId, webhookId }),
  },
  {
    name: "actions/resellers.ts#createResellerAction",
    expected: staffArea.adminRoleOnly,
    run: () =>
      resellerActions.createResellerAction(undefined, {
        name: `Matrix New ${crypto.randomUUID().slice(0, 8)}`,
        commissionPercent: "10",
        testMode: true,
      }),
  },
  {
    name: "actions/resellers.ts#issueResellerKeyAction",
    expected: staffArea.adminRoleOnly,
    run: () => resellerActions.issueResellerKeyAction(undefined, { name: "Matrix Safaris" }),
  },
  {
    name: "actions/resellers.ts#revokeResellerKeyAction (a key issued for the call)",
    expected: staffArea.adminRoleOnly,
    run: () =>
      resellerActions.revokeResellerKeyAction(undefined, {
        name: "Matrix Safaris",
        prefix: spare.slice(0, 12),
      }),
  },
];

describe("Resellers screen authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: the Resellers screen's read`,
    operations,
    prepare: async () => {
      spare = await issueApiKey("Matrix Safaris");
      await m.db.delete(resellerWebhooks).where(eq(resellerWebhooks.resellerId, resellerId));
      ({
        webhook: { id: webhookId },
      } = await registerWebhook(resellerId, {
        event: "availability_update",
        url: "https://matrix.example.com/seats",
      }));
      const [delivery] = await m.db
        .insert(resellerWebhookDeliveries)
        .values({
          webhookId,
          resellerId,
          event: "availability_update",
          subject: "Matrix",
          body: "{}",
          status: "failed",
          attempts: 8,
        })
        .returning({ id: resellerWebhookDeliveries.id });
      deliveryId = delivery!.id;
    },
    become: (who) => {
      resetRateLimits();
      m.become(who);
    },
    judge: (operation) =>
      staffArea.outcome(operation.run, {
        error: (error) =>
          error instanceof DomainError && error.code === "forbidden" ? "forbidden" : undefined,
        value: (value) => {
          const state = value as { status?: string; title?: string } | null;
          return state?.status === "error" && state.title === "Access Denied"
            ? "forbidden"
            : undefined;
        },
      }),
    snapshot: async () => ({
      resellers: await m.db.select().from(resellers).orderBy(resellers.id),
      keys: await m.db.select().from(resellerApiKeys).orderBy(resellerApiKeys.id),
      prices: await m.db.select().from(resellerTourPrices).orderBy(resellerTourPrices.tourId),
      webhooks: await m.db.select().from(resellerWebhooks).orderBy(resellerWebhooks.id),
      deliveries: await m.db
        .select()
        .from(resellerWebhookDeliveries)
        .orderBy(resellerWebhookDeliveries.id),
    }),
    unchanged: [...staffArea.refused, "staff"],
  });
});
