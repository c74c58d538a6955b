/**
 * Every staff change leaves one audit event, written in the change's own transaction: bookings,
 * guides, tours, customer threads, subscribers and the newsletter export, staff accounts made by
 * admin:create. Each is done through the real action (or the DAL, or the route) and the event
 * read back: the action, who (label and role), the target, the outcome and what changed. A
 * change that fails, before or after its event was written, leaves neither. Staff replies are
 * rate limited per thread: the reply past the limit is refused and emails no one.
 */
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { assignGuideAction, updateBookingPaymentAction } from "@/actions/bookings";
import { recordPaymentAction } from "@/actions/payments";
import * as messageActions from "@/actions/messages";
import * as newsletterActions from "@/actions/newsletter";
import {
  createTourAction,
  deleteTourAction,
  setTourActiveAction,
  updateTourAction,
} from "@/actions/tours";
import { createGuideAction, setGuideAvailabilityAction, updateGuideAction } from "@/actions/guides";
import { GET as exportCsv } from "@/app/admin/(panel)/newsletter/export/route";
import {
  auditEvents,
  bookingEvents,
  bookings,
  customerMessages,
  emailOutbox,
  guides,
  newsletterSubscriptions,
  tours,
} from "@/db/schema";
import { STAFF_REPLY_LIMITS } from "@/lib/messages/list-query";
import { parseActivityQuery } from "@/lib/audit/activity";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { listAuditEvents } from "@/lib/audit/data/activity";
import { authenticateWithPassword } from "@/lib/accounts/data/sign-in";
import { upsertStaffAccount } from "@/lib/accounts/data/staff";
import { resetRateLimits } from "@/lib/rate-limit";
import type { TourInput } from "@/lib/tours/schemas";
import {
  bookingRow,
  createAdminWorld,
  insertBookings,
  onlyGuides,
} from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { newVisitor } from "@/tests/helpers/fake-request";
import { tempStorageHooks } from "@/tests/helpers/media-world";
import {
  guideForm as sampleGuideForm,
  inDays,
  tourForm as sampleTourForm,
} from "@/tests/helpers/payloads";
import { openWorld } from "@/tests/helpers/world";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

/** Set `outbox.fail` to make queueing a mail fail: after the event, inside the same transaction. */
const outbox = vi.hoisted(() => ({ fail: false }));
vi.mock("@/lib/email", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/email")>();
  return {
    ...real,
    queueEmail: (...args: Parameters<typeof real.queueEmail>) =>
      outbox.fail ? Promise.reject(new Error("outbox refused the mail")) : real.queueEmail(...args),
  };
});

const t = openWorld(createAdminWorld);

let visitor = 0;
beforeEach(() => {
  newVisitor(`203.0.113.${++visitor}`);
  resetRateLimits();
  outbox.fail = false;
  actAs(t.w.staff);
});

/** The events about one target, oldest first. */
const eventsOf = (targetId: string) => auditTrail(t.db, { targetId });

const countOf = async (action: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
  )[0]!.n;

/** The actor columns of an event by this world user (role as admin_users has it). */
const by = (user: { id: string; email: string }, role: "admin" | "staff") => ({
  actorUserId: user.id,
  actorLabel: user.email,
  actorRole: role,
  outcome: "success",
});

/**
 * A new booking departing `days` from today, and the version its Edit dialog opens at (what a
 * save must send back).
 */
async function bookingToEdit(days: number) {
  const [id] = await insertBookings(t.db, [{ departureDate: inDays(days) }]);
  const { version } = (await getBookingForEdit(id!))!;
  return { id: id!, version };
}

/** The Edit dialog's booking status and note, saved at the version it opened at. */
const saveStatus = (bookingId: string, version: string, bookingStatus: string, paymentNote = "") =>
  updateBookingPaymentAction(undefined, { bookingId, version, paymentNote, bookingStatus });

