/**
 * The admin bookings screen's DAL and actions on a real database: the list's search, filters and
 * paging (in SQL), the Edit dialog's saves with their history, toasts and mails, the automatic
 * guide assignment (on a recorded payment that makes the booking Deposit Made or Paid), manual
 * guide picks, and stale saves refused. The Price section and the ledger are in
 * admin-bookings-quote.test.ts.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { subDays } from "date-fns/subDays";
import { subMinutes } from "date-fns/subMinutes";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { assignGuideAction, updateBookingPaymentAction } from "@/actions/bookings";
import { recordPaymentAction } from "@/actions/payments";
import { bookingEvents, bookings, bookingTravellers, guides } from "@/db/schema";
import { bookingRef } from "@/lib/bookings/labels";
import { parseAdminBookingQuery } from "@/lib/bookings/list-query";
import {
  getBookingForEdit,
  listAdminBookings,
  listBookingTourPackages,
} from "@/lib/bookings/data/manage";
import { getPaymentsSummary } from "@/lib/payments/data/overview";
import {
  bookingRow,
  createAdminWorld,
  insertBookings,
  ofTour,
  onlyGuides,
  tourBySlug,
} from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { latestMail } from "@/tests/helpers/outbox";
import { inDays } from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createAdminWorld);

const query = (params: Record<string, string> = {}) => parseAdminBookingQuery(params);

beforeEach(() => actAs(t.w.staff));

describe("the bookings list", () => {
  const tag = "Zq" + crypto.randomUUID().slice(0, 6);
  let ids: string[] = [];

  beforeAll(async () => {
    const gorilla = await tourBySlug(t.db, "gorilla-safari");
    const [guide] = await t.db.select().from(guides).orderBy(asc(guides.fullName)).limit(1);
    // 23 bookings of this test, one a day, the newest first in id order.
    ids = await insertBookings(
      t.db,
      Array.from({ length: 23 }, (_, i) => ({
        fullName: i === 0 ? `Nakato ${tag} Mirembe` : `Guest ${tag} ${i}`,
        email: i === 1 ? `MIXED.${tag}@Example.com` : `guest${i}.${tag.toLowerCase()}@example.com`,
        tourPackage: i % 2 === 0 ? gorilla.tourPackage : `Lake Tour ${tag} (2 Days)`,
        createdAt: subMinutes(subDays(new Date(), i * 6), 1),
        departureDate: i === 2 ? null : inDays(30 + i),
        guideId: i === 3 ? guide!.id : null,
        bookingStatus: i === 4 ? ("confirmed" as const) : null,
        paymentStatus: i === 5 ? ("Paid" as const) : ("Pending" as const),
      })),
    );
  });

  it("finds name, email and tour by case-insensitive substring, newest first, 10 a page", async () => {
    const first = await listAdminBookings(query({ q: tag.toLowerCase() }));
    expect(first.total).toBe(23);
    expect(first.items.map((b) => b.id)).toEqual(ids.slice(0, 10));
    const third = await listAdminBookings(query({ q: tag.toUpperCase(), page: "3" }));
    expect(third.page).toBe(3);
    expect(third.items.map((b) => b.id)).toEqual(ids.slice(20));

    const byEmail = await listAdminBookings(query({ q: `mixed.${tag}@example` }));
    expect(byEmail.items.map((b) => b.id)).toEqual([ids[1]]);
    const byName = await listAdminBookings(query({ q: `nakato ${tag.toLowerCase()} mire` }));
    expect(byName.items.map((b) => b.id)).toEqual([ids[0]]);
    const byTour = await listAdminBookings(query({ q: `lake tour ${tag}` }));
    expect(byTour.total).toBe(11);
    // LIKE's wildcards are matched literally.
    expect((await listAdminBookings(query({ q: `${tag}%` }))).total).toBe(0);
  });

  it("finds a booking by the reference mails and PDFs print, typed as printed or in lower case", async () => {
    const ref = bookingRef(ids[7]!);
    for (const q of [ref, ref.toLowerCase(), `#${ref}`, ` ${ref} `]) {
      const found = await listAdminBookings(query({ q }));
      expect(found.items.map((b) => b.id)).toEqual([ids[7]]);
    }
    // Only the whole 8-digit reference: a part of it is a text search like any other.
    expect((await listAdminBookings(query({ q: `${ref}0` }))).total).toBe(0);
  });

  it("shows the guide's name, the departure and the status of each row", async () => {
    const page = await listAdminBookings(query({ q: tag }));
    const row = (i: number) => page.items.find((b) => b.id === ids[i])!;
    expect(row(3).guideName).toBeTruthy();
    expect(row(0).guideName).toBeNull();
    expect(row(2).departureDate).toBeNull();
    expect(row(4).status).toBe("Confirmed");
    expect(row(0).status).toBe("New");
    expect(row(5).paymentStatus).toBe("Paid");
    // Not reviewed, however old: New, never an age-derived word.
    expect(row(6).status).toBe("New");
  });

  it("filters by tour package and by creation date, combined with the search", async () => {
    const lake = `Lake Tour ${tag} (2 Days)`;
    expect(await listBookingTourPackages()).toContain(lake);
    const byTour = await listAdminBookings(query({ q: tag, tour: lake }));
    expect(byTour.total).toBe(11);
    expect(byTour.items.every((b) => b.tourPackage === lake)).toBe(true);
    // Created 1 h, 6 d 1 h, 12 d 1 h ... ago: 2 in the last 7 days, 5 in 30, 15 in 90.
    expect((await listAdminBookings(query({ q: tag, range: "7" }))).total).toBe(2);
    expect((await listAdminBookings(query({ q: tag, range: "30" }))).total).toBe(5);
    expect((await listAdminBookings(query({ q: tag, range: "90" }))).total).toBe(15);
    expect((await listAdminBookings(query({ q: tag, range: "90", tour: lake }))).total).toBe(7);
  });

  it("shows the last page for a page past the end, and nothing for no match", async () => {
    const past = await listAdminBookings(query({ q: tag, page: "99" }));
    expect(past.page).toBe(3);
    expect(past.items).toHaveLength(3);
    const none = await listAdminBookings(query({ q: `${tag}-nothing` }));
    expect(none).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("filters by balance: the bookings that owe, and those past their balance day, as the Payments cards count them", async () => {
    const owe = "Owe" + crypto.randomUUID().slice(0, 6);
    const quoted = (extra: Partial<typeof bookings.$inferInsert>) => ({
      fullName: `Guest ${owe}`,
      bookingStatus: "confirmed" as const,
      totalMinor: 100_000,
      paidMinor: 0,
      paymentStatus: "Pending" as const,
      ...extra,
    });
    const [late, partPaid, dueToday] = await insertBookings(t.db, [
      quoted({ balanceDueOn: inDays(-3) }),
      quoted({ paidMinor: 30_000, paymentStatus: "Deposit Made", balanceDueOn: inDays(20) }),
      // The due day itself is still on time.
      quoted({ balanceDueOn: inDays(0) }),
      quoted({ paidMinor: 100_000, paymentStatus: "Paid", balanceDueOn: inDays(-3) }),
      quoted({ bookingStatus: "cancelled", balanceDueOn: inDays(-3) }),
      { fullName: `Guest ${owe}`, bookingStatus: "new" },
    ]);
    const ids = async (balance: string) =>
      (await listAdminBookings(query({ q: owe, balance }))).items.map((b) => b.id).sort();
    expect(await ids("owing")).toEqual([late, partPaid, dueToday].sort());
    expect(await ids("overdue")).toEqual([late]);
    expect((await listAdminBookings(query({ q: owe }))).total).toBe(6);

    // The whole list under each filter is what the Payments cards count.
    const summary = await getPaymentsSummary();
    expect((await listAdminBookings(query({ balance: "owing" }))).total).toBe(
      summary.outstandingBookings,
    );
    expect((await listAdminBookings(query({ balance: "overdue" }))).total).toBe(
      summary.overdueBookings,
    );
  });

  it("lists the distinct tour packages once each, sorted", async () => {
    const packages = await listBookingTourPackages();
    expect(packages).toEqual([...new Set(packages)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const all = await t.db.selectDistinct({ p: bookings.tourPackage }).from(bookings);
    expect(new Set(packages)).toEqual(new Set(all.map((r) => r.p)));
  });
});

describe("the Edit dialog", () => {
  let team: { id: string; fullName: string }[];
  let gorilla: { id: string; tourPackage: string };

  beforeAll(async () => {
    gorilla = await tourBySlug(t.db, "gorilla-safari");
    team = await onlyGuides(t.db, [
      { fullName: "Alice Birder", specialty: "Birding" },
      { fullName: "Gabriel Gorilla", specialty: "Gorilla Trekking" },
      { fullName: "Wendy Wildlife", specialty: "Wildlife Safari" },
    ]);
  });

  async function openDialog(id: string) {
    const booking = await getBookingForEdit(id);
    if (!booking) throw new Error("booking not found");
    return booking;
  }

  it("shows what the traveller wrote: accommodation, dietary needs, special requests and the travellers", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        fullName: "Wrote Everything",
        groupSize: 2,
        accommodationPreference: "Luxury",
        dietaryRestrictions: "Vegan, no nuts",
        specialRequests: "A ground-floor room, please.",
      }),
    ]);
    await t.db.insert(bookingTravellers).values({
      bookingId: id!,
      position: 1,
      fullName: "Wrote Everything",
      nationality: "Kenyan",
      medical: "Asthma",
    });
    const booking = await openDialog(id!);
    expect(booking.requests).toEqual({
      accommodation: "Luxury",
      dietary: "Vegan, no nuts",
      specialRequests: "A ground-floor room, please.",
    });
    expect(booking.travellers).toMatchObject([
      {
        position: 1,
        fullName: "Wrote Everything",
        nationality: "Kenyan",
        dietary: null,
        medical: "Asthma",
      },
    ]);
    const [blank] = await insertBookings(t.db, [ofTour(gorilla, { dietaryRestrictions: "  " })]);
    expect((await openDialog(blank!)).requests).toEqual({
      accommodation: null,
      dietary: null,
      specialRequests: null,
    });
  });

  const save = (id: string, version: string, fields: Record<string, string> = {}) =>
    updateBookingPaymentAction(undefined, {
      bookingId: id,
      version,
      paymentNote: "",
      bookingStatus: "new",
      ...fields,
    });

  /** 'Record payment': cash received (no total quoted yet: any payment is Deposit Made). */
  const pay = (id: string, fields: Record<string, string> = {}) =>
    recordPaymentAction(undefined, {
      bookingId: id,
      method: "cash",
      kind: "deposit",
      amount: "500",
      reference: "R-1",
      ...fields,
    });

  it("saves the note and booking status; a posted payment status is not typed by hand", async () => {
    const [id] = await insertBookings(t.db, [
      {
        email: "payer@example.com",
        fullName: "Pat Payer",
        departureDate: null,
        tourPackage: "Custom Package - Contact us for pricing",
      },
    ]);
    const before = await openDialog(id!);
    expect(before.history).toEqual([]);
    const state = await save(id!, before.version, {
      paymentStatus: "Paid",
      paymentNote: "  MTN 7H2K9 ",
    });
    expect(state).toMatchObject({
      status: "success",
      title: "Booking Updated",
      message: "The payment note has been saved.",
    });
    const row = await bookingRow(t.db, id!);
    expect(row.paymentStatus).toBe("Pending");
    expect(row.paymentNote).toBe("MTN 7H2K9");
    const after = await openDialog(id!);
    expect(after.version).not.toBe(before.version);
    expect(after.history).toEqual([
      expect.objectContaining({
        actor: "Peter Ssali",
        what: "Payment note",
        from: null,
        to: "MTN 7H2K9",
      }),
    ]);
    // A note alone is not news for the customer.
    expect(await latestMail(t.db, "payer@example.com", "booking-updated")).toBeNull();

    ({ version: before.version } = after);
    expect(await save(id!, after.version, { bookingStatus: "cancelled" })).toMatchObject({
      status: "success",
      title: "Booking Updated",
    });
    const mail = await latestMail(t.db, "payer@example.com", "booking-updated");
    expect(mail?.textBody).toContain("Cancelled");
  });

  it("a recorded payment that makes it Deposit Made assigns the free guide whose specialty suits the tour", async () => {
    const [id] = await insertBookings(t.db, [
      ofTour(gorilla, {
        email: "gorilla@example.com",
        departureDate: inDays(200),
        endDate: inDays(204),
      }),
    ]);
    const state = await pay(id!);
    expect(state).toMatchObject({
      status: "success",
      title: "Payment Updated & Guide Assigned",
      message: "Gabriel Gorilla (Gorilla Trekking) has been assigned to this booking.",
    });
    const after = await openDialog(id!);
    expect(after.guideName).toBe("Gabriel Gorilla");
    expect(after.paymentStatus).toBe("Deposit Made");
    expect(after.history.map((h) => [h.actor, h.what, h.to])).toEqual(
      expect.arrayContaining([
        ["system", "Guide", "Gabriel Gorilla"],
        [t.w.staff.email, "Payment", "Deposit Made"],
      ]),
    );
    // The trail: the payment, then the assignment it made, both the staff member's.
    const trail = await auditTrail(t.db, { targetId: id! });
    expect(trail.map((e) => e.action)).toEqual(["payment.recorded", "booking.update"]);
    expect(trail[1]!.details).toEqual({
      changes: { guideId: { from: null, to: after.guideId, automatic: true } },
    });
    expect(after.ledger.entries).toEqual([
      expect.objectContaining({
        kind: "deposit",
        method: "Cash",
        amount: "$500.00",
        status: "completed",
        reference: "R-1",
        flagged: null,
      }),
    ]);
    // The customer's mail names the guide.
    expect((await latestMail(t.db, "gorilla@example.com", "booking-updated"))?.textBody).toContain(
      "Gabriel Gorilla",
    );
  });

  it("then the next suitable free guide, any free guide, and says why when none is free", async () => {
    // Gabriel is now busy from day 200 to 204: an overlapping gorilla trek goes to someone else.
    const [second, third, fourth] = await insertBookings(t.db, [
      ofTour(gorilla, { departureDate: inDays(203) }),
      ofTour(gorilla, { departureDate: inDays(202) }),
      ofTour(gorilla, { departureDate: inDays(201) }),
    ]);
    await t.db.insert(bookings).values({
      source: "admin",
      fullName: "Old trip",
      email: "old@example.com",
      phone: "1",
      tourPackage: "x",
      groupSize: 1,
      termsAccepted: true,
      guideId: team[2]!.id,
      departureDate: inDays(300),
      paymentStatus: "Paid",
    });
    // Wendy (Wildlife Safari: the tour's category) before Alice (Birding), though Wendy has a trip.
    // A quoted total paid in full: Paid.
    await t.db.update(bookings).set({ totalMinor: 100_000 }).where(eq(bookings.id, second!));
    let state = await pay(second!, { kind: "full", amount: "1000" });
    expect(state).toMatchObject({
      title: "Payment Updated & Guide Assigned",
      message: "Wendy Wildlife (Wildlife Safari) has been assigned to this booking.",
    });
    expect(await bookingRow(t.db, second!)).toMatchObject({
      guideId: team[2]!.id,
      paymentStatus: "Paid",
    });
    state = await pay(third!);
    expect(state).toMatchObject({
      title: "Payment Updated & Guide Assigned",
      message: "Alice Birder has been assigned to this booking.",
    });
    expect(await bookingRow(t.db, third!)).toMatchObject({
      guideId: team[0]!.id,
      paymentStatus: "Deposit Made",
    });
    // Everyone is on a trip overlapping day 201 now.
    state = await pay(fourth!);
    expect(state).toMatchObject({
      status: "success",
      title: "Payment Updated",
      message:
        "Payment status updated successfully, but guide assignment failed. Every available guide has another trip on these dates.",
    });
    const row = await bookingRow(t.db, fourth!);
    expect(row.paymentStatus).toBe("Deposit Made");
    expect(row.guideId).toBeNull();
  });

  it("refuses a save over a newer change by someone else, with who and when", async () => {
    const [id] = await insertBookings(t.db, [{ departureDate: null }]);
    const { version } = await openDialog(id!);
    actAs(t.w.admin);
    expect(await save(id!, version, { paymentNote: "first" })).toMatchObject({ status: "success" });
    actAs(t.w.staff);
    const state = await save(id!, version, { bookingStatus: "cancelled", paymentNote: "second" });
    expect(state).toMatchObject({ status: "error", title: "Error" });
    expect(state.status === "error" && state.message).toMatch(
      /^Failed to update payment status\. Grace Namutebi at .+ changed this booking after you opened it\./,
    );
    const row = await bookingRow(t.db, id!);
    expect([row.bookingStatus, row.paymentNote]).toEqual([null, "first"]);
  });

  it("sets the booking status; a reviewed booking cannot go back to New", async () => {
    const [id] = await insertBookings(t.db, [{ email: "status@example.com", departureDate: null }]);
    let { version } = await openDialog(id!);
    expect(await save(id!, version, { bookingStatus: "confirmed" })).toMatchObject({
      status: "success",
      title: "Booking Updated",
      message: "Booking status has been updated successfully.",
    });
    expect((await bookingRow(t.db, id!)).bookingStatus).toBe("confirmed");
    expect((await latestMail(t.db, "status@example.com", "booking-updated"))?.textBody).toContain(
      "Confirmed",
    );
    ({ version } = await openDialog(id!));
    expect(await save(id!, version, { bookingStatus: "new" })).toMatchObject({
      status: "invalid",
      fieldErrors: { bookingStatus: ["A reviewed booking cannot go back to New."] },
    });
  });

  it("refuses invalid input on its fields and keeps what was typed", async () => {
    const [id] = await insertBookings(t.db, [{}]);
    const { version } = await openDialog(id!);
    const state = await save(id!, version, { bookingStatus: "paid", paymentNote: "x".repeat(501) });
    expect(state).toMatchObject({ status: "invalid", values: { bookingStatus: "paid" } });
    expect(state.status === "invalid" && Object.keys(state.fieldErrors).sort()).toEqual([
      "bookingStatus",
      "paymentNote",
    ]);
    expect((await bookingRow(t.db, id!)).paymentNote).toBeNull();
    expect(await pay(id!, { amount: "0", method: "card" })).toMatchObject({ status: "invalid" });
  });

  describe("manual guide change", () => {
    const pick = (id: string, version: string, guideId: string, oldGuideId = "none") =>
      assignGuideAction(undefined, { bookingId: id, version, guideId, oldGuideId });

    it("assigns and removes a guide with its success toast and a history entry", async () => {
      const [id] = await insertBookings(t.db, [{ departureDate: inDays(500) }]);
      let { version } = await openDialog(id!);
      expect(await pick(id!, version, team[0]!.id)).toMatchObject({
        status: "success",
        title: "Guide Assignment Updated",
        message: "Guide has been successfully assigned to the booking.",
      });
      ({ version } = await openDialog(id!));
      expect(await pick(id!, version, "none", team[0]!.id)).toMatchObject({ status: "success" });
      const after = await openDialog(id!);
      expect(after.guideId).toBeNull();
      expect(after.history.map((h) => [h.what, h.from, h.to])).toEqual([
        ["Guide", "Alice Birder", null],
        ["Guide", null, "Alice Birder"],
      ]);
    });

    it("refuses an unavailable guide, a double booking and a stale old guide", async () => {
      const [id, other] = await insertBookings(t.db, [
        { departureDate: inDays(600) },
        { departureDate: inDays(601), guideId: team[1]!.id },
      ]);
      const [away] = await t.db.select().from(guides).where(eq(guides.isAvailable, false)).limit(1);
      const { version } = await openDialog(id!);
      expect(await pick(id!, version, away!.id)).toMatchObject({
        status: "invalid",
        fieldErrors: {
          guideId: [`${away!.fullName} is marked unavailable. Choose another guide.`],
        },
      });
      const dialog = await openDialog(id!);
      expect(dialog.guides.find((g) => g.id === team[1]!.id)?.busy).toBe(true);
      expect(dialog.guides.find((g) => g.id === team[0]!.id)?.busy).toBe(false);
      const clash = await pick(id!, version, team[1]!.id);
      expect(clash).toMatchObject({ status: "invalid" });
      expect(clash.status === "invalid" && clash.fieldErrors.guideId?.[0]).toMatch(
        /^Gabriel Gorilla already guides .+ from .+\. Choose another guide\.$/,
      );
      const stale = await pick(id!, version, team[0]!.id, team[2]!.id);
      expect(stale).toMatchObject({ status: "error", title: "Error" });
      expect(stale.status === "error" && stale.message).toMatch(/^Failed to assign guide\./);
      expect((await bookingRow(t.db, id!)).guideId).toBeNull();
      expect((await bookingRow(t.db, other!)).guideId).toBe(team[1]!.id);
      const events = await t.db
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, id!)));
      expect(events).toEqual([]);
    });
  });
});
