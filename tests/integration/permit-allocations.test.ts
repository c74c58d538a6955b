/**
 * Permits allocated one per trekker (lib/parks/data/stock.ts, lib/parks/data/allocations.ts):
 * every way of taking seats on a permit tour gives each trekker a permit of a lot of the trek day
 * in the same transaction (a checkout hold, a staff hold, a lapsed hold taken again, a move, a
 * booking brought back); a lapsed hold's or a cancelled booking's permits stop counting at once;
 * staff type UWA's numbers, which the manifest shows per trekker; a private gorilla trip is
 * confirmed only once every trekker holds a permit; a hundred allocations at once never exceed
 * a lot.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import {
  confirmBookingAction,
  saveTravellerDetailsAction,
  updateBookingPaymentAction,
} from "@/actions/bookings";
import { allocatePermitsAction, setPermitNumberAction } from "@/actions/parks";
import { bookings, permitAllocations, permitLots, tours } from "@/db/schema";
import { renewCheckoutHold } from "@/lib/bookings/data/holds";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { moveBookingToDeparture } from "@/lib/bookings/data/move";
import { createBooking } from "@/lib/bookings/data/requests";
import { getManifest } from "@/lib/departures/data/manifest";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { holdSeatsForParty } from "@/lib/departures/data/staff-holds";
import { listPermitDays } from "@/lib/parks/data/permits";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { inDays } from "@/tests/helpers/payloads";
import { addDaysTo } from "@/tests/helpers/permit-days";
import { refusal } from "@/tests/helpers/refusal";
import { openWorld } from "@/tests/helpers/world";

const PARK = "Bwindi Impenetrable";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const gorilla = await sellingTour(db, "gorilla-safari", "both");
  // The safari treks on its second day.
  await db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: PARK, trekDay: 2 })
    .where(eq(tours.id, gorilla.id));
  return { ...world, gorilla };
});

beforeEach(() => {
  resetRateLimits();
  actAs(t.w.staff);
});

let day = 120;
/** A departure of the safari on its own dates, and its trek day. */
async function safari(capacity = 12) {
  const departure = await makeDeparture(t.db, t.w.gorilla, { inDays: day, capacity });
  day += 3;
  return { departure, trekDay: addDaysTo(departure.startDate, 1) };
}

async function lot(
  trekDate: string,
  quantity: number,
  fields: Partial<typeof permitLots.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(permitLots)
    .values({ park: PARK, trekDate, quantity, state: "paid", ...fields })
    .returning({ id: permitLots.id });
  return row!.id;
}

/** A visitor's checkout hold of `groupSize` on the departure; returns the booking's id. */
async function hold(departureId: string, groupSize: number) {
  const result = await createBooking(newRequest({ departureId, groupSize }), {
    source: "public",
  });
  return result.id;
}

/** The booking's allocations: [position, lot] in position order. */
async function allocationsOf(bookingId: string) {
  const rows = await t.db
    .select({ traveller: permitAllocations.traveller, lotId: permitAllocations.lotId })
    .from(permitAllocations)
    .where(eq(permitAllocations.bookingId, bookingId))
    .orderBy(permitAllocations.traveller);
  return rows.map((r) => [r.traveller, r.lotId]);
}

const lapse = (bookingId: string) =>
  t.db
    .update(bookings)
    .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(bookings.id, bookingId));

const seatsLeft = async (id: string) => (await getDepartureOnSale(id))?.seatsLeft;

const version = async (id: string) => (await getBookingForEdit(id))!.version;