describe("bookings", () => {
  it("a status and note save is one booking.update next to the booking's own history", async () => {
    const { id, version } = await bookingToEdit(400);
    expect(
      await saveStatus(id, version, "confirmed", "Refund sent by bank transfer"),
    ).toMatchObject({ status: "success" });

    const events = await eventsOf(id!);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "booking.update",
      ...by(t.w.staff, "staff"),
      targetType: "booking",
      ip: `203.0.113.${visitor}`,
      details: {
        changes: {
          // Free text: named, its words left to the booking's history.
          paymentNote: { changed: true },
          bookingStatus: { from: null, to: "confirmed" },
        },
      },
    });
    expect(JSON.stringify(events[0]!.details)).not.toContain("bank transfer");
    // The booking keeps its own history as before.
    expect(await t.db.$count(bookingEvents, eq(bookingEvents.bookingId, id!))).toBe(2);
  });

  it("a recorded payment, then the automatic guide assignment it brings, each have their event", async () => {
    const [guide] = await onlyGuides(t.db, [{ fullName: "Audit Auto Guide", specialty: "Nature" }]);
    const { id } = await bookingToEdit(700);
    await t.db.update(bookings).set({ totalMinor: 120_000 }).where(eq(bookings.id, id));
    expect(
      await recordPaymentAction(undefined, {
        bookingId: id,
        method: "cash",
        kind: "full",
        amount: "1200.00",
        reference: "Receipt 42",
        note: "",
      }),
    ).toMatchObject({ status: "success" });
    const events = await eventsOf(id!);
    expect(events.map((e) => e.action)).toEqual(["payment.recorded", "booking.update"]);
    expect(events[1]!.details).toEqual({
      changes: { guideId: { from: null, to: guide!.id, automatic: true } },
    });
  });

  it("a manual guide change names the old and new guide", async () => {
    const [guide] = await onlyGuides(t.db, [
      { fullName: "Audit Manual Guide", specialty: "Nature" },
    ]);
    const { id, version } = await bookingToEdit(900);
    expect(
      await assignGuideAction(undefined, {
        bookingId: id,
        version,
        guideId: guide!.id,
        oldGuideId: "none",
      }),
    ).toMatchObject({ status: "success" });
    const [event] = await eventsOf(id!);
    expect(event).toMatchObject({
      action: "booking.update",
      ...by(t.w.staff, "staff"),
      details: {
        changes: {
          guideId: { from: null, to: guide!.id },
          guide: { from: null, to: "Audit Manual Guide" },
        },
      },
    });
  });

  it("a stale save (version conflict) leaves no event", async () => {
    const { id, version } = await bookingToEdit(410);
    expect(await saveStatus(id, version, "confirmed")).toMatchObject({ status: "success" });
    expect(await saveStatus(id, version, "cancelled")).toMatchObject({ status: "error" });
    expect((await eventsOf(id!)).map((e) => e.action)).toEqual(["booking.update"]);
    expect((await bookingRow(t.db, id!)).bookingStatus).toBe("confirmed");
  });

  it("a save that fails after its event was written keeps neither the change nor the event", async () => {
    const { id, version } = await bookingToEdit(420);
    outbox.fail = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await saveStatus(id, version, "cancelled")).toMatchObject({ status: "error" });
    logged.mockRestore();
    expect(await eventsOf(id!)).toEqual([]);
    expect((await bookingRow(t.db, id!)).bookingStatus).not.toBe("cancelled");
    expect(await t.db.$count(bookingEvents, eq(bookingEvents.bookingId, id!))).toBe(0);
  });
});

