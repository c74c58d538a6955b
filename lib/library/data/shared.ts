import "server-only";

import { eq } from "drizzle-orm";

import { getDb } from "@/db";
import { activities, lodgeRooms, lodges, vehicles } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import { DomainError } from "@/lib/errors";
import type { LibraryActiveInput } from "@/lib/library/schemas";
import { requireStaff } from "@/lib/session";

/**
 * What the library's data modules share: a write refused by a name index ('name_taken'), the
 * audit details of an edit (each changed field from and to, costs written as money), and taking a
 * row out of the choices of new proposals or bringing it back.
 */

/** Postgres' unique_violation, as postgres.js and PGlite report it (Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A write whose name another row of its list already has (in any case) is `name_taken`. */
export async function nameWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("name_taken");
    throw error;
  }
}

/**
 * The fields an edit changed, each `{ from, to }` as the Activity screen reads them: a long
 * text (a description) is only named, never copied into the trail.
 */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
  named: readonly (keyof T & string)[] = [],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of keys) {
    if (before[key] === after[key]) continue;
    changes[key] = named.includes(key) ? { changed: true } : { from: before[key], to: after[key] };
  }
  return changes;
}

/** Each list whose rows staff offer or retire: its table and how the trail names the change. */
const OFFERED = {
  lodge: { table: lodges, action: "library.lodge_update", detail: "lodge" },
  lodge_room: { table: lodgeRooms, action: "library.room_update", detail: "room" },
  activity: { table: activities, action: "library.activity_update", detail: "activity" },
  vehicle: { table: vehicles, action: "library.vehicle_update", detail: "vehicle" },
} as const;

/**
 * Takes a row out of the choices of new proposals, or brings it back (staff only), with its audit
 * event in the same transaction. A proposal that already names it keeps it.
 */
export async function setOffered(
  kind: keyof typeof OFFERED,
  { id, active }: LibraryActiveInput,
): Promise<{ id: string; name: string; isActive: boolean }> {
  const staff = await requireStaff();
  const { action, detail } = OFFERED[kind];
  // The four tables share these columns (id, name, is_active); one of their types stands for all.
  const table = OFFERED[kind].table as typeof vehicles;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ isActive: active })
      .where(eq(table.id, id))
      .returning({ id: table.id, name: table.name, isActive: table.isActive });
    if (!row) throw new DomainError("not_found");
    await recordStaffChange(
      tx,
      staff,
      action,
      { type: kind, id },
      { [detail]: row.name, active: { from: !active, to: active } },
    );
    return row;
  });
}
