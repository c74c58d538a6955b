/**
 * Authorization matrix of the libraries tailor-made safaris are built from (/admin/library: its
 * reads lib/library/data/*, its actions actions/library.ts): every member of staff reads and
 * writes them, an admin too; a visitor is sent to the admin login and a customer is denied, and
 * neither changes anything. What a traveller's proposal page shows of its lodges
 * (lodgePicturesOf) is open to anyone, and carries no cost.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { asc, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as libraryActions from "@/actions/library";
import { activities, lodgeRooms, lodges, vehicles } from "@/db/schema";
import * as choicesDal from "@/lib/library/data/choices";
import * as activitiesDal from "@/lib/library/data/activities";
import * as lodgesDal from "@/lib/library/data/lodges";
import * as vehiclesDal from "@/lib/library/data/vehicles";
import { resetRateLimits } from "@/lib/rate-limit";
import { openMatrixWorld, staffArea, type StaffAreaOperation } from "@/tests/helpers/authz-matrix";

const m = openMatrixWorld();
let actor: (typeof staffArea.actors)[number] = "visitor";
let lodgeId = "";
let roomId = "";
let activityId = "";
let vehicleId = "";

beforeAll(async () => {
  const [lodge] = await m.db
    .insert(lodges)
    .values({ name: "Matrix Lodge", park: "Kibale", imageUrl: "/images/tours/crater-lakes.svg" })
    .returning({ id: lodges.id });
  lodgeId = lodge!.id;
  const [room] = await m.db
    .insert(lodgeRooms)
    .values({
      lodgeId,
      name: "Matrix room",
      mealPlan: "full_board",
      costPerNightMinor: 21_000,
    })
    .returning({ id: lodgeRooms.id });
  roomId = room!.id;
  const [activity] = await m.db
    .insert(activities)
    .values({ name: "Matrix activity", park: "Kibale", costPerPersonMinor: 2_000 })
    .returning({ id: activities.id });
  activityId = activity!.id;
  const [vehicle] = await m.db
    .insert(vehicles)
    .values({ name: "Matrix vehicle", kind: "vehicle", seats: 6, costMinor: 23_000 })
    .returning({ id: vehicles.id });
  vehicleId = vehicle!.id;
});

const lodgeForm = () => ({ name: `Matrix Lodge ${actor}`, park: "Kibale", description: "" });
const roomForm = () => ({
  name: `Matrix room ${actor}`,
  mealPlan: "half_board",
  cost: "185.50",
  singleSupplement: "60",
  childCost: "",
});
const activityForm = () => ({
  name: `Matrix activity ${actor}`,
  park: "Kibale",
  cost: "25",
  childCost: "",
  parkFee: "chimpanzee_tracking",
  needsPermit: "on",
});
const vehicleForm = () => ({
  name: `Matrix vehicle ${actor}`,
  kind: "transfer",
  seats: "4",
  cost: "50",
});

const operations = (): StaffAreaOperation[] => [
  // Reads
  {
    name: "lib/library/data/choices.ts#libraryChoices",
    expected: staffArea.staffOnly,
    run: async () => {
      const choices = await choicesDal.libraryChoices();
      const lodge = choices.lodges.find((l) => l.id === lodgeId);
      expect(lodge?.rooms.map((r) => r.id)).toContain(roomId);
      return choices;
    },
  },
  {
    name: "lib/library/data/choices.ts#lodgePicturesOf",
    expected: staffArea.everyone("allowed"),
    run: async () => {
      const [lodge] = await choicesDal.lodgePicturesOf([lodgeId]);
      expect(lodge?.pictures[0]?.src).toBe("/images/tours/crater-lakes.svg");
      // A traveller's page: no cost of the lodge's rooms.
      expect(JSON.stringify(lodge)).not.toMatch(/cost|minor/i);
      return lodge;
    },
  },
  {
    name: "lib/library/data/lodges.ts#listLodges",
    expected: staffArea.staffOnly,
    run: () => lodgesDal.listLodges("Matrix"),
  },
  {
    name: "lib/library/data/activities.ts#listActivities",
    expected: staffArea.staffOnly,
    run: () => activitiesDal.listActivities("Matrix"),
  },
  {
    name: "lib/library/data/vehicles.ts#listVehicles",
    expected: staffArea.staffOnly,
    run: () => vehiclesDal.listVehicles("Matrix"),
  },
  // Lodges and rooms
  {
    name: "actions/library.ts#createLodgeAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.createLodgeAction(undefined, lodgeForm()),
  },
  {
    name: "actions/library.ts#updateLodgeAction",
    expected: staffArea.staffOnly,
    run: () =>
      libraryActions.updateLodgeAction(undefined, {
        ...lodgeForm(),
        name: `Matrix Lodge edited ${actor}`,
        id: lodgeId,
      }),
  },
  {
    name: "actions/library.ts#setLodgeActiveAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.setLodgeActiveAction(undefined, { id: lodgeId, active: "true" }),
  },
  {
    name: "actions/library.ts#createLodgeRoomAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.createLodgeRoomAction(undefined, { ...roomForm(), lodgeId }),
  },
  {
    name: "actions/library.ts#updateLodgeRoomAction",
    expected: staffArea.staffOnly,
    run: () =>
      libraryActions.updateLodgeRoomAction(undefined, {
        ...roomForm(),
        name: `Matrix room edited ${actor}`,
        id: roomId,
      }),
  },
  {
    name: "actions/library.ts#setLodgeRoomActiveAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.setLodgeRoomActiveAction(undefined, { id: roomId, active: "true" }),
  },
  // Activities
  {
    name: "actions/library.ts#createActivityAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.createActivityAction(undefined, activityForm()),
  },
  {
    name: "actions/library.ts#updateActivityAction",
    expected: staffArea.staffOnly,
    run: () =>
      libraryActions.updateActivityAction(undefined, {
        ...activityForm(),
        name: `Matrix activity edited ${actor}`,
        id: activityId,
      }),
  },
  {
    name: "actions/library.ts#setActivityActiveAction",
    expected: staffArea.staffOnly,
    run: () =>
      libraryActions.setActivityActiveAction(undefined, { id: activityId, active: "true" }),
  },
  // Vehicles
  {
    name: "actions/library.ts#createVehicleAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.createVehicleAction(undefined, vehicleForm()),
  },
  {
    name: "actions/library.ts#updateVehicleAction",
    expected: staffArea.staffOnly,
    run: () =>
      libraryActions.updateVehicleAction(undefined, {
        ...vehicleForm(),
        name: `Matrix vehicle edited ${actor}`,
        id: vehicleId,
      }),
  },
  {
    name: "actions/library.ts#setVehicleActiveAction",
    expected: staffArea.staffOnly,
    run: () => libraryActions.setVehicleActiveAction(undefined, { id: vehicleId, active: "true" }),
  },
];

/** Every matrix row of the four lists, names and costs: what a refused caller must leave alone. */
async function snapshot() {
  const named = <T extends { name: unknown }>(t: T) => t;
  return {
    lodges: await m.db
      .select({ id: lodges.id, name: lodges.name, park: lodges.park, active: lodges.isActive })
      .from(lodges)
      .where(like(lodges.name, "Matrix%"))
      .orderBy(asc(lodges.name)),
    rooms: await m.db
      .select(named({ name: lodgeRooms.name, cost: lodgeRooms.costPerNightMinor }))
      .from(lodgeRooms)
      .where(like(lodgeRooms.name, "Matrix%"))
      .orderBy(asc(lodgeRooms.name)),
    activities: await m.db
      .select({ name: activities.name, permit: activities.needsPermit })
      .from(activities)
      .where(like(activities.name, "Matrix%"))
      .orderBy(asc(activities.name)),
    vehicles: await m.db
      .select({ name: vehicles.name, cost: vehicles.costMinor })
      .from(vehicles)
      .where(like(vehicles.name, "Matrix%"))
      .orderBy(asc(vehicles.name)),
  };
}

describe("library authorization matrix", () => {
  staffArea.tests({
    title: (who) => `${who}: every library operation`,
    operations,
    become: (who) => {
      actor = who;
      resetRateLimits();
      m.become(who);
    },
    judge: (operation) => staffArea.outcome(operation.run),
    snapshot,
    unchanged: staffArea.refused,
    check: (who, before, after) => {
      if (staffArea.refused.includes(who)) return;
      // A member of staff's calls did what they asked: a new lodge, room, activity and vehicle.
      const names = (rows: { name: string }[]) => rows.map((r) => r.name);
      expect(names(after.lodges)).toContain(`Matrix Lodge ${who}`);
      expect(names(after.rooms)).toContain(`Matrix room ${who}`);
      expect(names(after.activities)).toContain(`Matrix activity ${who}`);
      expect(names(after.vehicles)).toContain(`Matrix vehicle ${who}`);
      expect(names(after.lodges)).toContain(`Matrix Lodge edited ${who}`);
      expect(before).not.toEqual(after);
    },
  });

  it("names every operation after its target", () => {
    for (const op of operations()) expect(op.name).toMatch(/^[\w/.()[\]-]+\.tsx?#\w+$/);
  });
});
