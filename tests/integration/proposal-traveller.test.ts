/**
 * The traveller's side of a tailor-made proposal (lib/proposals/data/traveller.ts): the link opens
 * the version as sent and counts the opening; accepting it confirms a booking at the version's
 * locked total with its park fee lines and a permit per trekker, records who accepted it, when,
 * from where and under which terms, and sends them on to the deposit. Accepting twice, an older
 * version, a lapsed one, or one whose permits are gone is refused and changes nothing.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, eq, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { TERMS_VERSION } from "@/lib/proposals/terms-version";
import {
  bookingParkFees,
  bookings,
  emailOutbox,
  permitAllocations,
  proposals,
  proposalVersions,
} from "@/db/schema";
import { acceptProposal, openProposal } from "@/lib/proposals/data/traveller";
import { proposalToken } from "@/lib/proposals/link";
import { env } from "@/lib/env";
import { resetRateLimits } from "@/lib/rate-limit";
import { GET as proposalPdf } from "@/app/(site)/proposal/[token]/pdf/route";
import { pdfText } from "@/tests/helpers/pdf-text";
import { auditTrail } from "@/tests/helpers/audit";
import { insertBookings } from "@/tests/helpers/admin-bookings-world";
import { latestMail } from "@/tests/helpers/outbox";
import { inDays } from "@/tests/helpers/payloads";
import { refusal } from "@/tests/helpers/refusal";
import {
  insertLodge,
  insertLot,
  insertProposal,
  insertVersion,
  versionRow,
} from "@/tests/helpers/traveller-proposals";
import { openWorld } from "@/tests/helpers/world";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { getMyBooking } from "@/lib/bookings/data/owned";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { invoiceFor } from "@/lib/documents/data";

const t = openWorld(async (db) => ({ ...(await createWorld(db)), lodge: await insertLodge(db) }));

beforeEach(() => resetRateLimits());

const ADDRESS = "203.0.113.9";
let start = 150;
/** A proposal on its own trip dates (each test's permits are its own), with its trek day's lot. */
async function proposalWithPermits(permits = 4, extra: Parameters<typeof insertProposal>[1] = {}) {
  start += 4;
  const p = await insertProposal(t.db, { startInDays: start, roomId: t.w.lodge.roomId, ...extra });
  if (permits > 0) await insertLot(t.db, p.version.trekDay, permits);
  return p;
}

const accept = (token: string, fullName = "Amara Okafor") =>
  acceptProposal({ token, fullName, terms: true }, ADDRESS);

/** The mails telling the operator that the proposal `reference` was accepted. */
const acceptedMails = (reference: string) =>
  t.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, env.OPERATOR_EMAIL),
        eq(emailOutbox.template, "proposal-accepted-staff"),
        like(emailOutbox.subject, `%${reference}%`),
      ),
    );

async function bookingCount() {
  return (await t.db.select({ id: bookings.id }).from(bookings)).length;
}

