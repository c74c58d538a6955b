/** The customer area's derived values against worked examples (statuses: docs/decisions/0008). */
import fc from "fast-check";
import { bookingAgeDays, daysBetween, formatDay, todayInKampala } from "@/lib/dates";
import { bookingRef, groupSizeLabel } from "@/lib/bookings/labels";
import { groupThreads, messageStats, type MessageView } from "@/lib/messages/threads";
import { safeCallbackUrl } from "@/lib/accounts/callback-url";
import { describe, expect, it } from "vitest";

import { signInPathFor } from "@/auth.config";
import {
  accountIdLabel,
  displayName,
  greetingName,
  initials,
  layoutGreeting,
  welcomeWords,
  memberSince,
} from "@/lib/accounts/labels";
import {
  customerBookingStatus,
  dashboardBookingStatus,
  nextDepartureDays,
  nextDepartureLabel,
} from "@/lib/bookings/customer-labels";
import { expectOutputs } from "@/tests/helpers/tables";

// 10:00 in Kampala (UTC+3) on 15 June 2027.
const NOW = new Date("2027-06-15T07:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);

describe("dates in Kampala", () => {
  it("takes today in East Africa Time, not UTC", () => {
    expect(todayInKampala(NOW)).toBe("2027-06-15");
    // 22:30 UTC on the 14th is already the 15th in Kampala.
    expect(todayInKampala(new Date("2027-06-14T22:30:00Z"))).toBe("2027-06-15");
  });

  it("counts whole calendar days", () => {
    expect(daysBetween("2027-06-15", "2027-06-15")).toBe(0);
    expect(daysBetween("2027-06-15", "2027-07-30")).toBe(45);
    expect(daysBetween("2027-06-15", "2027-06-14")).toBe(-1);
    // Across the end of February in a leap year.
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(bookingAgeDays(daysAgo(3), NOW)).toBe(3);
  });

  it("formats bookings as 'MMM dd, yyyy'", () => {
    expect(formatDay("2027-06-05")).toBe("Jun 05, 2027");
    expect(formatDay(new Date("2027-01-01T21:30:00Z"))).toBe("Jan 02, 2027");
  });
});

describe("customer-side booking status", () => {
  const base = { bookingStatus: null, createdAt: NOW } as const;

  it("a checkout not paid: Awaiting Payment while its seats are held, Not Paid once lapsed, never Confirmed by age", () => {
    const old = { bookingStatus: null, departureDate: "2027-08-01", createdAt: daysAgo(10) };
    expect(customerBookingStatus({ ...old, checkout: "live" }, NOW)).toBe("Awaiting Payment");
    expect(customerBookingStatus({ ...old, checkout: "lapsed" }, NOW)).toBe("Not Paid");
    expect(dashboardBookingStatus({ ...old, checkout: "lapsed" }, NOW)).toBe("Not Paid");
    expect(customerBookingStatus({ ...old, checkout: null }, NOW)).toBe("New");
  });

  it("no departure date, not reviewed: New", () => {
    expect(customerBookingStatus({ ...base, departureDate: null }, NOW)).toBe("New");
  });

  it("departure in the past: Completed", () => {
    expect(customerBookingStatus({ ...base, departureDate: "2027-06-14" }, NOW)).toBe("Completed");
  });

  it("never by age: a request not reviewed stays New, however old", () => {
    const upcoming = { bookingStatus: null, departureDate: "2027-08-01" };
    for (const age of [0, 1, 3, 4, 30])
      expect(customerBookingStatus({ ...upcoming, createdAt: daysAgo(age) }, NOW)).toBe("New");
    // Departing today is not in the past.
    expect(
      customerBookingStatus(
        { ...upcoming, departureDate: "2027-06-15", createdAt: daysAgo(0) },
        NOW,
      ),
    ).toBe("New");
  });

  it("a status set by staff is shown as is; 'new' is New", () => {
    const b = { departureDate: "2027-08-01", createdAt: daysAgo(10) };
    expect(customerBookingStatus({ ...b, bookingStatus: "confirmed" }, NOW)).toBe("Confirmed");
    expect(customerBookingStatus({ ...b, bookingStatus: "completed" }, NOW)).toBe("Completed");
    expect(
      customerBookingStatus({ ...b, bookingStatus: "cancelled", departureDate: null }, NOW),
    ).toBe("Cancelled");
    expect(customerBookingStatus({ ...b, bookingStatus: "new", createdAt: daysAgo(2) }, NOW)).toBe(
      "New",
    );
  });

  it("the dashboard says the same, without dates", () => {
    expect(dashboardBookingStatus({ bookingStatus: null, createdAt: daysAgo(0) }, NOW)).toBe("New");
    expect(dashboardBookingStatus({ bookingStatus: "new", createdAt: daysAgo(3) }, NOW)).toBe(
      "New",
    );
    expect(dashboardBookingStatus({ bookingStatus: null, createdAt: daysAgo(30) }, NOW)).toBe(
      "New",
    );
    expect(dashboardBookingStatus({ bookingStatus: "cancelled", createdAt: daysAgo(0) }, NOW)).toBe(
      "Cancelled",
    );
  });

  it("is always one of the four labels outside a checkout", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, "new", "confirmed", "completed", "cancelled" as const),
        fc.option(fc.integer({ min: -400, max: 400 })),
        fc.integer({ min: 0, max: 400 }),
        (bookingStatus, departureOffset, age) => {
          const departureDate =
            departureOffset === null
              ? null
              : new Date(NOW.getTime() + departureOffset * 86_400_000).toISOString().slice(0, 10);
          const label = customerBookingStatus(
            { bookingStatus, departureDate, createdAt: daysAgo(age) },
            NOW,
          );
          expect(["New", "Confirmed", "Completed", "Cancelled"]).toContain(label);
        },
      ),
    );
  });
});

