"use server";

import { staffAction } from "@/lib/action";
import { setActivityActive, createActivity, updateActivity } from "@/lib/library/data/activities";
import {
  createLodge,
  createLodgeRoom,
  setLodgeActive,
  setLodgeRoomActive,
  updateLodge,
  updateLodgeRoom,
} from "@/lib/library/data/lodges";
import { createVehicle, setVehicleActive, updateVehicle } from "@/lib/library/data/vehicles";
import {
  activitySchema,
  libraryActiveSchema,
  lodgeRoomSchema,
  lodgeSchema,
  updateActivitySchema,
  updateLodgeRoomSchema,
  updateLodgeSchema,
  updateVehicleSchema,
  vehicleSchema,
} from "@/lib/library/schemas";

/**
 * The libraries tailor-made safaris are built from (/admin/library): lodges and their rooms,
 * activities, vehicles. Every member of staff adds, edits, retires and brings back rows; a name
 * another row of the list has is refused on the name field.
 */

const nameTaken = (what: string) => ({
  field: "name",
  title: "Name Taken",
  message: `Another ${what} already has this name.`,
});

const lodgesPath = ["/admin/library/lodges"] as const;
const activitiesPath = ["/admin/library/activities"] as const;
const vehiclesPath = ["/admin/library/vehicles"] as const;

/* Lodges ---------------------------------------------------------------------------------- */

const lodgeNotFound = { title: "Lodge Not Found", message: "This lodge no longer exists." };

export const createLodgeAction = staffAction(
  lodgeSchema,
  async (data) => {
    const lodge = await createLodge(data);
    return { title: "Lodge Added", message: `${lodge.name} is in the library.` };
  },
  {
    name: "createLodge",
    failure: { title: "Error", message: "Failed to add the lodge." },
    errors: { name_taken: nameTaken("lodge") },
    revalidate: lodgesPath,
  },
);

export const updateLodgeAction = staffAction(
  updateLodgeSchema,
  async (data) => {
    const lodge = await updateLodge(data);
    return { title: "Lodge Updated", message: `${lodge.name} has been saved.` };
  },
  {
    name: "updateLodge",
    failure: { title: "Error", message: "Failed to update the lodge." },
    errors: { name_taken: nameTaken("lodge"), not_found: lodgeNotFound },
    revalidate: lodgesPath,
  },
);

export const setLodgeActiveAction = staffAction(
  libraryActiveSchema,
  async (data) => {
    const lodge = await setLodgeActive(data);
    return lodge.isActive
      ? { title: "Lodge Active", message: `${lodge.name} can be chosen for proposals again.` }
      : { title: "Lodge Retired", message: `${lodge.name} is no longer offered for proposals.` };
  },
  {
    name: "setLodgeActive",
    failure: { title: "Error", message: "Failed to change the lodge." },
    errors: { not_found: lodgeNotFound },
    revalidate: lodgesPath,
  },
);

/* A lodge's rooms -------------------------------------------------------------------------- */

const roomNotFound = { title: "Room Not Found", message: "This room no longer exists." };
const roomNameTaken = {
  field: "name",
  title: "Name Taken",
  message: "The lodge already has a room of this name.",
};

export const createLodgeRoomAction = staffAction(
  lodgeRoomSchema,
  async (data) => {
    const room = await createLodgeRoom(data);
    return { title: "Room Added", message: `${room.name} at ${room.lodgeName}.` };
  },
  {
    name: "createLodgeRoom",
    failure: { title: "Error", message: "Failed to add the room." },
    errors: { name_taken: roomNameTaken, not_found: lodgeNotFound },
    revalidate: lodgesPath,
  },
);

export const updateLodgeRoomAction = staffAction(
  updateLodgeRoomSchema,
  async (data) => {
    const room = await updateLodgeRoom(data);
    return { title: "Room Updated", message: `${room.name} at ${room.lodgeName} has been saved.` };
  },
  {
    name: "updateLodgeRoom",
    failure: { title: "Error", message: "Failed to update the room." },
    errors: { name_taken: roomNameTaken, not_found: roomNotFound },
    revalidate: lodgesPath,
  },
);

