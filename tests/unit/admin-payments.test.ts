import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { PaymentsList } from "@/components/admin/payments/payments-list";
import { PaymentsSummaryCards } from "@/components/admin/payments/payments-summary";

import {
  isFiltered,
  kampalaMonth,
  owingText,
  parsePaymentsQuery,
  paymentsHref,
  shownStatus,
  signedAmount,
  STATUS_OPTIONS,
  type PaymentsQuery,
} from "@/lib/payments/list-query";
import type { PaymentRow } from "@/lib/payments/data/overview";
import { expectToSay, textOf } from "@/tests/helpers/html-text";

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
    const labels = STATUS_OPTIONS.map((o) => o.label).join(", ");
    expect(labels).toBe("All statuses, Pending, Completed, Failed, Reversed, Flagged");
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

/* ------------------------------------------------------------------------------------------ */
/* The screen as staff see it (rendered to HTML)                                               */
/* ------------------------------------------------------------------------------------------ */

const BOOKING = "5f0c2b1e-0000-4000-8000-000000000001";

const row = (fields: Partial<PaymentRow>): PaymentRow => ({
  id: "7a000000-0000-4000-8000-000000000001",
  createdAt: "2027-03-01T09:30:00.000Z",
  completedAt: "2027-03-01T09:35:00.000Z",
  bookingId: BOOKING,
  leadName: "Grace Akello",
  kind: "deposit",
  signedMinor: 30_000,
  currency: "USD",
  provider: "pesapal",
  method: "MTN Mobile Money",
  status: "completed",
  flaggedReason: null,
  merchantReference: "BU-5F0C2B1E-K7Q2M9XW",
  confirmationCode: "MTN123456",
  ...fields,
});

function renderList(items: PaymentRow[], q: Partial<PaymentsQuery> = {}) {
  const query = { ...parsePaymentsQuery({}), ...q };
  return renderToString(
    createElement(PaymentsList, {
      query,
      result: { items, total: items.length, page: 1, pageCount: 1 },
    }),
  );
}

describe("the Payments list", () => {
  it("shows each row's date, booking, kind, method, amount, status and reference", () => {
    const html = renderList([
      row({}),
      row({
        id: "7a000000-0000-4000-8000-000000000002",
        kind: "refund",
        signedMinor: -2_500,
        provider: "bank",
        method: "Bank transfer",
        confirmationCode: null,
      }),
      row({
        id: "7a000000-0000-4000-8000-000000000003",
        status: "flagged",
        flaggedReason: "The provider reports amount $1.00 instead of $300.00.",
      }),
    ]);
    const text = textOf(html);
    expect(text).toContain("3 payments");
    expect(text).toContain("Mar 01, 2027 12:30");
    expect(text).toContain("5F0C2B1E");
    expect(text).toContain("Grace Akello");
    expect(html).toContain(`href="/admin/bookings?edit=${BOOKING}"`);
    expect(text).toContain("MTN Mobile Money Pesapal");
    expect(text).toContain("$300.00");
    // A refund is money out; a bank row names its method once.
    expect(text).toContain("-$25.00");
    expect(text).toContain("Refund");
    expect(text).not.toContain("Bank transfer Bank transfer");
    expect(text).toContain("Flagged");
    expect(text).toContain("instead of $300.00");
    expect(text).toContain("BU-5F0C2B1E-K7Q2M9XW");
    expect(text).toContain("MTN123456");
  });

  it("says when there are no payments yet, and when filters match none", () => {
    const none = textOf(renderList([]));
    expect(none).toContain("No payments yet");
    expect(none).toContain("Payments appear here as customers pay online or staff record them.");
    const filtered = renderList([], { status: "reversed" });
    expect(textOf(filtered)).toContain("No payments found");
    expect(filtered).toContain('href="/admin/payments"');
  });
});

describe("the summary cards", () => {
  it("show the month's receipts, the balances owed and those overdue", () => {
    const text = textOf(
      renderToString(
        createElement(PaymentsSummaryCards, {
          summary: {
            currency: "USD",
            receivedThisMonthMinor: 123_450,
            outstandingMinor: 1_000_000,
            outstandingBookings: 12,
            overdueMinor: 0,
            overdueBookings: 0,
          },
        }),
      ),
    );
    expectToSay(text, [
      "Received this month $1,234.50",
      "Balances outstanding $10,000.00",
      "12 bookings owing",
      "Overdue $0.00",
      "No bookings past the balance day",
    ]);
  });

  it("show dashes when the summary did not load", () => {
    const html = renderToString(createElement(PaymentsSummaryCards, { summary: null }));
    expect(html.match(/aria-label="Not available"/g)).toHaveLength(3);
  });
});
