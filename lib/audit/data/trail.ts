import "server-only";

import { sql } from "drizzle-orm";
import { headers } from "next/headers";

import { type Db, getDb, type Tx } from "@/db";
import { auditEvents } from "@/db/schema";
import { actorOf, type AuditAction, type AuditEvent, scrubDetails } from "@/lib/audit/events";
import type { AdminRole } from "@/lib/domain";
import { clientAddress } from "@/lib/client-address";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

/**
 * Writes the audit trail (the vocabulary is lib/audit/events.ts). No caller check here: every event is
 * written on behalf of whoever made the request, including refused visitors; only admins read it
 * back.
 */

/** The caller's address (from the hops the deployment trusts) and browser; none outside a request. */
async function requestOrigin(): Promise<{ ip: string | null; userAgent: string | null }> {
  try {
    const h = await headers();
    return {
      ip: clientAddress(h, env.TRUSTED_PROXY_HOPS) || null,
      userAgent: h.get("user-agent")?.slice(0, 300) ?? null,
    };
  } catch {
    // A script or a background job: there is no request.
    return { ip: null, userAgent: null };
  }
}

/**
 * Records one event: in `tx` when given (the change's own transaction), else on its own, then
 * writes its log line. The table is the record: a transaction rolled back after the line was
 * written leaves a line for an event the table never held, never the other way round.
 */
export async function recordAudit(event: AuditEvent, tx?: Db | Tx): Promise<void> {
  const { ip, userAgent } = await requestOrigin();
  const row = {
    action: event.action,
    actorUserId: event.actor.userId,
    actorLabel: event.actor.label.slice(0, 320),
    actorRole: event.actor.role,
    outcome: event.outcome ?? "success",
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    ip,
    userAgent,
    details: (scrubDetails(event.details ?? {}) ?? {}) as Record<string, unknown>,
    // The moment of this insert, not the transaction's start (now()): two events of one
    // transaction (a payment, then the guide it brings) keep the order they happened in.
    occurredAt: sql`clock_timestamp()`,
  };
  await (tx ?? (await getDb())).insert(auditEvents).values(row);
  logger.info(
    {
      event: "audit",
      action: row.action,
      outcome: row.outcome,
      actor: { id: row.actorUserId, label: row.actorLabel, role: row.actorRole },
      target: row.targetType ? { type: row.targetType, id: row.targetId } : undefined,
      ip,
      details: row.details,
    },
    row.action,
  );
}

/**
 * An event that must not stop what it records when it cannot be written (a refused request,
 * a sign-in failure): written on its own, and a failure to write it only logged.
 */
export async function recordAuditSafely(event: AuditEvent): Promise<void> {
  try {
    await recordAudit(event);
  } catch (error) {
    logger.error({ event: "audit_write_failed", action: event.action, error: String(error) });
  }
}

/** A staff member's change to one row (`target`), recorded in the change's own transaction. */
export function recordStaffChange(
  tx: Db | Tx,
  staff: { userId: string; email: string; role: AdminRole },
  action: AuditAction,
  target: { type: string; id: string | null },
  details?: Record<string, unknown>,
): Promise<void> {
  return recordAudit({ action, actor: actorOf(staff), target, details }, tx);
}
