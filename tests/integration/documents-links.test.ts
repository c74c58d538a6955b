/**
 * The document links of My Bookings (lib/bookings/data/owned.ts CustomerBooking.documents): a customer's
 * confirmed booking with a completed payment lists its invoice and that payment's receipt (never
 * a pending one); another customer sees neither, and their own booking carries no one else's.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as customer from "@/lib/bookings/data/owned";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { confirmedWithDeposit } from "@/tests/helpers/ledger-rows";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createWorld);

const ids = { paid: "", pending: "", receiptNumber: "" };

beforeAll(async () => {
  Object.assign(ids, await confirmedWithDeposit(t.db, t.w.bookings.a1));
});

beforeEach(() => actAs(null));

describe("My Bookings documents", () => {
  it("the owner's booking lists its invoice and the completed payment's receipt", async () => {
    actAs(t.w.a);
    const expected = {
      invoiceHref: `/api/documents/invoice/${t.w.bookings.a1}`,
      receipts: [
        expect.objectContaining({
          paymentId: ids.paid,
          receiptNumber: ids.receiptNumber,
          label: expect.any(String),
          amount: "$900.00",
          href: `/api/documents/receipt/${ids.paid}`,
        }),
      ],
    };
    const booking = await customer.getMyBooking(t.w.bookings.a1);
    expect(booking?.documents).toEqual(expected);
    const page = await customer.listMyBookings({ q: "", filter: "all", page: 1 });
    expect(page.items.find((b) => b.id === t.w.bookings.a1)?.documents).toEqual(expected);
    expect(JSON.stringify(page)).not.toContain(ids.pending);
  });

  it("a booking not yet confirmed and without payments has no documents", async () => {
    actAs(t.w.a);
    const booking = await customer.getMyBooking(t.w.bookings.a2);
    expect(booking?.documents).toEqual({ invoiceHref: null, receipts: [] });
  });

  it("another customer sees neither the booking nor its documents", async () => {
    actAs(t.w.b);
    expect(await customer.getMyBooking(t.w.bookings.a1)).toBeNull();
    const page = await customer.listMyBookings({ q: "", filter: "all", page: 1 });
    expect(page.items.map((b) => b.id)).toEqual([t.w.bookings.b1]);
    const text = JSON.stringify(page);
    expect(text).not.toContain(ids.paid);
    expect(text).not.toContain(ids.receiptNumber);
    expect(text).not.toContain(t.w.bookings.a1);
  });
});
