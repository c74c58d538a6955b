/**
 * The Permits screen's data (/admin/permits): staff record a lot and change its state, admins set
 * which permit a tour needs; each trek day shows its permits held, used by bookings taking seats
 * and left; the seats on sale follow.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { beforeEach, describe, expect, it } from "vitest";

import {
  createPermitLotAction,
  setTourPermitAction,
  updatePermitLotStateAction,
} from "@/actions/parks";
import { createBooking } from "@/lib/bookings/data/requests";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { listPermitDays } from "@/lib/parks/data/permits";
import { resetRateLimits } from "@/lib/rate-limit";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { auditTrail } from "@/tests/helpers/audit";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, newRequest, sellingTour } from "@/tests/helpers/departures-world";
import { addDaysTo } from "@/tests/helpers/permit-days";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => ({
  ...(await createAdminWorld(db)),
  safari: await sellingTour(db, "gorilla-safari", "both"),
}));
beforeEach(() => resetRateLimits());

describe("the Permits screen", () => {
  it("an admin sets the tour's permit; staff record a lot; the trek day shows held, used and left", async () => {
    actAs(t.w.staff);
    const refused = await setTourPermitAction(undefined, {
      tourId: t.w.safari.id,
      permitFee: "gorilla_tracking",
      permitPark: "Bwindi Impenetrable",
      trekDay: "2",
    });
    expect(refused).toMatchObject({ status: "error", title: "Access Denied" });

    actAs(t.w.admin);
    expect(
      await setTourPermitAction(undefined, {
        tourId: t.w.safari.id,
        permitFee: "gorilla_tracking",
        permitPark: "Bwindi Impenetrable",
        trekDay: "2",
      }),
    ).toMatchObject({ status: "success", title: "Tour Permit Saved" });

    const departure = await makeDeparture(t.db, t.w.safari, { inDays: 150, capacity: 8 });
    const trekDay = addDaysTo(departure.startDate, 1);
    expect((await getDepartureOnSale(departure.id))?.seatsLeft).toBe(0);

    actAs(t.w.staff);
    const added = await createPermitLotAction(undefined, {
      park: "Bwindi Impenetrable",
      sector: "Rushaga",
      trekDate: trekDay,
      quantity: "6",
      uwaReference: "UWA-2027-0415",
      currency: "USD",
      faceValue: "800",
      state: "blocked",
      blockedUntil: addDaysTo(trekDay, -100),
    });
    expect(added).toMatchObject({ status: "success", title: "Permit Lot Added" });
    expect((await getDepartureOnSale(departure.id))?.seatsLeft).toBe(6);

    await createBooking(newRequest({ departureId: departure.id, groupSize: 2 }), {
      source: "public",
    });
    const [day] = (await listPermitDays()).filter((d) => d.trekDate === trekDay);
    expect(day).toMatchObject({ park: "Bwindi Impenetrable", held: 6, used: 2, left: 4 });
    expect(day!.lots[0]).toMatchObject({ sector: "Rushaga", faceValueMinor: 80_000 });

    // UWA cancels the block: the day is short of permits, and nothing more is on sale.
    const cancelled = await updatePermitLotStateAction(undefined, {
      id: day!.lots[0]!.id,
      state: "cancelled",
    });
    expect(cancelled).toMatchObject({ status: "success", title: "Permit Lot Updated" });
    const [after] = (await listPermitDays()).filter((d) => d.trekDate === trekDay);
    expect(after).toMatchObject({ held: 0, used: 2, left: 0 });
    expect((await getDepartureOnSale(departure.id))?.seatsLeft).toBe(0);
    expect(
      (await auditTrail(t.db, { action: "permit_lot.update" })).map((e) => e.actorUserId),
    ).toEqual([t.w.staff.id]);
  });

  it("asks until when a block holds, and refuses a permit without its park", async () => {
    actAs(t.w.staff);
    const state = await createPermitLotAction(undefined, {
      park: "Bwindi Impenetrable",
      trekDate: "2027-05-01",
      quantity: "4",
      currency: "USD",
      state: "blocked",
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: { blockedUntil: ["Say until when UWA holds the block"] },
    });
    actAs(t.w.admin);
    const noPark = await setTourPermitAction(undefined, {
      tourId: t.w.safari.id,
      permitFee: "gorilla_tracking",
      permitPark: "",
      trekDay: "1",
    });
    expect(noPark).toMatchObject({
      status: "invalid",
      fieldErrors: { permitPark: ["A permit needs its park, and a park its permit"] },
    });
  });
});
