/** The refund due of a cancelled booking and whether it can be booked again (lib/bookings/refund-due.ts). */
import { describe, expect, it } from "vitest";

import { canRebook, refundDueMinor } from "@/lib/bookings/refund-due";

describe("the refund due", () => {
  it("is the net paid of a cancelled booking, and nothing on a live one or one with nothing left paid", () => {
    expect(
      refundDueMinor({ bookingStatus: "cancelled", paymentStatus: "Paid", paidMinor: 240_000 }),
    ).toBe(240_000);
    expect(
      refundDueMinor({ bookingStatus: "confirmed", paymentStatus: "Cancelled", paidMinor: 64_000 }),
    ).toBe(64_000);
    expect(
      refundDueMinor({ bookingStatus: "confirmed", paymentStatus: "Paid", paidMinor: 240_000 }),
    ).toBe(0);
    expect(
      refundDueMinor({ bookingStatus: "cancelled", paymentStatus: "Refunded", paidMinor: 0 }),
    ).toBe(0);
  });

  it("lets a cancelled booking be booked again unless its money went back", () => {
    expect(canRebook({ bookingStatus: "cancelled", paymentStatus: "Deposit Made" })).toBe(true);
    expect(canRebook({ bookingStatus: "cancelled", paymentStatus: "Refunded" })).toBe(false);
    expect(canRebook({ bookingStatus: "confirmed", paymentStatus: "Paid" })).toBe(false);
  });
});
