/**
 * The libraries on a real database, as staff use them on /admin/library and as the proposals
 * read them: a lodge and its rooms added and edited with their costs in cents and each change in
 * the audit trail; a name taken, a permit without its park, an unknown row refused with what the
 * form shows; retired rows out of the proposal choices but still shown to a traveller whose
 * proposal names them; a customer and a visitor turned away; the demo seed run twice.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import * as actions from "@/actions/library";
import { seedLibrary } from "@/db/seed-data/library";
import { activities, lodgeRooms, lodges, vehicles } from "@/db/schema";
import { listActivities } from "@/lib/library/data/activities";
import { libraryChoices, lodgePicturesOf } from "@/lib/library/data/choices";
import { listLodges } from "@/lib/library/data/lodges";
import { listVehicles } from "@/lib/library/data/vehicles";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(createAdminWorld);
beforeEach(() => {
  resetRateLimits();
  actAs(t.w.staff);
});

async function addLodge(name: string, park = "Bwindi Impenetrable") {
  const state = await actions.createLodgeAction(undefined, {
    name,
    park,
    description: "Cottages on the forest edge.",
  });
  expect(state).toMatchObject({ status: "success", title: "Lodge Added" });
  const lodge = (await listLodges(name)).find((l) => l.name === name);
  return lodge!;
}

describe("lodges and their rooms", () => {
  it("adds a lodge and a room with its costs a night, and audits both", async () => {
    const lodge = await addLodge("Gorilla Heights Lodge");
    const state = await actions.createLodgeRoomAction(undefined, {
      lodgeId: lodge.id,
      name: "Forest cottage",
      mealPlan: "full_board",
      cost: "1,250.50",
      singleSupplement: "",
      childCost: "60",
    });
    expect(state).toMatchObject({
      status: "success",
      title: "Room Added",
      message: "Forest cottage at Gorilla Heights Lodge.",
    });
    const [listed] = await listLodges("Gorilla Heights");
    expect(listed).toMatchObject({ park: "Bwindi Impenetrable", isActive: true });
    expect(listed!.rooms).toEqual([
      expect.objectContaining({
        name: "Forest cottage",
        mealPlan: "full_board",
        costPerNightMinor: 125_050,
        singleSupplementMinor: null,
        childCostPerNightMinor: 6_000,
      }),
    ]);
    const [created] = await auditTrail(t.db, {
      action: "library.lodge_create",
      targetId: lodge.id,
    });
    expect(created).toMatchObject({
      actorUserId: t.w.staff.id,
      details: { name: "Gorilla Heights Lodge", park: "Bwindi Impenetrable" },
    });
    const [room] = await auditTrail(t.db, { action: "library.room_create" });
    expect(room?.details).toMatchObject({
      lodge: "Gorilla Heights Lodge",
      costPerNight: "$1,250.50",
      singleSupplement: "none",
      childCostPerNight: "$60.00",
    });
  });

  it("edits a room's cost and meal plan, the trail saying from what to what", async () => {
    const lodge = await addLodge("Lake View Camp", "Lake Mburo");
    await actions.createLodgeRoomAction(undefined, {
      lodgeId: lodge.id,
      name: "Tent",
      mealPlan: "half_board",
      cost: "150",
    });
    const [room] = (await listLodges("Lake View Camp"))[0]!.rooms;
    const state = await actions.updateLodgeRoomAction(undefined, {
      id: room!.id,
      name: "Tent",
      mealPlan: "full_board",
      cost: "175",
      singleSupplement: "50",
    });
    expect(state).toMatchObject({ status: "success", title: "Room Updated" });
    const [edited] = (await listLodges("Lake View Camp"))[0]!.rooms;
    expect(edited).toMatchObject({
      mealPlan: "full_board",
      costPerNightMinor: 17_500,
      singleSupplementMinor: 5_000,
    });
    const [event] = await auditTrail(t.db, { action: "library.room_update", targetId: room!.id });
    expect(event?.details).toMatchObject({
      changes: {
        mealPlan: { from: "half_board", to: "full_board" },
        costPerNight: { from: "$150.00", to: "$175.00" },
        singleSupplement: { from: "none", to: "$50.00" },
      },
    });
  });

  it("refuses a lodge named as another (in any case) on the name field", async () => {
    await addLodge("Silverback Lodge");
    const state = await actions.createLodgeAction(undefined, {
      name: "silverback LODGE",
      park: "Kibale",
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { name: ["Another lodge already has this name."] },
    });
    expect(await listLodges("silverback")).toHaveLength(1);
  });

  it("refuses bad costs with the form's messages, and saves nothing", async () => {
    const lodge = await addLodge("Crater Rim Lodge", "Kibale");
    const state = await actions.createLodgeRoomAction(undefined, {
      lodgeId: lodge.id,
      name: "Cottage",
      mealPlan: "full_board",
      cost: "two hundred",
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { cost: ["Enter dollars, e.g. 250 or 185.50"] },
      values: { cost: "two hundred" },
    });
    expect((await listLodges("Crater Rim"))[0]!.rooms).toEqual([]);
  });

  it("says a lodge that no longer exists is not found", async () => {
    const state = await actions.updateLodgeAction(undefined, {
      id: "00000000-0000-4000-8000-000000000000",
      name: "Ghost Lodge",
      park: "Entebbe",
    });
    expect(state).toMatchObject({ status: "error", title: "Lodge Not Found" });
  });
});

describe("activities", () => {
  it("gives a permit without its park a field error, and saves it with one", async () => {
    const refused = await actions.createActivityAction(undefined, {
      name: "Chimp trek",
      park: "none",
      parkFee: "chimpanzee_tracking",
      cost: "20",
      needsPermit: true,
    });
    expect(refused).toMatchObject({
      status: "invalid",
      fieldErrors: { needsPermit: ["A permit needs the activity's park and its park fee"] },
    });
    const saved = await actions.createActivityAction(undefined, {
      name: "Chimp trek",
      park: "Kibale",
      parkFee: "chimpanzee_tracking",
      cost: "20",
      childCost: "",
      needsPermit: true,
    });
    expect(saved).toMatchObject({ status: "success", title: "Activity Added" });
    expect(await listActivities("chimp")).toEqual([
      expect.objectContaining({
        park: "Kibale",
        parkFee: "chimpanzee_tracking",
        needsPermit: true,
        costPerPersonMinor: 2_000,
        childCostMinor: null,
      }),
    ]);
  });
});

describe("what proposals read", () => {
  it("offers active rows only; a retired lodge still shows to its traveller, without costs", async () => {
    const lodge = await addLodge("Riverside Camp", "Murchison Falls");
    await t.db
      .update(lodges)
      .set({ imageUrl: "/images/tours/murchison-safari.svg" })
      .where(eq(lodges.id, lodge.id));
    await actions.createLodgeRoomAction(undefined, {
      lodgeId: lodge.id,
      name: "Banda",
      mealPlan: "full_board",
      cost: "120",
    });
    await actions.createLodgeRoomAction(undefined, {
      lodgeId: lodge.id,
      name: "Old tent",
      mealPlan: "full_board",
      cost: "80",
    });
    const oldTent = (await listLodges("Riverside"))[0]!.rooms.find((r) => r.name === "Old tent")!;
    expect(
      await actions.setLodgeRoomActiveAction(undefined, { id: oldTent.id, active: false }),
    ).toMatchObject({ status: "success", title: "Room Retired" });

    const offered = (await libraryChoices()).lodges.find((l) => l.id === lodge.id);
    expect(offered?.rooms.map((r) => r.name)).toEqual(["Banda"]);
    expect(offered?.rooms[0]).toMatchObject({ costPerNightMinor: 12_000, mealPlan: "full_board" });

    await actions.setLodgeActiveAction(undefined, { id: lodge.id, active: "false" });
    expect((await libraryChoices()).lodges.map((l) => l.id)).not.toContain(lodge.id);

    // The traveller's page reads with no one signed in.
    actAs(null);
    const pictures = await lodgePicturesOf([lodge.id, "not-an-id"]);
    expect(pictures).toEqual([
      {
        id: lodge.id,
        name: "Riverside Camp",
        park: "Murchison Falls",
        description: "Cottages on the forest edge.",
        pictures: [
          {
            src: "/images/tours/murchison-safari.svg",
            srcSet: null,
            sizes: null,
            width: null,
            height: null,
          },
        ],
      },
    ]);
  });

  it("gives an uploaded picture's variants as a srcset before the seed artwork", async () => {
    const lodge = await addLodge("Photo Lodge", "Kampala");
    await t.db
      .update(lodges)
      .set({
        imageUrl: "/images/tours/kampala-cultural.svg",
        pictures: [
          {
            key: `lodges/${lodge.id}/media/1700000000000-abcdefabcdef`,
            width: 1600,
            height: 1067,
            widths: [480, 960, 1600],
            format: "webp",
          },
        ],
      })
      .where(eq(lodges.id, lodge.id));
    const [shown] = await lodgePicturesOf([lodge.id]);
    expect(shown?.pictures).toHaveLength(1);
    expect(shown?.pictures[0]?.srcSet).toMatch(/-480\.webp 480w, .*-1600\.webp 1600w$/);
    expect(shown?.pictures[0]?.src).toMatch(/-960\.webp$/);
  });

  it("turns away a customer and a visitor from the staff reads and actions", async () => {
    actAs(t.w.a);
    expect(await expectRedirect(() => libraryChoices())).toBe("/admin/login?error=AccessDenied");
    expect(
      await expectRedirect(() =>
        actions.createVehicleAction(undefined, {
          name: "Customer van",
          kind: "vehicle",
          seats: "7",
          cost: "10",
        }),
      ),
    ).toBe("/admin/login?error=AccessDenied");
    actAs(null);
    expect(await expectRedirect(() => listVehicles())).toBe("/admin/login");
    actAs(t.w.staff);
    expect(await listVehicles("Customer van")).toEqual([]);
  });
});

describe("the demo library", () => {
  it("is seeded once however often the seed runs, with the treks' permits", async () => {
    await seedLibrary(t.db);
    const counted = async () => ({
      lodges: (await t.db.select({ n: count() }).from(lodges))[0]!.n,
      rooms: (await t.db.select({ n: count() }).from(lodgeRooms))[0]!.n,
      activities: (await t.db.select({ n: count() }).from(activities))[0]!.n,
      vehicles: (await t.db.select({ n: count() }).from(vehicles))[0]!.n,
    });
    const first = await counted();
    await seedLibrary(t.db);
    expect(await counted()).toEqual(first);
    const choices = await libraryChoices();
    expect(choices.activities.find((a) => a.name === "Gorilla trekking")).toMatchObject({
      park: "Bwindi Impenetrable",
      parkFee: "gorilla_tracking",
      needsPermit: true,
    });
    expect(choices.lodges.find((l) => l.name === "Buhoma Lodge")?.rooms).toHaveLength(1);
    expect(choices.vehicles.find((v) => v.kind === "transfer")).toBeDefined();
  });
});