describe("names", () => {
  it("dashboard greeting: full name, else the part before @, else Traveler", () => {
    expect(greetingName({ name: "Amelia Carter", email: "a@x.com" })).toBe("Amelia Carter");
    expect(greetingName({ name: "  ", email: "amelia.carter@example.com" })).toBe("amelia.carter");
    expect(greetingName({ name: null, email: null })).toBe("Traveler");
    expect(greetingName({ name: null, email: "@example.com" })).toBe("Traveler");
  });

  it("layout greeting: 'Welcome back, {full name or Customer}'", () => {
    expect(layoutGreeting("Amelia Carter")).toBe("Welcome back, Amelia Carter");
    expect(layoutGreeting(null)).toBe("Welcome back, Customer");
    expect(layoutGreeting("")).toBe("Welcome back, Customer");
    // A brand-new account is not 'back': 'Welcome' on its first day.
    const now = new Date("2026-11-28T10:00:00Z");
    expect(layoutGreeting("Amelia Carter", new Date("2026-11-28T09:58:00Z"), now)).toBe(
      "Welcome, Amelia Carter",
    );
    expect(welcomeWords(new Date("2026-11-27T09:00:00Z"), now)).toBe("Welcome back");
    expect(welcomeWords("2026-11-28T09:00:00Z", now)).toBe("Welcome");
  });

  it("display name: full name, else the part before @, else Customer", () => {
    expect(displayName({ name: "Amelia Carter", email: "a@x.com" })).toBe("Amelia Carter");
    expect(displayName({ name: null, email: "kato@example.ug" })).toBe("kato");
    expect(displayName({})).toBe("Customer");
  });

  it("initials: first letters of up to two words, uppercase, at most 2 characters", () => {
    expect(initials("Amelia Carter")).toBe("AC");
    expect(initials("amelia jane carter")).toBe("AJ");
    expect(initials("Kato")).toBe("K");
    expect(initials("  nakato   achieng ")).toBe("NA");
    expect(initials("")).toBe("");
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(initials(s).length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("'Member since' a date like January 1, 2024, or 'Recently'", () => {
    expect(memberSince(new Date("2024-01-01T09:00:00Z"))).toBe("January 1, 2024");
    expect(memberSince(null)).toBe("Recently");
    expect(memberSince("not a date")).toBe("Recently");
  });
});

describe("figures", () => {
  it("next departure: days until the first upcoming trip, or a dash", () => {
    expect(nextDepartureDays(["2027-07-30", "2027-06-20", null, "2027-06-01"], NOW)).toBe(5);
    expect(nextDepartureDays(["2027-06-15"], NOW)).toBe(0);
    expect(nextDepartureDays([null, "2027-01-01"], NOW)).toBeNull();
    expect(nextDepartureLabel(null)).toBe("-");
    expect(nextDepartureLabel(45)).toBe("45");
  });

  it("group size: 'person' for 1, 'people' otherwise", () => {
    expectOutputs(groupSizeLabel, [
      [1, "1 person"],
      [2, "2 people"],
      [10, "10 people"],
    ]);
  });

  it("ids: booking as 8 characters, account as 16 and an ellipsis", () => {
    const id = "3f2b8c1e-9d4a-4b6c-8e2f-1a2b3c4d5e6f";
    expect(bookingRef(id)).toBe("3F2B8C1E");
    expect(accountIdLabel(id)).toBe("3f2b8c1e-9d4a-4b...");
  });
});

describe("message threads (spec section 4)", () => {
  const msg = (
    id: string,
    threadId: string,
    minutes: number,
    extra: Partial<MessageView> = {},
  ): MessageView => ({
    id,
    threadId,
    subject: `Subject ${threadId}`,
    message: `Message ${id}`,
    isFromAdmin: false,
    isRead: false,
    createdAt: new Date(Date.UTC(2027, 5, 1, 0, minutes)).toISOString(),
    ...extra,
  });

  it("groups by thread, newest message as summary, unread = support replies not read", () => {
    const messages = [
      msg("a1", "A", 1),
      msg("b1", "B", 2),
      msg("a2", "A", 3, { isFromAdmin: true }),
      msg("a3", "A", 4, { isFromAdmin: true, isRead: true }),
      msg("b2", "B", 5, { isFromAdmin: true }),
      msg("b3", "B", 6),
    ];
    const threads = groupThreads(messages);
    expect(threads.map((t) => t.threadId)).toEqual(["B", "A"]);
    expect(threads[0]!.summary.id).toBe("b3");
    expect(threads[0]!.unread).toBe(1);
    expect(threads[1]!.summary.id).toBe("a3");
    expect(threads[1]!.unread).toBe(1);
    expect(threads[1]!.messages.map((m) => m.id)).toEqual(["a1", "a2", "a3"]);
    expect(messageStats(messages)).toEqual({ total: 6, fromSupport: 3, mine: 3 });
  });
});

describe("redirects", () => {
  it("sends signed-out visitors to the sign-in page of the area", () => {
    expectOutputs(signInPathFor, [
      ["/customer", "/customer/auth"],
      ["/customer/bookings", "/customer/auth"],
      ["/customer/auth", null],
      ["/customer/reset-password", null],
      ["/admin", "/admin/login"],
      ["/admin/bookings", "/admin/login"],
      ["/admin/login", null],
      ["/customers-stories", null],
      ["/tours", null],
    ]);
  });

  it("only follows callback URLs of this site", () => {
    expect(safeCallbackUrl("/customer/bookings?page=2")).toBe("/customer/bookings?page=2");
    expect(safeCallbackUrl(undefined)).toBe("/customer");
    expect(safeCallbackUrl("https://evil.example/x")).toBe("/customer");
    expect(safeCallbackUrl("//evil.example/x")).toBe("/customer");
    expect(safeCallbackUrl("/\\evil.example")).toBe("/customer");
    expect(safeCallbackUrl("/customer/auth")).toBe("/customer");
    expect(safeCallbackUrl(["/customer/messages", "/x"])).toBe("/customer/messages");
  });

  // Security review: the value was checked raw but returned normalised, so these came back
  // as '//evil.com', which a browser follows to another site.
  it.each([
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/%2E%2E//evil.com",
    "/./\\evil.com",
    "/\\evil.com",
    "\\/evil.com",
    "/%5cevil.com",
    "/%5C%5Cevil.com",
    "/%2f%2fevil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/customer\t//evil.com",
    "https://evil.com",
    "//evil.com",
    "///evil.com",
    "http:/evil.com",
    "javascript:alert(1)",
  ])("refuses %j (it would leave the site)", (value) => {
    const result = safeCallbackUrl(value);
    expect(result).toBe("/customer");
  });

  it("whatever it returns stays on this site", () => {
    const piece = fc.constantFrom(
      "/",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "\\",
      "\t",
      "\n",
      "evil.com",
      "customer",
      "?",
      "#",
      ":",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const result = safeCallbackUrl(`/${pieces.join("")}`);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
        expect(result).not.toMatch(/[\\\u0000-\u001f]/);
        expect(new URL(result, "https://breatheuganda.com").origin).toBe(
          "https://breatheuganda.com",
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps a normal path with its query and fragment", () => {
    expect(safeCallbackUrl("/customer/bookings?x=1#y")).toBe("/customer/bookings?x=1#y");
    expect(safeCallbackUrl("/customer/messages?thread=abc&page=2")).toBe(
      "/customer/messages?thread=abc&page=2",
    );
    expect(safeCallbackUrl("/tours/gorilla-safari")).toBe("/tours/gorilla-safari");
  });
});