describe("guides", () => {
  const guideForm = sampleGuideForm({ fullName: "Audit Guide Amani" });

  it("an admin's add, edit and availability change are each recorded with what changed", async () => {
    actAs(t.w.admin);
    expect(await createGuideAction(undefined, guideForm)).toMatchObject({ status: "success" });
    const [guide] = await t.db.select().from(guides).where(eq(guides.fullName, guideForm.fullName));
    expect(
      await updateGuideAction(undefined, { ...guideForm, id: guide!.id, specialty: "Primates" }),
    ).toMatchObject({ status: "success" });
    expect(
      await setGuideAvailabilityAction(undefined, { id: guide!.id, isAvailable: "false" }),
    ).toMatchObject({ status: "success", title: "Guide Unavailable" });

    const events = await eventsOf(guide!.id);
    expect(events.map((e) => e.action)).toEqual(["guide.create", "guide.update", "guide.update"]);
    for (const event of events) {
      expect(event).toMatchObject({ ...by(t.w.admin, "admin"), targetType: "guide" });
    }
    expect(events[0]!.details).toEqual({ fullName: "Audit Guide Amani", isAvailable: true });
    // Only the fields that differ, each with its old and new value.
    expect(events[1]!.details).toEqual({
      changes: { specialty: { from: "Birding", to: "Primates" } },
    });
    expect(events[2]!.details).toEqual({ changes: { isAvailable: { from: true, to: false } } });
  });

  it("a refused or failed change leaves no guide event", async () => {
    const before = await countOf("guide.create");
    // Staff (not admin) may not add a guide: refused before anything is written.
    expect(
      await createGuideAction(undefined, { ...guideForm, fullName: "Never Added" }),
    ).toMatchObject({ status: "error", title: "Access Denied" });
    expect(await countOf("guide.create")).toBe(before);

    actAs(t.w.admin);
    const missing = crypto.randomUUID();
    expect(await updateGuideAction(undefined, { ...guideForm, id: missing })).toMatchObject({
      status: "error",
      title: "Guide Not Found",
    });
    expect(await eventsOf(missing)).toEqual([]);
  });
});

/** A whole tour form, as the admin dialog sends it. */
/** The shared valid tour under this file's own name, which the events below quote. */
const tourForm = (overrides: Partial<TourInput> = {}): TourInput =>
  sampleTourForm({ title: "Audit Falls Trail", slug: "audit-falls-trail", ...overrides });

describe("tours", () => {
  const form = tourForm;
  const tourId = async (slug: string) =>
    (await t.db.select({ id: tours.id }).from(tours).where(eq(tours.slug, slug)))[0]?.id;

  tempStorageHooks("each");

  it("create, edit, hide and an admin's delete are recorded; an edit names only what changed", async () => {
    expect(await createTourAction(undefined, form())).toMatchObject({ status: "success" });
    const id = (await tourId("audit-falls-trail"))!;
    expect(
      await updateTourAction(undefined, {
        ...form({ title: "Audit Falls & Coffee Trail", overview: "A long day of falls." }),
        id,
      }),
    ).toMatchObject({ status: "success" });
    expect(await setTourActiveAction(undefined, { id, isActive: "false" })).toMatchObject({
      status: "success",
      title: "Tour hidden",
    });
    actAs(t.w.admin);
    expect(await deleteTourAction(undefined, { id })).toMatchObject({ title: "Tour deleted" });

    const events = await eventsOf(id);
    expect(events.map((e) => e.action)).toEqual([
      "tour.create",
      "tour.update",
      "tour.update",
      "tour.delete",
    ]);
    expect(events[0]).toMatchObject({
      ...by(t.w.staff, "staff"),
      targetType: "tour",
      details: { title: "Audit Falls Trail", slug: "audit-falls-trail", isActive: true },
    });
    // The unchanged pricing and itinerary (stored as jsonb) are not reported as changes.
    expect(events[1]!.details).toEqual({
      changes: {
        title: { from: "Audit Falls Trail", to: "Audit Falls & Coffee Trail" },
        overview: { changed: true },
      },
    });
    expect(events[2]!.details).toEqual({ changes: { isActive: { from: true, to: false } } });
    expect(events[3]).toMatchObject({
      ...by(t.w.admin, "admin"),
      details: { title: "Audit Falls & Coffee Trail", picturesDeleted: 0 },
    });
  });

  it("a slug another tour has (refused) and a staff member's delete (forbidden) leave no event", async () => {
    expect(await createTourAction(undefined, form({ slug: "audit-kept" }))).toMatchObject({
      status: "success",
    });
    const id = (await tourId("audit-kept"))!;
    const creates = await countOf("tour.create");
    expect(
      await createTourAction(undefined, form({ title: "Copy", slug: "audit-kept" })),
    ).toMatchObject({ status: "invalid", title: "Slug already exists" });
    expect(await countOf("tour.create")).toBe(creates);

    expect(await deleteTourAction(undefined, { id })).toMatchObject({ status: "error" });
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(["tour.create"]);
  });
});

