import { and, eq, sql } from "drizzle-orm";

import type { MealPlan, ParkFee, VehicleKind } from "@/lib/domain";

import { activities, lodgeRooms, lodges, vehicles } from "../schema";
import type { Db } from "../types";

/**
 * The demo's libraries for tailor-made safaris: lodges in the parks and towns a Ugandan safari
 * stays in, their room types, the activities and the vehicles, at plausible costs to the operator
 * (US dollars here, cents in the database). The costs are examples, not any lodge's contract
 * rates: an operator enters its own. Exported so the proposals' demo can find its rows by name.
 */

type SeedRoom = {
  name: string;
  mealPlan: MealPlan;
  /** Dollars per person sharing, a night. */
  cost: number;
  singleSupplement: number | null;
  childCost: number | null;
};

type SeedLodge = {
  name: string;
  park: string;
  description: string;
  imageUrl: string;
  rooms: SeedRoom[];
};

type SeedActivity = {
  name: string;
  park: string | null;
  description: string;
  /** Dollars a person, park fees apart. */
  cost: number;
  childCost: number | null;
  parkFee: ParkFee | null;
  needsPermit: boolean;
};

type SeedVehicle = {
  name: string;
  kind: VehicleKind;
  seats: number;
  description: string;
  /** Dollars a day (a vehicle) or a trip (a transfer). */
  cost: number;
};

// The tours' artwork of the same landscapes stands in for lodge photographs until staff upload some.
const art = (name: string) => `/images/tours/${name}.svg`;

export const LIBRARY_LODGES: SeedLodge[] = [
  {
    name: "Buhoma Lodge",
    park: "Bwindi Impenetrable",
    description:
      "Ten timber cottages on stilts in the forest canopy of the Buhoma sector, a short walk from the park gate where the gorilla treks begin.",
    imageUrl: art("gorilla-safari"),
    rooms: [
      {
        name: "Forest cottage",
        mealPlan: "full_board",
        cost: 320,
        singleSupplement: 140,
        childCost: 160,
      },
    ],
  },
  {
    name: "Mahogany Springs",
    park: "Bwindi Impenetrable",
    description:
      "A lodge of suites beside the Munyaga river, in gardens at the edge of the forest, with a spa and a log fire in the lounge.",
    imageUrl: art("bwindi-wellness"),
    rooms: [
      {
        name: "Deluxe suite",
        mealPlan: "full_board",
        cost: 290,
        singleSupplement: 110,
        childCost: 145,
      },
      {
        name: "Family suite",
        mealPlan: "full_board",
        cost: 260,
        singleSupplement: null,
        childCost: 120,
      },
    ],
  },
  {
    name: "Engagi Lodge",
    park: "Bwindi Impenetrable",
    description:
      "Eight cottages with fireplaces looking onto the forest of Buhoma, simple and warm, for a party watching its budget.",
    imageUrl: art("gorilla-safari"),
    rooms: [
      { name: "Cottage", mealPlan: "full_board", cost: 150, singleSupplement: 60, childCost: 75 },
    ],
  },
  {
    name: "Primate Lodge Kibale",
    park: "Kibale",
    description:
      "The only lodge inside Kibale forest, at Kanyanchu where the chimpanzee treks start: forest cottages and safari tents under the trees.",
    imageUrl: art("crater-lakes"),
    rooms: [
      {
        name: "Forest cottage",
        mealPlan: "full_board",
        cost: 210,
        singleSupplement: 80,
        childCost: 105,
      },
      {
        name: "Safari tent",
        mealPlan: "full_board",
        cost: 130,
        singleSupplement: 50,
        childCost: 65,
      },
    ],
  },
  {
    name: "Kyaninga Lodge",
    park: "Kibale",
    description:
      "Log cottages on the rim of a crater lake near Fort Portal, with the Rwenzori mountains on a clear morning.",
    imageUrl: art("crater-lakes"),
    rooms: [
      { name: "Cottage", mealPlan: "full_board", cost: 380, singleSupplement: 150, childCost: 190 },
    ],
  },
  {
    name: "Mweya Safari Lodge",
    park: "Queen Elizabeth",
    description:
      "On the Mweya peninsula between Lake Edward and the Kazinga Channel, where the boat cruises leave from below the terrace.",
    imageUrl: art("birding-paradise"),
    rooms: [
      {
        name: "Standard room",
        mealPlan: "full_board",
        cost: 190,
        singleSupplement: 70,
        childCost: 95,
      },
      {
        name: "Channel view room",
        mealPlan: "full_board",
        cost: 230,
        singleSupplement: 85,
        childCost: 115,
      },
    ],
  },
  {
    name: "Ishasha Wilderness Camp",
    park: "Queen Elizabeth",
    description:
      "Ten tents on the Ntungwe river in the Ishasha sector, the country of the tree-climbing lions.",
    imageUrl: art("family-adventure"),
    rooms: [
      { name: "Tent", mealPlan: "all_inclusive", cost: 390, singleSupplement: 160, childCost: 195 },
    ],
  },
  {
    name: "Paraa Safari Lodge",
    park: "Murchison Falls",
    description:
      "On the north bank of the Nile at Paraa, with a pool above the river and the game drives of the northern plains at its door.",
    imageUrl: art("murchison-safari"),
    rooms: [
      {
        name: "Standard room",
        mealPlan: "full_board",
        cost: 185,
        singleSupplement: 65,
        childCost: 90,
      },
      { name: "Suite", mealPlan: "full_board", cost: 280, singleSupplement: 110, childCost: 140 },
    ],
  },
  {
    name: "Chobe Safari Lodge",
    park: "Murchison Falls",
    description:
      "By the rapids of the Victoria Nile in the east of the park, a long lodge of rooms and tents facing the water.",
    imageUrl: art("nile-adventure"),
    rooms: [
      {
        name: "River view room",
        mealPlan: "full_board",
        cost: 200,
        singleSupplement: 75,
        childCost: 100,
      },
      {
        name: "Luxury tent",
        mealPlan: "full_board",
        cost: 175,
        singleSupplement: 65,
        childCost: 85,
      },
    ],
  },
  {
    name: "Mihingo Lodge",
    park: "Lake Mburo",
    description:
      "Tents on platforms among the rocks of a ridge above the park, with a waterhole below and horseback safaris among the zebra.",
    imageUrl: art("lakeside-safari"),
    rooms: [
      {
        name: "Tented room",
        mealPlan: "full_board",
        cost: 220,
        singleSupplement: 90,
        childCost: 110,
      },
    ],
  },
  {
    name: "Kampala Serena Hotel",
    park: "Kampala",
    description: "The city's garden hotel, close to the centre, for the first or the last night.",
    imageUrl: art("kampala-cultural"),
    rooms: [
      {
        name: "Deluxe room",
        mealPlan: "bed_and_breakfast",
        cost: 160,
        singleSupplement: 150,
        childCost: 40,
      },
    ],
  },
  {
    name: "Protea Hotel Entebbe",
    park: "Entebbe",
    description:
      "On the shore of Lake Victoria, ten minutes from the airport, for arrivals late at night.",
    imageUrl: art("lake-bunyonyi"),
    rooms: [
      {
        name: "Lake view room",
        mealPlan: "bed_and_breakfast",
        cost: 95,
        singleSupplement: 85,
        childCost: 30,
      },
    ],
  },
];