describe("opening the link", () => {
  it("shows the version as sent and counts each opening for staff", async () => {
    const p = await proposalWithPermits();
    const seen = await openProposal(p.version.token);
    expect(seen).toMatchObject({
      title: "Gorillas and the Nile",
      leadName: "Amara Okafor",
      number: 1,
      standing: "open",
      totalMinor: 500_000,
      depositPercent: 30,
      depositMinor: 150_000,
      inclusions: ["All park fees at face value", "Full board at the lodges"],
    });
    expect(seen!.days.map((d) => [d.day, d.place])).toEqual([
      [1, "Entebbe"],
      [2, "Bwindi Impenetrable"],
      [3, "Bwindi Impenetrable"],
    ]);
    const stay = seen!.days[1]!.lines.find((l) => l.kind === "stay")!;
    expect(stay).toMatchObject({ room: "Forest Suite", mealPlan: "full_board" });
    expect(seen!.lodges.map((l) => l.name)).toEqual([t.w.lodge.name]);
    expect(seen!.route?.points.map((r) => r.name)).toEqual(["Entebbe", "Bwindi Impenetrable"]);

    const first = await versionRow(t.db, p.version.id);
    expect(first.viewCount).toBe(1);
    expect(first.firstViewedAt).not.toBeNull();
    await openProposal(p.version.token);
    const second = await versionRow(t.db, p.version.id);
    expect(second.viewCount).toBe(2);
    expect(second.firstViewedAt).toEqual(first.firstViewedAt);
    expect(second.lastViewedAt!.getTime()).toBeGreaterThanOrEqual(first.lastViewedAt!.getTime());
  });

  it("opens nothing for a forged or expired link, or a draft", async () => {
    const p = await proposalWithPermits(0);
    const draft = await insertVersion(t.db, p.proposalId, { number: 2, state: "draft" });
    expect(await openProposal(proposalToken(p.version.id, new Date(Date.now() - 1000)))).toBeNull();
    expect(await openProposal(`${p.version.token.slice(0, -2)}AA`)).toBeNull();
    expect(await openProposal(draft.token)).toBeNull();
    expect((await versionRow(t.db, p.version.id)).viewCount).toBe(0);
  });

  it("says when the offer lapsed, and when a newer version replaced it", async () => {
    const lapsed = await proposalWithPermits(0, { optionInDays: -1 });
    expect((await openProposal(lapsed.version.token))!.standing).toBe("lapsed");
    const p = await proposalWithPermits(0);
    await insertVersion(t.db, p.proposalId, { number: 2 });
    expect(await openProposal(p.version.token)).toMatchObject({
      standing: "superseded",
      newerNumber: 2,
    });
  });
});

