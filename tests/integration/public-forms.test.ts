/**
 * The public forms' server actions on a real database (PGlite, or the Postgres server with
 * TEST_DATABASE_URL): what is stored, the mails queued and delivered (outbox and Resend, with
 * their attachments and the limit on them), the idempotency key, the newsletter life cycle and the rate limits.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { bookings, contacts, emailOutbox, newsletterSubscriptions, tours } from "@/db/schema";
import { succeeded } from "@/tests/helpers/action-states";
import { useTestDb } from "@/tests/helpers/db";
import { fakeRequest, runAfterTasks } from "@/tests/helpers/fake-request";
import { newRequest } from "@/tests/helpers/departures-world";
import { pendingMailsDue } from "@/tests/helpers/outbox";
import { asFormData, inDays, publicBookingValues } from "@/tests/helpers/payloads";
import { submitBookingAction } from "@/actions/bookings";
import { sendRequest } from "@/tests/helpers/requested";
import { sendContactMessageAction } from "@/actions/messages";
import { subscribeNewsletterAction } from "@/actions/newsletter";
import { createBooking } from "@/lib/bookings/data/requests";
import { unsubscribeWithToken } from "@/lib/newsletter/data/subscriptions";
import {
  AttachmentsTooLargeError,
  deliverPending,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTEMPTS,
  queueEmail,
} from "@/lib/email";
import { authSecret, env } from "@/lib/env";
import { unsubscribeUrl } from "@/lib/newsletter/links";
import { newsletterUnsubscribeToken } from "@/lib/newsletter/token";
import { resetRateLimits } from "@/lib/rate-limit";
import { packageDisplayName } from "@/lib/tours/rules";
import { CUSTOM_PACKAGE_LABEL } from "@/lib/bookings/schemas/request";
import * as unsubscribeRoute from "@/app/api/newsletter/unsubscribe/route";
import { NextRequest } from "next/server";

const request = fakeRequest;

// A Vitest helper, not a React hook (eslint.config.mjs applies the React rules to every file).
// eslint-disable-next-line react-hooks/rules-of-hooks
const t = useTestDb();

let ipCounter = 0;
/** Each test acts from its own address so the per-IP limits of other tests do not interfere. */
function newIp() {
  request.ip = `198.51.100.${++ipCounter}`;
  return request.ip;
}

/** The booking form as a browser posts it (with the empty honeypot). */
const bookingForm = (fields: Record<string, string | undefined> = {}) =>
  asFormData(publicBookingValues({ website: "", ...fields }));

/** The contact form as posted: a question about permits, unless `fields` say otherwise. */
const sendContact = (fields: Record<string, string> = {}) =>
  sendContactMessageAction(undefined, {
    name: "Amara Okello",
    email: "amara@example.com",
    country: "",
    phone: "",
    subject: "Gorilla permits in July",
    message: "Are permits still available?\nThanks!",
    ...fields,
  });

async function outboxFor(address: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(emailOutbox.createdAt);
}

/** The first mail to `address` was sent, the service's id `providerId`, at attempt `attempts`. */
async function expectSent(address: string, providerId: string, attempts: number) {
  const [row] = await outboxFor(address);
  expect(row).toMatchObject({ status: "sent", providerId, attempts, lastError: null });
}

async function bookingCount(where = sql`true`) {
  const [row] = await t.db.select({ n: count() }).from(bookings).where(where);
  return row?.n ?? 0;
}

async function gorilla() {
  const [row] = await t.db.select().from(tours).where(eq(tours.slug, "gorilla-safari"));
  if (!row) throw new Error("seed tour gorilla-safari missing");
  return row;
}

beforeEach(() => {
  resetRateLimits();
  newIp();
  request.after.length = 0;
  env.RESEND_API_KEY = undefined;
});

