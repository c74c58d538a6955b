import "server-only";

import { and, asc, count, desc, eq, inArray, lte, sql } from "drizzle-orm";

import { getDb, type Tx } from "@/db";
import {
  resellers,
  resellerWebhookChanges,
  resellerWebhookDeliveries,
  resellerWebhookLapses,
  resellerWebhooks,
} from "@/db/schema";
import type { ResellerWebhookEvent } from "@/lib/domain";
import { privateWebhooksAllowed } from "@/lib/env";
import { logger } from "@/lib/logger";

import { availabilityOf, bookingOf, type Capabilities, netOn } from "../octo";
import { DEFAULT_OPTION_ID, localStart } from "../rules";
import { postWebhook } from "../webhook-sender";
import {
  afterFailure,
  DELIVERY_HEADER,
  EVENT_HEADER,
  headersProblem,
  newWebhookSecret,
  SIGNATURE_HEADER,
  signatureOf,
  webhookInBody,
  webhookUrlProblem,
  type WebhookView,
} from "../webhooks";
import { readBookingViews } from "./bookings";
import { departureSlot, productById, unitFeeFacts, unitRetail, unitsOn } from "./catalogue";
import { type Reseller, resellerById } from "./resellers";

/**
 * Resellers' webhooks: registering them (over OCTO or on the reseller's admin screen), turning
 * the changes the database noted into deliveries, and delivering them.
 *
 * A change and its note commit together: triggers (migration 0028) write a row to
 * reseller_webhook_changes in the transaction of every change a webhook must tell, whichever code
 * made it. The scheduled jobs take those notes (SKIP LOCKED: two runs never take the same one),
 * render one body per webhook listening, as the booking or departure stands then, and queue it in
 * reseller_webhook_deliveries, all in one transaction that also deletes the notes. Several changes
 * of one booking or departure before a run make one delivery: its state after them all.
 *
 * Deliveries are claimed the same way (a lease hides a claimed row from other runs), POSTed,
 * signed, and retried with a doubling wait when the answer is not 2xx; each keeps its last outcome
 * for the delivery log.
 */

/** A reseller has at most this many webhooks. */
export const MAX_WEBHOOKS = 10;
/** Notes taken per run: the rest wait for the next. */
const CHANGES_PER_RUN = 100;
/** A claimed delivery is invisible to other runs this long (a crashed run's come back). */
const LEASE = sql`interval '2 minutes'`;
/** Calls made at once. */
const PARALLEL = 5;

/** The webhook cannot be registered as asked; `field` names what to change. */
export class WebhookRefused extends Error {
  constructor(
    readonly field: "url" | "headers" | "event",
    message: string,
  ) {
    super(message);
    this.name = "WebhookRefused";
  }
}

const webhookColumns = {
  id: resellerWebhooks.id,
  resellerId: resellerWebhooks.resellerId,
  event: resellerWebhooks.event,
  url: resellerWebhooks.url,
  retryOnError: resellerWebhooks.retryOnError,
  headers: resellerWebhooks.headers,
  capabilities: resellerWebhooks.capabilities,
  createdAt: resellerWebhooks.createdAt,
};

type WebhookRow = {
  id: string;
  resellerId: string;
  event: ResellerWebhookEvent;
  url: string;
  retryOnError: boolean;
  headers: Record<string, string>;
  capabilities: string[];
  createdAt: Date;
};

/** A webhook as OCTO shows it (we have one language: the contact's is never used). */
export const webhookView = (row: WebhookRow): WebhookView => ({
  id: row.id,
  event: row.event,
  url: row.url,
  retryOnError: row.retryOnError,
  useContactLanguage: false,
  headers: row.headers,
  capabilities: row.capabilities,
});

/* ------------------------------------------------------------------------------------------ */
/* Registering                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * Registers a webhook of the reseller: its event, URL (a public address unless the settings allow
 * private ones), its own headers, whether to retry, and the capabilities that shape its bodies.
 * Returns it with its signing secret, for the one time the secret is shown.
 */
