/**
 * The price both booking wizards show from the trip step on (lib/bookings/price.ts, with the
 * figures of lib/bookings/data/pricing.ts) is the price the checkout then saves on the booking:
 * the tier chosen times the group, at the departure's own price when it has one, the deposit
 * share and the balance's due day. A private trip's is the quote staff confirm by default.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { submitBookingAction } from "@/actions/bookings";
import { bookings } from "@/db/schema";
import { getWizardDateChoices } from "@/lib/bookings/data/dates";
import { getWizardPricing } from "@/lib/bookings/data/pricing";
import { wizardPrice } from "@/lib/bookings/price";
import { todayInKampala } from "@/lib/dates";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import { verifyPayLink } from "@/lib/payments/pay-link";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { asFormData, visitorBookingValues } from "@/tests/helpers/payloads";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { openWorld } from "@/tests/helpers/world";

const t = openWorld(async (db) => {
  const tour = await sellingTour(db, "gorilla-safari", "both");
  return {
    tour,
    plain: await makeDeparture(db, tour, { inDays: 200 }),
    ownPrice: await makeDeparture(db, tour, { inDays: 230, prices: { Standard: 1500 } }),
    soon: await makeDeparture(db, tour, { inDays: 20 }),
  };
});
aNewVisitorEachTest("198.51.102");

async function shownPrice(departureId: string, accommodation: string, groupSize: string) {
  const choices = await getWizardDateChoices(await getActiveTourCards());
  const pricing = await getWizardPricing(choices);
  const departure = choices["gorilla-safari"]!.departures.find((d) => d.id === departureId)!;
  return wizardPrice(pricing, {
    tour: "gorilla-safari",
    departureId,
    startDate: departure.startDate,
    accommodation,
    groupSize,
    today: todayInKampala(),
  });
}

async function checkout(departureId: string, accommodation: string, groupSize: string) {
  const location = await expectRedirect(() =>
    submitBookingAction(
      undefined,
      asFormData(visitorBookingValues({ departure: departureId, accommodation, groupSize })),
    ),
  );
  const id = verifyPayLink(location.split("/").at(-1)!)!.bookingId;
  const [row] = await t.db
    .select({
      totalMinor: bookings.totalMinor,
      depositPercent: bookings.depositPercent,
      balanceDueOn: bookings.balanceDueOn,
    })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row!;
}

describe("the wizard's price", () => {
  it("is the checkout's: Standard x 2 at the tour's price, 30% deposit, balance 91 days before", async () => {
    const shown = await shownPrice(t.w.plain.id, "standard", "2");
    expect(shown).toMatchObject({ tier: "Standard", groupSize: 2, depositPercent: 30 });
    const saved = await checkout(t.w.plain.id, "standard", "2");
    expect(shown!.totalMinor).toBe(saved.totalMinor);
    expect(shown!.depositPercent).toBe(saved.depositPercent);
    expect(shown!.balanceDueOn).toBe(saved.balanceDueOn);
    expect(shown!.depositMinor).toBe(Math.ceil((saved.totalMinor! * 30) / 100));
  });

  it("takes the departure's own price for the tier", async () => {
    const shown = await shownPrice(t.w.ownPrice.id, "standard", "3");
    expect(shown).toMatchObject({ unitPrice: 1500, totalMinor: 450_000 });
    expect((await checkout(t.w.ownPrice.id, "standard", "3")).totalMinor).toBe(450_000);
  });

  it("owes the balance today inside the balance window, as the checkout does", async () => {
    const shown = await shownPrice(t.w.soon.id, "luxury", "1");
    expect(shown!.balanceDueOn).toBe(todayInKampala());
    const saved = await checkout(t.w.soon.id, "luxury", "1");
    expect([shown!.totalMinor, shown!.balanceDueOn]).toEqual([
      saved.totalMinor,
      saved.balanceDueOn,
    ]);
  });
});