describe("customer threads", () => {
  const mailsTo = (email: string) =>
    t.db.$count(emailOutbox, sql`lower(${emailOutbox.toAddress}) = ${email.toLowerCase()}`);

  it("a reply and a thread marked read are recorded without the reply's words", async () => {
    expect(
      await messageActions.replyToCustomerThreadAction(undefined, {
        threadId: t.w.threads.a,
        message: "Permits are booked for the 12th.",
      }),
    ).toMatchObject({ status: "success", title: "Reply Sent" });
    expect(
      await messageActions.markCustomerThreadReadAction(undefined, { threadId: t.w.threads.a }),
    ).toMatchObject({ status: "success" });

    const [reply] = await t.db
      .select({ id: customerMessages.id })
      .from(customerMessages)
      .where(eq(customerMessages.message, "Permits are booked for the 12th."));
    const events = await eventsOf(t.w.threads.a);
    expect(events.map((e) => e.action)).toEqual(["message.reply", "message.update"]);
    expect(events[0]).toMatchObject({
      ...by(t.w.staff, "staff"),
      targetType: "thread",
      details: { messageId: reply!.id, customerUserId: t.w.a.id, markedRead: 1 },
    });
    expect(JSON.stringify(events[0]!.details)).not.toContain("Permits are booked");
    expect(events[1]).toMatchObject({
      ...by(t.w.staff, "staff"),
      details: { changes: { isRead: { to: true } }, markedRead: 0 },
    });
  });

  it("a reply whose mail cannot be queued keeps neither the reply nor its event", async () => {
    const before = await eventsOf(t.w.threads.b);
    outbox.fail = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(
      await messageActions.replyToCustomerThreadAction(undefined, {
        threadId: t.w.threads.b,
        message: "This one never leaves.",
      }),
    ).toMatchObject({ status: "error", title: "Send Failed" });
    logged.mockRestore();
    expect(await eventsOf(t.w.threads.b)).toEqual(before);
    expect(
      await t.db.$count(customerMessages, eq(customerMessages.message, "This one never leaves.")),
    ).toBe(0);
  });

  it(`${STAFF_REPLY_LIMITS.perThread.perMinute} replies a minute pass; the next is refused, stored nowhere and emails no one`, async () => {
    const limit = STAFF_REPLY_LIMITS.perThread.perMinute;
    const reply = (threadId: string, n: number) =>
      messageActions.replyToCustomerThreadAction(undefined, { threadId, message: `Burst ${n}` });
    for (let n = 1; n <= limit; n++) {
      expect(await reply(t.w.threads.b, n)).toMatchObject({ status: "success" });
    }
    const mails = await mailsTo(t.w.b.email);
    const replies = await countOf("message.reply");

    const refused = await reply(t.w.threads.b, limit + 1);
    expect(refused).toMatchObject({
      status: "error",
      title: "Too Many Requests",
      message: "Too many requests, try again in 1 minute",
    });
    expect(await mailsTo(t.w.b.email)).toBe(mails);
    expect(await countOf("message.reply")).toBe(replies);
    expect(
      await t.db.$count(
        customerMessages,
        and(
          eq(customerMessages.threadId, t.w.threads.b),
          eq(customerMessages.message, `Burst ${limit + 1}`),
        ),
      ),
    ).toBe(0);

    // The whole of staff shares a thread's budget: a colleague is refused there too.
    actAs(t.w.admin);
    expect(await reply(t.w.threads.b, limit + 2)).toMatchObject({ title: "Too Many Requests" });
    // Another customer's thread has its own.
    actAs(t.w.staff);
    expect(await reply(t.w.threads.a, 1)).toMatchObject({ status: "success" });
  });

  it(`a member of staff has ${STAFF_REPLY_LIMITS.perStaff.perMinute} replies a minute across threads`, async () => {
    const threads = Array.from({ length: 5 }, () => crypto.randomUUID());
    await t.db.insert(customerMessages).values(
      threads.map((threadId, i) => ({
        threadId,
        userId: t.w.a.id,
        customerEmail: t.w.a.email,
        subject: `Question ${i}`,
        message: "Hello",
      })),
    );
    let sent = 0;
    for (const threadId of threads) {
      for (let i = 0; i < STAFF_REPLY_LIMITS.perThread.perMinute; i++) {
        if (sent === STAFF_REPLY_LIMITS.perStaff.perMinute) break;
        const state = await messageActions.replyToCustomerThreadAction(undefined, {
          threadId,
          message: `Answer ${sent}`,
        });
        expect(state).toMatchObject({ status: "success" });
        sent++;
      }
    }
    expect(sent).toBe(STAFF_REPLY_LIMITS.perStaff.perMinute);
    const last = threads[threads.length - 1]!;
    expect(
      await messageActions.replyToCustomerThreadAction(undefined, {
        threadId: last,
        message: "More",
      }),
    ).toMatchObject({ title: "Too Many Requests" });
  });
});

