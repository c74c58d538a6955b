/**
 * Authorization matrix of the admin Resellers screen (app/admin/(panel)/resellers, its read
 * lib/resellers/data/admin.ts and its actions actions/resellers.ts): admins only. A visitor is
 * sent to the admin login, a customer is denied, a staff member without the admin role is refused
 * (`forbidden` from the read, 'Access Denied' from an action), an admin gets every reseller with
 * its keys' first characters only (never a key or its hash), creates resellers, issues and revokes
 * keys. The refused callers and staff change nothing.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeAll, describe, expect } from "vitest";

import { resetRateLimits } from "@/lib/rate-limit";

import { resellerApiKeys, resellers } from "@/db/schema";
import * as resellerActions from "@/actions/resellers";
import { DomainError } from "@/lib/errors";
import * as resellersDal from "@/lib/resellers/data/admin";
import { createReseller, issueApiKey } from "@/lib/resellers/data/resellers";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";

const m = openMatrixWorld();
let key = "";
/** A key issued before each caller's calls, for its Revoke to aim at. */
let spare = "";

beforeAll(async () => {
  ({ key } = await createReseller({ name: "Matrix Safaris", commissionPercent: 12 }));
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
    }),
    unchanged: [...staffArea.refused, "staff"],
  });
});
