/**
 * The pay page's pure rules: the choices it offers from what is due (the amounts startPayment
 * charges for each kind), the problem codes its address carries back, and My Bookings' words.
 */
import { describe, expect, it } from "vitest";

import { nextDueText, paidOfTotal } from "@/components/pay/pay-labels";
import { amountsDue } from "@/lib/payments/ledger";
import { PAY_PROBLEMS, payChoices, payProblemOf, readPayProblem } from "@/lib/payments/schemas";

const TODAY = "2026-06-01";
const due = (
  paid: number,
  balanceDueOn: string | null = "2026-09-01",
  total: number | null = 100_000,
) =>
  amountsDue(
    total,
    30,
    paid > 0 ? [{ kind: "deposit", amountMinor: paid, status: "completed" }] : [],
    balanceDueOn,
    TODAY,
  );

describe("payChoices", () => {
  it("offers the deposit or the rest at once while the deposit is not met", () => {
    expect(payChoices(due(0))).toEqual([
      { kind: "deposit", amountMinor: 30_000, label: "Pay the deposit (30%): $300.00" },
      { kind: "full", amountMinor: 100_000, label: "Pay the rest at once: $1,000.00" },
    ]);
  });

  it("asks only what is left of a partly paid deposit", () => {
    expect(payChoices(due(10_000)).map((c) => c.label)).toEqual([
      "Pay the deposit (30%): $200.00",
      "Pay the rest at once: $900.00",
    ]);
  });

  it("offers the balance once the deposit is met", () => {
    expect(payChoices(due(30_000))).toEqual([
      { kind: "balance", amountMinor: 70_000, label: "Pay the balance: $700.00" },
    ]);
  });

  it("offers the rest at once when the balance fell due before the deposit was paid", () => {
    expect(payChoices(due(0, "2026-05-01"))).toEqual([
      { kind: "full", amountMinor: 100_000, label: "Pay the rest at once: $1,000.00" },
    ]);
  });

  it("offers nothing when paid in full or without a total", () => {
    expect(payChoices(due(100_000))).toEqual([]);
    expect(payChoices(due(0, null, null))).toEqual([]);
  });
});

describe("pay problems", () => {
  it("names an action's refusal by its title, anything else as failed", () => {
    expect(payProblemOf(PAY_PROBLEMS.unavailable.title)).toBe("unavailable");
    expect(payProblemOf("Nothing Due")).toBe("nothing-due");
    expect(payProblemOf("Link Expired")).toBe("expired");
    expect(payProblemOf("Something Else")).toBe("failed");
    expect(payProblemOf(undefined)).toBe("failed");
  });

  it("reads back only its own codes from the address", () => {
    expect(readPayProblem("unavailable")).toBe("unavailable");
    expect(readPayProblem("nothing-due")).toBe("nothing-due");
    expect(readPayProblem("<script>")).toBeNull();
    expect(readPayProblem("toString")).toBeNull();
    expect(readPayProblem(["unavailable"])).toBeNull();
    expect(readPayProblem(undefined)).toBeNull();
  });

  it("says the product's words", () => {
    expect(PAY_PROBLEMS["nothing-due"].message).toBe("Nothing is due on this booking right now.");
    expect(PAY_PROBLEMS.unavailable.message).toMatch(/^The payment service is not answering/);
  });
});

describe("My Bookings' payment words", () => {
  it("says what is paid of the total and what is due next", () => {
    const deposit = {
      totalMinor: 200_000,
      paidMinor: 0,
      nextDue: { kind: "deposit" as const, amountMinor: 60_000, dueOn: null },
    };
    expect(paidOfTotal(deposit)).toBe("Paid $0.00 of $2,000.00");
    expect(nextDueText(deposit)).toBe("Deposit $600.00 due now");
    const balance = {
      totalMinor: 200_000,
      paidMinor: 60_000,
      nextDue: { kind: "balance" as const, amountMinor: 140_000, dueOn: "2027-03-12" },
    };
    expect(nextDueText(balance)).toMatch(/^Balance \$1,400\.00 due by .*2027/);
    expect(nextDueText({ ...balance, nextDue: { ...balance.nextDue, dueOn: null } })).toBe(
      "Balance $1,400.00 due now",
    );
    expect(paidOfTotal({ totalMinor: null, paidMinor: 0, nextDue: null })).toBeNull();
    expect(nextDueText({ totalMinor: 100, paidMinor: 100, nextDue: null })).toBeNull();
  });
});
