import "server-only";

import { and, between, eq, inArray, isNotNull } from "drizzle-orm";

import { getDb } from "@/db";
import { proposalLines, proposalReminderMails, proposals, proposalVersions } from "@/db/schema";
import { formatDay, todayInKampala } from "@/lib/dates";
import { queueEmail } from "@/lib/email";
import { type ProposalReminder, proposalRemindersStaff } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { dayPlus } from "@/lib/proposals/pricing";

/**
 * Reminders to staff about proposals, mailed to the operator by the scheduled jobs
 * (lib/scheduled-jobs.ts), each once: an offer whose option date is within two days, and a lodge
 * whose provisional hold on rooms is released within three days, on a proposal not yet accepted.
 * A reminder mailed is a row of proposal_reminder_mails keyed by what it is about and its day,
 * inserted in the transaction that queues the mail: two runs at once insert the same key one
 * after the other, and only the first mails it.
 */

/** Days ahead an option date is reminded of. */
export const OPTION_REMINDER_DAYS = 2;
/** Days ahead a lodge hold's release is reminded of. */
export const HOLD_REMINDER_DAYS = 3;

type Keyed = ProposalReminder & { key: string };

/** The reminders standing on `today`, soonest first. */
async function standingReminders(today: string): Promise<Keyed[]> {
  const db = await getDb();
  const [lapsing, holds] = await Promise.all([
    db
      .select({
        versionId: proposalVersions.id,
        proposalId: proposals.id,
        number: proposalVersions.number,
        optionDate: proposalVersions.optionDate,
        title: proposalVersions.title,
        reference: proposals.reference,
        leadName: proposals.leadName,
      })
      .from(proposalVersions)
      .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
      .where(
        and(
          eq(proposalVersions.state, "sent"),
          between(proposalVersions.optionDate, today, dayPlus(today, OPTION_REMINDER_DAYS)),
        ),
      ),
    db
      .select({
        lineId: proposalLines.id,
        versionId: proposalLines.versionId,
        proposalId: proposals.id,
        number: proposalVersions.number,
        description: proposalLines.description,
        lodgeRoomId: proposalLines.lodgeRoomId,
        holdReleaseOn: proposalLines.holdReleaseOn,
        reference: proposals.reference,
        leadName: proposals.leadName,
      })
      .from(proposalLines)
      .innerJoin(proposalVersions, eq(proposalVersions.id, proposalLines.versionId))
      .innerJoin(proposals, eq(proposals.id, proposalVersions.proposalId))
      .where(
        and(
          eq(proposalLines.kind, "stay"),
          isNotNull(proposalLines.holdReleaseOn),
          between(proposalLines.holdReleaseOn, today, dayPlus(today, HOLD_REMINDER_DAYS)),
        ),
      ),
  ]);
  const proposalIds = [...new Set([...lapsing, ...holds].map((r) => r.proposalId))];
  if (proposalIds.length === 0) return [];
  const versions = await db
    .select({
      proposalId: proposalVersions.proposalId,
      number: proposalVersions.number,
      state: proposalVersions.state,
    })
    .from(proposalVersions)
    .where(inArray(proposalVersions.proposalId, proposalIds));
  const accepted = new Set(versions.filter((v) => v.state === "accepted").map((v) => v.proposalId));
  const latestOf = (proposalId: string, states: readonly string[]) =>
    Math.max(
      0,
      ...versions
        .filter((v) => v.proposalId === proposalId && states.includes(v.state))
        .map((v) => v.number),
    );
  const reminders: (Keyed & { day: string })[] = [];
  for (const v of lapsing) {
    // Only the offer the traveller holds: a later version sent replaces it.
    if (accepted.has(v.proposalId) || v.number !== latestOf(v.proposalId, ["sent"])) continue;
    reminders.push({
      key: `option:${v.versionId}:${v.optionDate}`,
      kind: "option_date",
      proposalId: v.proposalId,
      reference: v.reference,
      leadName: v.leadName,
      day: v.optionDate,
      text: `${v.reference} (${v.leadName}), version ${v.number}: the offer lapses after ${formatDay(v.optionDate)} unless accepted.`,
    });
  }
  const seen = new Set<string>();
  for (const l of holds) {
    // The lines of the proposal's latest version (a copied line is the same hold once).
    if (accepted.has(l.proposalId) || l.number !== latestOf(l.proposalId, ["draft", "sent"]))
      continue;
    const key = `hold:${l.proposalId}:${l.lodgeRoomId ?? l.description}:${l.holdReleaseOn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    reminders.push({
      key,
      kind: "hold_release",
      proposalId: l.proposalId,
      reference: l.reference,
      leadName: l.leadName,
      day: l.holdReleaseOn!,
      text: `${l.reference} (${l.leadName}): ${l.description}, the lodge releases its hold on ${formatDay(l.holdReleaseOn!)}.`,
    });
  }
  return reminders
    .sort((a, b) => a.day.localeCompare(b.day) || a.key.localeCompare(b.key))
    .map(({ day: _day, ...r }) => r);
}

/** Mails the operator the proposal reminders not mailed before; returns how many were new. */
export async function sendProposalReminders(now: Date = new Date()): Promise<number> {
  const reminders = await standingReminders(todayInKampala(now));
  if (reminders.length === 0) return 0;
  const db = await getDb();
  const fresh = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(proposalReminderMails)
      .values(reminders.map((r) => ({ key: r.key, kind: r.kind })))
      .onConflictDoNothing()
      .returning({ key: proposalReminderMails.key });
    const keys = new Set(inserted.map((r) => r.key));
    const mailed = reminders.filter((r) => keys.has(r.key));
    if (mailed.length)
      await queueEmail(
        {
          ...proposalRemindersStaff(mailed.map(({ key: _key, ...r }) => r)),
          to: env.OPERATOR_EMAIL,
        },
        tx,
      );
    return mailed.length;
  });
  if (fresh) logger.info({ event: "proposal_reminders_mailed", count: fresh });
  return fresh;
}
