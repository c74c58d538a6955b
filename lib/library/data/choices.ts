import "server-only";

import { and, asc, desc, eq, inArray } from "drizzle-orm";

import { getDb } from "@/db";
import { activities, lodgeRooms, lodges, vehicles } from "@/db/schema";
import type { MealPlan, ParkFee, VehicleKind } from "@/lib/domain";
import { distinctUuids } from "@/lib/ids";
import { requireStaff } from "@/lib/session";
import { storedPictureSources } from "@/lib/storage";

/**
 * What the other parts of the house read of the libraries: the active lodges, rooms, activities
 * and vehicles a proposal is built from (staff, every cost), and what a traveller may see of the
 * lodges a proposal puts them up in (anyone: no cost leaves here).
 */

export type LibraryRoomChoice = {
  id: string;
  lodgeId: string;
  name: string;
  mealPlan: MealPlan;
  /** US cents per person sharing, a night. */
  costPerNightMinor: number;
  /** US cents a night for a traveller alone in the room; null: none charged. */
  singleSupplementMinor: number | null;
  /** US cents a night for a child sharing; null: a child costs as an adult. */
  childCostPerNightMinor: number | null;
};

export type LibraryLodgeChoice = {
  id: string;
  name: string;
  park: string;
  description: string | null;
  /** Its active rooms, by name. */
  rooms: LibraryRoomChoice[];
};

export type LibraryActivityChoice = {
  id: string;
  name: string;
  park: string | null;
  description: string | null;
  /** US cents a person, park fees apart. */
  costPerPersonMinor: number;
  /** US cents a child; null: a child costs as an adult. */
  childCostMinor: number | null;
  /** The UWA fee each traveller pays on top (priced from the tariffs on its day), or none. */
  parkFee: ParkFee | null;
  /** Takes a permit from the park's permit stock. */
  needsPermit: boolean;
};

export type LibraryVehicleChoice = {
  id: string;
  name: string;
  kind: VehicleKind;
  seats: number;
  description: string | null;
  /** US cents a day ('vehicle') or a trip ('transfer'). */
  costMinor: number;
};

export type LibraryChoices = {
  lodges: LibraryLodgeChoice[];
  activities: LibraryActivityChoice[];
  vehicles: LibraryVehicleChoice[];
};

/**
 * Everything active in the libraries, for building a proposal (staff): lodges with their active
 * rooms (a lodge without any still listed, so staff see it has none), activities by name, and
 * vehicles (by the day) before transfers (by the trip).
 */
export async function libraryChoices(): Promise<LibraryChoices> {
  await requireStaff();
  const db = await getDb();
  const [lodgeRows, roomRows, activityRows, vehicleRows] = await Promise.all([
    db
      .select({
        id: lodges.id,
        name: lodges.name,
        park: lodges.park,
        description: lodges.description,
      })
      .from(lodges)
      .where(eq(lodges.isActive, true))
      .orderBy(asc(lodges.park), asc(lodges.name)),
    db
      .select({
        id: lodgeRooms.id,
        lodgeId: lodgeRooms.lodgeId,
        name: lodgeRooms.name,
        mealPlan: lodgeRooms.mealPlan,
        costPerNightMinor: lodgeRooms.costPerNightMinor,
        singleSupplementMinor: lodgeRooms.singleSupplementMinor,
        childCostPerNightMinor: lodgeRooms.childCostPerNightMinor,
      })
      .from(lodgeRooms)
      .innerJoin(lodges, eq(lodges.id, lodgeRooms.lodgeId))
      .where(and(eq(lodgeRooms.isActive, true), eq(lodges.isActive, true)))
      .orderBy(asc(lodgeRooms.costPerNightMinor), asc(lodgeRooms.name)),
    db
      .select({
        id: activities.id,
        name: activities.name,
        park: activities.park,
        description: activities.description,
        costPerPersonMinor: activities.costPerPersonMinor,
        childCostMinor: activities.childCostMinor,
        parkFee: activities.parkFee,
        needsPermit: activities.needsPermit,
      })
      .from(activities)
      .where(eq(activities.isActive, true))
      .orderBy(asc(activities.name)),
    db
      .select({
        id: vehicles.id,
        name: vehicles.name,
        kind: vehicles.kind,
        seats: vehicles.seats,
        description: vehicles.description,
        costMinor: vehicles.costMinor,
      })
      .from(vehicles)
      .where(eq(vehicles.isActive, true))
      .orderBy(desc(vehicles.kind), asc(vehicles.name)),
  ]);
  const roomsOf = new Map<string, LibraryRoomChoice[]>();
  for (const room of roomRows) {
    const list = roomsOf.get(room.lodgeId) ?? [];
    list.push(room);
    roomsOf.set(room.lodgeId, list);
  }
  return {
    lodges: lodgeRows.map((lodge) => ({ ...lodge, rooms: roomsOf.get(lodge.id) ?? [] })),
    activities: activityRows,
    vehicles: vehicleRows,
  };
}

/** One picture of a lodge for an <img>: an uploaded one has a srcset, the seed artwork has not. */
export type LodgePictureSource = {
  src: string;
  srcSet: string | null;
  sizes: string | null;
  width: number | null;
  height: number | null;
};

export type LodgePictures = {
  id: string;
  name: string;
  park: string;
  description: string | null;
  /** Uploaded pictures in upload order, else the seed artwork alone; empty when it has neither. */
  pictures: LodgePictureSource[];
};

/**
 * What a traveller sees of the lodges of their proposal: name, park, description and pictures,
 * in the order asked (unknown ids left out). No sign-in needed and no cost returned: the page
 * that shows them is the traveller's own, opened from a link. A lodge staff have since retired is
 * still shown, since a proposal already sent names it.
 */
export async function lodgePicturesOf(
  lodgeIds: readonly string[],
  sizes = "(min-width: 768px) 50vw, 100vw",
): Promise<LodgePictures[]> {
  const ids = distinctUuids(lodgeIds);
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: lodges.id,
      name: lodges.name,
      park: lodges.park,
      description: lodges.description,
      imageUrl: lodges.imageUrl,
      pictures: lodges.pictures,
    })
    .from(lodges)
    .where(inArray(lodges.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const pictures: LodgePictureSource[] =
      row.pictures.length > 0
        ? row.pictures.map((picture) => storedPictureSources(picture, sizes))
        : row.imageUrl
          ? [{ src: row.imageUrl, srcSet: null, sizes: null, width: null, height: null }]
          : [];
    return [{ id: row.id, name: row.name, park: row.park, description: row.description, pictures }];
  });
}

/** What a traveller may see of a room: its lodge, its name and meal plan (no cost). */
export type RoomWords = { lodgeId: string; room: string; mealPlan: MealPlan };

/**
 * The words of the rooms asked for, by id (unknown ids left out). Like the lodges' pictures, for a
 * page the traveller opens from a link: no sign-in needed, and a room staff have since retired
 * still answers, since a proposal already sent names it.
 */
export async function roomWordsOf(roomIds: readonly string[]): Promise<Map<string, RoomWords>> {
  const ids = distinctUuids(roomIds);
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      id: lodgeRooms.id,
      lodgeId: lodgeRooms.lodgeId,
      room: lodgeRooms.name,
      mealPlan: lodgeRooms.mealPlan,
    })
    .from(lodgeRooms)
    .where(inArray(lodgeRooms.id, ids));
  return new Map(rows.map(({ id, ...words }) => [id, words]));
}