describe("public booking request", () => {
  it("stores the request as spec section 3 says and queues both mails", async () => {
    const tour = await gorilla();
    const key = crypto.randomUUID();
    const id = await sendRequest(
      bookingForm({
        email: "stored@example.com",
        tour: tour.slug,
        startDate: inDays(30),
        endDate: inDays(35),
        groupSize: "9+",
        accommodation: "luxury",
        dietary: "  ",
        specialRequests: "Window seat, please",
        idempotencyKey: key,
      }),
    );

    const [row] = await t.db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(row?.id).toBe(id);
    expect(row).toMatchObject({
      source: "public",
      userId: null,
      fullName: "Jane O'Brien",
      email: "stored@example.com",
      phone: "+256 700 123 456",
      address: "Kenya",
      tourId: tour.id,
      tourPackage: packageDisplayName(tour.title, tour.durationDays),
      departureDate: inDays(30),
      endDate: inDays(35),
      groupSize: 9,
      accommodationPreference: "luxury",
      dietaryRestrictions: null,
      specialRequests: "Window seat, please",
      termsAccepted: true,
      newsletterOptIn: false,
      bookingStatus: null,
      paymentStatus: "Pending",
    });
    expect(row?.tourPackage).toBe("Gorilla Trek & Safari Escape (5 Days)");

    const customerMail = await outboxFor("stored@example.com");
    expect(customerMail.map((m) => m.template)).toEqual(["booking-received"]);
    expect(customerMail[0]?.textBody).toContain("within 24 hours");
    expect(customerMail[0]?.textBody).toContain("9+ people");
    const staffMail = (await outboxFor(env.OPERATOR_EMAIL)).filter((m) =>
      m.html.includes(row!.id.slice(0, 8).toUpperCase()),
    );
    expect(staffMail.map((m) => m.template)).toEqual(["new-booking-staff"]);

    // Delivery runs after the response (no API key: the outbox keeps the mail, marked sent).
    expect(request.after).toHaveLength(1);
    await runAfterTasks();
    const [delivered] = await outboxFor("stored@example.com");
    expect(delivered).toMatchObject({ status: "sent", providerId: "outbox", attempts: 1 });
  });

  it("stores nulls for the empty optional fields and the custom package without a tour", async () => {
    const key = crypto.randomUUID();
    await sendRequest(bookingForm({ idempotencyKey: key, groupSize: "1" }));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(row).toMatchObject({
      tourId: null,
      tourPackage: CUSTOM_PACKAGE_LABEL,
      endDate: null,
      groupSize: 1,
      accommodationPreference: null,
      dietaryRestrictions: null,
      specialRequests: null,
    });
  });

  it("subscribes the email when the newsletter box is ticked", async () => {
    const key = crypto.randomUUID();
    await sendRequest(
      bookingForm({ email: "Box.Ticked@Example.com", newsletter: "on", idempotencyKey: key }),
    );
    const [row] = await t.db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(row?.newsletterOptIn).toBe(true);
    const [subscription] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "box.ticked@example.com"));
    expect(subscription?.isActive).toBe(true);
    expect((await outboxFor("box.ticked@example.com")).map((m) => m.template).sort()).toEqual([
      "booking-received",
      "newsletter-welcome",
    ]);
  });

  it("answers 'Terms Required' without the terms box and saves nothing", async () => {
    const before = await bookingCount();
    const state = await submitBookingAction(undefined, bookingForm({ terms: undefined }));
    expect(state).toMatchObject({
      status: "invalid",
      title: "Terms Required",
      message: "Please accept the terms and conditions to proceed.",
    });
    expect(await bookingCount()).toBe(before);
  });

  it("refuses an unknown or hidden tour on the tour field", async () => {
    const before = await bookingCount();
    const unknown = await submitBookingAction(undefined, bookingForm({ tour: "no-such-tour" }));
    expect(unknown.status).toBe("invalid");
    if (unknown.status === "invalid") {
      expect(unknown.fieldErrors.tour).toEqual([
        "This package is not available. Please choose another tour package.",
      ]);
      expect(unknown.values.firstName).toBe("Jane");
    }

    const [hidden] = await t.db
      .insert(tours)
      .values({
        title: "Hidden Tour",
        slug: "hidden-tour-forms",
        category: "Nature",
        isActive: false,
      })
      .returning();
    const hiddenState = await submitBookingAction(undefined, bookingForm({ tour: hidden!.slug }));
    expect(hiddenState.status).toBe("invalid");
    expect(await bookingCount()).toBe(before);
  });

  it("refuses a past date, a group of 0 or 1000 and a forged terms flag with field messages", async () => {
    const before = await bookingCount();
    const state = await submitBookingAction(
      undefined,
      bookingForm({
        startDate: inDays(-1),
        groupSize: "1000",
        terms: "yes",
        firstName: "<script>x</script>",
      }),
    );
    expect(state.status).toBe("invalid");
    if (state.status === "invalid") {
      expect(Object.keys(state.fieldErrors).sort()).toEqual([
        "firstName",
        "groupSize",
        "startDate",
        "terms",
      ]);
    }
    expect((await submitBookingAction(undefined, bookingForm({ groupSize: "0" }))).status).toBe(
      "invalid",
    );
    expect(await bookingCount()).toBe(before);
  });

  it("answers a filled honeypot with the normal success and stores nothing", async () => {
    const before = await bookingCount();
    const outboxBefore = await t.db.select({ n: count() }).from(emailOutbox);
    const state = await submitBookingAction(
      undefined,
      bookingForm({ website: "http://spam.example" }),
    );
    expect(state).toMatchObject({ status: "success", title: "Booking Request Submitted!" });
    expect(await bookingCount()).toBe(before);
    expect(await t.db.select({ n: count() }).from(emailOutbox)).toEqual(outboxBefore);
    expect(request.after).toHaveLength(0);
  });

  it("keeps one row for 50 concurrent submissions with one key", async () => {
    const key = crypto.randomUUID();
    const sameKeyRequest = newRequest({
      fullName: "Concurrent Traveller",
      email: "same-key@example.com",
      phone: "+256 700 000 001",
      tour: "custom",
      departureDate: inDays(20),
      idempotencyKey: key,
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createBooking(sameKeyRequest, { source: "public" })),
    );
    expect(await bookingCount(eq(bookings.idempotencyKey, key))).toBe(1);
    const ids = new Set(results.map((r) => ("id" in r ? r.id : null)));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === "created")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(49);
    // The duplicates queued no mail.
    expect(await outboxFor("same-key@example.com")).toHaveLength(1);
  });

  it("keeps 50 rows for 50 concurrent different requests with different keys", async () => {
    const email = "different-keys@example.com";
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createBooking(
          newRequest({
            fullName: `Traveller ${i}`,
            email,
            phone: "+256 700 000 002",
            tour: "custom",
            departureDate: inDays(20 + i),
            groupSize: 1 + (i % 9),
          }),
          { source: "public" },
        ),
      ),
    );
    expect(results.every((r) => r.status === "created")).toBe(true);
    expect(await bookingCount(eq(bookings.email, email))).toBe(50);
  });

  it("stores one booking when the same form is submitted twice through the action", async () => {
    const key = crypto.randomUUID();
    const form = bookingForm({ idempotencyKey: key, email: "double-click@example.com" });
    const [first, second] = await Promise.all([sendRequest(form), sendRequest(form)]);
    expect(second).toBe(first);
    expect(await bookingCount(eq(bookings.idempotencyKey, key))).toBe(1);
    expect(await outboxFor("double-click@example.com")).toHaveLength(1);
  });

  it("recognises the same request sent again within a day as the first (same email, tour, date and party)", async () => {
    const email = "sent-twice@example.com";
    const same = { email, tour: "gorilla-safari", startDate: inDays(50), groupSize: "2" };
    const first = await sendRequest(bookingForm({ ...same, idempotencyKey: crypto.randomUUID() }));
    // Sent again later with a fresh form (a new key), the address typed differently.
    const again = await sendRequest(
      bookingForm({
        ...same,
        email: " Sent-Twice@Example.com",
        idempotencyKey: crypto.randomUUID(),
      }),
    );
    expect(again).toBe(first);
    // And three times at once from three tabs.
    const atOnce = await Promise.all(
      ["a", "b", "c"].map(() =>
        createBooking(
          newRequest({ email: "three-tabs@example.com", tour: "custom", groupSize: 3 }),
          {
            source: "public",
          },
        ),
      ),
    );
    expect(new Set(atOnce.map((r) => r.id)).size).toBe(1);
    expect(atOnce.map((r) => r.status).sort()).toEqual(["created", "duplicate", "duplicate"]);
    expect(await bookingCount(eq(bookings.email, email))).toBe(1);
    expect((await outboxFor(email)).map((m) => m.template)).toEqual(["booking-received"]);

    // Another date, another party or another tour is another request.
    const others = await Promise.all([
      sendRequest(bookingForm({ ...same, startDate: inDays(51) })),
      sendRequest(bookingForm({ ...same, groupSize: "3" })),
      sendRequest(bookingForm({ ...same, tour: "custom" })),
    ]);
    expect(new Set([first, ...others]).size).toBe(4);
  });

  it("takes the same request again once the first is a day old", async () => {
    const email = "a-day-later@example.com";
    const form = () => bookingForm({ email, startDate: inDays(60) });
    const first = await sendRequest(form());
    await t.db
      .update(bookings)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(bookings.id, first));
    expect(await sendRequest(form())).not.toBe(first);
  });
});