export const setLodgeRoomActiveAction = staffAction(
  libraryActiveSchema,
  async (data) => {
    const room = await setLodgeRoomActive(data);
    return room.isActive
      ? { title: "Room Active", message: `${room.name} can be chosen for proposals again.` }
      : { title: "Room Retired", message: `${room.name} is no longer offered for proposals.` };
  },
  {
    name: "setLodgeRoomActive",
    failure: { title: "Error", message: "Failed to change the room." },
    errors: { not_found: roomNotFound },
    revalidate: lodgesPath,
  },
);

/* Activities ------------------------------------------------------------------------------- */

const activityNotFound = {
  title: "Activity Not Found",
  message: "This activity no longer exists.",
};

export const createActivityAction = staffAction(
  activitySchema,
  async (data) => {
    const activity = await createActivity(data);
    return { title: "Activity Added", message: `${activity.name} is in the library.` };
  },
  {
    name: "createActivity",
    failure: { title: "Error", message: "Failed to add the activity." },
    errors: { name_taken: nameTaken("activity") },
    revalidate: activitiesPath,
  },
);

export const updateActivityAction = staffAction(
  updateActivitySchema,
  async (data) => {
    const activity = await updateActivity(data);
    return { title: "Activity Updated", message: `${activity.name} has been saved.` };
  },
  {
    name: "updateActivity",
    failure: { title: "Error", message: "Failed to update the activity." },
    errors: { name_taken: nameTaken("activity"), not_found: activityNotFound },
    revalidate: activitiesPath,
  },
);

export const setActivityActiveAction = staffAction(
  libraryActiveSchema,
  async (data) => {
    const activity = await setActivityActive(data);
    return activity.isActive
      ? { title: "Activity Active", message: `${activity.name} can be chosen for proposals again.` }
      : {
          title: "Activity Retired",
          message: `${activity.name} is no longer offered for proposals.`,
        };
  },
  {
    name: "setActivityActive",
    failure: { title: "Error", message: "Failed to change the activity." },
    errors: { not_found: activityNotFound },
    revalidate: activitiesPath,
  },
);

/* Vehicles --------------------------------------------------------------------------------- */

const vehicleNotFound = { title: "Vehicle Not Found", message: "This vehicle no longer exists." };

export const createVehicleAction = staffAction(
  vehicleSchema,
  async (data) => {
    const vehicle = await createVehicle(data);
    return { title: "Vehicle Added", message: `${vehicle.name} is in the library.` };
  },
  {
    name: "createVehicle",
    failure: { title: "Error", message: "Failed to add the vehicle." },
    errors: { name_taken: nameTaken("vehicle or transfer") },
    revalidate: vehiclesPath,
  },
);

export const updateVehicleAction = staffAction(
  updateVehicleSchema,
  async (data) => {
    const vehicle = await updateVehicle(data);
    return { title: "Vehicle Updated", message: `${vehicle.name} has been saved.` };
  },
  {
    name: "updateVehicle",
    failure: { title: "Error", message: "Failed to update the vehicle." },
    errors: { name_taken: nameTaken("vehicle or transfer"), not_found: vehicleNotFound },
    revalidate: vehiclesPath,
  },
);

export const setVehicleActiveAction = staffAction(
  libraryActiveSchema,
  async (data) => {
    const vehicle = await setVehicleActive(data);
    return vehicle.isActive
      ? { title: "Vehicle Active", message: `${vehicle.name} can be chosen for proposals again.` }
      : {
          title: "Vehicle Retired",
          message: `${vehicle.name} is no longer offered for proposals.`,
        };
  },
  {
    name: "setVehicleActive",
    failure: { title: "Error", message: "Failed to change the vehicle." },
    errors: { not_found: vehicleNotFound },
    revalidate: vehiclesPath,
  },
);
