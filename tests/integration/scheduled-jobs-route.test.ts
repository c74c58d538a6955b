/**
 * GET/POST /api/jobs/run (app/api/jobs/run/route.ts): the scheduled jobs run once on request, for
 * a host with no lasting server process to run them on a timer (Vercel Cron, a crontab line).
 * Off (404) without CRON_SECRET; 401 without the secret or with another; with it, every job runs
 * and the answer counts what each did. Two calls at once, with the timer's own run beside them,
 * change each due row once: one lapsed option lapses once and its mail is queued once, one due
 * reminder is queued once, one expired waitlist offer lapses once, and every mail is sent once.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** Makes the reminders job fail, for the answer of a run in which one job failed. */
const remindersDown = vi.hoisted(() => ({ on: false }));
vi.mock("@/lib/payments/data/reminders", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/payments/data/reminders")>();
  return {
    ...real,
    sendBalanceReminders: (...args: Parameters<typeof real.sendBalanceReminders>) =>
      remindersDown.on
        ? Promise.reject(new Error("connection to postgres://jobs:hunter2@db lost"))
        : real.sendBalanceReminders(...args),
  };
});

import { bookingEvents, bookings, departureWaitlist, emailOutbox } from "@/db/schema";
import * as jobsRoute from "@/app/api/jobs/run/route";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { createBooking } from "@/lib/bookings/data/requests";
import { type JobsReport, runScheduledJobs } from "@/lib/scheduled-jobs";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { mailCount } from "@/tests/helpers/outbox";
import { inDays } from "@/tests/helpers/payloads";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "both");
  return { departure: await makeDeparture(db, tour, { inDays: 60, capacity: 8 }) };
});

aNewVisitorEachTest("203.0.113");

const SECRET = "cron-secret-for-the-jobs-route-0123456789";
const saved = env.CRON_SECRET;
beforeAll(() => {
  env.CRON_SECRET = SECRET;
});
afterAll(() => {
  env.CRON_SECRET = saved;
});

const HOUR = 60 * 60 * 1000;
const newEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A call as a scheduler makes it: `authorization` is the whole header, when given. */
function call(method: "GET" | "POST", authorization?: string) {
  const request = new Request("http://localhost:3000/api/jobs/run", {
    method,
    headers: authorization ? { authorization } : {},
  });
  return method === "GET" ? jobsRoute.GET(request) : jobsRoute.POST(request);
}

/** What each refused call answered: status, body and challenge. */
async function refusalOf(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    challenge: response.headers.get("www-authenticate"),
    cache: response.headers.get("cache-control"),
  };
}

const UNAUTHORIZED = {
  status: 401,
  body: "Unauthorized.",
  challenge: 'Bearer realm="jobs"',
  cache: "no-store",
};

/** Rows each job has to change: one of every kind, due now. */
async function dueRows() {
  // An option confirmed eight days ago and still unpaid: past BOOKING_OPTION_DAYS (7).
  const optionEmail = newEmail("option");
  const option = await createBooking(
    newRequest({ email: optionEmail, departureId: t.w.departure.id, groupSize: 2 }),
    { source: "public" },
  );
  if (option.status !== "created") throw new Error("booking not created");
  await t.db
    .update(bookings)
    .set({ bookingStatus: "confirmed", confirmedAt: sql`now() - interval '8 days'` })
    .where(eq(bookings.id, option.id));

  // A balance due in ten days: the 14-day reminder is due.
  const reminderEmail = newEmail("reminder");
  const [owing] = await t.db
    .insert(bookings)
    .values({
      source: "public",
      fullName: "Nakato Reminder",
      email: reminderEmail,
      phone: "+256 700 000 000",
      tourPackage: "Bwindi Gorilla Trek (4 Days)",
      departureDate: inDays(40),
      endDate: inDays(43),
      groupSize: 2,
      termsAccepted: true,
      bookingStatus: "confirmed",
      paymentStatus: "Pending",
      confirmedAt: new Date(Date.now() - 20 * 24 * HOUR),
      totalMinor: 400000,
      balanceDueOn: inDays(10),
    })
    .returning({ id: bookings.id });

  // A waitlist offer whose 24-hour hold ran out an hour ago.
  const offerEmail = newEmail("offer");
  const [offer] = await t.db
    .insert(departureWaitlist)
    .values({
      departureId: t.w.departure.id,
      fullName: "Kato Offer",
      email: offerEmail,
      groupSize: 2,
      status: "offered",
      holdTokenHash: crypto.randomUUID().replaceAll("-", ""),
      offeredAt: new Date(Date.now() - 25 * HOUR),
      holdExpiresAt: new Date(Date.now() - HOUR),
    })
    .returning({ id: departureWaitlist.id });

  return {
    option: { id: option.id, email: optionEmail },
    owing: { id: owing!.id, email: reminderEmail },
    offer: { id: offer!.id, email: offerEmail },
  };
}