export async function registerWebhook(
  resellerId: string,
  input: {
    event: ResellerWebhookEvent;
    url: string;
    headers?: Record<string, string>;
    retryOnError?: boolean;
    capabilities?: string[];
  },
  /** Written in the registration's transaction (the staff change's audit event). */
  alongside?: (tx: Tx, webhook: WebhookView) => Promise<void>,
): Promise<{ webhook: WebhookView; secret: string; createdAt: Date }> {
  const urlProblem = webhookUrlProblem(input.url, privateWebhooksAllowed());
  if (urlProblem) throw new WebhookRefused("url", urlProblem);
  const headers = input.headers ?? {};
  const headerProblem = headersProblem(headers);
  if (headerProblem) throw new WebhookRefused("headers", headerProblem);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One registration at a time per reseller, so the count below holds.
    await tx
      .select({ id: resellers.id })
      .from(resellers)
      .where(eq(resellers.id, resellerId))
      .for("update");
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(resellerWebhooks)
      .where(eq(resellerWebhooks.resellerId, resellerId));
    if (Number(n) >= MAX_WEBHOOKS) {
      throw new WebhookRefused("url", `A reseller has at most ${MAX_WEBHOOKS} webhooks`);
    }
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(resellerWebhooks)
      .values({
        resellerId,
        event: input.event,
        url: input.url,
        headers,
        retryOnError: input.retryOnError ?? true,
        capabilities: input.capabilities ?? [],
        secret,
      })
      .returning(webhookColumns);
    const webhook = webhookView(row!);
    await alongside?.(tx, webhook);
    return { webhook, secret, createdAt: row!.createdAt };
  });
}

/** The reseller's webhooks, oldest first (never their secrets). */
export async function listWebhooks(resellerId: string) {
  const db = await getDb();
  const rows = await db
    .select(webhookColumns)
    .from(resellerWebhooks)
    .where(eq(resellerWebhooks.resellerId, resellerId))
    .orderBy(asc(resellerWebhooks.createdAt));
  return rows.map((row) => ({ ...webhookView(row), createdAt: row.createdAt }));
}

/**
 * Removes one of the reseller's webhooks (another's id reads as unknown: null); its pending
 * deliveries go with it.
 */
export async function removeWebhook(
  resellerId: string,
  id: string,
  alongside?: (tx: Tx, webhook: WebhookView) => Promise<void>,
): Promise<WebhookView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(resellerWebhooks)
      .where(and(eq(resellerWebhooks.id, id), eq(resellerWebhooks.resellerId, resellerId)))
      .returning(webhookColumns);
    if (!row) return null;
    const webhook = webhookView(row);
    await alongside?.(tx, webhook);
    return webhook;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* From the changes noted to deliveries                                                        */
/* ------------------------------------------------------------------------------------------ */

const capsOf = (webhook: { capabilities: string[] }): Capabilities => ({
  pricing: webhook.capabilities.includes("octo/pricing"),
  content: webhook.capabilities.includes("octo/content"),
});

type Queued = typeof resellerWebhookDeliveries.$inferInsert;

/** booking_update: each booking noted, to its reseller's webhooks listening for it. */
async function bookingDeliveries(tx: Tx, uuids: string[], now: Date): Promise<Queued[]> {
  const views = await readBookingViews(tx, uuids);
  if (views.length === 0) return [];
  const hooks = await tx
    .select(webhookColumns)
    .from(resellerWebhooks)
    .where(
      and(
        eq(resellerWebhooks.event, "booking_update"),
        inArray(resellerWebhooks.resellerId, [...new Set(views.map((v) => v.resellerId))]),
      ),
    );
  return views.flatMap(({ resellerId, view }) =>
    hooks
      .filter((hook) => hook.resellerId === resellerId)
      .map((hook) => ({
        webhookId: hook.id,
        resellerId,
        event: "booking_update" as const,
        subject: `Booking ${view.supplierReference}${view.resellerReference ? ` (${view.resellerReference})` : ""}`,
        body: JSON.stringify({
          webhook: webhookInBody(webhookView(hook)),
          booking: bookingOf(view, capsOf(hook), now),
        }),
      })),
  );
}

/**
 * availability_update: each departure noted, of a tour resellers may sell, to every reseller's
 * webhooks listening for it (the seats are one pool), priced for each reseller.
 */
