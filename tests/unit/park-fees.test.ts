import { describe, expect, it } from "vitest";

import {
  ageOn,
  firstTooYoung,
  formatFee,
  permitAlerts,
  tariffOn,
  type TariffRow,
} from "@/lib/parks/rules";
import { feeToMinor, tariffSchema } from "@/lib/parks/schemas";

const row = (overrides: Partial<TariffRow>): TariffRow => ({
  fee: "gorilla_tracking",
  park: null,
  residency: "foreign_non_resident",
  ageBand: "adult",
  currency: "USD",
  amountMinor: 80_000,
  effectiveFrom: "2024-07-01",
  effectiveTo: "2026-06-30",
  ...overrides,
});

const ask = (day: string, overrides: Partial<Parameters<typeof tariffOn>[1]> = {}) => ({
  fee: "gorilla_tracking" as const,
  park: "Bwindi Impenetrable",
  residency: "foreign_non_resident" as const,
  ageBand: "adult" as const,
  day,
  ...overrides,
});

describe("the tariff in force on a day", () => {
  const published = row({});
  const carried = row({ effectiveFrom: "2026-07-01", effectiveTo: null });
  const successor = row({ amountMinor: 100_000, effectiveFrom: "2027-07-01", effectiveTo: null });

  it("takes the row whose dates hold the day, both ends included", () => {
    expect(tariffOn([published, carried], ask("2024-07-01"))).toBe(published);
    expect(tariffOn([published, carried], ask("2026-06-30"))).toBe(published);
    expect(tariffOn([published, carried], ask("2026-07-01"))).toBe(carried);
    expect(tariffOn([published, carried], ask("2024-06-30"))).toBeNull();
  });

  it("prices a trek after a new row's start at the new price, one the day before at the old", () => {
    const rows = [published, carried, successor];
    expect(tariffOn(rows, ask("2027-06-30"))?.amountMinor).toBe(80_000);
    expect(tariffOn(rows, ask("2027-07-01"))?.amountMinor).toBe(100_000);
  });

  it("matches the category and age band, and prefers the park's own row to one for every park", () => {
    const eac = row({ residency: "east_african_citizen", currency: "UGX", amountMinor: 300_000 });
    const bwindi = row({ park: "Bwindi Impenetrable", amountMinor: 85_000 });
    const mgahinga = row({ park: "Mgahinga Gorilla", amountMinor: 70_000 });
    const rows = [published, eac, bwindi, mgahinga];
    expect(tariffOn(rows, ask("2025-01-01"))).toBe(bwindi);
    expect(tariffOn(rows, ask("2025-01-01", { park: "Mgahinga Gorilla" }))).toBe(mgahinga);
    expect(tariffOn(rows, ask("2025-01-01", { park: "Kibale" }))).toBe(published);
    expect(tariffOn(rows, ask("2025-01-01", { residency: "east_african_citizen" }))).toBe(eac);
    expect(tariffOn(rows, ask("2025-01-01", { ageBand: "child" }))).toBeNull();
  });
});

describe("fees as written", () => {
  it("in dollars or whole shillings", () => {
    expect(formatFee(80_000, "USD")).toBe("US$800");
    expect(formatFee(80_050, "USD")).toBe("US$800.50");
    expect(formatFee(300_000, "UGX")).toBe("UGX 300,000");
  });

  it("reads an amount as typed, refusing cents of shillings and nonsense", () => {
    expect(feeToMinor("800", "USD")).toBe(80_000);
    expect(feeToMinor("$1,500.5", "USD")).toBe(150_050);
    expect(feeToMinor("300,000", "UGX")).toBe(300_000);
    expect(feeToMinor("300000.50", "UGX")).toBeNull();
    expect(feeToMinor("0", "USD")).toBeNull();
    expect(feeToMinor("eight hundred", "USD")).toBeNull();
  });

  it("refuses an end before the start and an amount that does not read, on their fields", () => {
    const result = tariffSchema.safeParse({
      fee: "gorilla_tracking",
      residency: "foreign_resident",
      ageBand: "adult",
      currency: "UGX",
      amount: "12.5",
      effectiveFrom: "2027-07-01",
      effectiveTo: "2027-06-30",
    });
    expect(result.success).toBe(false);
    const fields = result.error!.flatten().fieldErrors as Record<string, string[]>;
    expect(fields.amount).toEqual(["Enter whole shillings, e.g. 300,000"]);
    expect(fields.effectiveTo).toEqual(["Effective to cannot be before effective from"]);
  });
});

describe("a trekker's age on the trek day", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2012-05-10", "2027-05-09")).toBe(14);
    expect(ageOn("2012-05-10", "2027-05-10")).toBe(15);
    expect(ageOn("2012-02-29", "2027-02-28")).toBe(14);
  });

  it("names the first traveller too young for a gorilla permit, and none for other treks", () => {
    const group = [
      { fullName: "Amelia Carter", dateOfBirth: "1988-01-01" },
      { fullName: "Noah Carter", dateOfBirth: "2015-03-02" },
      { fullName: "No Date Given", dateOfBirth: null },
    ];
    expect(firstTooYoung(group, "gorilla_tracking", "2027-06-12")).toMatch(
      /^Noah Carter must be at least 15 on the trek day \(/,
    );
    expect(firstTooYoung(group, "chimpanzee_tracking", "2027-06-12")).toBeNull();
    expect(firstTooYoung(group, null, "2027-06-12")).toBeNull();
  });
});

describe("permit alerts", () => {
  const today = "2027-03-01";
  it("warns of blocks lapsing within 48 hours, UWA balances due within 14 days and permits unsold 30 days out", () => {
    const alerts = permitAlerts(
      [
        {
          park: "Bwindi",
          trekDate: "2027-03-20",
          left: 3,
          lots: [{ quantity: 8, state: "paid", blockedUntil: null }],
        },
        {
          park: "Bwindi",
          trekDate: "2027-05-25",
          left: 8,
          lots: [{ quantity: 8, state: "blocked", blockedUntil: "2027-03-02" }],
        },
        {
          park: "Mgahinga",
          trekDate: "2027-09-01",
          left: 6,
          lots: [{ quantity: 6, state: "deposit_paid", blockedUntil: null }],
        },
      ],
      today,
    );
    // Soonest first: 25 May less 91 days is 23 February, already due; the block lapses on
    // 2 March; the unsold permits trek on 20 March.
    expect(alerts.map((a) => a.kind)).toEqual(["balance_due", "block_lapsing", "unsold"]);
    expect(alerts[0]!.text).toMatch(/^UWA's balance for 8 permits for Bwindi, .* is due since /);
    expect(alerts[1]!.text).toMatch(
      /^8 blocked permits for Bwindi, .* lapse on .* unless the deposit is paid\.$/,
    );
    expect(alerts[2]!.text).toMatch(/^3 permits for Bwindi, .* still unsold\.$/);
    expect(alerts.some((a) => a.park === "Mgahinga")).toBe(false);
  });
});
