import { describe, expect, it } from "vitest";

import { customerBookingStatus } from "@/lib/bookings/customer-labels";

import {
  adminBookingsHref,
  adminBookingStatus,
  canSetBookingStatus,
  parseAdminBookingQuery,
  rangeStart,
  totalLabel,
} from "@/lib/bookings/list-query";
import {
  bookingGuideSchema,
  bookingPaymentSchema,
  confirmBookingSchema,
  recordPaymentSchema,
  recordRefundSchema,
} from "@/lib/bookings/schemas/edit";
import { expectOutputs } from "@/tests/helpers/tables";

// 10:00 in Kampala (UTC+3) on June 12, 2027.
const now = new Date("2027-06-12T07:00:00Z");
const created = (iso: string) => ({ bookingStatus: null, createdAt: iso });

describe("admin booking status", () => {
  it("shows a status set by staff as is, anything else as New", () => {
    expect(
      adminBookingStatus({ bookingStatus: "new", createdAt: "2027-01-01T00:00:00Z" }, now),
    ).toBe("New");
    // A checkout not paid says so, whatever its age.
    expect(
      adminBookingStatus(
        { bookingStatus: null, createdAt: "2027-01-01T00:00:00Z", checkout: "lapsed" },
        now,
      ),
    ).toBe("Not Paid");
    expect(adminBookingStatus({ bookingStatus: null, createdAt: now, checkout: "live" }, now)).toBe(
      "Awaiting Payment",
    );
    expect(adminBookingStatus({ bookingStatus: "confirmed", createdAt: now }, now)).toBe(
      "Confirmed",
    );
    expect(adminBookingStatus({ bookingStatus: "completed", createdAt: now }, now)).toBe(
      "Completed",
    );
    expect(adminBookingStatus({ bookingStatus: "cancelled", createdAt: now }, now)).toBe(
      "Cancelled",
    );
    expect(adminBookingStatus({ bookingStatus: "on-hold", createdAt: now }, now)).toBe("New");
  });

  it("never guesses it from the age: a request nobody answered stays New, a trip over is Completed", () => {
    expect(adminBookingStatus(created("2027-06-11T21:30:00Z"), now)).toBe("New");
    expect(adminBookingStatus(created("2027-06-11T20:30:00Z"), now)).toBe("New");
    expect(adminBookingStatus(created("2026-06-08T07:00:00Z"), now)).toBe("New");
    expect(
      adminBookingStatus({ ...created("2026-06-08T07:00:00Z"), departureDate: "2027-06-11" }, now),
    ).toBe("Completed");
    expect(
      adminBookingStatus({ ...created("2026-06-08T07:00:00Z"), departureDate: "2027-06-12" }, now),
    ).toBe("New");
  });

  it("reads the same words as the customer's side", () => {
    for (const bookingStatus of [null, "new", "confirmed", "completed", "cancelled"] as const)
      for (const departureDate of [null, "2027-06-01", "2027-08-01"])
        for (const checkout of [null, "live", "lapsed"] as const)
          expect(adminBookingStatus({ bookingStatus, departureDate, checkout }, now)).toBe(
            customerBookingStatus({ bookingStatus, departureDate, checkout }, now),
          );
  });
});

describe("New means not reviewed yet", () => {
  it("a reviewed booking cannot go back to New; anything else goes", () => {
    expect(canSetBookingStatus(null, "new")).toBe(true);
    expect(canSetBookingStatus("new", "new")).toBe(true);
    expect(canSetBookingStatus("confirmed", "new")).toBe(false);
    expect(canSetBookingStatus("cancelled", "new")).toBe(false);
    expect(canSetBookingStatus("cancelled", "confirmed")).toBe(true);
  });
});

describe("the list's URL state", () => {
  it("reads search, tour, range, balance, page and the open dialog, refusing anything malformed", () => {
    expect(parseAdminBookingQuery({})).toEqual({
      q: "",
      tour: "",
      range: "all",
      balance: "all",
      page: 1,
      edit: null,
    });
    expect(
      parseAdminBookingQuery({
        q: "  nile ",
        tour: "Nile (3 Days)",
        range: "30",
        balance: "overdue",
        page: "4",
        edit: "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f",
      }),
    ).toEqual({
      q: "nile",
      tour: "Nile (3 Days)",
      range: "30",
      balance: "overdue",
      page: 4,
      edit: "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f",
    });
    expect(
      parseAdminBookingQuery({
        range: "365",
        balance: "late",
        page: "-2",
        edit: "1; drop table",
      }),
    ).toMatchObject({
      range: "all",
      balance: "all",
      page: 1,
      edit: null,
    });
    expect(parseAdminBookingQuery({ q: ["a", "b"], page: "abc" })).toMatchObject({
      q: "a",
      page: 1,
    });
  });

  it("writes it back without the defaults; a filter change goes back to page 1", () => {
    expect(
      adminBookingsHref({ q: "", tour: "", range: "all", balance: "all", page: 1, edit: null }),
    ).toBe("/admin/bookings");
    expect(adminBookingsHref({ balance: "overdue" })).toBe("/admin/bookings?balance=overdue");
    expect(adminBookingsHref({ q: "jinja & co", range: "7", page: 3 })).toBe(
      "/admin/bookings?q=jinja+%26+co&range=7&page=3",
    );
    expect(adminBookingsHref({ q: "x", page: 3 }, { edit: "abc" })).toBe(
      "/admin/bookings?q=x&page=3&edit=abc",
    );
  });

  it("counts the date filter back from now in whole days", () => {
    expect(rangeStart("all", now)).toBeNull();
    expect(rangeStart("7", now)?.toISOString()).toBe("2027-06-05T07:00:00.000Z");
    expect(rangeStart("90", now)?.toISOString()).toBe("2027-03-14T07:00:00.000Z");
  });
});