describe("accepting", () => {
  it("confirms a booking at the locked total with its fee lines and permits, and records who accepted it", async () => {
    const p = await proposalWithPermits(4);
    const accepted = await accept(p.version.token, "Amara N. Okafor");
    expect(accepted.payPath).toMatch(/^\/pay\/[A-Za-z0-9_-]{74}$/);

    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, accepted.bookingId));
    expect(b).toMatchObject({
      tourId: null,
      tourPackage: "Tailor-made: Gorillas and the Nile",
      departureDate: p.version.startDate,
      groupSize: 2,
      bookingStatus: "confirmed",
      totalMinor: 500_000,
      depositPercent: 30,
      paymentStatus: "Pending",
      email: "amara@example.com",
    });
    expect(b!.confirmedAt).not.toBeNull();
    // The trip's last day: its third.
    expect(b!.endDate).toBe(inDays(start + 2));

    const fees = await t.db
      .select()
      .from(bookingParkFees)
      .where(eq(bookingParkFees.bookingId, accepted.bookingId));
    expect(fees.map((f) => [f.traveller, f.fee, f.usdMinor, f.visitDate])).toEqual([
      [1, "gorilla_tracking", 80_000, p.version.trekDay],
      [2, "gorilla_tracking", 80_000, p.version.trekDay],
    ]);
    const permits = await t.db
      .select()
      .from(permitAllocations)
      .where(eq(permitAllocations.bookingId, accepted.bookingId));
    expect(permits.map((a) => a.traveller).sort()).toEqual([1, 2]);

    const v = await versionRow(t.db, p.version.id);
    expect(v).toMatchObject({
      state: "accepted",
      acceptedByName: "Amara N. Okafor",
      acceptedAddress: ADDRESS,
      acceptedTermsVersion: TERMS_VERSION,
    });
    expect(v.acceptedAt).not.toBeNull();
    const [proposal] = await t.db.select().from(proposals).where(eq(proposals.id, p.proposalId));
    expect(proposal!.bookingId).toBe(accepted.bookingId);
    const [event] = await auditTrail(t.db, { action: "proposal.accept", targetId: p.proposalId });
    expect(event).toMatchObject({ actorLabel: "Amara N. Okafor", actorRole: "visitor" });
    const mail = await latestMail(t.db, "amara@example.com", "booking-confirmed");
    expect(mail?.subject).toMatch(/confirmed/i);

    // The page now says it is accepted and leads to the deposit.
    expect(await openProposal(p.version.token)).toMatchObject({
      standing: "accepted",
      acceptedByName: "Amara N. Okafor",
    });
  });

  it("tells the operator who accepted which version, at what total and deposit, once", async () => {
    const p = await proposalWithPermits(4);
    expect(await acceptedMails(p.reference)).toEqual([]);
    await accept(p.version.token, "Amara N. Okafor");
    await refusal(accept(p.version.token, "Someone Else"));
    const mails = await acceptedMails(p.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Proposal ${p.reference} accepted`);
    const text = mails[0]!.text;
    expect(text).toContain("Amara N. Okafor accepted version 1");
    expect(text).toContain("$5,000.00");
    // The deposit: 30 % of the $5,000 total.
    expect(text).toContain("Deposit (30%)");
    expect(text).toContain("$1,500.00");
    expect(text).toContain(`/admin/proposals/${p.proposalId}`);
    expect(text).not.toContain("Someone Else");
  });

  it("confirms the request the proposal started from instead of making another booking", async () => {
    const [request] = await insertBookings(t.db, [
      {
        email: "amara@example.com",
        groupSize: 5,
        tourPackage: "Custom Package - Contact us for pricing",
      },
    ]);
    const p = await proposalWithPermits(4, { bookingId: request });
    const before = await bookingCount();
    const accepted = await accept(p.version.token);
    expect(accepted.bookingId).toBe(request);
    expect(await bookingCount()).toBe(before);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, request!));
    expect(b).toMatchObject({ groupSize: 2, totalMinor: 500_000, bookingStatus: "confirmed" });
  });

  it("refuses a second acceptance, and saves nothing more", async () => {
    const p = await proposalWithPermits(4);
    await accept(p.version.token);
    const before = await bookingCount();
    const error = await refusal(accept(p.version.token, "Someone Else"));
    expect(error.code).toBe("proposal_unavailable");
    expect(error.details.reason).toMatch(/already accepted/);
    expect(await bookingCount()).toBe(before);
    expect((await versionRow(t.db, p.version.id)).acceptedByName).toBe("Amara Okafor");
  });

  it("accepts one of ten acceptances of the same link sent at once", async () => {
    const p = await proposalWithPermits(4);
    const before = await bookingCount();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => accept(p.version.token, `Traveller ${i}`)),
    );
    const accepted = results.filter((r) => r.status === "fulfilled");
    expect(accepted).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "proposal_unavailable" });
    expect(await bookingCount()).toBe(before + 1);
    const { bookingId } = (accepted[0] as PromiseFulfilledResult<{ bookingId: string }>).value;
    const permits = await t.db
      .select({ id: permitAllocations.id })
      .from(permitAllocations)
      .where(eq(permitAllocations.bookingId, bookingId));
    expect(permits).toHaveLength(2);
  });

  it("refuses an older version once a newer one was sent, and a lapsed one", async () => {
    const p = await proposalWithPermits(4);
    const v2 = await insertVersion(t.db, p.proposalId, { number: 2, startInDays: start });
    const before = await bookingCount();
    const old = await refusal(accept(p.version.token));
    expect(old.details.reason).toMatch(/newer version \(version 2\)/);
    const lapsed = await proposalWithPermits(4, { optionInDays: -2 });
    const late = await refusal(accept(lapsed.version.token));
    expect(late.details.reason).toMatch(/^This proposal lapsed on /);
    expect(await bookingCount()).toBe(before);
    expect((await versionRow(t.db, p.version.id)).state).toBe("sent");
    // The newer version itself can be accepted.
    await expect(accept(v2.token)).resolves.toMatchObject({ payPath: expect.any(String) });
  });

  it("refuses when no permit is free for every trekker, and saves nothing", async () => {
    const p = await proposalWithPermits(1);
    const before = await bookingCount();
    const error = await refusal(accept(p.version.token));
    expect(error.code).toBe("proposal_unavailable");
    expect(error.details.reason).toMatch(/no longer have 2 permits for Bwindi Impenetrable/);
    expect(await bookingCount()).toBe(before);
    const v = await versionRow(t.db, p.version.id);
    expect(v).toMatchObject({ state: "sent", acceptedAt: null, acceptedByName: null });
    const fees = await t.db.select({ id: bookingParkFees.id }).from(bookingParkFees);
    const allocations = await t.db.select({ id: permitAllocations.id }).from(permitAllocations);
    expect(await auditTrail(t.db, { action: "proposal.accept", targetId: p.proposalId })).toEqual(
      [],
    );
    expect(await acceptedMails(p.reference)).toEqual([]);
    // What other tests stored stays; this one added no line and no permit.
    const again = await refusal(accept(p.version.token));
    expect(again.code).toBe("proposal_unavailable");
    expect((await t.db.select({ id: bookingParkFees.id }).from(bookingParkFees)).length).toBe(
      fees.length,
    );
    expect((await t.db.select({ id: permitAllocations.id }).from(permitAllocations)).length).toBe(
      allocations.length,
    );
  });

  it("refuses a forged or expired link", async () => {
    const p = await proposalWithPermits(4);
    const expired = proposalToken(p.version.id, new Date(Date.now() - 1000));
    expect((await refusal(accept(expired))).details.reason).toMatch(/expired or is not valid/);
    expect((await versionRow(t.db, p.version.id)).state).toBe("sent");
    const rows = await t.db
      .select({ state: proposalVersions.state })
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, p.proposalId));
    expect(rows).toEqual([{ state: "sent" }]);
  });
});

describe("the PDF", () => {
  const get = (token: string) =>
    proposalPdf(new Request("http://localhost/proposal/x/pdf"), {
      params: Promise.resolve({ token }),
    });

  it("gives the days, the price and the dates in a small file, without counting an opening", async () => {
    const p = await proposalWithPermits(0);
    const response = await get(p.version.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(pdf.byteLength).toBeLessThan(2 * 1024 * 1024);
    const text = pdfText(pdf);
    for (const part of [
      "Gorillas and the Nile",
      "Amara Okafor",
      "Arrival in Entebbe",
      "Gorilla trekking in Rushaga",
      "Forest Suite",
      "$5,000.00",
      "Deposit (30%)",
      "$1,500.00",
      "International flights",
      "This offer holds until",
    ])
      expect(text).toContain(part);
    expect((await versionRow(t.db, p.version.id)).viewCount).toBe(0);
  });

  it("answers 404 to a link not ours and 410 to an expired one", async () => {
    const p = await proposalWithPermits(0);
    expect((await get("forged-token")).status).toBe(404);
    expect((await get(`${p.version.token.slice(0, -2)}AA`)).status).toBe(404);
    const expired = proposalToken(p.version.id, new Date(Date.now() - 1000));
    expect((await get(expired)).status).toBe(410);
  });
});

describe("the plan once accepted", () => {
  it("shows the days in My Bookings, on the invoice and in the staff's Edit dialog", async () => {
    const a = t.w.a;
    const p = await proposalWithPermits(4, { email: a.email, userId: a.id });
    const { bookingId } = await accept(p.version.token, a.name);
    actAs(a);
    const mine = await getMyBooking(bookingId);
    expect(mine?.plan?.days.map((d) => [d.day, d.title, d.lines])).toEqual([
      [1, "Arrival in Entebbe", ["Flight Entebbe to Kihihi"]],
      [2, "Gorilla trekking", ["Forest Suite, full board", "Gorilla trekking in Rushaga"]],
      [3, "A second day in the forest", []],
    ]);
    expect(mine?.plan).toMatchObject({ reference: p.reference, version: 1 });
    const invoice = await invoiceFor(bookingId);
    const text = pdfText(invoice!.pdf);
    for (const part of ["Your plan", "Arrival in Entebbe (Entebbe)", "Gorilla trekking in Rushaga"])
      expect(text).toContain(part);

    // Staff see it in the booking's Edit dialog.
    actAs(t.w.admin);
    const forStaff = await getBookingForEdit(bookingId);
    expect(forStaff?.plan?.days.map((d) => d.place)).toEqual([
      "Entebbe",
      "Bwindi Impenetrable",
      "Bwindi Impenetrable",
    ]);

    // Another customer sees neither the booking nor its plan.
    actAs(t.w.b);
    expect(await getMyBooking(bookingId)).toBeNull();
  });
});