const mailsTo = (email: string, template: string) => mailCount(t.db, email, template);

async function eventsOf(bookingId: string, field: string): Promise<string[]> {
  const rows = await t.db
    .select({ to: bookingEvents.toValue })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.field, field)));
  return rows.map((r) => r.to ?? "");
}

/** The counts of several reports added up, job by job. */
function total(reports: JobsReport[]): Record<string, Record<string, number>> {
  const sum: Record<string, Record<string, number>> = {};
  for (const report of reports)
    for (const [job, counts] of Object.entries(report.jobs)) {
      if (counts === "failed") throw new Error(`${job} failed`);
      for (const [name, n] of Object.entries(counts))
        (sum[job] ??= {})[name] = (sum[job]?.[name] ?? 0) + n;
    }
  return sum;
}

describe("the jobs route", () => {
  let due: Awaited<ReturnType<typeof dueRows>>;
  beforeAll(async () => {
    due = await dueRows();
  });

  it("is off, 404 to everyone, while CRON_SECRET is unset", async () => {
    env.CRON_SECRET = undefined;
    try {
      for (const method of ["GET", "POST"] as const) {
        const response = await call(method, `Bearer ${SECRET}`);
        expect(response.status).toBe(404);
        expect(await response.text()).toBe("Not found.");
        expect(response.headers.get("cache-control")).toBe("no-store");
      }
    } finally {
      env.CRON_SECRET = SECRET;
    }
  });

  it("refuses a missing or wrong secret with 401 and runs nothing", async () => {
    const outboxBefore = await t.db.select({ n: count() }).from(emailOutbox);
    for (const method of ["GET", "POST"] as const) {
      for (const authorization of [
        undefined,
        "Bearer ",
        `Bearer ${SECRET}x`,
        `Bearer ${SECRET.slice(0, -1)}`,
        "Bearer not-the-secret",
        `Basic ${Buffer.from(`cron:${SECRET}`).toString("base64")}`,
        SECRET,
      ]) {
        expect(
          await refusalOf(await call(method, authorization)),
          `${method} with ${authorization ?? "no authorization"}`,
        ).toEqual(UNAUTHORIZED);
      }
    }
    // Nothing ran: the option, the reminder and the offer are still due, no mail was queued.
    const [option] = await t.db
      .select({ status: bookings.bookingStatus })
      .from(bookings)
      .where(eq(bookings.id, due.option.id));
    expect(option!.status).toBe("confirmed");
    expect(await eventsOf(due.owing.id, "reminder")).toEqual([]);
    const [offer] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, due.offer.id));
    expect(offer!.status).toBe("offered");
    expect(await t.db.select({ n: count() }).from(emailOutbox)).toEqual(outboxBefore);
  });

  it("with the right secret, two calls at once beside the timer change each due row once", async () => {
    const [viaGet, viaPost, viaTimer] = await Promise.all([
      call("GET", `Bearer ${SECRET}`),
      // The scheme is case-insensitive: a crontab's curl may write it either way.
      call("POST", `bearer ${SECRET}`),
      runScheduledJobs(),
    ]);
    for (const response of [viaGet, viaPost]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    const reports = [(await viaGet.json()) as JobsReport, (await viaPost.json()) as JobsReport];
    for (const report of reports) {
      expect(report.ok).toBe(true);
      expect(Object.keys(report.jobs)).toEqual([
        "recheck_pending_payments",
        "lapse_unpaid_options",
        "lapse_expired_waitlist_offers",
        "send_balance_reminders",
        "send_permit_alerts",
        "send_proposal_reminders",
        "deliver_mail",
        "deliver_reseller_webhooks",
      ]);
      // Counts only: no secret, no address, no error text.
      expect(JSON.stringify(report)).not.toContain(SECRET);
      expect(JSON.stringify(report)).not.toContain("@");
    }
    const sums = total([...reports, viaTimer]);
    expect(sums).toMatchObject({
      recheck_pending_payments: { changed: 0 },
      lapse_unpaid_options: { lapsed: 1 },
      lapse_expired_waitlist_offers: { lapsed: 1 },
      send_balance_reminders: { queued: 1 },
      send_permit_alerts: { mailed: 0 },
      send_proposal_reminders: { mailed: 0 },
      deliver_mail: { failed: 0 },
      // The waitlist offer's hold ran out by the clock: noted once for the webhooks, by one run.
      deliver_reseller_webhooks: { lapsed: 1, queued: 0, delivered: 0, failed: 0 },
    });

    // The option lapsed once: cancelled, one history line, one mail.
    const [option] = await t.db
      .select({ status: bookings.bookingStatus })
      .from(bookings)
      .where(eq(bookings.id, due.option.id));
    expect(option!.status).toBe("cancelled");
    expect(await eventsOf(due.option.id, "booking_status")).toEqual(["Cancelled"]);
    expect(await mailsTo(due.option.email, "booking-ended")).toBe(1);

    // The reminder was queued once.
    expect(await eventsOf(due.owing.id, "reminder")).toEqual(["balance-14"]);
    expect(await mailsTo(due.owing.email, "balance-reminder")).toBe(1);

    // The offer lapsed once.
    const [offer] = await t.db
      .select({ status: departureWaitlist.status })
      .from(departureWaitlist)
      .where(eq(departureWaitlist.id, due.offer.id));
    expect(offer!.status).toBe("lapsed");
    expect(await mailsTo(due.offer.email, "waitlist-released")).toBe(1);

    // Every mail went out exactly once: one attempt each, and the runs counted each once.
    const outbox = await t.db
      .select({ status: emailOutbox.status, attempts: emailOutbox.attempts })
      .from(emailOutbox);
    const stillPending = outbox.filter((m) => m.status === "pending").length;
    expect(outbox.filter((m) => m.status === "sent").every((m) => m.attempts === 1)).toBe(true);
    expect(sums.deliver_mail!.sent).toBe(outbox.length - stillPending);
    // A mail queued by a job after another run had already delivered is sent by the next run.
    const next = (await (await call("GET", `Bearer ${SECRET}`)).json()) as JobsReport;
    expect(next.jobs.deliver_mail).toEqual({ sent: stillPending, failed: 0 });
    const after = await t.db
      .select({ attempts: emailOutbox.attempts, status: emailOutbox.status })
      .from(emailOutbox);
    expect(after.every((m) => m.status === "sent" && m.attempts === 1)).toBe(true);

    // Nothing is due any more: a further run changes nothing.
    const again = (await (await call("GET", `Bearer ${SECRET}`)).json()) as JobsReport;
    expect(again).toEqual({
      ok: true,
      jobs: {
        recheck_pending_payments: { changed: 0 },
        lapse_unpaid_options: { lapsed: 0 },
        lapse_expired_waitlist_offers: { lapsed: 0 },
        send_balance_reminders: { queued: 0 },
        send_permit_alerts: { mailed: 0 },
        send_proposal_reminders: { mailed: 0 },
        deliver_mail: { sent: 0, failed: 0 },
        deliver_reseller_webhooks: { lapsed: 0, queued: 0, delivered: 0, failed: 0 },
      },
    });
  });

  it("answers 500 naming the job that failed, after running the others", async () => {
    remindersDown.on = true;
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      const response = await call("GET", `Bearer ${SECRET}`);
      expect(response.status).toBe(500);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      // The error stays in the log: the answer says which job, not why.
      expect(text).not.toContain("hunter2");
      expect(JSON.parse(text)).toEqual({
        ok: false,
        jobs: {
          recheck_pending_payments: { changed: 0 },
          lapse_unpaid_options: { lapsed: 0 },
          lapse_expired_waitlist_offers: { lapsed: 0 },
          send_balance_reminders: "failed",
          send_permit_alerts: { mailed: 0 },
          send_proposal_reminders: { mailed: 0 },
          deliver_mail: { sent: 0, failed: 0 },
          deliver_reseller_webhooks: { lapsed: 0, queued: 0, delivered: 0, failed: 0 },
        },
      });
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ event: "scheduled_job_failed", job: "send_balance_reminders" }),
      );
    } finally {
      remindersDown.on = false;
      logged.mockRestore();
    }
  });
});
