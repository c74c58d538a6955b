/**
 * Dates as the operator writes them, with weekdays (lib/dates.ts formatTripDates): one formatter
 * behind the wizards, the tour page's departures (departureRange) and the pay page.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { CheckoutHoldNotice } from "@/components/pay/checkout-hold";
import { PayBookingSummary } from "@/components/pay/pay-booking-summary";
import { formatTripDates, formatTripDay } from "@/lib/dates";
import { departureRange } from "@/lib/departures/rules";
import type { PayableBooking } from "@/lib/payments/data/checkout";
import { textOf } from "@/tests/helpers/html-text";

describe("trip dates", () => {
  it("name the weekdays and the month and year once where they are shared", () => {
    expect(formatTripDates("2026-12-09", "2026-12-13")).toBe("Wed 9 - Sun 13 Dec 2026");
    expect(formatTripDates("2026-11-30", "2026-12-04")).toBe("Mon 30 Nov - Fri 4 Dec 2026");
    expect(formatTripDates("2026-12-28", "2027-01-02")).toBe("Mon 28 Dec 2026 - Sat 2 Jan 2027");
    expect(formatTripDates("2026-09-09", "2026-09-09")).toBe("Wed 9 Sep 2026");
    expect(formatTripDay("2027-06-12")).toBe("Sat 12 Jun 2027");
  });

  it("are the tour page's departure ranges", () => {
    expect(departureRange("2026-12-09", "2026-12-13")).toBe("Wed 9 - Sun 13 Dec 2026");
  });

  it("are the pay page's dates and balance day", () => {
    const booking = {
      id: "3f2b8c1e-0000-4000-8000-000000000001",
      tourPackage: "Gorilla Trek & Safari Escape (5 Days)",
      departureDate: "2026-12-09",
      endDate: "2026-12-13",
      groupSize: 2,
      leadName: "Amina Nakato",
      currency: "USD",
      totalMinor: 360_000,
      paidMinor: 0,
      fees: [],
      due: {
        paidMinor: 0,
        depositPercent: 30,
        depositMinor: 108_000,
        depositDue: 108_000,
        balanceMinor: 360_000,
        balanceDueOn: "2026-10-10",
        balanceDueNow: false,
        nextDue: "deposit",
      },
    } as unknown as PayableBooking;
    const text = textOf(renderToStaticMarkup(createElement(PayBookingSummary, { booking })));
    expect(text).toContain("Wed 9 - Sun 13 Dec 2026");
    expect(text).toContain("Balance due by Sat 10 Oct 2026");
  });

  it("are the pay page's hold notice's day, in Kampala", () => {
    // 22:30 UTC on the 27th is 01:30 on Saturday the 28th in Kampala.
    const html = renderToStaticMarkup(
      createElement(CheckoutHoldNotice, {
        expiresAt: new Date("2026-11-27T22:30:00Z"),
        depositOffered: true,
      }),
    );
    expect(textOf(html)).toContain("held until 01:30 (Kampala time, Sat 28 Nov 2026)");
    expect(textOf(html)).toContain("Pay the deposit or the full amount before then");
  });

  it("asks only the full amount inside the balance window, where no deposit is offered", () => {
    const html = renderToStaticMarkup(
      createElement(CheckoutHoldNotice, {
        expiresAt: new Date("2026-11-27T22:30:00Z"),
        depositOffered: false,
      }),
    );
    expect(textOf(html)).toContain("Pay the full amount before then");
    expect(textOf(html)).not.toContain("deposit");
  });
});