describe("newsletter", () => {
  it("a subscriber's deactivation and an export are recorded (the export with its filter and rows)", async () => {
    const [sub] = await t.db
      .insert(newsletterSubscriptions)
      .values([
        { email: "audit.reader1@example.com" },
        { email: "audit.reader2@example.com" },
        { email: "audit.reader3@example.com", isActive: false },
      ])
      .returning({ id: newsletterSubscriptions.id });
    expect(
      await newsletterActions.setSubscriberStatusAction(undefined, {
        id: sub!.id,
        active: "false",
      }),
    ).toMatchObject({ status: "success", title: "Subscriber Deactivated" });
    const [event] = await eventsOf(sub!.id);
    expect(event).toMatchObject({
      action: "subscriber.update",
      ...by(t.w.staff, "staff"),
      targetType: "subscriber",
      details: { changes: { isActive: { from: true, to: false } } },
    });

    const exports = await countOf("newsletter.export");
    const response = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?q=audit.reader&filter=all"),
    );
    expect(response.status).toBe(200);
    const rows = (await response.text()).trim().split("\r\n");
    expect(rows).toHaveLength(2); // The header and the one active reader left.
    expect(await countOf("newsletter.export")).toBe(exports + 1);
    const [exported] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "newsletter.export"))
      .orderBy(sql`${auditEvents.occurredAt} desc`)
      .limit(1);
    expect(exported).toMatchObject({
      ...by(t.w.staff, "staff"),
      targetType: "newsletter",
      details: { q: "audit.reader", filter: "all", rows: 1 },
    });
  });

  it("an unknown subscriber changes nothing and leaves no event", async () => {
    const missing = crypto.randomUUID();
    expect(
      await newsletterActions.setSubscriberStatusAction(undefined, { id: missing, active: "true" }),
    ).toMatchObject({ status: "error" });
    expect(await eventsOf(missing)).toEqual([]);
  });
});

