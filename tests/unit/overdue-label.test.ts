import { describe, expect, it } from "vitest";

import { overdueLabel } from "@/lib/bookings/list-query";

const owing = {
  bookingStatus: "confirmed" as const,
  paymentStatus: "Deposit Made" as const,
  balanceDueOn: "2027-03-10",
};

describe("overdueLabel (the admin's Overdue badge)", () => {
  it("counts the whole days past the due day", () => {
    expect(overdueLabel(owing, "2027-03-15")).toBe("Overdue 5 days");
    expect(overdueLabel(owing, "2027-03-11")).toBe("Overdue 1 day");
  });

  it("is null on the due day itself and before", () => {
    expect(overdueLabel(owing, "2027-03-10")).toBeNull();
    expect(overdueLabel(owing, "2027-03-01")).toBeNull();
  });

  it("is null when paid, called off, not reviewed or without a due day", () => {
    const late = "2027-04-01";
    expect(overdueLabel({ ...owing, paymentStatus: "Paid" }, late)).toBeNull();
    expect(overdueLabel({ ...owing, paymentStatus: "Refunded" }, late)).toBeNull();
    expect(overdueLabel({ ...owing, bookingStatus: "cancelled" }, late)).toBeNull();
    expect(overdueLabel({ ...owing, bookingStatus: "new" }, late)).toBeNull();
    expect(overdueLabel({ ...owing, balanceDueOn: null }, late)).toBeNull();
  });
});
