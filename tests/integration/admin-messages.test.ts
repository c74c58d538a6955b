/**
 * The admin Messages and Newsletter screens' data layer, actions and CSV export on a real
 * database: contact search and paging in SQL, customer threads (unread first, a staff reply that
 * reaches the customer and their inbox), subscribers and the export's rows.
 */
import { subDays } from "date-fns/subDays";
import { subMinutes } from "date-fns/subMinutes";
import { SUPPORT_AUTHOR, groupThreads } from "@/lib/messages/threads";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { contacts, customerMessages, newsletterSubscriptions } from "@/db/schema";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { latestMail } from "@/tests/helpers/outbox";
import { openWorld } from "@/tests/helpers/world";
import * as messageActions from "@/actions/messages";
import * as newsletterActions from "@/actions/newsletter";
import { GET as exportCsv } from "@/app/admin/(panel)/newsletter/export/route";
import * as staffMessages from "@/lib/messages/data/staff-inbox";
import * as staffNewsletter from "@/lib/newsletter/data/subscribers";
import * as customerMessagesDal from "@/lib/messages/data/customer-threads";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

const t = openWorld(createWorld);

beforeAll(async () => {
  const now = new Date();
  // 23 contacts, newest first: "Traveller 0" is the newest.
  await t.db.insert(contacts).values(
    Array.from({ length: 23 }, (_, i) => ({
      name: i === 7 ? "Zawadi Achieng" : `Traveller ${i}`,
      email: i === 11 ? "safari.fan@example.org" : `traveller${i}@example.com`,
      subject: i === 4 ? "Chimpanzee tracking in Kibale" : `Question ${i}`,
      message: i === 15 ? "Do you arrange 100% private boat trips on Lake Bunyonyi?" : "Hello team",
      country: i % 2 ? "Kenya" : null,
      phone: i % 3 ? null : "+256 700 000 00" + (i % 10),
      createdAt: subMinutes(now, i * 10),
    })),
  );
});
beforeEach(() => actAs(t.w.admin));

describe("contact messages", () => {
  it("pages 10 at a time in SQL, newest first", async () => {
    const first = await staffMessages.listContactsForStaff({ q: "", page: 1 });
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(3);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.name).toBe("Traveller 0");
    const last = await staffMessages.listContactsForStaff({ q: "", page: 3 });
    expect(last.items.map((c) => c.name)).toEqual(["Traveller 20", "Traveller 21", "Traveller 22"]);
    // An old link past the end shows the last page.
    expect((await staffMessages.listContactsForStaff({ q: "", page: 9 })).page).toBe(3);
  });

  it("searches name, email, subject and message, any case, % taken literally", async () => {
    const names = async (q: string) =>
      (await staffMessages.listContactsForStaff({ q, page: 1 })).items.map((c) => c.name);
    expect(await names("zawadi")).toEqual(["Zawadi Achieng"]);
    expect(await names("SAFARI.FAN")).toEqual(["Traveller 11"]);
    expect(await names("chimpanzee")).toEqual(["Traveller 4"]);
    expect(await names("100% private")).toEqual(["Traveller 15"]);
    expect(await names("1%")).toEqual([]);
    expect(await names("no such words")).toEqual([]);
  });
});

