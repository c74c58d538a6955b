/**
 * What the trail keeps beyond staff changes: every booking request (it takes seats and holds a
 * person's details) with the address it came from, each time staff look at a departure's manifest
 * or day sheet (passport names, medical notes), and each staff download of a customer's receipt or
 * invoice. A customer's downloads of their own documents are not recorded.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { createBooking } from "@/lib/bookings/data/requests";
import { getDaySheet, getManifest } from "@/lib/departures/data/manifest";
import { invoiceFor, receiptFor } from "@/lib/documents/data";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { newVisitor } from "@/tests/helpers/fake-request";
import { confirmedWithDeposit } from "@/tests/helpers/ledger-rows";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const tour = await sellingTour(db, "gorilla-safari", "both");
  const departure = await makeDeparture(db, tour, { inDays: 47, capacity: 12 });
  return { ...world, departure };
});

const docs = { payment: "" };

beforeAll(async () => {
  docs.payment = (await confirmedWithDeposit(t.db, t.w.bookings.a1)).paid;
});

beforeEach(() => newVisitor("198.51.100.23"));

describe("booking requests and checkout holds", () => {
  it("are recorded with the requester's address, a visitor's and a signed-in customer's", async () => {
    const visitor = await createBooking(
      newRequest({ departureId: t.w.departure.id, groupSize: 2 }),
      { source: "public" },
    );
    // On a departure the booking is a checkout hold: it takes seats, and says so.
    const [fromVisitor] = await auditTrail(t.db, {
      action: "booking.hold",
      targetId: visitor.id,
    });
    expect(fromVisitor).toMatchObject({
      actorRole: "visitor",
      ip: "198.51.100.23",
      targetType: "booking",
      details: { source: "public", departureId: t.w.departure.id, groupSize: 2 },
    });

    newVisitor("198.51.100.24");
    const mine = await createBooking(newRequest({ email: t.w.a.email }), {
      source: "customer",
      userId: t.w.a.id,
    });
    const [fromCustomer] = await auditTrail(t.db, {
      action: "booking.request",
      targetId: mine.id,
    });
    expect(fromCustomer).toMatchObject({
      actorUserId: t.w.a.id,
      actorRole: "customer",
      ip: "198.51.100.24",
      details: { source: "customer", departureId: null },
    });
  });
});

describe("staff reads of personal data", () => {
  it("records each look at a departure's manifest and its day sheet", async () => {
    actAs(t.w.staff);
    await getManifest(t.w.departure.id);
    await getManifest(t.w.departure.id);
    await getDaySheet(t.w.departure.id);
    const target = { targetType: "departure", targetId: t.w.departure.id };
    expect(await auditTrail(t.db, { action: "manifest.view", ...target })).toHaveLength(2);
    const [sheet] = await auditTrail(t.db, { action: "manifest.day_sheet_view", ...target });
    expect(sheet).toMatchObject({ actorUserId: t.w.staff.id, actorRole: "staff" });
    // An unknown departure shows nothing, and nothing is recorded for it.
    const unknown = crypto.randomUUID();
    expect(await getManifest(unknown)).toBeNull();
    expect(await auditTrail(t.db, { targetId: unknown })).toEqual([]);
  });

  it("records a staff download of a receipt and an invoice, not the customer's own", async () => {
    actAs(t.w.a);
    expect(await receiptFor(docs.payment)).not.toBeNull();
    expect(await invoiceFor(t.w.bookings.a1)).not.toBeNull();
    expect(await auditTrail(t.db, { action: "document.download" })).toEqual([]);

    actAs(t.w.staff);
    expect(await receiptFor(docs.payment)).not.toBeNull();
    expect(await invoiceFor(t.w.bookings.a1)).not.toBeNull();
    const downloads = await auditTrail(t.db, { action: "document.download" });
    expect(downloads.map((d) => [d.actorUserId, d.targetType, d.targetId, d.details])).toEqual([
      [t.w.staff.id, "payment", docs.payment, { document: "receipt", bookingId: t.w.bookings.a1 }],
      [t.w.staff.id, "booking", t.w.bookings.a1, { document: "invoice", bookingId: t.w.bookings.a1 }],
    ]);
  });
});
