import "server-only";

import { asc, desc, eq, ilike } from "drizzle-orm";

import { getDb } from "@/db";
import { vehicles } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import type { VehicleKind } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { changesOf, nameWrite, setOffered } from "@/lib/library/data/shared";
import { formatCost } from "@/lib/library/rules";
import type { LibraryActiveInput, UpdateVehicleInput, VehicleInput } from "@/lib/library/schemas";
import { containsPattern } from "@/lib/list-query";
import { requireStaff } from "@/lib/session";

/**
 * The vehicles and transfers (/admin/library/vehicles): a safari vehicle hired by the day or a
 * transfer (a flight, an airport run) priced by the trip, at its cost to us, with its seats.
 * Staff read and write them; each change is audited in its transaction.
 */

export type VehicleDto = {
  id: string;
  name: string;
  kind: VehicleKind;
  seats: number;
  description: string | null;
  costMinor: number;
  isActive: boolean;
};

const columns = {
  id: vehicles.id,
  name: vehicles.name,
  kind: vehicles.kind,
  seats: vehicles.seats,
  description: vehicles.description,
  costMinor: vehicles.costMinor,
  isActive: vehicles.isActive,
};

/** The vehicles whose name holds `search`, active ones first, vehicles before transfers. */
export async function listVehicles(search = ""): Promise<VehicleDto[]> {
  await requireStaff();
  const db = await getDb();
  const term = search.trim();
  const rows = await db
    .select(columns)
    .from(vehicles)
    .where(term ? ilike(vehicles.name, containsPattern(term)) : undefined)
    .orderBy(desc(vehicles.kind), asc(vehicles.name));
  return rows.sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

const summary = (v: Omit<VehicleDto, "id" | "isActive">) => ({
  name: v.name,
  kind: v.kind,
  seats: v.seats,
  cost: formatCost(v.costMinor),
  description: v.description,
});

export async function createVehicle(data: VehicleInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(vehicles)
        .values(data)
        .returning({ id: vehicles.id, name: vehicles.name });
      const { description: _, ...details } = summary(data);
      await recordStaffChange(
        tx,
        staff,
        "library.vehicle_create",
        { type: "vehicle", id: row!.id },
        details,
      );
      return row!;
    }),
  );
}

export async function updateVehicle({
  id,
  ...data
}: UpdateVehicleInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(vehicles)
        .where(eq(vehicles.id, id))
        .for("update");
      if (!before) throw new DomainError("not_found");
      await tx.update(vehicles).set(data).where(eq(vehicles.id, id));
      await recordStaffChange(
        tx,
        staff,
        "library.vehicle_update",
        { type: "vehicle", id },
        {
          vehicle: before.name,
          changes: changesOf(
            summary(before),
            summary({ ...before, ...data }),
            ["name", "kind", "seats", "cost", "description"],
            ["description"],
          ),
        },
      );
      return { id, name: data.name };
    }),
  );
}

/** Takes a vehicle out of the choices of new proposals, or brings it back. */
export const setVehicleActive = (input: LibraryActiveInput) => setOffered("vehicle", input);