async function availabilityDeliveries(tx: Tx, departureIds: string[]): Promise<Queued[]> {
  const hooks = await tx
    .select(webhookColumns)
    .from(resellerWebhooks)
    .where(eq(resellerWebhooks.event, "availability_update"));
  if (hooks.length === 0) return [];
  const pricing = new Map<string, Reseller>();
  for (const id of new Set(hooks.map((h) => h.resellerId))) {
    const reseller = await resellerById(id, tx);
    if (reseller) pricing.set(id, reseller);
  }
  const queued: Queued[] = [];
  for (const departureId of departureIds) {
    if (!/^[0-9a-f-]{36}$/i.test(departureId)) continue;
    const slot = await departureSlot(tx, departureId);
    const product = slot ? await productById(tx, slot.tourId) : null;
    if (!slot || !product) continue;
    const retailMinor = unitRetail(product, slot.prices);
    const units = unitsOn(product, await unitFeeFacts(tx, product), slot.startDate);
    for (const hook of hooks) {
      const reseller = pricing.get(hook.resellerId);
      if (!reseller) continue;
      queued.push({
        webhookId: hook.id,
        resellerId: hook.resellerId,
        event: "availability_update",
        subject: `${product.title}, ${slot.startDate}`,
        body: JSON.stringify({
          webhook: webhookInBody(webhookView(hook)),
          productId: product.id,
          optionId: DEFAULT_OPTION_ID,
          availabilityId: localStart(slot.startDate),
          availability: availabilityOf(
            { ...slot, retailMinor, units },
            netOn(reseller, product.id),
            capsOf(hook),
          ),
        }),
      });
    }
  }
  return queued;
}

/**
 * How far back a lapsed hold is still told. A hold that ran out while the jobs did not run for
 * longer than this is not told by the clock (the next change of its booking or departure tells
 * how it stands); the lapses remembered are kept as long, then pruned.
 */
const LAPSE_WINDOW = sql`interval '2 days'`;

/**
 * Notes, once each, the holds that ran out by the clock since they were taken: a checkout's hold,
 * a reseller's reservation or a waitlist offer unpaid at its end gives its seats back with no row
 * changing (or before the sweep that marks it), so no trigger noted it. Its departure's availability is noted for availability_update, and a
 * reseller's reservation (now EXPIRED) for booking_update, where a webhook listens, as the triggers
 * note the changes rows make. One statement, so a lapse and its notes are written together.
 * Returns how many lapses were noted.
 */
