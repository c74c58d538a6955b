import "server-only";

import { and, desc, eq, type SQL, sql } from "drizzle-orm";

import { type Db, getDb } from "@/db";
import { newsletterSubscriptions } from "@/db/schema";
import { type SubscriberFilter, SUBSCRIBERS_PAGE_SIZE } from "@/lib/newsletter/list-query";
import { containsPattern, isUuid, type Page, SEARCH_COUNT_CAP, settlePage } from "@/lib/list-query";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { requireStaff } from "@/lib/session";
import { csvChunk } from "@/lib/newsletter/csv";

/**
 * The staff's side of the newsletter: the subscriber list, a
 * subscriber's state, and the CSV export of the active subscribers among the filtered. Every
 * function starts with requireStaff(). Search is ILIKE '%q%' on email (trigram index, migration
 * 0002); the list and the export go newest first on (subscribed_at, id). A subscriber's change is
 * saved with its audit event in one transaction; an export is recorded when it starts.
 */

const s = newsletterSubscriptions;

export type StaffSubscriber = {
  id: string;
  email: string;
  isActive: boolean;
  subscribedAt: string;
};

export type SubscriberCounts = { total: number; active: number; inactive: number };

/** A page of the search and filter; `capped` when the chosen filter's count reached the cap. */
export type SubscriberPage = Page<StaffSubscriber> & {
  /** The whole list (the stat cards). */
  counts: SubscriberCounts;
  /** The search's rows under each filter (the filter buttons), capped at SEARCH_COUNT_CAP. */
  filterCounts: Record<SubscriberFilter, number>;
  /** Which filter counts reached the cap ('1,000+'). */
  filterCapped: Record<SubscriberFilter, boolean>;
};

type Filters = { q: string; filter: SubscriberFilter };

/** Exactly the indexed expression (newsletter_subscriptions_email_trgm_idx, migration 0002). */
const search = (q: string): SQL | undefined =>
  q ? sql`newsletter_search_text(${s.email}) ilike ${containsPattern(q)}` : undefined;

/** Rows matching `where`, counted up to the cap plus one (more than the cap: '1,000+'). */
const cappedCount = (where: SQL) =>
  sql<number>`(select count(*) from (select 1 from ${s} where ${where} limit ${SEARCH_COUNT_CAP + 1}) as hits)`.mapWith(
    Number,
  );

function filterOf(filter: SubscriberFilter): SQL | undefined {
  if (filter === "active") return eq(s.isActive, true);
  if (filter === "inactive") return eq(s.isActive, false);
  return undefined;
}

const newestFirst = [desc(s.subscribedAt), desc(s.id)];

/** One page (15) of subscribers with the counts of the cards and of the filter buttons. */
export async function listSubscribersForStaff(
  query: Filters & { page: number },
): Promise<SubscriberPage> {
  await requireStaff();
  const db = await getDb();
  const matches = search(query.q);
  const where = and(matches, filterOf(query.filter));
  const pageRows = (page: number) =>
    db
      .select({ id: s.id, email: s.email, isActive: s.isActive, subscribedAt: s.subscribedAt })
      .from(s)
      .where(where)
      .orderBy(...newestFirst)
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE);

  // One statement for every count: the list's (cards) and the search's under each filter
  // (buttons), the latter through the trigram index and capped; the asked page beside it.
  const all = sql<number>`count(*)`.mapWith(Number);
  const active = sql<number>`count(*) filter (where ${s.isActive})`.mapWith(Number);
  const counting = matches
    ? db
        .select({
          total: sql<number>`(select count(*) from ${s})`.mapWith(Number),
          active: sql<number>`(select count(*) from ${s} where ${s.isActive})`.mapWith(Number),
          hits: cappedCount(matches),
          activeHits: cappedCount(and(matches, eq(s.isActive, true))!),
          inactiveHits: cappedCount(and(matches, eq(s.isActive, false))!),
        })
        .from(sql`(select 1) as one`)
    : db
        .select({
          total: all,
          active,
          hits: all,
          activeHits: active,
          inactiveHits: sql<number>`count(*) filter (where not ${s.isActive})`.mapWith(Number),
        })
        .from(s);
  const [[c], asked] = await Promise.all([counting, pageRows(query.page)]);
  const counts = {
    total: c?.total ?? 0,
    active: c?.active ?? 0,
    inactive: (c?.total ?? 0) - (c?.active ?? 0),
  };
  const cap = (n: number | undefined) => Math.min(n ?? 0, SEARCH_COUNT_CAP);
  const filterCounts = {
    all: matches ? cap(c?.hits) : (c?.hits ?? 0),
    active: matches ? cap(c?.activeHits) : (c?.activeHits ?? 0),
    inactive: matches ? cap(c?.inactiveHits) : (c?.inactiveHits ?? 0),
  };
  const more = {
    all: !!matches && (c?.hits ?? 0) > SEARCH_COUNT_CAP,
    active: !!matches && (c?.activeHits ?? 0) > SEARCH_COUNT_CAP,
    inactive: !!matches && (c?.inactiveHits ?? 0) > SEARCH_COUNT_CAP,
  };
  const total = filterCounts[query.filter];
  const shown = await settlePage(query.page, total, SUBSCRIBERS_PAGE_SIZE, asked, pageRows);
  return {
    ...shown,
    items: shown.items.map((r) => ({ ...r, subscribedAt: r.subscribedAt.toISOString() })),
    counts,
    capped: more[query.filter],
    filterCounts,
    filterCapped: more,
  };
}

