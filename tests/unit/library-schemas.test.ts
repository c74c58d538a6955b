/**
 * The library's forms as staff fill them: dollars typed as text become US cents, a blank optional
 * cost is none, and what cannot be saved is refused on its field with the message the form shows.
 */
import { describe, expect, it } from "vitest";

import {
  activitySchema,
  dollarsToCents,
  lodgeRoomSchema,
  lodgeSchema,
  vehicleSchema,
} from "@/lib/library/schemas";
import { centsToDollarsText } from "@/lib/library/rules";

const LODGE_ID = "3f2b8c1e-6a4d-4e2f-9b1a-0c5d7e8f9a10";

/** The field errors of a refused input, as the action returns them. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
}

describe("dollars to cents", () => {
  it("reads dollars as staff type them", () => {
    expect(dollarsToCents("250")).toBe(25_000);
    expect(dollarsToCents("1,250.5")).toBe(125_050);
    expect(dollarsToCents(" $185.50 ")).toBe(18_550);
    expect(dollarsToCents("US$ 90")).toBe(9_000);
    expect(dollarsToCents("0")).toBe(0);
  });

  it("refuses what is not an amount of dollars and cents", () => {
    for (const text of ["", "abc", "-20", "12.345", "1e3", "250 USD", "1000000"])
      expect(dollarsToCents(text), text).toBeNull();
  });

  it("writes cents back as the form shows them", () => {
    expect(centsToDollarsText(125_050)).toBe("1250.50");
    expect(centsToDollarsText(25_000)).toBe("250");
    expect(centsToDollarsText(null)).toBe("");
  });
});

describe("a lodge and its rooms", () => {
  it("takes a room's costs a night in cents, blank ones as none", () => {
    const room = lodgeRoomSchema.parse({
      lodgeId: LODGE_ID,
      name: " Forest cottage ",
      mealPlan: "full_board",
      cost: "320",
      singleSupplement: "140.25",
      childCost: "",
    });
    expect(room).toEqual({
      lodgeId: LODGE_ID,
      name: "Forest cottage",
      mealPlan: "full_board",
      costPerNightMinor: 32_000,
      singleSupplementMinor: 14_025,
      childCostPerNightMinor: null,
    });
  });

  it("refuses a room without a cost, with a bad cost or an unknown meal plan", () => {
    expect(
      errorsOf(
        lodgeRoomSchema.safeParse({
          lodgeId: LODGE_ID,
          name: "Tent",
          mealPlan: "breakfast_in_bed",
          cost: "",
          childCost: "half",
        }),
      ),
    ).toEqual({
      mealPlan: "Choose a meal plan",
      cost: "Cost per person sharing is required",
      childCost: "Enter dollars, e.g. 250 or 185.50",
    });
  });

  it("places a lodge in a park or town the permits and tariffs know", () => {
    expect(lodgeSchema.parse({ name: "Mweya", park: "Queen Elizabeth" }).park).toBe(
      "Queen Elizabeth",
    );
    expect(errorsOf(lodgeSchema.safeParse({ name: "", park: "Bwindi" }))).toEqual({
      name: "Name is required",
      park: "Choose a park or town",
    });
  });
});

describe("an activity", () => {
  const trek = {
    name: "Gorilla trekking",
    park: "Bwindi Impenetrable",
    cost: "40",
    parkFee: "gorilla_tracking",
    needsPermit: "on",
  };

  it("takes a permit with its park and fee, costs in cents", () => {
    expect(activitySchema.parse(trek)).toMatchObject({
      park: "Bwindi Impenetrable",
      parkFee: "gorilla_tracking",
      needsPermit: true,
      costPerPersonMinor: 4_000,
      childCostMinor: null,
    });
  });

  it("reads the selects' 'none' as no park and no fee", () => {
    expect(
      activitySchema.parse({ name: "City walk", park: "none", parkFee: "none", cost: "20" }),
    ).toMatchObject({ park: null, parkFee: null, needsPermit: false });
  });

  it("refuses a permit without its park or fee, on the permit switch", () => {
    expect(errorsOf(activitySchema.safeParse({ ...trek, park: "none" }))).toEqual({
      needsPermit: "A permit needs the activity's park and its park fee",
    });
    expect(errorsOf(activitySchema.safeParse({ ...trek, parkFee: "" }))).toEqual({
      needsPermit: "A permit needs the activity's park and its park fee",
    });
  });

  it("refuses a permit for a day's park entry, on the fee", () => {
    expect(errorsOf(activitySchema.safeParse({ ...trek, parkFee: "park_entry" }))).toEqual({
      parkFee: "A permit is a gorilla or chimpanzee permit: choose its fee",
    });
  });
});

describe("a vehicle", () => {
  it("takes its seats and its cost a day or trip", () => {
    expect(
      vehicleSchema.parse({ name: "Land Cruiser", kind: "vehicle", seats: "6", cost: "230" }),
    ).toMatchObject({ seats: 6, costMinor: 23_000 });
  });

  it("refuses seats beyond a vehicle and an unknown kind", () => {
    expect(
      errorsOf(vehicleSchema.safeParse({ name: "Bus", kind: "bus", seats: "61", cost: "10" })),
    ).toEqual({ kind: "Choose a kind", seats: "Seats must be at most 60" });
  });
});
