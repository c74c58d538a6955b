/**
 * The OCTO API's pure rules (lib/resellers/rules.ts): availability ids and cutoffs in Kampala's
 * time, a booking's OCTO status against the clock, cancellation within the cutoff, net prices,
 * the bearer key, the error shapes, and a permit tour's units by residency category with their
 * park fees.
 */
import { describe, expect, it } from "vitest";

import {
  availabilityDate,
  availabilityStatus,
  bearerKey,
  cancellable,
  hashApiKey,
  localStart,
  netPrice,
  newApiKey,
  newSupplierReference,
  OctoError,
  octoStatus,
  productUnits,
  utcCutoffAt,
} from "@/lib/resellers/rules";
import type { Residency } from "@/lib/domain";
import type { TariffRow } from "@/lib/parks/rules";
import { pricingOf } from "@/lib/resellers/octo";

/** A tariff row of the gorilla permit, in force from 2024 with no end. */
const row = (residency: Residency, currency: string, amountMinor: number): TariffRow => ({
  fee: "gorilla_tracking",
  park: null,
  residency,
  ageBand: "adult",
  currency,
  amountMinor,
  effectiveFrom: "2024-07-01",
  effectiveTo: null,
});

describe("OCTO rules", () => {
  it("names a departure by its start in Kampala and reads the name back", () => {
    expect(localStart("2027-03-01")).toBe("2027-03-01T00:00:00+03:00");
    expect(availabilityDate("2027-03-01T00:00:00+03:00")).toBe("2027-03-01");
    expect(availabilityDate("2027-03-01")).toBeNull();
    expect(availabilityDate("2027-03-01T09:00:00+03:00")).toBeNull();
    expect(availabilityDate("invalidAvailabilityId")).toBeNull();
  });

  it("closes sales at the end of the last booking day in Kampala, as a UTC instant", () => {
    expect(utcCutoffAt("2027-03-10", 0)).toBe("2027-03-10T21:00:00Z");
    expect(utcCutoffAt("2027-03-10", 3)).toBe("2027-03-07T21:00:00Z");
  });

  it("reads a hold past its expiry as EXPIRED, by the clock alone", () => {
    const now = new Date("2027-01-01T12:00:00Z");
    expect(octoStatus("on_hold", new Date("2027-01-01T12:00:01Z"), now)).toBe("ON_HOLD");
    expect(octoStatus("on_hold", new Date("2027-01-01T12:00:00Z"), now)).toBe("EXPIRED");
    expect(octoStatus("confirmed", null, now)).toBe("CONFIRMED");
    expect(octoStatus("cancelled", null, now)).toBe("CANCELLED");
  });

  it("cancels a hold any time and a confirmed booking up to the last booking day", () => {
    const departure = { startDate: "2027-03-10", cutoffDays: 2 };
    expect(cancellable("on_hold", departure, "2027-03-09")).toBe(true);
    expect(cancellable("confirmed", departure, "2027-03-08")).toBe(true);
    expect(cancellable("confirmed", departure, "2027-03-09")).toBe(false);
    expect(cancellable("cancelled", departure, "2027-01-01")).toBe(false);
  });

  it("prices the net as the retail less the commission, in whole cents", () => {
    expect(netPrice(120_000, 20)).toBe(96_000);
    expect(netPrice(999, 15)).toBe(849);
    expect(netPrice(50_000, 0)).toBe(50_000);
  });

  it("says a departure's state from its seats", () => {
    expect(availabilityStatus(false, 5, 10)).toBe("CLOSED");
    expect(availabilityStatus(true, 0, 10)).toBe("SOLD_OUT");
    expect(availabilityStatus(true, 5, 10)).toBe("LIMITED");
    expect(availabilityStatus(true, 6, 10)).toBe("AVAILABLE");
  });

  it("reads the bearer key and stores only its hash", () => {
    const key = newApiKey(true);
    expect(key).toMatch(/^bu_test_[A-Za-z0-9_-]{43}$/);
    expect(newApiKey(false)).toMatch(/^bu_live_/);
    expect(bearerKey(`Bearer ${key}`)).toBe(key);
    expect(bearerKey(`bearer  ${key}`)).toBe(key);
    expect(bearerKey(key)).toBeNull();
    expect(bearerKey(null)).toBeNull();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toContain(key);
    expect(newSupplierReference()).toMatch(/^BU-[A-Z2-9]{8}$/);
  });

  it("shapes refusals as OCTO does: 400 with the id named, 401 without a key, 403 for a bad one", () => {
    expect(new OctoError("INVALID_UNIT_ID", { id: "CHILD" })).toMatchObject({
      status: 400,
      body: { error: "INVALID_UNIT_ID", unitId: "CHILD", errorMessage: expect.any(String) },
    });
    expect(new OctoError("BAD_REQUEST", { message: "unitItems: required" }).body).toEqual({
      error: "BAD_REQUEST",
      errorMessage: "unitItems: required",
    });
    expect(new OctoError("UNAUTHORIZED").status).toBe(401);
    expect(new OctoError("FORBIDDEN").status).toBe(403);
  });

  it("gives a permit tour one unit per residency category, priced at its fee on the day; a tour without one its ADULT", () => {
    expect(productUnits(null)).toEqual([{ id: "ADULT", residency: null, feeMinor: 0 }]);
    const permit = { fee: "gorilla_tracking", park: "Bwindi Impenetrable", trekDay: 2 } as const;
    const rows = [
      row("foreign_non_resident", "USD", 80_000),
      row("east_african_citizen", "UGX", 300_000),
    ];
    const units = productUnits(permit, {
      rows,
      rate: { id: "r", ugxPerUsd: "3700" },
      day: "2027-03-02",
    });
    expect(units.map((u) => [u.id, u.residency, u.feeMinor])).toEqual([
      ["adult-foreign-non-resident", "foreign_non_resident", 80_000],
      // No published row: not priced, so not sold.
      ["adult-foreign-resident", "foreign_resident", null],
      ["adult-rest-of-africa", "rest_of_africa", null],
      // UGX 300,000 at 3,700: US$81.09, rounded up to the cent.
      ["adult-east-african-citizen", "east_african_citizen", 8_109],
    ]);
    // Shillings with no rate set: not priced either.
    expect(productUnits(permit, { rows, rate: null, day: "2027-03-02" })[3]!.feeMinor).toBeNull();
  });

  it("adds a unit's park fee at face value to retail and net alike: the net discounts the land only", () => {
    const twentyOff = (retail: number) => retail * 0.8;
    expect(pricingOf(120_000, twentyOff, 80_000)).toMatchObject({
      original: 200_000,
      retail: 200_000,
      net: 176_000,
    });
    expect(pricingOf(120_000, twentyOff, 80_000, 2)).toMatchObject({
      retail: 400_000,
      net: 352_000,
    });
  });
});
