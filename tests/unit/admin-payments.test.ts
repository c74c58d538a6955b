import { describe, expect, it } from "vitest";

import {
  isFiltered,
  kampalaMonth,
  owingText,
  parsePaymentsQuery,
  paymentsHref,
  shownStatus,
  signedAmount,
  STATUS_OPTIONS,
} from "@/lib/admin-payments";

describe("the Payments screen's URL", () => {
  it("reads status, method, days and page, and drops what is malformed", () => {
    expect(
      parsePaymentsQuery({
        status: "flagged",
        provider: "cash",
        from: "2027-03-01",
        to: "2027-03-31",
        page: "4",
      }),
    ).toEqual({
      status: "flagged",
      provider: "cash",
      from: "2027-03-01",
      to: "2027-03-31",
      page: 4,
    });
    expect(
      parsePaymentsQuery({
        status: "paid",
        provider: "mpesa",
        from: "2027-02-30",
        to: "yesterday",
        page: "-2",
      }),
    ).toEqual({ status: "", provider: "", from: "", to: "", page: 1 });
    // A repeated parameter: its first value.
    expect(parsePaymentsQuery({ status: ["failed", "completed"] }).status).toBe("failed");
  });

  it("reads a range given backwards the right way round", () => {
    expect(parsePaymentsQuery({ from: "2027-04-30", to: "2027-04-01" })).toMatchObject({
      from: "2027-04-01",
      to: "2027-04-30",
    });
  });

  it("writes a view back with its defaults left out", () => {
    expect(paymentsHref({ status: "", provider: "", from: "", to: "", page: 1 })).toBe(
      "/admin/payments",
    );
    expect(
      paymentsHref(
        { status: "pending", provider: "pesapal", from: "2027-03-01", to: "", page: 1 },
        { page: 3 },
      ),
    ).toBe("/admin/payments?status=pending&provider=pesapal&from=2027-03-01&page=3");
  });

  it("knows a filtered view", () => {
    const plain = parsePaymentsQuery({});
    expect(isFiltered(plain)).toBe(false);
    expect(isFiltered({ ...plain, page: 5 })).toBe(false);
    expect(isFiltered({ ...plain, status: "failed" })).toBe(true);
    expect(isFiltered({ ...plain, provider: "bank" })).toBe(true);
    expect(isFiltered({ ...plain, to: "2027-01-01" })).toBe(true);
  });

  it("offers every status, Flagged apart from Pending", () => {
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual([
      "All statuses",
      "Pending",
      "Completed",
      "Failed",
      "Reversed",
      "Flagged",
    ]);
  });
});

describe("how a ledger row reads", () => {
  it("shows a pending row the provider disagrees with as flagged", () => {
    expect(shownStatus("pending", "The provider reports amount $1.00 instead of $100.00.")).toBe(
      "flagged",
    );
    expect(shownStatus("pending", null)).toBe("pending");
    // Final rows keep their status.
    expect(shownStatus("failed", "Wrong amount.")).toBe("failed");
    expect(shownStatus("completed", null)).toBe("completed");
  });

  it("shows a refund as money out", () => {
    expect(signedAmount("refund", 2_500)).toBe(-2_500);
    expect(signedAmount("deposit", 2_500)).toBe(2_500);
    expect(signedAmount("full", 1)).toBe(1);
  });

  it("counts the bookings that owe", () => {
    expect(owingText(0)).toBe("No bookings");
    expect(owingText(1)).toBe("1 booking");
    expect(owingText(1_204)).toBe("1,204 bookings");
  });
});

describe("the Kampala month", () => {
  it("starts at midnight in Kampala (21:00 UTC the evening before)", () => {
    expect(kampalaMonth("2027-03-15")).toEqual({
      start: new Date("2027-02-28T21:00:00Z"),
      end: new Date("2027-03-31T21:00:00Z"),
    });
  });

  it("runs December into January", () => {
    expect(kampalaMonth("2027-12-31")).toEqual({
      start: new Date("2027-11-30T21:00:00Z"),
      end: new Date("2027-12-31T21:00:00Z"),
    });
  });
});