describe("contact form", () => {
  it("stores the message with nulls for empty optionals and queues both mails", async () => {
    const state = await sendContact({ phone: "  " });
    expect(state).toEqual(
      succeeded(
        "Message Sent!",
        "Thank you for contacting us. We'll get back to you within 24 hours.",
      ),
    );
    const [row] = await t.db.select().from(contacts).where(eq(contacts.email, "amara@example.com"));
    expect(row).toMatchObject({
      name: "Amara Okello",
      country: null,
      phone: null,
      subject: "Gorilla permits in July",
      message: "Are permits still available?\nThanks!",
    });
    expect((await outboxFor("amara@example.com")).map((m) => m.template)).toEqual([
      "contact-received",
    ]);
    const staff = (await outboxFor(env.OPERATOR_EMAIL)).filter(
      (m) => m.template === "new-contact-staff",
    );
    expect(staff.some((m) => m.textBody.includes("Are permits still available?"))).toBe(true);
    expect(request.after).toHaveLength(1);
  });

  it("refuses a bad email with a field message and stores nothing", async () => {
    const state = await sendContact({ email: "not-an-email" });
    expect(state.status).toBe("invalid");
    if (state.status === "invalid")
      expect(state.fieldErrors.email).toEqual(["Please enter a valid email address"]);
    const [row] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.email, "not-an-email"));
    expect(row?.n).toBe(0);
  });
});