export const LIBRARY_ACTIVITIES: SeedActivity[] = [
  {
    name: "Gorilla trekking",
    park: "Bwindi Impenetrable",
    description:
      "A day's trek with UWA rangers to a habituated gorilla family, an hour with them once found. From 15 years.",
    cost: 40,
    childCost: null,
    parkFee: "gorilla_tracking",
    needsPermit: true,
  },
  {
    name: "Gorilla habituation experience",
    park: "Bwindi Impenetrable",
    description:
      "A full day with researchers and a family still being habituated, four hours in its company.",
    cost: 40,
    childCost: null,
    parkFee: "gorilla_habituation",
    needsPermit: true,
  },
  {
    name: "Batwa community walk",
    park: "Bwindi Impenetrable",
    description: "An afternoon with the Batwa, the forest's first people, led by a Batwa guide.",
    cost: 45,
    childCost: 25,
    parkFee: null,
    needsPermit: false,
  },
  {
    name: "Chimpanzee tracking",
    park: "Kibale",
    description:
      "A morning walk from Kanyanchu with a ranger to a habituated chimpanzee community.",
    cost: 20,
    childCost: null,
    parkFee: "chimpanzee_tracking",
    needsPermit: true,
  },
  {
    name: "Bigodi wetland walk",
    park: "Kibale",
    description:
      "Two to three hours along the Magombe swamp for birds and monkeys, run by the community.",
    cost: 20,
    childCost: 10,
    parkFee: null,
    needsPermit: false,
  },
  {
    name: "Kazinga Channel boat cruise",
    park: "Queen Elizabeth",
    description:
      "Two hours on the channel between Lakes George and Edward: hippos, buffalo, elephants and birds.",
    cost: 35,
    childCost: 20,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Ishasha game drive",
    park: "Queen Elizabeth",
    description: "A drive with a ranger guide through the fig trees where the lions climb.",
    cost: 30,
    childCost: 15,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Launch trip to the bottom of the falls",
    park: "Murchison Falls",
    description:
      "Three hours upstream from Paraa to the foot of the falls, crocodiles and hippos on the banks.",
    cost: 35,
    childCost: 20,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Murchison game drive",
    park: "Murchison Falls",
    description:
      "A morning on the Buligi tracks north of the Nile with a ranger guide: giraffe, lion, kob.",
    cost: 25,
    childCost: 15,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Hike to the top of the falls",
    park: "Murchison Falls",
    description:
      "An hour's climb from the boat's landing to where the Nile forces its way through the gorge.",
    cost: 20,
    childCost: 10,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Lake Mburo walking safari",
    park: "Lake Mburo",
    description: "A dawn walk with an armed ranger among zebra, impala and eland.",
    cost: 30,
    childCost: 15,
    parkFee: "park_entry",
    needsPermit: false,
  },
  {
    name: "Kampala city tour",
    park: "Kampala",
    description:
      "The Kasubi tombs, the Gaddafi mosque's minaret and Owino market with a local guide.",
    cost: 45,
    childCost: 25,
    parkFee: null,
    needsPermit: false,
  },
  {
    name: "White water rafting on the Nile",
    park: "Jinja",
    description:
      "A full day on the grade 5 rapids below Jinja with lunch on the river. From 16 years.",
    cost: 140,
    childCost: null,
    parkFee: null,
    needsPermit: false,
  },
];

