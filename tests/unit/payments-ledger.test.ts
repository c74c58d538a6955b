import { describe, expect, it } from "vitest";

import {
  amountsDue,
  derivePaymentStatus,
  formatMoney,
  type LedgerRow,
} from "@/lib/payments/ledger";

const paid = (amountMinor: number, kind: LedgerRow["kind"] = "deposit"): LedgerRow => ({
  kind,
  amountMinor,
  status: "completed",
});

describe("derivePaymentStatus", () => {
  it("is Pending with nothing completed", () => {
    expect(derivePaymentStatus(100_000, [])).toBe("Pending");
    expect(
      derivePaymentStatus(100_000, [
        { kind: "deposit", amountMinor: 30_000, status: "pending" },
        { kind: "full", amountMinor: 100_000, status: "failed" },
        { kind: "full", amountMinor: 100_000, status: "reversed" },
      ]),
    ).toBe("Pending");
  });

  it("is Deposit Made below the total, Paid at or above it", () => {
    expect(derivePaymentStatus(100_000, [paid(30_000)])).toBe("Deposit Made");
    expect(derivePaymentStatus(100_000, [paid(30_000), paid(70_000, "balance")])).toBe("Paid");
    expect(derivePaymentStatus(100_000, [paid(120_000, "full")])).toBe("Paid");
  });

  it("counts refunds out", () => {
    expect(derivePaymentStatus(100_000, [paid(100_000, "full"), paid(20_000, "refund")])).toBe(
      "Deposit Made",
    );
    expect(derivePaymentStatus(100_000, [paid(30_000), paid(30_000, "refund")])).toBe("Refunded");
    // A refund still pending does not count.
    expect(
      derivePaymentStatus(100_000, [
        paid(30_000),
        { kind: "refund", amountMinor: 30_000, status: "pending" },
      ]),
    ).toBe("Deposit Made");
  });

  it("is Deposit Made for money in before any total is quoted", () => {
    expect(derivePaymentStatus(null, [paid(5_000)])).toBe("Deposit Made");
    expect(derivePaymentStatus(null, [])).toBe("Pending");
  });
});

describe("amountsDue", () => {
  const today = "2026-11-25";

  it("asks the deposit first (30%, rounded up), then the balance", () => {
    expect(amountsDue(100_001, 30, [], "2027-03-01", today)).toEqual({
      paidMinor: 0,
      depositPercent: 30,
      depositMinor: 30_001,
      depositDue: 30_001,
      balanceMinor: 100_001,
      balanceDueOn: "2027-03-01",
      balanceDueNow: false,
      nextDue: "deposit",
    });
    expect(amountsDue(100_000, 30, [paid(10_000)], null, today)).toMatchObject({
      depositDue: 20_000,
      balanceMinor: 90_000,
      nextDue: "deposit",
    });
    expect(amountsDue(100_000, 30, [paid(30_000)], null, today)).toMatchObject({
      paidMinor: 30_000,
      depositDue: 0,
      balanceMinor: 70_000,
      nextDue: "balance",
    });
  });

  it("asks everything once the balance's day has come", () => {
    expect(amountsDue(100_000, 30, [], "2026-11-25", today)).toMatchObject({
      nextDue: "balance",
      balanceDueNow: true,
    });
    expect(amountsDue(100_000, 30, [], "2026-11-26", today)).toMatchObject({
      nextDue: "deposit",
      balanceDueNow: false,
    });
    // Paid in full: nothing is due, whatever the day.
    expect(amountsDue(100_000, 30, [paid(100_000, "full")], "2026-11-01", today)).toMatchObject({
      nextDue: null,
      balanceDueNow: false,
    });
  });

  it("asks nothing when paid, or without a total", () => {
    expect(amountsDue(100_000, 30, [paid(100_000, "full")], null, today)).toMatchObject({
      balanceMinor: 0,
      depositDue: 0,
      nextDue: null,
    });
    expect(amountsDue(null, 30, [paid(5_000)], null, today)).toMatchObject({
      paidMinor: 5_000,
      nextDue: null,
    });
  });

  it("takes another deposit share", () => {
    expect(amountsDue(100_000, 50, [], null, today)).toMatchObject({
      depositPercent: 50,
      depositMinor: 50_000,
      depositDue: 50_000,
    });
  });

  it("counts refunds back into what is due", () => {
    expect(
      amountsDue(100_000, 30, [paid(100_000, "full"), paid(40_000, "refund")], null, today),
    ).toMatchObject({ paidMinor: 60_000, balanceMinor: 40_000, nextDue: "balance" });
  });
});

describe("formatMoney", () => {
  it("writes dollars from cents and shillings whole", () => {
    expect(formatMoney(123_450, "USD")).toBe("$1,234.50");
    expect(formatMoney(5, "USD")).toBe("$0.05");
    expect(formatMoney(350_000, "UGX")).toBe("UGX 350,000");
    expect(formatMoney(-2_500, "USD")).toBe("-$25.00");
  });
});