describe("newsletter", () => {
  it("subscribes, reports a duplicate, unsubscribes by signed link and reactivates", async () => {
    const first = await subscribeNewsletterAction(undefined, { email: "News@Example.com" });
    expect(first).toMatchObject(
      succeeded("Subscribed!", "Thank you for subscribing to our newsletter."),
    );

    newIp();
    const duplicate = await subscribeNewsletterAction(undefined, { email: "news@example.COM" });
    // The 'Already Subscribed' failure toast; the form keeps the address.
    expect(duplicate).toEqual({
      status: "error",
      code: "already_subscribed",
      title: "Already Subscribed",
      message: "This email is already subscribed to our newsletter.",
    });
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'news@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "news@example.com", isActive: true });

    const welcome = await outboxFor("news@example.com");
    expect(welcome.map((m) => m.template)).toEqual(["newsletter-welcome"]);
    expect(welcome[0]?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = unsubscribeUrl("news@example.com");
    expect(welcome[0]?.headers["List-Unsubscribe"]).toBe(`<${link}>`);

    expect(await unsubscribeWithToken("news@example.com", "forged-token-forged-token-forged")).toBe(
      "invalid_token",
    );
    expect(
      await unsubscribeWithToken("news@example.com", new URL(link).searchParams.get("token")!),
    ).toBe("unsubscribed");
    const [inactive] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "news@example.com"));
    expect(inactive?.isActive).toBe(false);
    expect(inactive?.unsubscribedAt).toBeInstanceOf(Date);

    newIp();
    const again = await subscribeNewsletterAction(undefined, { email: "news@example.com" });
    expect(again).toMatchObject({ status: "success", title: "Subscribed!" });
    const [reactivated] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "news@example.com"));
    expect(reactivated).toMatchObject({ isActive: true, unsubscribedAt: null });
    expect(await outboxFor("news@example.com")).toHaveLength(2);
  });

  it("serves the unsubscribe link: 400 for bad parameters, 403 for a bad signature, POST acts", async () => {
    await subscribeNewsletterAction(undefined, { email: "route@example.com" });
    const token = newsletterUnsubscribeToken("route@example.com", authSecret());
    const url = (params: Record<string, string>) =>
      `http://localhost/api/newsletter/unsubscribe?${new URLSearchParams(params)}`;

    expect(
      (await unsubscribeRoute.GET(new NextRequest(url({ email: "route@example.com" })))).status,
    ).toBe(400);
    expect(
      (await unsubscribeRoute.GET(new NextRequest(url({ email: "nope", token })))).status,
    ).toBe(400);
    const forged = newsletterUnsubscribeToken("route@example.com", "another-secret");
    expect(
      (
        await unsubscribeRoute.GET(
          new NextRequest(url({ email: "route@example.com", token: forged })),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await unsubscribeRoute.POST(
          new NextRequest(url({ email: "route@example.com", token: forged }), { method: "POST" }),
        )
      ).status,
    ).toBe(403);

    const confirm = await unsubscribeRoute.GET(
      new NextRequest(url({ email: "route@example.com", token })),
    );
    expect(confirm.status).toBe(200);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain('<form method="post"');
    // GET changes nothing (link scanners prefetch links).
    const [still] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "route@example.com"));
    expect(still?.isActive).toBe(true);

    // RFC 8058 one-click: POST with the body 'List-Unsubscribe=One-Click'.
    const done = await unsubscribeRoute.POST(
      new NextRequest(url({ email: "Route@Example.com", token }), {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You have been unsubscribed");
    const [gone] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "route@example.com"));
    expect(gone?.isActive).toBe(false);
  });
});

