/**
 * Park fee tariffs on a real database: UWA's published rows are there on every database (a data
 * step of the migrator), carried on from July 2026; an admin's new row prices treks from its first
 * day; staff may read but not change them; each change is audited.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeEach, describe, expect, it } from "vitest";

import { createTariffAction } from "@/actions/parks";
import { feeOn, listTariffs } from "@/lib/parks/data/tariffs";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { openWorld } from "@/tests/helpers/world";
import { resetRateLimits } from "@/lib/rate-limit";

const t = openWorld(createAdminWorld);
beforeEach(() => resetRateLimits());

const trek = (day: string, residency: "foreign_non_resident" | "east_african_citizen") =>
  feeOn({ fee: "gorilla_tracking", park: "Bwindi Impenetrable", residency, ageBand: "adult", day });

describe("park fee tariffs", () => {
  it("holds UWA's published fees, carried on from July 2026 with no end date", async () => {
    expect(await trek("2025-03-10", "foreign_non_resident")).toMatchObject({
      currency: "USD",
      amountMinor: 80_000,
      carriedOver: false,
    });
    expect(await trek("2025-03-10", "east_african_citizen")).toMatchObject({
      currency: "UGX",
      amountMinor: 300_000,
    });
    expect(await trek("2027-01-15", "foreign_non_resident")).toMatchObject({
      amountMinor: 80_000,
      carriedOver: true,
      effectiveTo: null,
    });
  });

  it("prices a trek after an admin's new row's start at the new price, and audits it", async () => {
    actAs(t.w.admin);
    const state = await createTariffAction(undefined, {
      fee: "gorilla_tracking",
      park: "",
      residency: "foreign_non_resident",
      ageBand: "adult",
      currency: "USD",
      amount: "1,000",
      effectiveFrom: "2028-07-01",
      effectiveTo: "",
      note: "UWA tariff July 2028",
    });
    expect(state).toMatchObject({ status: "success", title: "Tariff Added" });
    expect((await trek("2028-06-30", "foreign_non_resident"))?.amountMinor).toBe(80_000);
    expect((await trek("2028-07-01", "foreign_non_resident"))?.amountMinor).toBe(100_000);
    const [event] = await auditTrail(t.db, { action: "tariff.create" });
    expect(event).toMatchObject({
      actorUserId: t.w.admin.id,
      details: { amount: "US$1,000", effectiveFrom: "2028-07-01" },
    });
  });

  it("lets staff read the tariffs but not change them", async () => {
    actAs(t.w.staff);
    expect((await listTariffs()).length).toBeGreaterThanOrEqual(16);
    const state = await createTariffAction(undefined, {
      fee: "chimpanzee_tracking",
      residency: "foreign_resident",
      ageBand: "adult",
      currency: "USD",
      amount: "200",
      effectiveFrom: "2026-07-01",
    });
    expect(state).toMatchObject({ status: "error", title: "Access Denied" });
    expect(
      (await listTariffs()).some(
        (r) => r.fee === "chimpanzee_tracking" && r.residency === "foreign_resident",
      ),
    ).toBe(false);
  });
});