describe("the count line", () => {
  it("says how many and which", () => {
    expectOutputs(totalLabel, [
      [0, "0 total bookings"],
      [1, "1 total booking"],
      [23, "23 total bookings"],
    ]);
  });
});

describe("the Edit dialog's forms", () => {
  const id = "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f";
  it("takes the booking status and a trimmed note of at most 500 characters, never a payment status", () => {
    const ok = bookingPaymentSchema.parse({
      bookingId: id,
      version: "1718000000000000",
      paymentStatus: "Paid",
      paymentNote: "  MoMo 7H2K ",
      bookingStatus: "confirmed",
    });
    expect(ok.paymentNote).toBe("MoMo 7H2K");
    // The payment status is derived from the ledger: a posted one is dropped.
    expect(ok).not.toHaveProperty("paymentStatus");
    expect(bookingPaymentSchema.parse({ ...ok, paymentNote: " " }).paymentNote).toBeNull();
    expect(bookingPaymentSchema.safeParse({ ...ok, bookingStatus: "paid" }).success).toBe(false);
    expect(bookingPaymentSchema.safeParse({ ...ok, paymentNote: "x".repeat(501) }).success).toBe(
      false,
    );
    expect(bookingPaymentSchema.safeParse({ ...ok, bookingId: "1 or 1=1" }).success).toBe(false);
    expect(bookingPaymentSchema.safeParse({ ...ok, version: "yesterday" }).success).toBe(false);
  });

  it("takes a guide id or No Guide", () => {
    const parsed = bookingGuideSchema.parse({
      bookingId: id,
      version: "1",
      guideId: "none",
      oldGuideId: id,
    });
    expect(parsed).toMatchObject({ guideId: null, oldGuideId: id });
    expect(
      bookingGuideSchema.safeParse({
        bookingId: id,
        version: "1",
        guideId: "Moses",
        oldGuideId: "none",
      }).success,
    ).toBe(false);
  });
});

describe("the Price section and the ledger's forms", () => {
  const id = "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f";
  const confirm = { bookingId: id, version: "1", total: "3600", computedTotal: "3600.00" };

  it("confirms the computed total without a reason, another total only with one", () => {
    expect(confirmBookingSchema.parse(confirm)).toEqual({
      ...confirm,
      total: 360_000,
      computedTotal: 360_000,
      totalReason: null,
    });
    const other = confirmBookingSchema.safeParse({ ...confirm, total: "3,240" });
    expect(other.success).toBe(false);
    expect(other.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["totalReason", "Give a reason for a total other than the computed one."],
    ]);
    expect(
      confirmBookingSchema.parse({ ...confirm, total: "3,240", totalReason: " Returning guests " }),
    ).toMatchObject({ total: 324_000, totalReason: "Returning guests" });
    // No computed total (a tour without a price): the reason is asked for.
    expect(confirmBookingSchema.safeParse({ ...confirm, computedTotal: "" }).success).toBe(false);
    expect(
      confirmBookingSchema.safeParse({ ...confirm, total: "0", totalReason: "x" }).success,
    ).toBe(false);
  });

  it("records cash or bank payments of a kind, and refunds, in dollars above zero", () => {
    const payment = { bookingId: id, method: "cash", kind: "deposit", amount: "1,080.00" };
    expect(recordPaymentSchema.parse({ ...payment, reference: " R-12 " })).toEqual({
      ...payment,
      amount: 108_000,
      reference: "R-12",
      note: null,
      overBalance: false,
    });
    // An admin's confirmation of more than the balance owed, ticked.
    expect(recordPaymentSchema.parse({ ...payment, overBalance: "true" }).overBalance).toBe(true);
    // One entry is at most $1,000,000.00, whoever records it.
    expect(recordPaymentSchema.safeParse({ ...payment, amount: "1000000" }).success).toBe(true);
    expect(
      recordPaymentSchema.safeParse({ ...payment, amount: "1000000.01" }).error?.issues,
    ).toEqual([
      expect.objectContaining({ message: "At most $1,000,000.00 can be recorded at once." }),
    ]);
    expect(recordPaymentSchema.safeParse({ ...payment, method: "pesapal" }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ ...payment, kind: "refund" }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ ...payment, amount: "-5" }).success).toBe(false);
    // Mobile money (MTN, Airtel) names its transaction code.
    expect(recordPaymentSchema.safeParse({ ...payment, method: "mtn" }).error?.issues).toEqual([
      expect.objectContaining({
        path: ["reference"],
        message: "Enter the mobile money transaction code.",
      }),
    ]);
    expect(
      recordPaymentSchema.parse({ ...payment, method: "airtel", reference: "7H2K9QX" }),
    ).toMatchObject({ method: "airtel", reference: "7H2K9QX" });
    const { kind: _, ...refund } = payment;
    expect(recordRefundSchema.parse({ ...refund, method: "bank" })).toMatchObject({
      method: "bank",
      amount: 108_000,
    });
  });
});
