import { describe, expect, it } from "vitest";

import {
  adminBookingsHref,
  adminBookingStatus,
  canSetBookingStatus,
  parseAdminBookingQuery,
  rangeStart,
  totalLabel,
} from "@/lib/admin-bookings";
import { bookingGuideSchema, bookingPaymentSchema } from "@/lib/validations/admin-bookings";

// 10:00 in Kampala (UTC+3) on June 12, 2027.
const now = new Date("2027-06-12T07:00:00Z");
const created = (iso: string) => ({ bookingStatus: null, createdAt: iso });

describe("admin booking status", () => {
  it("shows a status set by staff as is, any other value as Pending", () => {
    expect(
      adminBookingStatus({ bookingStatus: "new", createdAt: "2027-01-01T00:00:00Z" }, now),
    ).toBe("New");
    expect(adminBookingStatus({ bookingStatus: "confirmed", createdAt: now }, now)).toBe(
      "Confirmed",
    );
    expect(adminBookingStatus({ bookingStatus: "completed", createdAt: now }, now)).toBe(
      "Completed",
    );
    expect(adminBookingStatus({ bookingStatus: "cancelled", createdAt: now }, now)).toBe(
      "Cancelled",
    );
    expect(adminBookingStatus({ bookingStatus: "on-hold", createdAt: now }, now)).toBe("Pending");
  });

  it("derives it from the age in Kampala days when none is set", () => {
    // 00:30 in Kampala the same day: New; 23:30 the day before in Kampala: Pending.
    expect(adminBookingStatus(created("2027-06-11T21:30:00Z"), now)).toBe("New");
    expect(adminBookingStatus(created("2027-06-11T20:30:00Z"), now)).toBe("Pending");
    expect(adminBookingStatus(created("2027-06-09T07:00:00Z"), now)).toBe("Pending");
    expect(adminBookingStatus(created("2027-06-08T07:00:00Z"), now)).toBe("Processed");
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
  it("reads search, tour, range, page and the open dialog, refusing anything malformed", () => {
    expect(parseAdminBookingQuery({})).toEqual({
      q: "",
      tour: "",
      range: "all",
      page: 1,
      edit: null,
    });
    expect(
      parseAdminBookingQuery({
        q: "  nile ",
        tour: "Nile (3 Days)",
        range: "30",
        page: "4",
        edit: "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f",
      }),
    ).toEqual({
      q: "nile",
      tour: "Nile (3 Days)",
      range: "30",
      page: 4,
      edit: "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f",
    });
    expect(
      parseAdminBookingQuery({ range: "365", page: "-2", edit: "1; drop table" }),
    ).toMatchObject({
      range: "all",
      page: 1,
      edit: null,
    });
    expect(parseAdminBookingQuery({ q: ["a", "b"], page: "abc" })).toMatchObject({
      q: "a",
      page: 1,
    });
  });

  it("writes it back without the defaults; a filter change goes back to page 1", () => {
    expect(adminBookingsHref({ q: "", tour: "", range: "all", page: 1, edit: null })).toBe(
      "/admin/bookings",
    );
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
    expect(totalLabel(0)).toBe("0 total bookings");
    expect(totalLabel(1)).toBe("1 total booking");
    expect(totalLabel(23)).toBe("23 total bookings");
  });
});

describe("the Edit dialog's forms", () => {
  const id = "0b5c1f4e-1d2a-4c3b-8e9f-0a1b2c3d4e5f";
  it("accepts the five payment statuses and a trimmed note of at most 500 characters", () => {
    const ok = bookingPaymentSchema.parse({
      bookingId: id,
      version: "1718000000000000",
      paymentStatus: "Deposit Made",
      paymentNote: "  MoMo 7H2K ",
      bookingStatus: "confirmed",
    });
    expect(ok.paymentNote).toBe("MoMo 7H2K");
    expect(bookingPaymentSchema.parse({ ...ok, paymentNote: " " }).paymentNote).toBeNull();
    expect(bookingPaymentSchema.safeParse({ ...ok, paymentStatus: "pending" }).success).toBe(false);
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