export async function noteLapsedHolds(): Promise<number> {
  const db = await getDb();
  const noted = await db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with candidates as (
        select 'booking:' || b.id::text as holder, b.hold_expires_at,
               b.departure_id::text as departure, rb.uuid as reservation, b.reseller_id
        from bookings b
        left join reseller_bookings rb on rb.booking_id = b.id
        where b.hold_expires_at <= now() and b.hold_expires_at > now() - ${LAPSE_WINDOW}
          -- held by nothing but the hold: not confirmed, not called off
          and coalesce(b.booking_status, '') not in ('confirmed', 'completed', 'cancelled')
          and b.payment_status not in ('Cancelled', 'Refunded')
        union all
        -- a waitlist offer holds its seats until it runs out, swept or not yet
        select 'waitlist:' || w.id::text, w.hold_expires_at, w.departure_id::text, null, null
        from departure_waitlist w
        where w.status in ('offered', 'lapsed')
          and w.hold_expires_at <= now() and w.hold_expires_at > now() - ${LAPSE_WINDOW}
        union all
        -- a test-mode reservation holds no seats and has no bookings row
        select 'reseller:' || rb.uuid, rb.hold_expires_at, null, rb.uuid, rb.reseller_id
        from reseller_bookings rb
        where rb.booking_id is null and rb.status = 'on_hold'
          and rb.hold_expires_at <= now() and rb.hold_expires_at > now() - ${LAPSE_WINDOW}
      ),
      noted as (
        insert into reseller_webhook_lapses (holder, hold_expires_at)
        select holder, hold_expires_at from candidates
        on conflict do nothing
        returning holder, hold_expires_at
      ),
      told as (
        select c.* from candidates c
        join noted n on n.holder = c.holder and n.hold_expires_at = c.hold_expires_at
      ),
      seats as (
        insert into reseller_webhook_changes (kind, target)
        select distinct 'availability', departure from told
        where departure is not null
          and exists (select 1 from reseller_webhooks where event = 'availability_update')
        returning 1
      ),
      reservations as (
        insert into reseller_webhook_changes (kind, target)
        select 'booking', reservation from told
        where reservation is not null
          and exists (select 1 from reseller_webhooks w
                      where w.event = 'booking_update' and w.reseller_id = told.reseller_id)
        returning 1
      )
      select (select count(*) from noted)::int as noted,
             (select count(*) from seats)::int as seats,
             (select count(*) from reservations)::int as reservations
    `);
    await tx
      .delete(resellerWebhookLapses)
      .where(sql`${resellerWebhookLapses.holdExpiresAt} <= now() - ${LAPSE_WINDOW}`);
    return rowsOf<{ noted: number }>(result)[0]?.noted ?? 0;
  });
  return noted;
}

/** Rows of `execute` on either driver (postgres-js: an array; PGlite: `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Takes the changes noted (up to a run's share), queues one delivery per webhook listening for
 * each, and deletes the notes, in one transaction. Returns how many deliveries were queued.
 */
export async function queueWebhookDeliveries(): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const notes = await tx
      .select({
        id: resellerWebhookChanges.id,
        kind: resellerWebhookChanges.kind,
        target: resellerWebhookChanges.target,
      })
      .from(resellerWebhookChanges)
      .orderBy(asc(resellerWebhookChanges.id))
      .limit(CHANGES_PER_RUN)
      .for("update", { skipLocked: true });
    if (notes.length === 0) return 0;
    const targets = (kind: "booking" | "availability") => [
      ...new Set(notes.filter((n) => n.kind === kind).map((n) => n.target)),
    ];
    const now = new Date();
    const queued = [
      ...(await bookingDeliveries(tx, targets("booking"), now)),
      ...(await availabilityDeliveries(tx, targets("availability"))),
    ];
    if (queued.length > 0) await tx.insert(resellerWebhookDeliveries).values(queued);
    await tx.delete(resellerWebhookChanges).where(
      inArray(
        resellerWebhookChanges.id,
        notes.map((n) => n.id),
      ),
    );
    return queued.length;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Delivering                                                                                  */
/* ------------------------------------------------------------------------------------------ */

type Claimed = {
  id: string;
  event: ResellerWebhookEvent;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  headers: Record<string, string>;
  retryOnError: boolean;
};

/** Due deliveries, claimed for this run (the lease moves them ahead for any other run). */
async function claimDue(limit: number): Promise<Claimed[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: resellerWebhookDeliveries.id })
      .from(resellerWebhookDeliveries)
      .where(
        and(
          eq(resellerWebhookDeliveries.status, "pending"),
          lte(resellerWebhookDeliveries.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(resellerWebhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(resellerWebhookDeliveries)
      .set({ nextAttemptAt: sql`now() + ${LEASE}` })
      .where(inArray(resellerWebhookDeliveries.id, ids));
    return tx
      .select({
        id: resellerWebhookDeliveries.id,
        event: resellerWebhookDeliveries.event,
        body: resellerWebhookDeliveries.body,
        attempts: resellerWebhookDeliveries.attempts,
        url: resellerWebhooks.url,
        secret: resellerWebhooks.secret,
        headers: resellerWebhooks.headers,
        retryOnError: resellerWebhooks.retryOnError,
      })
      .from(resellerWebhookDeliveries)
      .innerJoin(resellerWebhooks, eq(resellerWebhooks.id, resellerWebhookDeliveries.webhookId))
      .where(inArray(resellerWebhookDeliveries.id, ids));
  });
}

/** One delivery's attempt: its outcome recorded on its row. True when it was delivered. */
async function attempt(delivery: Claimed, allowPrivate: boolean): Promise<boolean> {
  const timestamp = Math.floor(Date.now() / 1000);
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const answer = await postWebhook({
      url: delivery.url,
      body: delivery.body,
      allowPrivate,
      headers: {
        ...delivery.headers,
        [SIGNATURE_HEADER]: signatureOf(delivery.secret, timestamp, delivery.body),
        [EVENT_HEADER]: delivery.event,
        [DELIVERY_HEADER]: delivery.id,
      },
    });
    statusCode = answer.status;
    if (answer.status < 200 || answer.status > 299) error = `answered ${answer.status}`;
  } catch (caught) {
    error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
  }
  const attempts = delivery.attempts + 1;
  const db = await getDb();
  if (error === null) {
    await db
      .update(resellerWebhookDeliveries)
      .set({
        status: "delivered",
        attempts,
        lastStatusCode: statusCode,
        lastError: null,
        deliveredAt: sql`now()`,
      })
      .where(eq(resellerWebhookDeliveries.id, delivery.id));
    return true;
  }
  const next = afterFailure(attempts, delivery.retryOnError);
  await db
    .update(resellerWebhookDeliveries)
    .set({
      status: next.status,
      attempts,
      lastStatusCode: statusCode,
      lastError: error,
      nextAttemptAt: sql`now() + make_interval(secs => ${next.retryInMs / 1000})`,
    })
    .where(eq(resellerWebhookDeliveries.id, delivery.id));
  logger.warn({
    event: "webhook_delivery_failed",
    delivery: delivery.id,
    attempts,
    status: next.status,
    error,
  });
  return false;
}

/**
 * Sends the due deliveries (a run's share, a few at once). Never throws for a failed call: it is
 * recorded and retried. `allowPrivate`: the settings' rule unless given (the tests check both).
 */
export async function deliverWebhooks(
  options: { limit?: number; allowPrivate?: boolean } = {},
): Promise<{ delivered: number; failed: number }> {
  const claimed = await claimDue(Math.min(Math.max(options.limit ?? 50, 1), 200));
  const allowPrivate = options.allowPrivate ?? privateWebhooksAllowed();
  let delivered = 0;
  let failed = 0;
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const outcomes = await Promise.all(
      claimed.slice(i, i + PARALLEL).map((d) => attempt(d, allowPrivate)),
    );
    for (const ok of outcomes) {
      if (ok) delivered += 1;
      else failed += 1;
    }
  }
  return { delivered, failed };
}