describe("email delivery", () => {
  type Captured = {
    path: string;
    headers: IncomingMessage["headers"];
    body: Record<string, unknown>;
  };
  const captured: Captured[] = [];
  let respond: { status: number; body: unknown } = { status: 200, body: { id: "re_test_1" } };
  let server: Server;
  let baseUrl = "";

  beforeAll(async () => {
    // Failed deliveries are logged on purpose here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    server = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => (data += chunk));
      req.on("end", () => {
        captured.push({
          path: req.url ?? "",
          headers: req.headers,
          body: data ? JSON.parse(data) : {},
        });
        res.writeHead(respond.status, { "content-type": "application/json" });
        res.end(JSON.stringify(respond.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.RESEND_BASE_URL = baseUrl;
  });

  afterAll(async () => {
    vi.mocked(console.error).mockRestore?.();
    delete process.env.RESEND_BASE_URL;
    env.RESEND_API_KEY = undefined;
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(async () => {
    captured.length = 0;
    respond = { status: 200, body: { id: "re_test_1" } };
    // Only this test's mails are due.
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
  });

  it("sends through Resend with the right to, subject and headers", async () => {
    env.RESEND_API_KEY = "re_test_key";
    await subscribeNewsletterAction(undefined, { email: "resend-path@example.com" });
    const result = await deliverPending();
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(captured).toHaveLength(1);
    const [call] = captured;
    expect(call?.path).toBe("/emails");
    expect(call?.headers.authorization).toBe("Bearer re_test_key");
    expect(call?.headers["idempotency-key"]).toMatch(/^outbox-/);
    expect(call?.body).toMatchObject({
      from: env.EMAIL_FROM,
      to: "resend-path@example.com",
      subject: "Welcome to the Breathe Uganda newsletter",
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl("resend-path@example.com")}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(String(call?.body.html)).toContain("Unsubscribe");
    expect(String(call?.body.text)).toContain("Unsubscribe:");
    expect(call?.body).not.toHaveProperty("attachments");
    await expectSent("resend-path@example.com", "re_test_1", 1);
  });

  it("keeps the booking when the mail service fails, records the failure and retries later", async () => {
    env.RESEND_API_KEY = "re_test_key";
    respond = {
      status: 500,
      body: { name: "internal_server_error", message: "Mail service down", statusCode: 500 },
    };
    const key = crypto.randomUUID();
    await sendRequest(bookingForm({ email: "mail-fails@example.com", idempotencyKey: key }));
    await runAfterTasks();

    expect(await bookingCount(eq(bookings.idempotencyKey, key))).toBe(1);
    const [failed] = await outboxFor("mail-fails@example.com");
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toContain("Mail service down");
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Not due yet: a run now leaves it alone.
    expect(await deliverPending()).toEqual({ sent: 0, failed: 0 });

    // Later (the backoff has passed), the service is back.
    respond = { status: 200, body: { id: "re_after_retry" } };
    await pendingMailsDue(t.db);
    const retry = await deliverPending();
    expect(retry.failed).toBe(0);
    expect(retry.sent).toBe(2); // the customer's and the staff mail
    await expectSent("mail-fails@example.com", "re_after_retry", 2);
  });

  it(`gives up after ${MAX_ATTEMPTS} failed attempts`, async () => {
    env.RESEND_API_KEY = "re_test_key";
    respond = {
      status: 500,
      body: { name: "internal_server_error", message: "down", statusCode: 500 },
    };
    await subscribeNewsletterAction(undefined, { email: "gives-up@example.com" });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverPending();
      await pendingMailsDue(t.db, "gives-up@example.com");
    }
    const [row] = await outboxFor("gives-up@example.com");
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(await deliverPending()).toEqual({ sent: 0, failed: 0 });
  });

  it("without an API key marks mails delivered to the outbox and logs one line", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await subscribeNewsletterAction(undefined, { email: "outbox-only@example.com" });
    expect(await deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(captured).toHaveLength(0);
    const line = log.mock.calls
      .map((c) => String(c[0]))
      .find((l) => l.includes("outbox-only@example.com"));
    expect(JSON.parse(line!)).toMatchObject({
      event: "email_outbox",
      to: "outbox-only@example.com",
      subject: "Welcome to the Breathe Uganda newsletter",
    });
    log.mockRestore();
    const [row] = await outboxFor("outbox-only@example.com");
    expect(row).toMatchObject({ status: "sent", providerId: "outbox" });
  });

  /** A mail of `template` to `to` carrying `attachments`. */
  const mailWith = (
    to: string,
    template: string,
    attachments: Parameters<typeof queueEmail>[0]["attachments"],
  ) => ({
    template,
    to,
    subject: "Your documents",
    html: "<p>Your documents are attached.</p>",
    text: "Your documents are attached.",
    attachments,
  });
  /** Bytes no text encoding would carry unchanged. */
  const binary = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 37 + 11) % 256);

  it("sends a mail's files as Resend attachments, the bytes queued, on every try", async () => {
    env.RESEND_API_KEY = "re_test_key";
    const pdf = binary(3001);
    await queueEmail(
      mailWith("files@example.com", "test-files", [
        {
          filename: "breathe-uganda-receipt-BU-TEST.pdf",
          contentType: "application/pdf",
          content: pdf,
        },
        // A name is shown as a file name: no folders, no quotes.
        {
          filename: '../notes "Kibale".txt',
          contentType: "text/plain",
          content: new TextEncoder().encode("Karibu"),
        },
      ]),
    );
    const attachments = [
      {
        filename: "breathe-uganda-receipt-BU-TEST.pdf",
        content: Buffer.from(pdf).toString("base64"),
        content_type: "application/pdf",
      },
      {
        filename: "notes Kibale.txt",
        content: Buffer.from("Karibu").toString("base64"),
        content_type: "text/plain",
      },
    ];

    // Refused once, sent on the retry: both times with the same files.
    respond = {
      status: 500,
      body: { name: "internal_server_error", message: "down", statusCode: 500 },
    };
    expect(await deliverPending()).toEqual({ sent: 0, failed: 1 });
    respond = { status: 200, body: { id: "re_files" } };
    await pendingMailsDue(t.db);
    expect(await deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(captured.map((c) => c.body.attachments)).toEqual([attachments, attachments]);
    const [row] = await outboxFor("files@example.com");
    expect(row).toMatchObject({ status: "sent", providerId: "re_files" });
    expect(Buffer.from(row!.attachments[0]!.content, "base64")).toEqual(Buffer.from(pdf));
  });

  it("without an API key keeps the files in the outbox row and logs their names", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await queueEmail(
      mailWith("files-outbox@example.com", "test-files", [
        {
          filename: "breathe-uganda-invoice-5F0C2B1E.pdf",
          contentType: "application/pdf",
          content: binary(40),
        },
      ]),
    );
    expect(await deliverPending()).toEqual({ sent: 1, failed: 0 });
    expect(captured).toHaveLength(0);
    const line = log.mock.calls
      .map((c) => String(c[0]))
      .find((l) => l.includes("files-outbox@example.com"));
    log.mockRestore();
    expect(JSON.parse(line!)).toMatchObject({
      event: "email_outbox",
      attachments: ["breathe-uganda-invoice-5F0C2B1E.pdf"],
    });
    const [row] = await outboxFor("files-outbox@example.com");
    expect(row).toMatchObject({ status: "sent", providerId: "outbox" });
    expect(row!.attachments).toEqual([
      {
        filename: "breathe-uganda-invoice-5F0C2B1E.pdf",
        contentType: "application/pdf",
        content: Buffer.from(binary(40)).toString("base64"),
      },
    ]);
  });

  it("queues files up to the limit in all, refuses a byte more and writes nothing of that transaction", async () => {
    env.RESEND_API_KEY = "re_test_key";
    // Base64 turns every 3 bytes into 4 characters: two halves that encode to the limit exactly.
    const half = (MAX_ATTACHMENT_BYTES / 8) * 3;
    const files = (extra: number) => [
      { filename: "a.pdf", contentType: "application/pdf", content: binary(half) },
      { filename: "b.pdf", contentType: "application/pdf", content: binary(half + extra) },
    ];

    const refused = t.db.transaction(async (tx) => {
      await queueEmail(mailWith("too-heavy@example.com", "test-light", []), tx);
      await queueEmail(mailWith("too-heavy@example.com", "test-heavy", files(1)), tx);
    });
    await expect(refused).rejects.toThrow(AttachmentsTooLargeError);
    await expect(refused).rejects.toThrow(
      `The "test-heavy" mail's attachments are ${MAX_ATTACHMENT_BYTES + 4} bytes once encoded; at most ${MAX_ATTACHMENT_BYTES} may be queued.`,
    );
    expect(await outboxFor("too-heavy@example.com")).toEqual([]);

    await queueEmail(mailWith("heavy@example.com", "test-heavy", files(0)));
    expect(await deliverPending()).toEqual({ sent: 1, failed: 0 });
    const sent = captured[0]?.body.attachments as { content: string }[];
    expect(sent.reduce((sum, a) => sum + a.content.length, 0)).toBe(MAX_ATTACHMENT_BYTES);
  });
});

describe("rate limits", () => {
  it("refuses the 6th booking in a minute from one IP and does not save it", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      request.ip = ip;
      await sendRequest(bookingForm({ email: `ip-limit-${i}@example.com` }));
    }
    const state = await submitBookingAction(
      undefined,
      bookingForm({ email: "ip-limit-6@example.com" }),
    );
    expect(state).toMatchObject({
      status: "error",
      title: "Too Many Requests",
      message: "Too many requests, try again in 1 minute",
    });
    expect(await bookingCount(eq(bookings.email, "ip-limit-6@example.com"))).toBe(0);
  });

  it("refuses the 6th request in a minute for one email from different IPs", async () => {
    for (let i = 0; i < 5; i++) {
      newIp();
      expect((await sendContact({ email: "email-limit@example.com" })).status).toBe("success");
    }
    newIp();
    const state = await sendContact({ email: "email-limit@example.com" });
    expect(state).toMatchObject({
      status: "error",
      message: "Too many requests, try again in 1 minute",
    });
    const [row] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.email, "email-limit@example.com"));
    expect(row?.n).toBe(5);

    newIp();
    for (let i = 0; i < 5; i++)
      await subscribeNewsletterAction(undefined, { email: "newsletter-limit@example.com" });
    expect(
      await subscribeNewsletterAction(undefined, { email: "newsletter-limit@example.com" }),
    ).toMatchObject({
      status: "error",
      message: "Too many requests, try again in 1 minute",
    });
  });
});