describe("a permit per trekker, with the seat", () => {
  it("a checkout hold gives each trekker a permit of one lot, paid permits before a block", async () => {
    const { departure, trekDay } = await safari();
    const block = await lot(trekDay, 6, { state: "blocked", blockedUntil: null });
    const paid = await lot(trekDay, 3);
    const party = await hold(departure.id, 3);
    // The three fit in the paid lot: a party treks together.
    expect(await allocationsOf(party)).toEqual([
      [1, paid],
      [2, paid],
      [3, paid],
    ]);
    // Two more: the paid lot is full, the block has room.
    const pair = await hold(departure.id, 2);
    expect(await allocationsOf(pair)).toEqual([
      [1, block],
      [2, block],
    ]);
    expect(await seatsLeft(departure.id)).toBe(4);
    const [permits] = (await listPermitDays()).filter((d) => d.trekDate === trekDay);
    expect(permits).toMatchObject({ held: 9, used: 5, left: 4 });
    expect(permits!.lots.map((l) => [l.id, l.allocated])).toEqual(
      expect.arrayContaining([
        [paid, 3],
        [block, 2],
      ]),
    );
  });

  it("a lapsed hold's permits count for nothing; taken again, it keeps them where its lot still has room", async () => {
    const { departure, trekDay } = await safari();
    const only = await lot(trekDay, 4);
    const first = await hold(departure.id, 3);
    expect(await seatsLeft(departure.id)).toBe(1);
    await lapse(first);
    // No job has run: the permits are on sale again with the seats.
    expect(await seatsLeft(departure.id)).toBe(4);

    // Taken again while the lot still has room: the same permits, numbers and all.
    actAs(t.w.staff);
    const [a] = await t.db
      .select({ id: permitAllocations.id })
      .from(permitAllocations)
      .where(and(eq(permitAllocations.bookingId, first), eq(permitAllocations.traveller, 1)));
    expect(
      await setPermitNumberAction(undefined, { allocationId: a!.id, permitNumber: "UG-0101" }),
    ).toMatchObject({ status: "success", title: "Permit Number Saved" });
    await renewCheckoutHold(first, null);
    expect(await allocationsOf(first)).toEqual([
      [1, only],
      [2, only],
      [3, only],
    ]);
    const [kept] = await t.db
      .select({ n: permitAllocations.permitNumber })
      .from(permitAllocations)
      .where(eq(permitAllocations.id, a!.id));
    expect(kept!.n).toBe("UG-0101");

    // Lapsed again, and someone else takes two of its four permits meanwhile: only one of its
    // three is left for it, and a new lot gives it the other two.
    await lapse(first);
    await hold(departure.id, 3);
    expect((await refusal(renewCheckoutHold(first, null))).code).toBe("seats_unavailable");
    const more = await lot(trekDay, 2);
    await renewCheckoutHold(first, null);
    const taken = await allocationsOf(first);
    expect(taken.map(([p]) => p)).toEqual([1, 2, 3]);
    expect(taken.filter(([, l]) => l === only)).toHaveLength(1);
    expect(taken.filter(([, l]) => l === more)).toHaveLength(2);
    const [row] = (await listPermitDays()).filter((d) => d.trekDate === trekDay);
    expect(row).toMatchObject({ held: 6, used: 6, left: 0 });
  });

  it("a cancelled booking gives its permits back; brought back, it takes them again", async () => {
    const { departure, trekDay } = await safari();
    await lot(trekDay, 2);
    const [id] = [await hold(departure.id, 2)];
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", holdExpiresAt: null })
      .where(eq(bookings.id, id!));
    expect(await seatsLeft(departure.id)).toBe(0);
    const cancelled = await updateBookingPaymentAction(undefined, {
      bookingId: id,
      version: await version(id!),
      bookingStatus: "cancelled",
      paymentNote: "",
    });
    expect(cancelled).toMatchObject({ status: "success" });
    expect(await seatsLeft(departure.id)).toBe(2);
    const back = await updateBookingPaymentAction(undefined, {
      bookingId: id,
      version: await version(id!),
      bookingStatus: "confirmed",
      paymentNote: "",
    });
    expect(back).toMatchObject({ status: "success" });
    expect(await allocationsOf(id!)).toHaveLength(2);
    expect(await seatsLeft(departure.id)).toBe(0);
  });

  it("a booking moved to another date takes that trek day's permits and gives back the old", async () => {
    const from = await safari();
    const to = await safari();
    const oldLot = await lot(from.trekDay, 2);
    const newLot = await lot(to.trekDay, 2);
    const id = await hold(from.departure.id, 2);
    await t.db
      .update(bookings)
      .set({ bookingStatus: "confirmed", holdExpiresAt: null })
      .where(eq(bookings.id, id));
    expect(await allocationsOf(id)).toEqual([
      [1, oldLot],
      [2, oldLot],
    ]);
    await moveBookingToDeparture({
      bookingId: id,
      version: await version(id),
      departureId: to.departure.id,
    });
    expect(await allocationsOf(id)).toEqual([
      [1, newLot],
      [2, newLot],
    ]);
    expect(await seatsLeft(from.departure.id)).toBe(2);
    expect(await seatsLeft(to.departure.id)).toBe(0);
  });

  it("a staff hold for a party allocates its permits with its seats", async () => {
    const { departure, trekDay } = await safari();
    const paid = await lot(trekDay, 8);
    const held = await holdSeatsForParty({
      departureId: departure.id,
      fullName: "Kampala Partners",
      email: "partners@example.com",
      phone: null,
      seats: 4,
      note: null,
    });
    expect((await allocationsOf(held.bookingId)).map(([, l]) => l)).toEqual([
      paid,
      paid,
      paid,
      paid,
    ]);
  });
});