export const LIBRARY_VEHICLES: SeedVehicle[] = [
  {
    name: "4x4 safari Land Cruiser with driver-guide",
    kind: "vehicle",
    seats: 6,
    description:
      "Extended Land Cruiser with a pop-up roof, fuel and the driver-guide's keep included.",
    cost: 230,
  },
  {
    name: "Safari van with driver-guide",
    kind: "vehicle",
    seats: 7,
    description:
      "Toyota Hiace with a pop-up roof, for the tarmac circuits; fuel and driver included.",
    cost: 150,
  },
  {
    name: "Domestic flight Entebbe - Kihihi",
    kind: "transfer",
    seats: 1,
    description:
      "A seat on the scheduled flight to the airstrip for Bwindi, one way, 15 kg soft bags.",
    cost: 330,
  },
  {
    name: "Airport transfer Entebbe",
    kind: "transfer",
    seats: 4,
    description: "Saloon car between Entebbe airport and a Kampala or Entebbe hotel, one way.",
    cost: 50,
  },
  {
    name: "Airport transfer Entebbe (minivan)",
    kind: "transfer",
    seats: 7,
    description: "Minivan between Entebbe airport and a Kampala or Entebbe hotel, one way.",
    cost: 75,
  },
];

const cents = (dollars: number) => Math.round(dollars * 100);
const optionalCents = (dollars: number | null) => (dollars === null ? null : cents(dollars));

/**
 * Adds every row the library lacks, found by its name (a lodge's rooms by lodge and name), so a
 * second run adds nothing and a row staff edited keeps their edits.
 */
export async function seedLibrary(db: Db): Promise<void> {
  for (const { rooms, ...lodge } of LIBRARY_LODGES) {
    await db.insert(lodges).values(lodge).onConflictDoNothing();
    const [row] = await db
      .select({ id: lodges.id })
      .from(lodges)
      .where(sql`lower(${lodges.name}) = ${lodge.name.toLowerCase()}`);
    if (!row) continue;
    for (const room of rooms) {
      const [existing] = await db
        .select({ id: lodgeRooms.id })
        .from(lodgeRooms)
        .where(
          and(
            eq(lodgeRooms.lodgeId, row.id),
            sql`lower(${lodgeRooms.name}) = ${room.name.toLowerCase()}`,
          ),
        );
      if (existing) continue;
      await db.insert(lodgeRooms).values({
        lodgeId: row.id,
        name: room.name,
        mealPlan: room.mealPlan,
        costPerNightMinor: cents(room.cost),
        singleSupplementMinor: optionalCents(room.singleSupplement),
        childCostPerNightMinor: optionalCents(room.childCost),
      });
    }
  }
  await db
    .insert(activities)
    .values(
      LIBRARY_ACTIVITIES.map(({ cost, childCost, ...activity }) => ({
        ...activity,
        costPerPersonMinor: cents(cost),
        childCostMinor: optionalCents(childCost),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(vehicles)
    .values(
      LIBRARY_VEHICLES.map(({ cost, ...vehicle }) => ({ ...vehicle, costMinor: cents(cost) })),
    )
    .onConflictDoNothing();
}
