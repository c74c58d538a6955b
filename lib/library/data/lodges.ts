import "server-only";

import { asc, eq, ilike, or } from "drizzle-orm";

import { getDb } from "@/db";
import { lodgeRooms, lodges } from "@/db/schema";
import { recordStaffChange } from "@/lib/audit/data/trail";
import type { MealPlan } from "@/lib/domain";
import { DomainError } from "@/lib/errors";
import { type LodgePictureDto, lodgePictureDto } from "@/lib/library/data/lodge-pictures";
import { changesOf, nameWrite, setOffered } from "@/lib/library/data/shared";
import { formatCost, formatOptionalCost } from "@/lib/library/rules";
import type {
  LibraryActiveInput,
  LodgeInput,
  LodgeRoomInput,
  UpdateLodgeInput,
  UpdateLodgeRoomInput,
} from "@/lib/library/schemas";
import { containsPattern } from "@/lib/list-query";
import { requireStaff } from "@/lib/session";
import { storedPictureSources } from "@/lib/storage";

/**
 * The lodges and their room types (/admin/library/lodges). Every member of staff reads and
 * writes them, as they build proposals from them; each change is saved with its audit event in
 * one transaction. A lodge or room is never deleted (proposals already sent name it): staff
 * retire it, and it leaves the choices of new proposals.
 */

export type LodgeRoomDto = {
  id: string;
  lodgeId: string;
  name: string;
  mealPlan: MealPlan;
  costPerNightMinor: number;
  singleSupplementMinor: number | null;
  childCostPerNightMinor: number | null;
  isActive: boolean;
};

export type LodgeDto = {
  id: string;
  name: string;
  park: string;
  description: string | null;
  isActive: boolean;
  /** The lodge's first picture for a thumbnail (uploaded, else the seed artwork), or null. */
  picture: { src: string; srcSet: string | null } | null;
  /** The pictures staff uploaded, in upload order (the Lodges screen's thumbnails). */
  pictures: LodgePictureDto[];
  /** Every room, active ones first, cheapest first. */
  rooms: LodgeRoomDto[];
};

const lodgeColumns = {
  id: lodges.id,
  name: lodges.name,
  park: lodges.park,
  description: lodges.description,
  isActive: lodges.isActive,
};

const roomColumns = {
  id: lodgeRooms.id,
  lodgeId: lodgeRooms.lodgeId,
  name: lodgeRooms.name,
  mealPlan: lodgeRooms.mealPlan,
  costPerNightMinor: lodgeRooms.costPerNightMinor,
  singleSupplementMinor: lodgeRooms.singleSupplementMinor,
  childCostPerNightMinor: lodgeRooms.childCostPerNightMinor,
  isActive: lodgeRooms.isActive,
};

/**
 * The lodges whose name or park holds `search` (every lodge when blank), active ones first, by
 * park and name, each with its rooms.
 */
export async function listLodges(search = ""): Promise<LodgeDto[]> {
  await requireStaff();
  const db = await getDb();
  const term = search.trim();
  const rows = await db
    .select({ ...lodgeColumns, imageUrl: lodges.imageUrl, pictures: lodges.pictures })
    .from(lodges)
    .where(
      term
        ? or(ilike(lodges.name, containsPattern(term)), ilike(lodges.park, containsPattern(term)))
        : undefined,
    )
    .orderBy(asc(lodges.park), asc(lodges.name));
  const rooms = await db
    .select(roomColumns)
    .from(lodgeRooms)
    .orderBy(asc(lodgeRooms.costPerNightMinor), asc(lodgeRooms.name));
  const roomsOf = new Map<string, LodgeRoomDto[]>();
  for (const room of rooms) {
    const list = roomsOf.get(room.lodgeId) ?? [];
    list.push(room);
    roomsOf.set(room.lodgeId, list);
  }
  return rows
    .map(({ imageUrl, pictures, ...lodge }) => {
      const first = pictures[0];
      const picture = first
        ? storedPictureSources(first, "8rem")
        : imageUrl
          ? { src: imageUrl, srcSet: null }
          : null;
      const lodgeRooms = roomsOf.get(lodge.id) ?? [];
      return {
        ...lodge,
        picture: picture ? { src: picture.src, srcSet: picture.srcSet } : null,
        pictures: pictures.map(lodgePictureDto),
        rooms: [...lodgeRooms.filter((r) => r.isActive), ...lodgeRooms.filter((r) => !r.isActive)],
      };
    })
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
}

