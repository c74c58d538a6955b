import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { resellerBookings, resellerTourPrices } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { actorOf } from "@/lib/audit/events";
import type { ResellerWebhookEvent } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { requireAdmin } from "@/lib/session";

import { displayUrl } from "../webhooks";
import { listProducts, unitRetail } from "./catalogue";
import {
  createReseller,
  issueApiKey,
  listResellers,
  type Reseller,
  resellerById,
  revokeApiKeys,
} from "./resellers";
import {
  listDeliveries,
  listWebhooks,
  registerWebhook,
  removeWebhook,
  resendDelivery,
} from "./webhooks";

/** The admin Resellers screens' reads and changes: admins only (the guard is called here). */

/** A reseller as the admin Resellers screen lists it. */
export type ResellerRow = Omit<Reseller, "tourNets"> & {
  /** Keys still valid: their first characters only. */
  activeKeys: string[];
  revokedKeys: number;
  confirmedBookings: number;
  seats: number;
  /**
   * Its net for its confirmed bookings and their park fees, US cents: what it owes (nothing in
   * test mode).
   */
  owedMinor: number;
  /** How many tours it has a net price of its own for. */
  tourPrices: number;
};

/** Every reseller with its keys and sales, by name: the admin Resellers screen (admins only). */
export async function listResellersForAdmin(): Promise<ResellerRow[]> {
  await requireAdmin();
  const list = await listResellers();
  const db = await getDb();
  const sales = await db
    .select({
      resellerId: resellerBookings.resellerId,
      bookings: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(jsonb_array_length(${resellerBookings.unitItems})), 0)::int`,
      // Its net for the seats and, on a permit tour, its travellers' park fees at face value.
      owed: sql<number>`coalesce(sum(${resellerBookings.netMinor} * jsonb_array_length(${resellerBookings.unitItems}) + (select coalesce(sum((u ->> 'feeMinor')::bigint), 0) from jsonb_array_elements(${resellerBookings.unitItems}) u)) filter (where not ${resellerBookings.testMode}), 0)::bigint`,
    })
    .from(resellerBookings)
    .where(eq(resellerBookings.status, "confirmed"))
    .groupBy(resellerBookings.resellerId);
  return list.map(({ keys, tourNets, ...r }) => {
    const sold = sales.find((s) => s.resellerId === r.id);
    return {
      ...r,
      activeKeys: keys.filter((k) => !k.revokedAt).map((k) => k.prefix),
      revokedKeys: keys.filter((k) => k.revokedAt).length,
      confirmedBookings: Number(sold?.bookings ?? 0),
      seats: Number(sold?.seats ?? 0),
      owedMinor: Number(sold?.owed ?? 0),
      tourPrices: Object.keys(tourNets).length,
    };
  });
}

/**
 * New Reseller (admins only): the reseller with its first key, shown once; the admin named in the
 * audit trail. `ResellerNameTaken` for a name already used.
 */
export async function createResellerForAdmin(input: Parameters<typeof createReseller>[0]) {
  const admin = await requireAdmin();
  return createReseller(input, actorOf(admin));
}

/** New Key (admins only): another key of the reseller named, shown once; `not_found`. */
export async function issueApiKeyForAdmin(name: string): Promise<string> {
  const admin = await requireAdmin();
  return issueApiKey(name, actorOf(admin));
}

/** Revoke (admins only): the named reseller's keys starting with `prefix`; how many. */
export async function revokeApiKeysForAdmin(name: string, prefix: string): Promise<number> {
  const admin = await requireAdmin();
  return revokeApiKeys(name, prefix, actorOf(admin));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reseller as the audit trail names the target of a change. */
const target = (reseller: Reseller) => ({ type: "reseller", id: reseller.id });

/** The reseller `id` names, or `not_found`. */
async function requireReseller(id: string): Promise<Reseller> {
  const reseller = UUID.test(id) ? await resellerById(id) : null;
  if (!reseller) throw new DomainError("not_found");
  return reseller;
}

/** A tour a reseller may sell, as its screen prices it: the seat's retail price, and its net. */
export type TourPriceRow = {
  tourId: string;
  title: string;
  /** A seat at the tour's own price, US cents; null when the tour has none. */
  retailMinor: number | null;
  /** The reseller's own net for the tour, or null: its commission's net applies. */
  ownNetMinor: number | null;
};

/**
 * One reseller's screen (admins only): the reseller, the tours it may sell with its net on each,
 * its webhooks (URLs without passwords, never their secrets) and its latest deliveries.
 * `not_found` for an unknown id.
 */
export async function getResellerForAdmin(id: string) {
  await requireAdmin();
  const reseller = await requireReseller(id);
  const row = (await listResellersForAdmin()).find((r) => r.id === id);
  const db = await getDb();
  const products = await listProducts(db);
  const tours: TourPriceRow[] = products.map((p) => ({
    tourId: p.id,
    title: p.title,
    retailMinor: unitRetail(p, {}),
    ownNetMinor: reseller.tourNets[p.id] ?? null,
  }));
  const webhooks = (await listWebhooks(id)).map((w) => ({
    id: w.id,
    event: w.event,
    url: displayUrl(w.url),
    retryOnError: w.retryOnError,
    capabilities: w.capabilities,
    createdAt: w.createdAt,
  }));
  const deliveries = (await listDeliveries(id)).map((d) => ({ ...d, url: displayUrl(d.url) }));
  return { reseller: row!, tours, webhooks, deliveries };
}

export type ResellerScreen = Awaited<ReturnType<typeof getResellerForAdmin>>;

/**
 * Sets the reseller's net price for one tour it may sell (US cents a seat), in place of its
 * commission there; null clears it (the commission applies again). A seat already sold keeps its
 * price. `not_found`: no such reseller, or the tour is not one resellers may sell.
 */
export async function setTourNetPrice(input: {
  resellerId: string;
  tourId: string;
  netMinor: number | null;
}): Promise<{ reseller: string; tour: string }> {
  const admin = await requireAdmin();
  const reseller = await requireReseller(input.resellerId);
  const db = await getDb();
  const product = (await listProducts(db)).find((p) => p.id === input.tourId);
  if (!product) throw new DomainError("not_found");
  await db.transaction(async (tx) => {
    if (input.netMinor === null) {
      await tx
        .delete(resellerTourPrices)
        .where(
          and(
            eq(resellerTourPrices.resellerId, reseller.id),
            eq(resellerTourPrices.tourId, product.id),
          ),
        );
    } else {
      await tx
        .insert(resellerTourPrices)
        .values({ resellerId: reseller.id, tourId: product.id, netMinor: input.netMinor })
        .onConflictDoUpdate({
          target: [resellerTourPrices.resellerId, resellerTourPrices.tourId],
          set: { netMinor: input.netMinor, updatedAt: new Date() },
        });
    }
    await recordStaffChange(tx, admin, "reseller.net_price", target(reseller), {
      tourId: product.id,
      from: reseller.tourNets[product.id] ?? null,
      to: input.netMinor,
    });
  });
  return { reseller: reseller.name, tour: product.title };
}

/** Adds a webhook to the reseller (admins only); its signing secret is answered once. */
export async function addWebhookForAdmin(input: {
  resellerId: string;
  event: ResellerWebhookEvent;
  url: string;
}) {
  const admin = await requireAdmin();
  const reseller = await requireReseller(input.resellerId);
  // Staff register it as a reseller would with prices and content: the fullest body.
  const created = await registerWebhook(
    reseller.id,
    { event: input.event, url: input.url, capabilities: ["octo/pricing", "octo/content"] },
    (tx, webhook) =>
      recordStaffChange(tx, admin, "reseller.webhook_add", target(reseller), {
        webhookId: webhook.id,
        event: webhook.event,
        url: displayUrl(webhook.url),
      }),
  );
  return { reseller, ...created };
}

/** Removes one of the reseller's webhooks (admins only); `not_found` if it has no such one. */
export async function removeWebhookForAdmin(input: { resellerId: string; webhookId: string }) {
  const admin = await requireAdmin();
  const reseller = await requireReseller(input.resellerId);
  const removed = await removeWebhook(reseller.id, input.webhookId, (tx, webhook) =>
    recordStaffChange(tx, admin, "reseller.webhook_remove", target(reseller), {
      webhookId: webhook.id,
      event: webhook.event,
      url: displayUrl(webhook.url),
    }),
  );
  if (!removed) throw new DomainError("not_found");
  return removed;
}

/** Resend: one of the reseller's deliveries due again now (admins only); `not_found` if none. */
export async function resendDeliveryForAdmin(input: { resellerId: string; deliveryId: string }) {
  const admin = await requireAdmin();
  const reseller = await requireReseller(input.resellerId);
  const resent = await resendDelivery(reseller.id, input.deliveryId, (tx) =>
    recordStaffChange(tx, admin, "reseller.webhook_resend", target(reseller), {
      deliveryId: input.deliveryId,
    }),
  );
  if (!resent) throw new DomainError("not_found");
}
