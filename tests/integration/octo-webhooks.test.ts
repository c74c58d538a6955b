/**
 * Resellers' webhooks (OCTO's webhooks capability) end to end, against a real HTTP server in the
 * test that checks every signature as a reseller's receiver would: registered over OCTO
 * (POST/GET/DELETE /octo/webhooks) or on the reseller's screen; a booking confirmed over OCTO or
 * cancelled by staff, a departure's seats taken or its capacity changed, and a hold that ran out
 * by the clock (no row changing) are each told once,
 * queued in the transaction of the change (a change rolled back tells nothing); retried with a
 * doubling wait until the receiver answers 2xx, given up after the last attempt; listed in the
 * delivery log with Resend; and never sent to a private address where that is refused.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { count, eq, inArray, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";

import * as resellerActions from "@/actions/resellers";
import * as webhookRoute from "@/app/octo/webhooks/[id]/route";
import * as webhooksRoute from "@/app/octo/webhooks/route";
import { DeliveryLog } from "@/components/admin/resellers/reseller-screen";
import {
  bookings,
  departures,
  departureWaitlist,
  resellerBookings,
  resellerWebhookChanges,
  resellerWebhookDeliveries,
  resellerWebhooks,
  tours,
} from "@/db/schema";
import { env } from "@/lib/env";
import { getResellerForAdmin } from "@/lib/resellers/data/admin";
import { createReseller } from "@/lib/resellers/data/resellers";
import {
  deliverWebhooks,
  queueWebhookDeliveries,
  runResellerWebhooks,
} from "@/lib/resellers/data/webhooks";
import { MAX_WEBHOOK_ATTEMPTS, verifySignature } from "@/lib/resellers/webhooks";
import { openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { expectToSay } from "@/tests/helpers/html-text";
import { availabilityIdOf, octoCall, octoClient } from "@/tests/helpers/octo";

/* ------------------------------------------------------------------------------------------ */
/* The reseller's receiver                                                                     */
/* ------------------------------------------------------------------------------------------ */

type Received = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  signed: boolean;
};

