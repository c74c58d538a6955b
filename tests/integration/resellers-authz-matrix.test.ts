/**
 * Authorization matrix of the admin Resellers screen (app/admin/(panel)/resellers, its read
 * lib/resellers/data/admin.ts): admins only. A visitor is sent to the admin login, a customer is
 * denied, a staff member without the admin role is refused (`forbidden`), an admin gets every
 * reseller with its keys' first characters only (never a key or its hash). Nobody changes anything.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeAll, describe, expect } from "vitest";

import { resellerApiKeys, resellers } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import * as resellersDal from "@/lib/resellers/data/admin";
import { createReseller } from "@/lib/resellers/data/resellers";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";

const m = openMatrixWorld();
let key = "";

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
      expect(row).toMatchObject({
        commissionPercent: 12,
        testMode: false,
        activeKeys: [key.slice(0, 12)],
      });
      expect(JSON.stringify(rows)).not.toContain(key);
      return rows;
    },
  },
];

describe("Resellers screen authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: the Resellers screen's read`,
    operations,
    become: (who) => m.become(who),
    judge: (operation) =>
      staffArea.outcome(operation.run, {
        error: (error) =>
          error instanceof DomainError && error.code === "forbidden" ? "forbidden" : undefined,
      }),
    snapshot: async () => ({
      resellers: await m.db.select().from(resellers).orderBy(resellers.id),
      keys: await m.db.select().from(resellerApiKeys).orderBy(resellerApiKeys.id),
    }),
    unchanged: staffArea.actors,
  });
});