/**
 * The scheduled job: the holds that ran out are noted, the changes noted become deliveries, and
 * the due ones are sent.
 */
export async function runResellerWebhooks(): Promise<{
  lapsed: number;
  queued: number;
  delivered: number;
  failed: number;
}> {
  const lapsed = await noteLapsedHolds();
  const queued = await queueWebhookDeliveries();
  return { lapsed, queued, ...(await deliverWebhooks()) };
}

/* ------------------------------------------------------------------------------------------ */
/* The delivery log                                                                            */
/* ------------------------------------------------------------------------------------------ */

/** The reseller's latest deliveries, newest first: what the reseller's screen lists. */
export async function listDeliveries(resellerId: string, limit = 50) {
  const db = await getDb();
  return db
    .select({
      id: resellerWebhookDeliveries.id,
      event: resellerWebhookDeliveries.event,
      subject: resellerWebhookDeliveries.subject,
      url: resellerWebhooks.url,
      status: resellerWebhookDeliveries.status,
      attempts: resellerWebhookDeliveries.attempts,
      lastStatusCode: resellerWebhookDeliveries.lastStatusCode,
      lastError: resellerWebhookDeliveries.lastError,
      nextAttemptAt: resellerWebhookDeliveries.nextAttemptAt,
      deliveredAt: resellerWebhookDeliveries.deliveredAt,
      createdAt: resellerWebhookDeliveries.createdAt,
    })
    .from(resellerWebhookDeliveries)
    .innerJoin(resellerWebhooks, eq(resellerWebhooks.id, resellerWebhookDeliveries.webhookId))
    .where(eq(resellerWebhookDeliveries.resellerId, resellerId))
    .orderBy(desc(resellerWebhookDeliveries.createdAt), desc(resellerWebhookDeliveries.id))
    .limit(limit);
}

/**
 * Sends one of the reseller's deliveries again, its body as first sent: due now, its attempts
 * counted afresh. False when the reseller has no such delivery.
 */
export async function resendDelivery(
  resellerId: string,
  id: string,
  alongside?: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(resellerWebhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(resellerWebhookDeliveries.id, id),
          eq(resellerWebhookDeliveries.resellerId, resellerId),
        ),
      )
      .returning({ id: resellerWebhookDeliveries.id });
    if (rows.length === 0) return false;
    await alongside?.(tx);
    return true;
  });
}