describe("staff accounts (admin:create)", () => {
  const PASSWORD = "papyrus swamp at dawn 2027";
  const SYSTEM_ACTOR = { actorUserId: null, actorLabel: "system", actorRole: "system" };

  it("a new account, a role change and a customer promoted are recorded by the system", async () => {
    const created = await upsertStaffAccount({
      email: "Audit.New@Example.com",
      role: "staff",
      name: "Audit New",
      password: PASSWORD,
    });
    await upsertStaffAccount({
      email: "audit.new@example.com",
      role: "admin",
      password: `${PASSWORD} again`,
      requireMfa: true,
    });
    const promoted = await upsertStaffAccount({ email: t.w.b.email, role: "staff" });

    const events = await eventsOf(created.userId);
    expect(events.map((e) => e.action)).toEqual(["staff.create", "staff.update"]);
    expect(events[0]).toMatchObject({
      ...SYSTEM_ACTOR,
      outcome: "success",
      targetType: "user",
      details: {
        email: "audit.new@example.com",
        newAccount: true,
        role: { from: null, to: "staff" },
        mfaRequired: { from: null, to: false },
      },
    });
    expect(events[1]).toMatchObject({
      ...SYSTEM_ACTOR,
      details: {
        newAccount: false,
        role: { from: "staff", to: "admin" },
        mfaRequired: { from: false, to: true },
        sessionsEnded: true,
      },
    });
    // No password, and no hash of one, in any event.
    expect(JSON.stringify(events)).not.toMatch(/papyrus|scrypt/);

    const [promotion] = await eventsOf(promoted.userId);
    expect(promotion).toMatchObject({
      action: "staff.create",
      ...SYSTEM_ACTOR,
      details: { newAccount: false, role: { from: null, to: "staff" } },
    });
  });

  it("a refused password changes nothing and leaves no event", async () => {
    const before = await countOf("staff.create");
    await expect(
      upsertStaffAccount({
        email: "audit.weak@example.com",
        role: "staff",
        name: "Weak",
        password: "password",
      }),
    ).rejects.toMatchObject({ code: "password_rejected" });
    expect(await countOf("staff.create")).toBe(before);
  });
});

describe("the Activity screen", () => {
  tempStorageHooks("each");

  it("shows a staff member's day in order: sign-in, a payment change, a tour edit, an export", async () => {
    newVisitor("203.0.113.250");
    expect(await authenticateWithPassword(t.w.staff.email, "staff pass 2027")).toMatchObject({
      status: "ok",
    });
    const { id: bookingId, version } = await bookingToEdit(300);
    expect(
      await updateBookingPaymentAction(undefined, {
        bookingId,
        version,
        paymentStatus: "Deposit Made",
        paymentNote: "MTN MoMo 30%",
        bookingStatus: "confirmed",
      }),
    ).toMatchObject({ status: "success" });
    expect(
      await createTourAction(undefined, tourForm({ slug: "day-of-staff", title: "Day Trail" })),
    ).toMatchObject({ status: "success" });
    const [tour] = await t.db
      .select({ id: tours.id })
      .from(tours)
      .where(eq(tours.slug, "day-of-staff"));
    expect(
      await updateTourAction(undefined, {
        ...tourForm({ slug: "day-of-staff", title: "Day Trail", groupSize: "2-6" }),
        id: tour!.id,
      }),
    ).toMatchObject({ status: "success" });
    const csv = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?filter=active"),
    );
    expect(csv.status).toBe(200);
    await csv.text();

    // Staff may not read it; an admin sees that day, newest first.
    await expect(
      listAuditEvents(parseActivityQuery({ actor: t.w.staff.email })),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    actAs(t.w.admin);
    const day = await listAuditEvents(parseActivityQuery({ actor: t.w.staff.email }));
    const mine = day.items
      .filter((e) => e.action !== "auth.access_denied")
      .map((e) => [e.action, e.targetType]);
    expect(mine.slice(0, 5)).toEqual([
      ["newsletter.export", "newsletter"],
      ["tour.update", "tour"],
      ["tour.create", "tour"],
      ["booking.update", "booking"],
      ["auth.sign_in", null],
    ]);
  });
});