/**
 * Deactivates (unsubscribes) or reactivates a subscriber, as the public links do: a reactivated
 * subscription starts again now. False when there is no such subscriber.
 */
export async function setSubscriberActive(id: string, active: boolean): Promise<boolean> {
  const staff = await requireStaff();
  if (!isUuid(id)) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: s.isActive })
      .from(s)
      .where(eq(s.id, id))
      .for("update");
    if (!before) return false;
    await tx
      .update(s)
      .set(
        active
          ? { isActive: true, subscribedAt: sql`now()`, unsubscribedAt: null }
          : { isActive: false, unsubscribedAt: sql`now()` },
      )
      .where(eq(s.id, id));
    await recordAudit(
      {
        action: "subscriber.update",
        actor: actorOf(staff),
        target: { type: "subscriber", id },
        details: { changes: { isActive: { from: before.isActive, to: active } } },
      },
      tx,
    );
    return true;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* CSV export                                                                                  */
/* ------------------------------------------------------------------------------------------ */

/** The export's rows: only the active subscribers among those the search and filter show. */
function exportWhere({ q, filter }: Filters): SQL | null {
  if (filter === "inactive") return null;
  return and(search(q), eq(s.isActive, true))!;
}

/** How many rows the export of this view writes (the toast's count). */
export async function countNewsletterExport(filters: Filters): Promise<number> {
  await requireStaff();
  return countExportRows(await getDb(), exportWhere(filters));
}

async function countExportRows(db: Db, where: SQL | null): Promise<number> {
  if (!where) return 0;
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(s)
    .where(where);
  return row?.value ?? 0;
}

/** Rows read per query while streaming: a page of the keyset, never the whole list. */
export const EXPORT_BATCH = 5000;

/**
 * The CSV of the active subscribers among the filtered, newest first, as a byte stream: the header,
 * then one keyset page (subscribed_at, id) at a time, read when the client has taken the previous
 * one. Memory stays flat however long the list, and no connection is held between batches.
 *
 * The export is recorded (who, the search and filter, the rows it holds) before the first byte:
 * the addresses leave with the download whether or not it finishes, and an export whose event
 * cannot be written is not started.
 */
export async function streamNewsletterExport(
  filters: Filters,
): Promise<ReadableStream<Uint8Array>> {
  const staff = await requireStaff();
  const where = exportWhere(filters);
  const db = await getDb();
  await recordAudit({
    action: "newsletter.export",
    actor: actorOf(staff),
    target: { type: "newsletter", id: null },
    details: {
      q: filters.q,
      filter: filters.filter,
      rows: await countExportRows(db, where),
    },
  });
  const encoder = new TextEncoder();
  let after: { key: string; id: string } | null = null;
  let started = false;
  let done = where === null;

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true;
            controller.enqueue(encoder.encode(csvChunk([], { header: true })));
            if (done) controller.close();
            return;
          }
          if (done || !where) {
            controller.close();
            return;
          }
          const cursor = after;
          const rows = await db
            .select({
              id: s.id,
              email: s.email,
              subscribedAt: s.subscribedAt,
              // The exact timestamp (microseconds) for the keyset; a Date keeps milliseconds only.
              key: sql<string>`${s.subscribedAt}::text`,
            })
            .from(s)
            .where(
              cursor
                ? and(
                    where,
                    sql`(${s.subscribedAt}, ${s.id}) < (${cursor.key}::timestamptz, ${cursor.id}::uuid)`,
                  )
                : where,
            )
            .orderBy(...newestFirst)
            .limit(EXPORT_BATCH);
          const tail = rows[rows.length - 1];
          if (tail) {
            after = { key: tail.key, id: tail.id };
            controller.enqueue(encoder.encode(csvChunk(rows)));
          }
          if (rows.length < EXPORT_BATCH) {
            done = true;
            controller.close();
          }
        } catch (error) {
          console.error(
            JSON.stringify({ event: "newsletter_export_failed", error: String(error) }),
          );
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
