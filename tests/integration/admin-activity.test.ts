/**
 * The Activity screen's reader (lib/audit/data/activity.ts#listAuditEvents) on a real database: a staff
 * member's working day recorded with recordAudit, beside other people's events on that day and
 * just outside it, read back newest first; each filter (actor in any case, one action, an area,
 * a target, Kampala days) narrows to exactly its events; pages and the capped count; and a
 * malformed URL reads as the plain screen.
 */
import { vi } from "vitest";

// Auth.js stood in for by the world's sign-ins (actAs), before anything imports it.
vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { auditEvents } from "@/db/schema";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { fakeRequest, newVisitor } from "@/tests/helpers/fake-request";
import { openWorld } from "@/tests/helpers/world";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityQuery,
  activityHref,
  parseActivityQuery,
} from "@/lib/audit/activity";
import { actorOf, type AuditEvent, SYSTEM, VISITOR } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { SEARCH_COUNT_CAP } from "@/lib/list-query";
import { listAuditEvents } from "@/lib/audit/data/activity";
import { bookingRef } from "@/lib/bookings/labels";
import { ActivityList } from "@/components/admin/activity/activity-list";

const t = openWorld(createAdminWorld);

/** The working day of the test, a Kampala calendar day, and its neighbours. */
const DAY = "2026-03-10";
const BEFORE = "2026-03-09";
const AFTER = "2026-03-11";
/** An instant of a Kampala day ('HH:mm' in Kampala, three hours ahead of UTC). */
const kampala = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`);

const BOOKING_ID = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
const TOUR = "gorilla-trekking-adventure";

const plain: ActivityQuery = parseActivityQuery({});
const list = (changes: Partial<ActivityQuery>) => listAuditEvents({ ...plain, ...changes });
const actions = (page: { items: { action: string }[] }) => page.items.map((e) => e.action);

/**
 * Records `event` with recordAudit, then moves it to `at`: recordAudit stamps the database's
 * clock, and the trail refuses updates, so its guard is lifted for this one row of the test's
 * (the newest: every event moved before it is in the past).
 */
async function recordAt(at: Date, event: AuditEvent) {
  await recordAudit(event);
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await tx
      .update(auditEvents)
      .set({ occurredAt: at })
      .where(
        sql`${auditEvents.id} = (select id from audit_events order by occurred_at desc limit 1)`,
      );
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

beforeEach(() => {
  actAs(t.w.admin);
});

beforeAll(async () => {
  const { staff, admin, a: customer } = t.w;
  const sarah = actorOf({ userId: staff.id, email: staff.email, role: "staff" });
  const boss = actorOf({ userId: admin.id, email: admin.email, role: "admin" });
  const traveller = actorOf({ userId: customer.id, email: customer.email, role: null });

  newVisitor("198.51.100.20");
  fakeRequest.userAgent = "Firefox on the office desktop";
  // The staff member's day, in order.
  await recordAt(kampala(DAY, "07:58"), { action: "auth.sign_in", actor: sarah });
  await recordAt(kampala(DAY, "09:15"), {
    action: "booking.update",
    actor: sarah,
    target: { type: "booking", id: BOOKING_ID },
    details: { paymentStatus: { from: "Pending", to: "Paid" } },
  });
  await recordAt(kampala(DAY, "11:40"), {
    action: "tour.update",
    actor: sarah,
    target: { type: "tour", id: TOUR },
    details: { changed: ["price", "highlights"] },
  });
  await recordAt(kampala(DAY, "16:05"), {
    action: "newsletter.export",
    actor: sarah,
    details: { rows: 412, filter: "active" },
  });
  await recordAt(kampala(DAY, "23:50"), { action: "auth.sign_out", actor: sarah });

  // Others on the same day.
  newVisitor("203.0.113.9");
  await recordAt(kampala(DAY, "08:30"), { action: "auth.sign_in", actor: boss });
  await recordAt(kampala(DAY, "12:10"), {
    action: "auth.sign_in_failed",
    actor: VISITOR,
    outcome: "failure",
    details: { email: staff.email },
  });
  await recordAt(kampala(DAY, "13:00"), {
    action: "tour.update",
    actor: boss,
    target: { type: "tour", id: TOUR },
  });
  await recordAt(kampala(DAY, "14:20"), {
    action: "auth.access_denied",
    actor: traveller,
    outcome: "denied",
    details: { path: "/admin/bookings" },
  });
  // Just outside the day in Kampala (both inside it in UTC on one side).
  await recordAt(kampala(BEFORE, "23:50"), { action: "auth.sign_in", actor: sarah });
  await recordAt(kampala(AFTER, "00:10"), { action: "auth.sign_out", actor: sarah });
  await recordAt(kampala(AFTER, "06:00"), { action: "guide.create", actor: SYSTEM });
});

describe("the staff member's day", () => {
  it("lists it newest first, with the labels, the address and the details on one line", async () => {
    const day = await list({ actor: t.w.staff.email, from: DAY, to: DAY });
    expect(actions(day)).toEqual([
      "auth.sign_out",
      "newsletter.export",
      "tour.update",
      "booking.update",
      "auth.sign_in",
    ]);
    expect(day).toMatchObject({ total: 5, page: 1, pageCount: 1, capped: false });
    const payment = day.items.find((e) => e.action === "booking.update")!;
    expect(payment).toMatchObject({
      actorLabel: t.w.staff.email,
      actorRole: "staff",
      targetType: "booking",
      targetId: BOOKING_ID,
      outcome: "success",
      ip: "198.51.100.20",
      occurredAt: kampala(DAY, "09:15").toISOString(),
    });
    expect(payment.summary).toBe("Set the payment status from Pending to Paid.");
    expect(payment.target).toEqual({
      label: `Booking ${bookingRef(BOOKING_ID)}`,
      href: `/admin/bookings?edit=${BOOKING_ID}`,
    });
    expect(day.items.find((e) => e.action === "tour.update")!.summary).toBe(
      "Changed the price and highlights.",
    );
    expect(day.items.find((e) => e.action === "auth.sign_in")!.summary).toBe("");
  });

  it("shows everyone's events of a Kampala day, newest first, and none from either side", async () => {
    const day = await list({ from: DAY, to: DAY });
    expect(day.total).toBe(9);
    const times = day.items.map((e) => e.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe(kampala(DAY, "23:50").toISOString());
    expect(times.at(-1)).toBe(kampala(DAY, "07:58").toISOString());
  });

  it("orders events of the same instant by id, the same way on every read", async () => {
    const first = await list({ from: DAY, to: DAY });
    const again = await list({ from: DAY, to: DAY });
    expect(again.items.map((e) => e.id)).toEqual(first.items.map((e) => e.id));
  });
});

describe("the screen's rows", () => {
  it("read as the admin sees them: Kampala times, labels, role, target, outcome, address", async () => {
    const query = { ...plain, actor: t.w.staff.email, from: DAY, to: DAY };
    const html = renderToString(
      createElement(ActivityList, { query, result: await listAuditEvents(query) }),
    );
    expect(html).toContain("5 events");
    expect(html).toContain("Mar 10, 2026 09:15");
    expect(html).toContain(`dateTime="${kampala(DAY, "09:15").toISOString()}"`);
    for (const text of [
      "Signed in",
      "Updated booking",
      "Updated tour",
      "Exported subscribers",
      "Signed out",
      "Set the payment status from Pending to Paid.",
      "Staff",
      `Booking ${bookingRef(BOOKING_ID)}`,
      "Success",
      "198.51.100.20",
    ])
      expect(html).toContain(text);
    // A row's target opens the booking, and links to that target's events, the other filters kept.
    expect(html).toContain(`href="/admin/bookings?edit=${BOOKING_ID}"`);
    // Never the raw details or the whole id.
    expect(html).not.toContain("paymentStatus");
    expect(html).not.toContain(`Booking ${BOOKING_ID}`);
    expect(html).toContain(
      activityHref(query, { target: "booking", targetId: BOOKING_ID, page: 1 }).replace(
        /&/g,
        "&amp;",
      ),
    );

    const none = renderToString(
      createElement(ActivityList, {
        query: { ...plain, actor: "nobody@example.com" },
        result: await list({ actor: "nobody@example.com" }),
      }),
    );
    expect(none).toContain("No activity found");
    expect(none).toContain("Clear filters");
  });
});

describe("filters", () => {
  it("actor: the whole email in any case, never a part of it", async () => {
    const shouting = await list({ actor: t.w.staff.email.toUpperCase() });
    expect(shouting.total).toBe(7);
    expect(shouting.items.every((e) => e.actorLabel === t.w.staff.email)).toBe(true);
    expect((await list({ actor: t.w.staff.email.slice(0, 8) })).total).toBe(0);
    expect(actions(await list({ actor: "visitor", from: DAY, to: DAY }))).toEqual([
      "auth.sign_in_failed",
    ]);
  });

  it("action: one action, or every action of an area", async () => {
    const edits = await list({ action: "tour.update" });
    expect(edits.items.map((e) => e.actorLabel)).toEqual([t.w.admin.email, t.w.staff.email]);
    const auth = await list({ action: "auth.*", from: DAY, to: DAY });
    expect(actions(auth)).toEqual([
      "auth.sign_out",
      "auth.access_denied",
      "auth.sign_in_failed",
      "auth.sign_in",
      "auth.sign_in",
    ]);
    expect(auth.items.find((e) => e.action === "auth.access_denied")!.outcome).toBe("denied");
  });

  it("target: a type and an id, or a type alone", async () => {
    expect(actions(await list({ target: "booking", targetId: BOOKING_ID }))).toEqual([
      "booking.update",
    ]);
    const tour = await list({ target: "tour", targetId: TOUR });
    expect(tour.items.map((e) => e.actorLabel)).toEqual([t.w.admin.email, t.w.staff.email]);
    expect((await list({ target: "tour" })).total).toBe(2);
    expect((await list({ target: "tour", targetId: "another-tour" })).total).toBe(0);
  });

  it("days: from and to are Kampala days, each end included", async () => {
    expect(actions(await list({ from: AFTER, to: AFTER }))).toEqual([
      "guide.create",
      "auth.sign_out",
    ]);
    expect(actions(await list({ actor: t.w.staff.email, to: BEFORE }))).toEqual(["auth.sign_in"]);
    const fromDay = await list({ actor: t.w.staff.email, from: DAY });
    expect(fromDay.total).toBe(6);
    expect(actions(fromDay)[0]).toBe("auth.sign_out");
  });

  it("filters together narrow to what each allows", async () => {
    const both = await list({
      actor: t.w.staff.email,
      action: "tour.update",
      target: "tour",
      targetId: TOUR,
      from: DAY,
      to: DAY,
    });
    expect(actions(both)).toEqual(["tour.update"]);
    expect(
      (await list({ actor: t.w.admin.email, action: "booking.update", from: DAY, to: DAY })).items,
    ).toEqual([]);
  });
});

describe("pages and the count", () => {
  const BULK = "bulk.exporter@example.com";
  const BULK_DAY = "2026-02-02";

  beforeAll(async () => {
    // A busy actor: SEARCH_COUNT_CAP + 100 events, a second apart, written as the trail holds them.
    await t.db.execute(sql`
      insert into audit_events (occurred_at, actor_label, actor_role, action, outcome, target_type, target_id)
      select ${kampala(BULK_DAY, "08:00").toISOString()}::timestamptz + (i || ' seconds')::interval, ${BULK},
        'staff', 'booking.update', 'success', 'booking', 'bulk-' || i
      from generate_series(1, ${SEARCH_COUNT_CAP + 100}) as i`);
  });

  it("pages of 25, the last page partly filled", async () => {
    const first = await list({ actor: t.w.staff.email });
    expect(first.items).toHaveLength(7);
    const one = await list({ actor: BULK, target: "booking", targetId: "bulk-30" });
    expect(one.total).toBe(1);

    const page1 = await list({ actor: BULK });
    expect(page1.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(page1.items[0]!.targetId).toBe(`bulk-${SEARCH_COUNT_CAP + 100}`);
    const page2 = await list({ actor: BULK, page: 2 });
    expect(page2.items[0]!.targetId).toBe(`bulk-${SEARCH_COUNT_CAP + 100 - ACTIVITY_PAGE_SIZE}`);
    expect(page2.items.map((e) => e.id)).not.toContain(page1.items[0]!.id);
  });

  it("counts up to the cap past the page shown, then says there are more", async () => {
    const page1 = await list({ actor: BULK });
    expect(page1).toMatchObject({
      total: SEARCH_COUNT_CAP,
      capped: true,
      pageCount: SEARCH_COUNT_CAP / ACTIVITY_PAGE_SIZE,
    });
    // The cap moves with the page: Next always leads on while there are more.
    const page41 = await list({ actor: BULK, page: 41 });
    expect(page41).toMatchObject({ total: SEARCH_COUNT_CAP + 100, capped: false, page: 41 });
    expect(page41.items).toHaveLength(ACTIVITY_PAGE_SIZE);
    const page44 = await list({ actor: BULK, page: 44 });
    // SEARCH_COUNT_CAP + 100 events fill 44 pages of 25 exactly.
    expect(page44).toMatchObject({ page: 44, pageCount: 44 });
    expect(page44.items).toHaveLength(ACTIVITY_PAGE_SIZE);
  });

  it("a page past the end (an old link) shows the last page", async () => {
    const late = await list({ actor: t.w.staff.email, page: 9 });
    expect(late).toMatchObject({ page: 1, pageCount: 1, total: 7 });
    expect(late.items).toHaveLength(7);
    const bulk = await list({ actor: BULK, page: 500 });
    expect(bulk).toMatchObject({ page: 44, pageCount: 44, total: SEARCH_COUNT_CAP + 100 });
    expect(bulk.items.at(-1)!.targetId).toBe("bulk-1");
  });

  it("keeps the filters in the pager's links and leaves defaults out", () => {
    const query = parseActivityQuery({ actor: BULK, action: "auth.*", page: "3" });
    expect(activityHref(query, { page: 4 })).toBe(
      `/admin/activity?actor=${encodeURIComponent(BULK)}&action=auth.*&page=4`,
    );
    expect(activityHref(query, { page: 1, actor: "", action: "" })).toBe("/admin/activity");
  });
});

describe("a malformed query", () => {
  it("falls back to the defaults, and reads a backwards range the right way round", async () => {
    const query = parseActivityQuery({
      actor: ["  Sarah@Example.com ", "second"],
      action: "auth.not_an_action",
      from: "2026-02-30",
      to: "yesterday",
      page: "-4",
      target: "x".repeat(80),
    });
    expect(query).toEqual({
      actor: "Sarah@Example.com",
      action: "",
      target: "x".repeat(40),
      targetId: "",
      from: "",
      to: "",
      page: 1,
    });
    expect(parseActivityQuery({ from: AFTER, to: BEFORE })).toMatchObject({
      from: BEFORE,
      to: AFTER,
    });
    expect(parseActivityQuery({ page: "1e9" }).page).toBe(100_000);

    const fallback = await listAuditEvents(
      parseActivityQuery({ action: "drop table", from: "2026-13-01", page: "abc" }),
    );
    expect(fallback.page).toBe(1);
    expect(fallback.total).toBeGreaterThanOrEqual(12);
  });
});

describe("who may read it", () => {
  it("a member of staff without the admin role is refused, and the refusal is on the trail", async () => {
    actAs(t.w.staff);
    await expect(list({})).rejects.toMatchObject({ code: "forbidden" });
    actAs(t.w.admin);
    const refused = await list({ actor: t.w.staff.email, action: "auth.access_denied" });
    expect(refused.items).toHaveLength(1);
    expect(refused.items[0]).toMatchObject({ actorRole: "staff", outcome: "denied" });
  });
});