/** Secrets by path: the receiver checks each call with the secret of the webhook it came for. */
const secrets = new Map<string, string>();
const received: Received[] = [];
/** The statuses the receiver answers next (then 200). */
const answers: number[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = request.url ?? "";
      received.push({
        path,
        headers: request.headers,
        body,
        json: JSON.parse(body),
        signed: verifySignature(
          secrets.get(path) ?? "",
          request.headers["x-webhook-signature"] as string | undefined,
          body,
        ),
      });
      response.statusCode = answers.shift() ?? 200;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

/* ------------------------------------------------------------------------------------------ */
/* The world                                                                                   */
/* ------------------------------------------------------------------------------------------ */

const m = openMatrixWorld();
let tour: { id: string; durationDays: number | null };
let departureId = "";
let startDate = "";
let seller: Awaited<ReturnType<typeof createReseller>>;
let watcher: Awaited<ReturnType<typeof createReseller>>;

beforeAll(async () => {
  tour = await sellingTour(m.db, "gorilla-safari", "departures");
  await m.db
    .update(tours)
    .set({ pricing: { packages: [{ name: "Standard", price: 1000, per: "person" }] } })
    .where(eq(tours.id, tour.id));
  const departure = await makeDeparture(m.db, tour, { inDays: 70, capacity: 12 });
  departureId = departure.id;
  startDate = departure.startDate;
  seller = await createReseller({ name: "Hook Safaris", commissionPercent: 10 });
  watcher = await createReseller({ name: "Seat Watcher", commissionPercent: 25 });
});

type Handler = Parameters<typeof octoCall>[0];

/** POST /octo/webhooks as a reseller's client sends it. */
function register(key: string, body: unknown, capabilities = "octo/pricing, octo/webhooks") {
  return octoCall(webhooksRoute.POST as Handler, "/webhooks", {
    key,
    method: "POST",
    body,
    capabilities,
  });
}

/** Registers a webhook to `path` on the receiver and keeps its secret for the receiver. */
async function hook(key: string, event: string, path: string, capabilities?: string) {
  const answer = await register(key, { event, url: `${base}${path}` }, capabilities);
  expect(answer.status).toBe(200);
  secrets.set(path, answer.body.secret);
  return answer.body as { id: string; secret: string };
}

const deliveryRows = () =>
  m.db.select().from(resellerWebhookDeliveries).orderBy(resellerWebhookDeliveries.createdAt);

/** Makes every delivery waiting for a retry due now (the clock moved on). */
const makeDue = () =>
  m.db
    .update(resellerWebhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(resellerWebhookDeliveries.status, "pending"));

describe("registering webhooks over OCTO", () => {
  it("answers the webhook with its secret once, lists the caller's own without it, and removes them", async () => {
    const created = await register(seller.key, {
      event: "booking_update",
      url: "https://hooks.example.com/octo",
      headers: { Authorization: "Bearer reseller-own-token" },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      event: "booking_update",
      url: "https://hooks.example.com/octo",
      retryOnError: true,
      useContactLanguage: false,
      headers: { Authorization: "Bearer reseller-own-token" },
      capabilities: ["octo/pricing"],
      secret: expect.stringMatching(/^whsec_/),
    });
    const listed = await octoCall(webhooksRoute.GET as Handler, "/webhooks", { key: seller.key });
    expect(listed.body.map((w: { id: string }) => w.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    // Another reseller sees none of them, and cannot remove them.
    const theirs = await octoCall(webhooksRoute.GET as Handler, "/webhooks", { key: watcher.key });
    expect(theirs.body).toEqual([]);
    const remove = (key: string) =>
      octoCall(webhookRoute.DELETE as Handler, `/webhooks/${created.body.id}`, {
        key,
        method: "DELETE",
        params: { id: created.body.id },
      });
    expect(await remove(watcher.key)).toMatchObject({
      status: 400,
      body: { error: "BAD_REQUEST" },
    });
    expect(await remove(seller.key)).toMatchObject({
      status: 200,
      body: { id: created.body.id },
    });
    expect(
      (await octoCall(webhooksRoute.GET as Handler, "/webhooks", { key: seller.key })).body,
    ).toEqual([]);
  });

  it("refuses an unknown event, a URL that is not one, and reserved headers", async () => {
    const refusal = async (body: unknown) => {
      const answer = await register(seller.key, body);
      return `${answer.status} ${answer.body.error}: ${answer.body.errorMessage}`;
    };
    expect(await refusal({ event: "product_update", url: "https://x.example.com" })).toMatch(
      /^400 BAD_REQUEST: event: event must be booking_update or availability_update/,
    );
    expect(await refusal({ event: "booking_update", url: "not a url" })).toBe(
      "400 BAD_REQUEST: url must be a full URL (https://...)",
    );
    expect(
      await refusal({
        event: "booking_update",
        url: "https://x.example.com",
        headers: { "X-Webhook-Signature": "forged" },
      }),
    ).toBe("400 BAD_REQUEST: headers: X-Webhook-Signature cannot be set");
  });

  it("refuses a private address on a production server, unless the setting allows it", async () => {
    const saved = { node: env.NODE_ENV, allow: env.WEBHOOKS_ALLOW_PRIVATE, demo: env.DEMO };
    try {
      env.NODE_ENV = "production";
      env.DEMO = false;
      env.WEBHOOKS_ALLOW_PRIVATE = false;
      for (const url of [`${base}/inside`, "http://169.254.169.254/latest/meta-data"]) {
        const answer = await register(seller.key, { event: "booking_update", url });
        expect(answer.body).toMatchObject({
          error: "BAD_REQUEST",
          errorMessage: "url must point to a public address",
        });
      }
      env.WEBHOOKS_ALLOW_PRIVATE = true;
      const allowed = await register(seller.key, { event: "booking_update", url: `${base}/ok` });
      expect(allowed.status).toBe(200);
      await octoCall(webhookRoute.DELETE as Handler, "/webhooks/x", {
        key: seller.key,
        method: "DELETE",
        params: { id: allowed.body.id },
      });
    } finally {
      env.NODE_ENV = saved.node;
      env.WEBHOOKS_ALLOW_PRIVATE = saved.allow;
      env.DEMO = saved.demo;
    }
  });
});

describe("delivering", () => {
  it("tells booking_update and availability_update once each, signed, whoever made the change", async () => {
    const bookingHook = await hook(seller.key, "booking_update", "/seller/bookings");
    await hook(watcher.key, "availability_update", "/watcher/availability", "octo/webhooks");
    const api = octoClient(seller.key);
    const uuid = crypto.randomUUID();
    const reserved = await api.reserve({
      uuid,
      productId: tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(startDate),
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }],
      resellerReference: "HOOK-1",
    });
    expect(reserved.status).toBe(200);
    expect((await api.confirm(uuid, { contact: { fullName: "Wanjiru Kamau" } })).status).toBe(200);

    // Nothing goes out before the jobs run; then one delivery per change and webhook.
    expect(received).toEqual([]);
    const first = await runResellerWebhooks();
    expect(first).toEqual({ lapsed: 0, queued: 2, delivered: 2, failed: 0 });
    expect(received.every((r) => r.signed)).toBe(true);

    const told = received.find((r) => r.path === "/seller/bookings")!;
    expect(told.headers["x-webhook-event"]).toBe("booking_update");
    expect(told.headers["content-type"]).toBe("application/json");
    expect(told.json).toMatchObject({
      webhook: { id: bookingHook.id, event: "booking_update", capabilities: ["octo/pricing"] },
      booking: {
        uuid,
        status: "CONFIRMED",
        resellerReference: "HOOK-1",
        contact: { fullName: "Wanjiru Kamau" },
        // Asked for octo/pricing when it registered: the body carries the reseller's prices.
        pricing: { retail: 200_000, net: 180_000 },
      },
    });
    expect(told.body).not.toContain(bookingHook.secret);

    const seats = received.find((r) => r.path === "/watcher/availability")!;
    expect(seats.headers["x-webhook-event"]).toBe("availability_update");
    expect(seats.json).toMatchObject({
      productId: tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(startDate),
      availability: { id: availabilityIdOf(startDate), vacancies: 10, capacity: 12 },
    });
    // The watcher registered without octo/pricing: no prices in its bodies.
    expect(seats.json.availability.unitPricing).toBeUndefined();

    // Staff cancel it on their screen (any code that changes the booking row): the reseller is told.
    received.length = 0;
    await m.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", statusReason: "Cancelled by the operator." })
      .where(eq(bookings.idempotencyKey, `octo:${seller.reseller.id}:${uuid}`));
    // Staff change the departure's seats too.
    await m.db.update(departures).set({ capacity: 14 }).where(eq(departures.id, departureId));
    expect(await runResellerWebhooks()).toEqual({ lapsed: 0, queued: 2, delivered: 2, failed: 0 });
    expect(received.find((r) => r.path === "/seller/bookings")!.json.booking).toMatchObject({
      uuid,
      status: "CANCELLED",
      cancellation: { reason: "Cancelled by the operator." },
    });
    // Both changes of the departure (seats given back, capacity) told as one: how it stands.
    expect(
      received.filter((r) => r.path === "/watcher/availability").map((r) => r.json.availability),
    ).toEqual([expect.objectContaining({ vacancies: 14, capacity: 14 })]);

    // Nothing more to tell.
    received.length = 0;
    expect(await runResellerWebhooks()).toEqual({ lapsed: 0, queued: 0, delivered: 0, failed: 0 });
    expect(received).toEqual([]);
  });

  it("tells a hold that ran out by the clock, once: its seats are back and the reservation expired", async () => {
    const hooks = [
      await hook(seller.key, "booking_update", "/seller/lapses"),
      await hook(watcher.key, "availability_update", "/watcher/lapses", "octo/webhooks"),
    ];
    // The other tests count the first test's webhooks only: these go at the end.
    onTestFinished(async () => {
      await m.db.delete(resellerWebhooks).where(
        inArray(
          resellerWebhooks.id,
          hooks.map((h) => h.id),
        ),
      );
    });
    const api = octoClient(seller.key);
    const slot = {
      productId: tour.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(startDate),
    };
    const vacanciesNow = async () =>
      (
        await api.availability({
          productId: tour.id,
          optionId: "DEFAULT",
          availabilityIds: [availabilityIdOf(startDate)],
        })
      ).body[0].vacancies as number;
    const before = await vacanciesNow();
    const uuid = crypto.randomUUID();
    const reserved = await api.reserve({
      uuid,
      ...slot,
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }, { unitId: "ADULT" }],
    });
    expect(reserved.status).toBe(200);
    expect(await vacanciesNow()).toBe(before - 3);
    // The hold is to end a moment from now: that change of its rows is told like any other.
    const shortly = sql`now() + interval '1 second'`;
    await m.db
      .update(bookings)
      .set({ holdExpiresAt: shortly })
      .where(eq(bookings.idempotencyKey, `octo:${seller.reseller.id}:${uuid}`));
    await m.db
      .update(resellerBookings)
      .set({ holdExpiresAt: shortly })
      .where(eq(resellerBookings.uuid, uuid));
    expect(await runResellerWebhooks()).toMatchObject({ lapsed: 0 });
    received.length = 0;

    // Then the clock alone runs it out: no row changes, and the job tells it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await vacanciesNow()).toBe(before);
    expect(await runResellerWebhooks()).toMatchObject({ lapsed: 1, failed: 0 });
    expect(received.every((r) => r.signed)).toBe(true);
    expect(
      received.filter((r) => r.path === "/watcher/lapses").map((r) => r.json.availability),
    ).toEqual([expect.objectContaining({ vacancies: before })]);
    expect(received.filter((r) => r.path === "/seller/lapses").map((r) => r.json.booking)).toEqual([
      expect.objectContaining({ uuid, status: "EXPIRED" }),
    ]);

    // Told once.
    received.length = 0;
    expect(await runResellerWebhooks()).toEqual({ lapsed: 0, queued: 0, delivered: 0, failed: 0 });
    expect(received).toEqual([]);

    // A waitlist offer's seats come back the same way when it runs out, before any sweep.
    await m.db.insert(departureWaitlist).values({
      departureId,
      fullName: "Grace Wanjiru",
      email: "grace.wanjiru@example.com",
      groupSize: 2,
      status: "offered",
      confirmedAt: new Date(),
      offeredAt: new Date(),
      holdExpiresAt: shortly,
    });
    expect(await vacanciesNow()).toBe(before - 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await runResellerWebhooks()).toMatchObject({ lapsed: 1, failed: 0 });
    expect(
      received.filter((r) => r.path === "/watcher/lapses").map((r) => r.json.availability),
    ).toEqual([expect.objectContaining({ vacancies: before })]);
  });

  it("queues nothing for a change that was rolled back", async () => {
    const notes = async (db: Pick<typeof m.db, "select">) =>
      (await db.select({ n: count() }).from(resellerWebhookChanges))[0]!.n;
    let inside = 0;
    await m.db
      .transaction(async (tx) => {
        await tx.update(departures).set({ capacity: 9 }).where(eq(departures.id, departureId));
        inside = await notes(tx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    // Noted inside the transaction, gone with it.
    expect(inside).toBe(1);
    expect(await notes(m.db)).toBe(0);
    expect(await queueWebhookDeliveries()).toBe(0);
  });

  it("retries with a doubling wait until the receiver answers 2xx, and gives up after the last attempt", async () => {
    await m.db.delete(resellerWebhookDeliveries).where(sql`true`);
    answers.push(500, 503);
    await m.db.update(departures).set({ capacity: 13 }).where(eq(departures.id, departureId));
    expect(await runResellerWebhooks()).toEqual({ lapsed: 0, queued: 1, delivered: 0, failed: 1 });
    let [row] = await deliveryRows();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "answered 500",
    });
    // Due a minute later, not before.
    const wait = row!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await deliverWebhooks()).toEqual({ delivered: 0, failed: 0 });

    await makeDue();
    expect(await deliverWebhooks()).toEqual({ delivered: 0, failed: 1 });
    [row] = await deliveryRows();
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 503 });
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);

    await makeDue();
    expect(await deliverWebhooks()).toEqual({ delivered: 1, failed: 0 });
    [row] = await deliveryRows();
    expect(row).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
    });
    // The same body and delivery id each time: a receiver can drop repeats.
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers["x-webhook-delivery"])).size).toBe(1);
    expect(received.every((r) => r.signed)).toBe(true);

    // A receiver that never answers 2xx: given up after the last attempt.
    received.length = 0;
    answers.push(...Array.from({ length: MAX_WEBHOOK_ATTEMPTS }, () => 500));
    await m.db.update(departures).set({ capacity: 12 }).where(eq(departures.id, departureId));
    await queueWebhookDeliveries();
    for (let i = 0; i < MAX_WEBHOOK_ATTEMPTS + 1; i++) {
      await makeDue();
      await deliverWebhooks();
    }
    const [failed] = (await deliveryRows()).filter((d) => d.status !== "delivered");
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_WEBHOOK_ATTEMPTS });
    expect(received).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  });

  it("lists each delivery in the log, and Resend sends its body again", async () => {
    m.become("admin");
    const screen = await getResellerForAdmin(watcher.reseller.id);
    const failed = screen.deliveries.find((d) => d.status === "failed")!;
    expect(failed).toMatchObject({ event: "availability_update", lastError: "answered 500" });
    const html = renderToStaticMarkup(DeliveryLog({ screen }));
    expectToSay(html, ["Delivery log", "availability_update", "Failed", "Delivered", "Resend"]);

    expect(
      await resellerActions.resendDeliveryAction(undefined, {
        resellerId: watcher.reseller.id,
        deliveryId: failed.id,
      }),
    ).toMatchObject({ status: "success", title: "Delivery Queued" });
    // Not the seller's to resend: unknown there.
    expect(
      await resellerActions.resendDeliveryAction(undefined, {
        resellerId: seller.reseller.id,
        deliveryId: failed.id,
      }),
    ).toMatchObject({ status: "error", title: "Delivery Not Found" });
    received.length = 0;
    expect(await deliverWebhooks()).toEqual({ delivered: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers["x-webhook-delivery"]).toBe(failed.id);
    expect(received[0]!.signed).toBe(true);
  });

  it("never calls a private address where they are refused, and records why", async () => {
    await m.db.delete(resellerWebhookDeliveries).where(sql`true`);
    await m.db.update(departures).set({ capacity: 11 }).where(eq(departures.id, departureId));
    await queueWebhookDeliveries();
    expect(await deliverWebhooks({ allowPrivate: false })).toEqual({ delivered: 0, failed: 1 });
    expect(received).toEqual([]);
    const [row] = await deliveryRows();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "refused: 127.0.0.1 is a private address",
    });
  });

  it("adds and removes a webhook on the reseller's screen, its secret shown once", async () => {
    m.become("admin");
    const added = await resellerActions.addWebhookAction(undefined, {
      resellerId: seller.reseller.id,
      event: "availability_update",
      url: `${base}/screen`,
    });
    expect(added).toMatchObject({
      status: "success",
      title: "Webhook Added",
      data: { secret: expect.stringMatching(/^whsec_/) },
    });
    const screen = await getResellerForAdmin(seller.reseller.id);
    const webhook = screen.webhooks.find((w) => w.url === `${base}/screen`)!;
    expect(webhook).toMatchObject({ event: "availability_update" });
    expect(JSON.stringify(screen)).not.toContain("whsec_");
    expect(
      await resellerActions.addWebhookAction(undefined, {
        resellerId: seller.reseller.id,
        event: "booking_update",
        url: "mailto:ops@example.com",
      }),
    ).toMatchObject({ status: "invalid", fieldErrors: { url: [expect.any(String)] } });
    expect(
      await resellerActions.removeWebhookAction(undefined, {
        resellerId: seller.reseller.id,
        webhookId: webhook.id,
      }),
    ).toMatchObject({ status: "success", title: "Webhook Removed" });
    expect(
      await resellerActions.removeWebhookAction(undefined, {
        resellerId: seller.reseller.id,
        webhookId: webhook.id,
      }),
    ).toMatchObject({ status: "error", title: "Webhook Not Found" });
  });
});
