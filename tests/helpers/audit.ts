/** The audit trail an integration test's actions wrote, read from its own database. */
import { and, asc, eq } from "drizzle-orm";

import type { Db } from "@/db";
import { auditEvents } from "@/db/schema";

/** The columns a test picks the events by, each compared for equality. */
type AuditFilter = {
  action?: string;
  actorLabel?: string;
  actorRole?: string;
  targetType?: string;
  targetId?: string;
};

/** The events that match every given column, oldest first. */
export function auditTrail(db: Db, filter: AuditFilter) {
  const columns = Object.entries(filter) as [keyof AuditFilter, string][];
  return db
    .select()
    .from(auditEvents)
    .where(and(...columns.map(([column, value]) => eq(auditEvents[column], value))))
    .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
}