describe("search counts", () => {
  it("stop at 1,000 matches ('1,000+'), pages stay in SQL", async () => {
    await t.db.insert(contacts).values(
      Array.from({ length: 1005 }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@example.com`,
        subject: "Kidepo valley",
        message: "Lions on the rocks",
        createdAt: subDays(new Date(), 30 + i / 100),
      })),
    );
    const page = await staffMessages.listContactsForStaff({ q: "kidepo", page: 2 });
    expect(page).toMatchObject({ total: 1000, capped: true, pageCount: 100, page: 2 });
    expect(page.items).toHaveLength(10);
    // Without a search the whole list is counted.
    const everything = await staffMessages.listContactsForStaff({ q: "", page: 103 });
    expect(everything).toMatchObject({ total: 1028, capped: false, pageCount: 103, page: 103 });
    const exact = await staffMessages.listContactsForStaff({ q: "zawadi", page: 1 });
    expect(exact).toMatchObject({ total: 1, capped: false });
    await t.db.delete(contacts).where(eq(contacts.subject, "Kidepo valley"));
  });
});

describe("customer threads", () => {
  it("lists threads grouped, unread first, with the count staff see", async () => {
    const page = await staffMessages.listThreadsForStaff({ page: 1 });
    expect(page.total).toBe(2);
    // Both world threads hold a customer message staff have not read.
    expect(page.items.every((th) => th.unread === 1)).toBe(true);
    expect(await staffMessages.countUnreadThreadsForStaff()).toBe(2);
    const thread = await staffMessages.getThreadForStaff(t.w.threads.a);
    expect(thread?.messages.map((m) => m.message)).toEqual([
      "Are permits included?",
      "Yes, both permits are included.",
    ]);
    expect(thread?.customerName).toBe("Amelia Carter");
  });

  it("a blank reply is refused on the field and nothing is stored", async () => {
    const before = await t.db.$count(
      customerMessages,
      eq(customerMessages.threadId, t.w.threads.b),
    );
    const state = await messageActions.replyToCustomerThreadAction(undefined, {
      threadId: t.w.threads.b,
      message: "   ",
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { message: ["Please write a reply."] },
    });
    expect(await t.db.$count(customerMessages, eq(customerMessages.threadId, t.w.threads.b))).toBe(
      before,
    );
  });

  it("a reply is stored with its author, marks the thread read, reaches the customer unread and by mail", async () => {
    const state = await messageActions.replyToCustomerThreadAction(undefined, {
      threadId: t.w.threads.b,
      message: "  The boat leaves Kasenyi at 9 every morning.  ",
      isFromAdmin: "false",
      customerEmail: "attacker@example.com",
    });
    expect(state).toMatchObject({ status: "success", title: "Reply Sent" });

    const [reply] = await t.db
      .select()
      .from(customerMessages)
      .where(
        and(
          eq(customerMessages.threadId, t.w.threads.b),
          eq(customerMessages.message, "The boat leaves Kasenyi at 9 every morning."),
        ),
      );
    expect(reply).toMatchObject({
      isFromAdmin: true,
      authorUserId: t.w.admin.id,
      customerEmail: t.w.b.email,
      subject: "Boat trip",
      userId: t.w.b.id,
      isRead: false,
    });

    // Read for staff: thread B leaves the unread count and drops below thread A.
    expect(await staffMessages.countUnreadThreadsForStaff()).toBe(1);
    const list = await staffMessages.listThreadsForStaff({ page: 1 });
    expect(list.items.map((th) => th.threadId)).toEqual([t.w.threads.a, t.w.threads.b]);
    expect(list.items[1]).toMatchObject({ unread: 0, lastFromAdmin: true });

    // The customer: an unread reply from the support team.
    actAs(t.w.b);
    const threads = groupThreads(await customerMessagesDal.listMyMessages());
    const mine = threads.find((th) => th.threadId === t.w.threads.b)!;
    expect(mine.summary).toMatchObject({ isFromAdmin: true, isRead: false });
    expect(mine.unread).toBeGreaterThanOrEqual(1);
    expect(SUPPORT_AUTHOR).toBe("Support Team");
    expect(await customerMessagesDal.countMyUnreadReplies()).toBeGreaterThanOrEqual(1);

    // And by mail, through the outbox.
    const mail = await latestMail(t.db, t.w.b.email, "support-reply");
    expect(mail?.subject).toContain("Re: Boat trip");
    expect(mail?.textBody).toContain("The boat leaves Kasenyi at 9 every morning.");
    expect(mail?.textBody).toContain("/customer/messages");
  });

  it("an unknown thread is not found and nothing is written", async () => {
    const state = await messageActions.replyToCustomerThreadAction(undefined, {
      threadId: crypto.randomUUID(),
      message: "Hello?",
    });
    expect(state).toMatchObject({
      status: "error",
      message: "This conversation could not be found.",
    });
  });

  it("Mark as Read clears a thread's unread count without replying", async () => {
    const state = await messageActions.markCustomerThreadReadAction(undefined, {
      threadId: t.w.threads.a,
    });
    expect(state.status).toBe("success");
    expect(await staffMessages.countUnreadThreadsForStaff()).toBe(0);
  });
});

describe("newsletter", () => {
  beforeAll(async () => {
    const now = new Date();
    await t.db.insert(newsletterSubscriptions).values([
      ...Array.from({ length: 30 }, (_, i) => ({
        email: `reader${String(i).padStart(2, "0")}@example.com`,
        isActive: i % 5 !== 0,
        subscribedAt: subMinutes(now, i + 10),
      })),
      { email: "=cmd|' /C calc'!a0@example.com", subscribedAt: subDays(now, 1) },
      { email: "+plus@example.com", subscribedAt: subDays(now, 2) },
      { email: "-minus@example.net", isActive: false, subscribedAt: subDays(now, 3) },
    ]);
  });

  it("counts, filters and pages 15 at a time", async () => {
    const all = await staffNewsletter.listSubscribersForStaff({ q: "", filter: "all", page: 1 });
    expect(all.counts).toEqual({ total: 33, active: 26, inactive: 7 });
    expect(all.filterCounts).toEqual({ all: 33, active: 26, inactive: 7 });
    expect(all.items).toHaveLength(15);
    expect(all.pageCount).toBe(3);
    expect(all.items[0]?.email).toBe("reader00@example.com");

    const found = await staffNewsletter.listSubscribersForStaff({
      q: "READER1",
      filter: "inactive",
      page: 1,
    });
    expect(found.filterCounts).toEqual({ all: 10, active: 8, inactive: 2 });
    expect(found.items.map((s) => s.email)).toEqual([
      "reader10@example.com",
      "reader15@example.com",
    ]);
    expect(found.counts.total).toBe(33);
  });

  it("exports the active subscribers among the filtered, neutralised, in Kampala time", async () => {
    const response = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?filter=all"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual(["Email", "Subscribed Date"]);
    const emails = rows.slice(1).map((r) => r[0]);
    expect(emails).toHaveLength(26);
    expect(emails).toContain("'=cmd|' /C calc'!a0@example.com");
    expect(emails).toContain("'+plus@example.com");
    expect(emails).not.toContain("'-minus@example.net");
    expect(emails).not.toContain("reader05@example.com");
    for (const row of rows.slice(1))
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const plus = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?q=plus"),
    );
    expect(parse(await plus.text())).toEqual([
      ["Email", "Subscribed Date"],
      ["'+plus@example.com", expect.any(String)],
    ]);
  });

  it("says how many rows the export writes, and nothing for the Inactive view", async () => {
    expect(
      await newsletterActions.prepareNewsletterExportAction(undefined, { q: "", filter: "active" }),
    ).toMatchObject({
      status: "success",
      title: "Export Successful",
      message: "Exported 26 active subscribers",
    });
    expect(
      await newsletterActions.prepareNewsletterExportAction(undefined, {
        q: "",
        filter: "inactive",
      }),
    ).toMatchObject({ title: "Nothing to Export", data: { count: "0" } });
    const inactive = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?filter=inactive"),
    );
    expect(await inactive.text()).toBe('"Email","Subscribed Date"\r\n');
  });

  it("refuses bad parameters with 400", async () => {
    const bad = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?filter=everyone"),
    );
    expect(bad.status).toBe(400);
  });

  it("streams a long list in batches with every row once", async () => {
    const now = Date.now();
    // Same timestamp for many rows: the keyset must still visit each exactly once.
    const same = new Date(now - 86_400_000 * 10);
    await t.db.insert(newsletterSubscriptions).values(
      Array.from({ length: staffNewsletter.EXPORT_BATCH + 5 }, (_, i) => ({
        email: `bulk${i}@example.com`,
        subscribedAt: i % 2 ? same : new Date(now - 86_400_000 * 11 - i),
      })),
    );
    const response = await exportCsv(
      new NextRequest("http://localhost:3000/admin/newsletter/export?q=bulk"),
    );
    const emails = (parse(await response.text()) as string[][]).slice(1).map((r) => r[0]);
    expect(emails).toHaveLength(staffNewsletter.EXPORT_BATCH + 5);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it("staff deactivate and reactivate a subscriber", async () => {
    const [row] = await t.db
      .select({ id: newsletterSubscriptions.id })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "+plus@example.com"));
    const off = await newsletterActions.setSubscriberStatusAction(undefined, {
      id: row!.id,
      active: "false",
    });
    expect(off).toMatchObject({ status: "success", title: "Subscriber Deactivated" });
    const [after] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, row!.id));
    expect(after).toMatchObject({ isActive: false });
    expect(after?.unsubscribedAt).not.toBeNull();
    const on = await newsletterActions.setSubscriberStatusAction(undefined, {
      id: row!.id,
      active: "true",
    });
    expect(on).toMatchObject({ status: "success", title: "Subscriber Reactivated" });
  });
});
