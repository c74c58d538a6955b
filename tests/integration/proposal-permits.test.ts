/**
 * The permits of a tailor-made trip making two treks: accepting its proposal gives each trekker a
 * permit of both (a chimpanzee trek in Kibale, then a gorilla trek in Bwindi), each from its own
 * park and day's lot, or nothing at all when one trek lacks permits. Staff see both treks' permits
 * per trekker in the booking's Edit dialog, allocate a missing one without touching the other
 * trek's, and cannot confirm the trip again while any trek misses one.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import { allocatePermitsAction } from "@/actions/parks";
import {
  bookingParkFees,
  bookings,
  permitAllocations,
  permitLots,
  proposalLines,
} from "@/db/schema";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { formatDay, todayInKampala } from "@/lib/dates";
import { requirePermitsToConfirm } from "@/lib/parks/data/allocations";
import { permitsLeft } from "@/lib/parks/data/stock";
import { acceptProposal } from "@/lib/proposals/data/traveller";
import { resetRateLimits } from "@/lib/rate-limit";
import { actAs, createWorld } from "@/tests/helpers/customer-world";
import { refusal } from "@/tests/helpers/refusal";
import {
  insertLodge,
  insertLot,
  insertProposal,
  TREK_PARK,
  versionRow,
} from "@/tests/helpers/traveller-proposals";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => ({ ...(await createWorld(db)), lodge: await insertLodge(db) }));

beforeEach(() => resetRateLimits());

const CHIMP_PARK = "Kibale Forest";
let start = 400;

/**
 * A sent proposal for two trekkers whose first day is a chimpanzee trek in Kibale and second a
 * gorilla trek in Bwindi (the helper's), with a paid lot of each trek's park and day.
 */
async function twoTrekProposal(gorillaPermits: number, chimpPermits = 4) {
  start += 5;
  const p = await insertProposal(t.db, { startInDays: start, roomId: t.w.lodge.roomId });
  const chimpDay = p.version.startDate;
  await t.db.insert(proposalLines).values({
    versionId: p.version.id,
    day: 1,
    position: 2,
    kind: "activity",
    description: "Chimpanzee tracking in Kanyanchu",
    costMinor: 5_000,
    park: CHIMP_PARK,
    parkFee: "chimpanzee_tracking",
    feeMinor: 2 * 25_000,
    needsPermit: true,
  });
  const [chimpLot] = await t.db
    .insert(permitLots)
    .values({ park: CHIMP_PARK, trekDate: chimpDay, quantity: chimpPermits, state: "paid" })
    .returning({ id: permitLots.id });
  const gorillaLot = await insertLot(t.db, p.version.trekDay, gorillaPermits);
  return { ...p, chimpDay, gorillaDay: p.version.trekDay, chimpLot: chimpLot!.id, gorillaLot };
}

const accept = (token: string) =>
  acceptProposal({ token, fullName: "Amara Okafor", terms: true }, "203.0.113.9");

const allocationsOf = (bookingId: string) =>
  t.db
    .select({
      id: permitAllocations.id,
      traveller: permitAllocations.traveller,
      lotId: permitAllocations.lotId,
    })
    .from(permitAllocations)
    .where(eq(permitAllocations.bookingId, bookingId));

const allocationsIn = async (lotId: string) =>
  (
    await t.db
      .select({ id: permitAllocations.id })
      .from(permitAllocations)
      .where(eq(permitAllocations.lotId, lotId))
  ).length;