describe("permit numbers on the manifest", () => {
  it("staff type UWA's number per trekker; the manifest shows it, and who holds none", async () => {
    const { departure, trekDay } = await safari();
    await lot(trekDay, 3);
    const id = await hold(departure.id, 2);
    const dialog = await getBookingForEdit(id);
    expect(dialog!.permits!.treks).toMatchObject([{ park: PARK, trekDate: trekDay, missing: 0 }]);
    const first = dialog!.permits!.treks[0]!.trekkers[0]!;
    await setPermitNumberAction(undefined, {
      allocationId: first.allocationId,
      permitNumber: " UG-BW-0412 ",
    });
    // A reseller's booking takes seats with no permit allocated: the manifest says so.
    const [other] = await t.db
      .insert(bookings)
      .values({
        source: "admin",
        fullName: "Walk-in",
        email: "walkin@example.com",
        phone: "+256 700 000 001",
        tourId: t.w.gorilla.id,
        tourPackage: "Gorilla Trek",
        departureId: departure.id,
        departureDate: departure.startDate,
        groupSize: 1,
        termsAccepted: true,
        bookingStatus: "confirmed",
      })
      .returning({ id: bookings.id });
    const manifest = await getManifest(departure.id);
    expect(manifest!.departure.permitFee).toBe("gorilla_tracking");
    const permits = (bookingId: string) =>
      manifest!.bookings.find((b) => b.id === bookingId)!.travellers.map((t) => t.permit);
    expect(permits(id)).toEqual([{ number: "UG-BW-0412" }, { number: null }]);
    expect(permits(other!.id)).toEqual([null]);
    expect(
      (await auditTrail(t.db, { action: "permit.number", targetId: id })).map((e) => e.details),
    ).toEqual([{ traveller: 1, permitNumber: { from: null, to: "UG-BW-0412" } }]);
  });
});

describe("a private gorilla trip", () => {
  it("is confirmed only once every trekker holds a permit, which staff allocate from a lot", async () => {
    const start = inDays(day);
    day += 3;
    const trekDay = addDaysTo(start, 1);
    const request = await createBooking(
      newRequest({ departureDate: start, endDate: addDaysTo(start, 4), groupSize: 3 }),
      { source: "public" },
    );
    const confirm = async () =>
      confirmBookingAction(undefined, {
        bookingId: request.id,
        version: await version(request.id),
        total: "4200",
        totalReason: "Private trip for three",
      });
    expect(await confirm()).toMatchObject({
      status: "error",
      title: "Permits Missing",
      message:
        "3 permits of 3 are missing: every trekker needs a UWA permit before this trip is confirmed. Allocate them from a lot under Permits.",
    });

    // Two permits left in a lot of the day: two trekkers get theirs, one is still missing.
    const small = await lot(trekDay, 2, { sector: "Rushaga" });
    const dialog = await getBookingForEdit(request.id);
    expect(dialog!.permits).toMatchObject({ confirmNeedsPermits: true, treks: [{ missing: 3 }] });
    expect(dialog!.permits!.treks[0]!.lots.map((l) => l.label)).toEqual([
      "Rushaga · Paid (2 free)",
    ]);
    expect(
      await allocatePermitsAction(undefined, { bookingId: request.id, lotId: small }),
    ).toMatchObject({
      status: "success",
      title: "Permits Allocated",
      message: "2 permits allocated; 1 still missing: allocate it from another lot.",
    });
    expect(await confirm()).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^1 permit of 3 is missing: /),
    });
    // The same lot again has nothing free.
    expect(
      await allocatePermitsAction(undefined, { bookingId: request.id, lotId: small }),
    ).toMatchObject({
      status: "invalid",
      fieldErrors: { lotId: ["No permit of this lot is free for the trek day."] },
    });

    const second = await lot(trekDay, 4, { sector: "Rushaga" });
    await allocatePermitsAction(undefined, { bookingId: request.id, lotId: second });
    expect(await confirm()).toMatchObject({ status: "success", title: "Booking Confirmed" });
    expect(
      (await auditTrail(t.db, { action: "permit.allocate", targetId: request.id })).length,
    ).toBe(2);
  });

  it("takes no permit a departure's trekkers without one still need", async () => {
    const { departure, trekDay } = await safari();
    const shared = await lot(trekDay, 3);
    // A booking taking seats whose permits were never allocated (as a reseller's hold is).
    await t.db.insert(bookings).values({
      source: "admin",
      fullName: "Taken",
      email: "taken@example.com",
      phone: "+256 700 000 002",
      tourId: t.w.gorilla.id,
      tourPackage: "Gorilla Trek",
      departureId: departure.id,
      departureDate: departure.startDate,
      groupSize: 2,
      termsAccepted: true,
      bookingStatus: "confirmed",
    });
    const request = await createBooking(
      newRequest({ departureDate: departure.startDate, groupSize: 2 }),
      { source: "public" },
    );
    expect(
      await allocatePermitsAction(undefined, { bookingId: request.id, lotId: shared }),
    ).toMatchObject({ status: "success", message: expect.stringMatching(/^1 permit allocated; /) });
    expect(await seatsLeft(departure.id)).toBe(0);
  });

  it("a staff member confirming it by its status is refused the same way", async () => {
    const start = inDays(day);
    day += 3;
    const request = await createBooking(newRequest({ departureDate: start, groupSize: 1 }), {
      source: "public",
    });
    const state = await updateBookingPaymentAction(undefined, {
      bookingId: request.id,
      version: await version(request.id),
      bookingStatus: "confirmed",
      paymentNote: "",
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: {
        bookingStatus: [
          "1 permit of 1 is missing: every trekker needs a UWA permit before this trip is confirmed. Allocate it from a lot under Permits.",
        ],
      },
    });
  });
});

