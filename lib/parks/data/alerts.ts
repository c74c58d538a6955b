import "server-only";

import { getDb } from "@/db";
import { permitAlertMails } from "@/db/schema";
import { todayInKampala } from "@/lib/dates";
import { queueEmail } from "@/lib/email";
import { permitAlertsStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { permitDaysFrom } from "@/lib/parks/data/permits";
import { type PermitAlert, permitAlerts } from "@/lib/parks/rules";
import { requireStaff } from "@/lib/session";

/**
 * Permit alerts beyond the Permits screen: on the staff dashboard, and mailed to the operator by
 * the scheduled jobs (lib/scheduled-jobs.ts), each alert once. An alert mailed is a row of
 * permit_alert_mails keyed by what it is about and the day it names, inserted in the transaction
 * that queues the mail: two runs at once (the timer beside the jobs route) insert the same key
 * one after the other, and only the first mails it.
 */

/** What needs acting on about permits today, soonest first (the dashboard). Staff and admins. */
export async function getPermitAlerts(): Promise<PermitAlert[]> {
  await requireStaff();
  const today = todayInKampala();
  return permitAlerts(await permitDaysFrom(await getDb(), today), today);
}

/** Mails the operator the permit alerts not mailed before; returns how many were new. */
export async function sendPermitAlerts(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const today = todayInKampala(now);
  const alerts = permitAlerts(await permitDaysFrom(db, today), today);
  if (alerts.length === 0) return 0;
  const fresh = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(permitAlertMails)
      .values(alerts.map((a) => ({ key: a.key, kind: a.kind })))
      .onConflictDoNothing()
      .returning({ key: permitAlertMails.key });
    const keys = new Set(inserted.map((r) => r.key));
    const mailed = alerts.filter((a) => keys.has(a.key));
    if (mailed.length)
      await queueEmail({ ...permitAlertsStaff(mailed), to: env.OPERATOR_EMAIL }, tx);
    return mailed.length;
  });
  if (fresh) logger.info({ event: "permit_alerts_mailed", count: fresh });
  return fresh;
}
