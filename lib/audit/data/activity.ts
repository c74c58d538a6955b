import "server-only";

import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";

import { getDb } from "@/db";
import { cappedCount } from "@/db/capped-count";
import { auditEvents } from "@/db/schema";
import { ACTIVITY_PAGE_SIZE, type ActivityQuery, actionsOf } from "@/lib/audit/activity";
import { detailsSentence, targetName } from "@/lib/audit/sentences";
import { requireAdmin } from "@/lib/session";
import { kampalaDayStart } from "@/lib/dates";
import type { AuditActorRole, AuditOutcome } from "@/lib/domain";
import { type Page, settleCappedPage } from "@/lib/list-query";

/**
 * The audit trail's reader: the Activity screen (/admin/activity), for the role `admin` only.
 * Every filter is one an index of audit_events serves newest first: the actor on
 * lower(actor_label) (migration 0009), an action or an area's actions on (action, occurred_at),
 * a target on (target_type, target_id, occurred_at), the days on occurred_at. The trail grows
 * without end, so the count stops at a cap ahead of the page shown, and the page and its count
 * are one statement.
 */

const a = auditEvents;

export type ActivityRow = {
  id: string;
  occurredAt: string;
  actorLabel: string;
  actorRole: AuditActorRole;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: AuditOutcome;
  ip: string | null;
  /** The details in a sentence, ids and codes left out ('' when nothing in them reads). */
  summary: string;
  /** The target as staff name it ('Booking 5DF585EE') and where it opens, or null. */
  target: { label: string; href: string | null } | null;
};

/** A page of events; `capped` when more events match than were counted. */
export type ActivityPage = Page<ActivityRow>;

function conditions(query: ActivityQuery): SQL | undefined {
  const where: SQL[] = [];
  // Exactly the indexed expression, so the index serves it.
  if (query.actor) where.push(sql`lower(${a.actorLabel}) = ${query.actor.toLowerCase()}`);
  const actions = actionsOf(query.action);
  if (actions)
    where.push(actions.length === 1 ? eq(a.action, actions[0]!) : inArray(a.action, actions));
  if (query.target) where.push(eq(a.targetType, query.target));
  if (query.targetId) where.push(eq(a.targetId, query.targetId));
  if (query.from) where.push(gte(a.occurredAt, kampalaDayStart(query.from)));
  if (query.to) where.push(lt(a.occurredAt, kampalaDayStart(query.to, 1)));
  return where.length ? and(...where) : undefined;
}

/** One page and the count of the matching events (capped: cappedCount), in one statement. */
async function selectPage(where: SQL | undefined, page: number) {
  const db = await getDb();
  const offset = (page - 1) * ACTIVITY_PAGE_SIZE;
  const { total, settle } = cappedCount(db, a, where, offset);
  const rows = db
    .select({
      id: a.id,
      occurredAt: a.occurredAt,
      actorLabel: a.actorLabel,
      actorRole: a.actorRole,
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      outcome: a.outcome,
      ip: a.ip,
      details: a.details,
    })
    .from(a)
    .where(where)
    .orderBy(desc(a.occurredAt), desc(a.id))
    .limit(ACTIVITY_PAGE_SIZE)
    .offset(offset)
    .as("p");
  // Without a field list, each row comes back as { total, p }: p is null on an empty page.
  const found = await db
    .with(total)
    .select()
    .from(total)
    .leftJoinLateral(rows, sql`true`)
    .orderBy(desc(rows.occurredAt), desc(rows.id));
  const items: ActivityRow[] = found.flatMap(({ p }) => {
    if (p === null) return [];
    const { details, occurredAt, ...row } = p;
    return [
      {
        ...row,
        occurredAt: occurredAt.toISOString(),
        summary: detailsSentence(details),
        target: targetName(row.targetType, row.targetId),
      },
    ];
  });
  return { ...settle(Number(found[0]?.total.n ?? 0)), items };
}

/** One page (25) of the audit trail, newest first, filtered by the screen's query. */
export async function listAuditEvents(query: ActivityQuery): Promise<ActivityPage> {
  await requireAdmin();
  const where = conditions(query);
  return settleCappedPage(query.page, ACTIVITY_PAGE_SIZE, (page) => selectPage(where, page));
}
