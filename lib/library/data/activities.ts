import "server-only";

import { asc, eq, ilike, or } from "drizzle-orm";

import { getDb } from "@/db";
import { activities } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import type { ParkFee } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { changesOf, nameWrite, setOffered } from "@/lib/library/data/shared";
import { formatCost, formatOptionalCost } from "@/lib/library/rules";
import type { ActivityInput, LibraryActiveInput, UpdateActivityInput } from "@/lib/library/schemas";
import { containsPattern } from "@/lib/list-query";
import { requireStaff } from "@/lib/session";

/**
 * The activities (/admin/library/activities): a trek, a boat trip, a game drive, at its cost to us
 * a person, with the UWA park fee each traveller pays on top and whether it takes a permit from
 * the park's stock. Staff read and write them; each change is audited in its transaction.
 */

export type ActivityDto = {
  id: string;
  name: string;
  park: string | null;
  description: string | null;
  costPerPersonMinor: number;
  childCostMinor: number | null;
  parkFee: ParkFee | null;
  needsPermit: boolean;
  isActive: boolean;
};

const columns = {
  id: activities.id,
  name: activities.name,
  park: activities.park,
  description: activities.description,
  costPerPersonMinor: activities.costPerPersonMinor,
  childCostMinor: activities.childCostMinor,
  parkFee: activities.parkFee,
  needsPermit: activities.needsPermit,
  isActive: activities.isActive,
};

/** The activities whose name or park holds `search`, active ones first, by park and name. */
export async function listActivities(search = ""): Promise<ActivityDto[]> {
  await requireStaff();
  const db = await getDb();
  const term = search.trim();
  const rows = await db
    .select(columns)
    .from(activities)
    .where(
      term
        ? or(
            ilike(activities.name, containsPattern(term)),
            ilike(activities.park, containsPattern(term)),
          )
        : undefined,
    )
    .orderBy(asc(activities.park), asc(activities.name));
  return rows.sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

/** The trail's account of an activity: costs as money, the fee and permit as set. */
const summary = (a: Omit<ActivityDto, "id" | "isActive">) => ({
  name: a.name,
  park: a.park,
  costPerPerson: formatCost(a.costPerPersonMinor),
  childCost: formatOptionalCost(a.childCostMinor, "as an adult"),
  parkFee: a.parkFee,
  needsPermit: a.needsPermit,
  description: a.description,
});

export async function createActivity(data: ActivityInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(activities)
        .values(data)
        .returning({ id: activities.id, name: activities.name });
      const { description: _, ...details } = summary(data);
      await recordStaffChange(
        tx,
        staff,
        "library.activity_create",
        { type: "activity", id: row!.id },
        details,
      );
      return row!;
    }),
  );
}

export async function updateActivity({
  id,
  ...data
}: UpdateActivityInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(activities)
        .where(eq(activities.id, id))
        .for("update");
      if (!before) throw new DomainError("not_found");
      await tx.update(activities).set(data).where(eq(activities.id, id));
      await recordStaffChange(
        tx,
        staff,
        "library.activity_update",
        { type: "activity", id },
        {
          activity: before.name,
          changes: changesOf(
            summary(before),
            summary({ ...before, ...data }),
            ["name", "park", "costPerPerson", "childCost", "parkFee", "needsPermit", "description"],
            ["description"],
          ),
        },
      );
      return { id, name: data.name };
    }),
  );
}

/** Takes an activity out of the choices of new proposals, or brings it back. */
export const setActivityActive = (input: LibraryActiveInput) => setOffered("activity", input);
