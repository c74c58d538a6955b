import "server-only";

import { asc, eq } from "drizzle-orm";

import { getDb } from "@/db";
import { guides } from "@/db/schema";
import { actorOf } from "@/lib/audit/events";
import { recordAudit } from "@/lib/audit/data/trail";
import { type Admin, requireStaff, requireAdmin } from "@/lib/session";
import { DomainError } from "@/lib/errors";
import type { GuideData } from "@/lib/guides/schemas";

/**
 * Guides. Every staff member reads them (the list, the bookings'
 * guide selector); only the role `admin` adds, edits or changes availability
 * (docs/decisions/0005-staff-roles.md).
 * Each change is saved with its audit event in one transaction.
 */

export type GuideDto = {
  id: string;
  fullName: string;
  email: string | null;
  phoneNumber: string | null;
  specialty: string | null;
  languages: string[];
  isAvailable: boolean;
};

const columns = {
  id: guides.id,
  fullName: guides.fullName,
  email: guides.email,
  phoneNumber: guides.phoneNumber,
  specialty: guides.specialty,
  languages: guides.languages,
  isAvailable: guides.isAvailable,
};

/** Every guide, ordered by full name. */
export async function listGuides(): Promise<GuideDto[]> {
  await requireStaff();
  const db = await getDb();
  return db.select(columns).from(guides).orderBy(asc(guides.fullName), asc(guides.id));
}

export async function createGuide(data: GuideData): Promise<GuideDto> {
  const admin = await requireAdmin();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(guides).values(data).returning(columns);
    await recordAudit(
      {
        action: "guide.create",
        actor: actorOf(admin),
        target: { type: "guide", id: row!.id },
        details: { fullName: row!.fullName, isAvailable: row!.isAvailable },
      },
      tx,
    );
    return row!;
  });
}

/** The fields of `after` that differ from `before`, each with its old and new value. */
function changesOf(
  before: GuideDto,
  after: GuideDto,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(columns) as (keyof GuideDto)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = { from: before[key], to: after[key] };
    }
  }
  return changes;
}

/**
 * Writes `set` to a guide and its audit event in one transaction, the row locked so the event's
 * old values are the ones replaced. `not_found` for an unknown id.
 */
async function saveGuide(admin: Admin, id: string, set: Partial<GuideData>): Promise<GuideDto> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(guides).where(eq(guides.id, id)).for("update");
    if (!before) throw new DomainError("not_found");
    const [row] = await tx.update(guides).set(set).where(eq(guides.id, id)).returning(columns);
    await recordAudit(
      {
        action: "guide.update",
        actor: actorOf(admin),
        target: { type: "guide", id },
        details: { changes: changesOf(before, row!) },
      },
      tx,
    );
    return row!;
  });
}

/** `not_found` for an unknown id. */
export async function updateGuide(id: string, data: GuideData): Promise<GuideDto> {
  const admin = await requireAdmin();
  return saveGuide(admin, id, data);
}

/** An unavailable guide is never picked by automatic assignment. `not_found` for an unknown id. */
export async function setGuideAvailability(id: string, isAvailable: boolean): Promise<GuideDto> {
  const admin = await requireAdmin();
  return saveGuide(admin, id, { isAvailable });
}