/** The audit trail's account of a lodge. */
const lodgeSummary = (lodge: { name: string; park: string }) => ({
  name: lodge.name,
  park: lodge.park,
});

export async function createLodge(data: LodgeInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(lodges)
        .values(data)
        .returning({ id: lodges.id, name: lodges.name });
      await recordStaffChange(
        tx,
        staff,
        "library.lodge_create",
        { type: "lodge", id: row!.id },
        lodgeSummary(data),
      );
      return row!;
    }),
  );
}

export async function updateLodge({
  id,
  ...data
}: UpdateLodgeInput): Promise<{ id: string; name: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(lodgeColumns)
        .from(lodges)
        .where(eq(lodges.id, id))
        .for("update");
      if (!before) throw new DomainError("not_found");
      await tx.update(lodges).set(data).where(eq(lodges.id, id));
      await recordStaffChange(
        tx,
        staff,
        "library.lodge_update",
        { type: "lodge", id },
        {
          lodge: before.name,
          changes: changesOf(
            before,
            { ...before, ...data },
            ["name", "park", "description"],
            ["description"],
          ),
        },
      );
      return { id, name: data.name };
    }),
  );
}

/** Retires a lodge (its rooms leave the choices with it) or brings it back. */
export const setLodgeActive = (input: LibraryActiveInput) => setOffered("lodge", input);

/* Rooms --------------------------------------------------------------------------------- */

type RoomCosts = Pick<
  LodgeRoomDto,
  "costPerNightMinor" | "singleSupplementMinor" | "childCostPerNightMinor"
>;

/** A room's costs as the trail writes them ('$250.00'), so the Activity screen reads as money. */
const costWords = (room: RoomCosts) => ({
  costPerNight: formatCost(room.costPerNightMinor),
  singleSupplement: formatOptionalCost(room.singleSupplementMinor, "none"),
  childCostPerNight: formatOptionalCost(room.childCostPerNightMinor, "as an adult"),
});

export async function createLodgeRoom(
  data: LodgeRoomInput,
): Promise<{ id: string; name: string; lodgeName: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [lodge] = await tx
        .select({ id: lodges.id, name: lodges.name })
        .from(lodges)
        .where(eq(lodges.id, data.lodgeId))
        .for("update");
      if (!lodge) throw new DomainError("not_found");
      const [row] = await tx
        .insert(lodgeRooms)
        .values(data)
        .returning({ id: lodgeRooms.id, name: lodgeRooms.name });
      await recordStaffChange(
        tx,
        staff,
        "library.room_create",
        { type: "lodge_room", id: row!.id },
        { lodge: lodge.name, room: data.name, mealPlan: data.mealPlan, ...costWords(data) },
      );
      return { ...row!, lodgeName: lodge.name };
    }),
  );
}

export async function updateLodgeRoom({
  id,
  ...data
}: UpdateLodgeRoomInput): Promise<{ id: string; name: string; lodgeName: string }> {
  const staff = await requireStaff();
  const db = await getDb();
  return nameWrite(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ ...roomColumns, lodgeName: lodges.name })
        .from(lodgeRooms)
        .innerJoin(lodges, eq(lodges.id, lodgeRooms.lodgeId))
        .where(eq(lodgeRooms.id, id))
        .for("update", { of: lodgeRooms });
      if (!before) throw new DomainError("not_found");
      await tx.update(lodgeRooms).set(data).where(eq(lodgeRooms.id, id));
      const after = { ...before, ...data };
      await recordStaffChange(
        tx,
        staff,
        "library.room_update",
        { type: "lodge_room", id },
        {
          lodge: before.lodgeName,
          room: before.name,
          changes: changesOf(
            { name: before.name, mealPlan: before.mealPlan, ...costWords(before) },
            { name: after.name, mealPlan: after.mealPlan, ...costWords(after) },
            ["name", "mealPlan", "costPerNight", "singleSupplement", "childCostPerNight"],
          ),
        },
      );
      return { id, name: data.name, lodgeName: before.lodgeName };
    }),
  );
}

/** Takes a room out of the choices of new proposals, or brings it back. */
export const setLodgeRoomActive = (input: LibraryActiveInput) => setOffered("lodge_room", input);