describe("a private gorilla trek's minimum age", () => {
  /** A traveller `years` old on the trek day, to the day. */
  const aged = (fullName: string, years: number, trekDay: string) => ({
    fullName,
    nationality: "Uganda",
    dietary: null,
    medical: null,
    dateOfBirth: `${Number(trekDay.slice(0, 4)) - years}${trekDay.slice(4)}`,
  });

  it("refuses a request with a 12-year-old by its trek day, and takes one of 15", async () => {
    const start = inDays(day);
    day += 3;
    const trekDay = addDaysTo(start, 1);
    const young = await refusal(
      createBooking(
        newRequest({
          departureDate: start,
          groupSize: 2,
          travellers: [aged("Sarah Nakato", 40, trekDay), aged("Ivan Okello", 12, trekDay)],
        }),
        { source: "public" },
      ),
    );
    expect(young.code).toBe("trekker_too_young");
    expect(young.details.reason).toMatch(/^Ivan Okello must be at least 15 on the trek day \(/);

    const taken = await createBooking(
      newRequest({
        departureDate: start,
        groupSize: 2,
        travellers: [aged("Sarah Nakato", 40, trekDay), aged("Ivan Okello", 15, trekDay)],
      }),
      { source: "public" },
    );
    expect(taken.status).toBe("created");
  });

  it("refuses a 12-year-old given later in My Bookings", async () => {
    const start = inDays(day);
    day += 3;
    const trekDay = addDaysTo(start, 1);
    const trip = await createBooking(
      newRequest({ departureDate: start, groupSize: 2, email: t.w.a.email }),
      { source: "customer", userId: t.w.a.id },
    );
    actAs(t.w.a);
    const state = await saveTravellerDetailsAction(undefined, {
      bookingId: trip.id,
      travellers: [aged("Amelia Carter", 40, trekDay), aged("Tom Carter", 12, trekDay)],
    });
    expect(state).toMatchObject({
      status: "invalid",
      title: "Too Young to Trek",
      message: expect.stringMatching(/^Tom Carter must be at least 15 on the trek day \(/),
    });
  });
});

describe("what UWA keeps of a cancelled booking's permits", () => {
  it("is worked out by the schedule from the trek's distance and the lots' face values", async () => {
    const { departure, trekDay } = await safari();
    await lot(trekDay, 2, { faceValueMinor: 80_000 });
    await lot(trekDay, 1, { state: "blocked", blockedUntil: null, faceValueMinor: 80_000 });
    const id = await hold(departure.id, 3);
    const { cancellation } = (await getBookingForEdit(id))!.permits!.treks[0]!;
    // About four months out: UWA keeps a quarter of what was paid, nothing of the block.
    expect(cancellation).toMatchObject({
      keepPercent: 25,
      paid: 2,
      blocked: 1,
      amounts: [{ currency: "USD", permits: 2, faceMinor: 160_000, keptMinor: 40_000 }],
    });
  });
});

describe("a hundred allocations at once", () => {
  it("never give a lot more permits than it holds", async () => {
    const { departure, trekDay } = await safari(200);
    const only = await lot(trekDay, 8);
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, () => hold(departure.id, 1)),
    );
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(permitAllocations)
      .where(eq(permitAllocations.lotId, only));
    const held = attempts.filter((a) => a.status === "fulfilled");
    expect(Number(row!.n)).toBe(8);
    expect(held).toHaveLength(8);
    for (const a of held) expect(await allocationsOf(a.value)).toEqual([[1, only]]);
    for (const a of attempts)
      if (a.status === "rejected")
        expect((a.reason as { code?: string }).code).toBe("seats_unavailable");
  });
});