describe("a tailor-made trip with a chimpanzee trek and a gorilla trek", () => {
  it("gives each trekker a permit of each trek, from that trek's own lot, and staff see both", async () => {
    const p = await twoTrekProposal(4);
    const { bookingId } = await accept(p.version.token);

    const held = await allocationsOf(bookingId);
    expect(held).toHaveLength(4);
    const pairs = held.map((a) => `${a.traveller}|${a.lotId}`).sort();
    expect(pairs).toEqual(
      [`1|${p.chimpLot}`, `1|${p.gorillaLot}`, `2|${p.chimpLot}`, `2|${p.gorillaLot}`].sort(),
    );
    expect(await allocationsIn(p.chimpLot)).toBe(2);
    expect(await allocationsIn(p.gorillaLot)).toBe(2);

    // Staff see both treks, each trekker holding a permit of each, with a number field of each.
    actAs(t.w.admin);
    const dialog = await getBookingForEdit(bookingId);
    expect(dialog!.permits).toMatchObject({
      confirmNeedsPermits: true,
      treks: [
        { park: CHIMP_PARK, trekDate: p.chimpDay, permitFee: "chimpanzee_tracking", missing: 0 },
        { park: TREK_PARK, trekDate: p.gorillaDay, permitFee: "gorilla_tracking", missing: 0 },
      ],
    });
    for (const trek of dialog!.permits!.treks) {
      expect(trek.trekkers.map((k) => k.position)).toEqual([1, 2]);
      expect(trek.trekkers.every((k) => k.allocationId !== null && k.lot === "Paid")).toBe(true);
    }
    // Each trek's day has two permits left for anyone else: each allocation counts on its lot.
    const left = (park: string, day: string) =>
      t.db.transaction((tx) => permitsLeft(tx, { park, day }, todayInKampala()));
    expect(await left(CHIMP_PARK, p.chimpDay)).toBe(2);
    expect(await left(TREK_PARK, p.gorillaDay)).toBe(2);
    await t.db.transaction((tx) => requirePermitsToConfirm(tx, bookingId));

    // One trekker's chimpanzee permit gone (say UWA cancelled it): confirming the trip again is
    // refused naming the trek, and staff allocate it from another Kibale lot, the gorilla
    // permits left as they were.
    const chimpOfSecond = held.find((a) => a.traveller === 2 && a.lotId === p.chimpLot)!;
    await t.db.delete(permitAllocations).where(eq(permitAllocations.id, chimpOfSecond.id));
    const missing = await refusal(t.db.transaction((tx) => requirePermitsToConfirm(tx, bookingId)));
    expect(missing.code).toBe("permits_missing");
    expect(missing.details.reason).toBe(
      `1 permit of 4 is missing (1 for ${CHIMP_PARK} on ${formatDay(p.chimpDay)}): every trekker needs a UWA permit before this trip is confirmed. Allocate it from a lot under Permits.`,
    );
    const [other] = await t.db
      .insert(permitLots)
      .values({ park: CHIMP_PARK, trekDate: p.chimpDay, quantity: 3, state: "blocked" })
      .returning({ id: permitLots.id });
    expect(await allocatePermitsAction(undefined, { bookingId, lotId: other!.id })).toMatchObject({
      status: "success",
    });
    const after = await allocationsOf(bookingId);
    expect(after.map((a) => `${a.traveller}|${a.lotId}`).sort()).toEqual(
      [`1|${p.chimpLot}`, `1|${p.gorillaLot}`, `2|${other!.id}`, `2|${p.gorillaLot}`].sort(),
    );
    await t.db.transaction((tx) => requirePermitsToConfirm(tx, bookingId));
  });

  it("refuses when the gorilla day is short, saving no booking, fee line or permit (the chimpanzee trek's neither)", async () => {
    const p = await twoTrekProposal(1);
    const bookingsBefore = (await t.db.select({ id: bookings.id }).from(bookings)).length;
    const feesBefore = (await t.db.select({ id: bookingParkFees.id }).from(bookingParkFees)).length;

    const error = await refusal(accept(p.version.token));
    expect(error.code).toBe("proposal_unavailable");
    expect(error.details.reason).toBe(
      `We no longer have 2 permits for ${TREK_PARK} on ${formatDay(p.gorillaDay)} (1 left). Nothing was booked: please contact us and we will find another day.`,
    );
    expect((await t.db.select({ id: bookings.id }).from(bookings)).length).toBe(bookingsBefore);
    expect((await t.db.select({ id: bookingParkFees.id }).from(bookingParkFees)).length).toBe(
      feesBefore,
    );
    expect(await allocationsIn(p.chimpLot)).toBe(0);
    expect(await allocationsIn(p.gorillaLot)).toBe(0);
    expect((await versionRow(t.db, p.version.id)).state).toBe("sent");

    // Once the gorilla day has the permits, the same link is accepted with all four.
    await insertLot(t.db, p.gorillaDay, 1);
    const { bookingId } = await accept(p.version.token);
    expect(await allocationsOf(bookingId)).toHaveLength(4);
  });
});
