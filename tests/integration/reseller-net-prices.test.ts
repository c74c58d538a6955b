/**
 * A reseller's net price per tour, as an admin sets it on the reseller's screen
 * (/admin/resellers/<id>: actions/resellers.ts, lib/resellers/data/admin.ts) and as the OCTO
 * pricing capability then answers it: the tour's products, availabilities and calendar days carry
 * that net in place of the commission's, a reservation on the tour is sold at it (and owed at it),
 * other tours and other resellers keep their commission, a seat already sold keeps its price,
 * and Clear gives the tour back to the commission.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";

import * as resellerActions from "@/actions/resellers";
import { TourNetPrices } from "@/components/admin/resellers/reseller-screen";
import { ResellersTable } from "@/components/admin/resellers/resellers-table";
import { auditEvents, bookings, tours } from "@/db/schema";
import { getResellerForAdmin, listResellersForAdmin } from "@/lib/resellers/data/admin";
import { createReseller } from "@/lib/resellers/data/resellers";
import { openMatrixWorld } from "@/tests/helpers/authz-matrix";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { expectToSay } from "@/tests/helpers/html-text";
import { availabilityIdOf, octoClient } from "@/tests/helpers/octo";

const m = openMatrixWorld();

/** $1,200.00 a seat on the gorilla safari, $500.00 on the Nile; the reseller takes 20 %. */
let gorilla: { id: string; durationDays: number | null };
let nile: { id: string; durationDays: number | null };
let gorillaDate = "";
let live: Awaited<ReturnType<typeof createReseller>>;
let other: Awaited<ReturnType<typeof createReseller>>;

beforeAll(async () => {
  gorilla = await sellingTour(m.db, "gorilla-safari", "departures");
  nile = await sellingTour(m.db, "nile-adventure", "departures");
  for (const [tour, price] of [
    [gorilla, 1200],
    [nile, 500],
  ] as const) {
    await m.db
      .update(tours)
      .set({ pricing: { packages: [{ name: "Standard", price, per: "person" }] } })
      .where(eq(tours.id, tour.id));
  }
  gorillaDate = (await makeDeparture(m.db, gorilla, { inDays: 60, capacity: 10 })).startDate;
  await makeDeparture(m.db, nile, { inDays: 61, capacity: 10 });
  live = await createReseller({ name: "Kidepo Deals", commissionPercent: 20 });
  other = await createReseller({ name: "Other Deals", commissionPercent: 10 });
});

async function unitPricing(key: string, tourId: string) {
  const product = await octoClient(key).product(tourId);
  expect(product.status).toBe(200);
  return product.body.options[0].units[0].pricingFrom[0];
}

const setNet = (tourId: string, net: string, resellerId = live.reseller.id) =>
  resellerActions.setTourNetPriceAction(undefined, { resellerId, tourId, net });

describe("a reseller's net price per tour", () => {
  it("is set on the reseller's screen and answered by the OCTO pricing capability for that tour only", async () => {
    m.become("admin");
    expect(await unitPricing(live.key, gorilla.id)).toMatchObject({ retail: 120_000, net: 96_000 });

    // A seat sold before the net price: at the commission's net.
    const before = crypto.randomUUID();
    const held = await octoClient(live.key).reserve({
      uuid: before,
      productId: gorilla.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(gorillaDate),
      unitItems: [{ unitId: "ADULT" }],
    });
    expect(held.body.pricing).toMatchObject({ retail: 120_000, net: 96_000 });

    expect(await setNet(gorilla.id, "950")).toMatchObject({
      status: "success",
      title: "Net Price Saved",
      message: expect.stringContaining("$950.00 a seat"),
    });

    const api = octoClient(live.key);
    expect(await unitPricing(live.key, gorilla.id)).toMatchObject({ retail: 120_000, net: 95_000 });
    const product = await api.product(gorilla.id);
    expect(product.body.options[0].pricingFrom[0]).toMatchObject({ net: 95_000 });
    const range = { localDateStart: gorillaDate, localDateEnd: gorillaDate };
    const [availability] = (
      await api.availability({ productId: gorilla.id, optionId: "DEFAULT", ...range })
    ).body;
    expect(availability.unitPricing[0]).toMatchObject({
      unitId: "ADULT",
      retail: 120_000,
      net: 95_000,
    });
    const [day] = (await api.calendar({ productId: gorilla.id, optionId: "DEFAULT", ...range }))
      .body;
    expect(day.unitPricingFrom[0]).toMatchObject({ net: 95_000 });

    // Another tour keeps the commission; another reseller keeps its own.
    expect(await unitPricing(live.key, nile.id)).toMatchObject({ retail: 50_000, net: 40_000 });
    expect(await unitPricing(other.key, gorilla.id)).toMatchObject({ net: 108_000 });

    // A reservation now is sold at the net, and the booking is owed at it.
    const uuid = crypto.randomUUID();
    const reserved = await api.reserve({
      uuid,
      productId: gorilla.id,
      optionId: "DEFAULT",
      availabilityId: availabilityIdOf(gorillaDate),
      unitItems: [{ unitId: "ADULT" }, { unitId: "ADULT" }],
    });
    expect(reserved.status).toBe(200);
    expect(reserved.body.pricing).toMatchObject({ retail: 240_000, net: 190_000 });
    expect(reserved.body.unitItems[0].pricing).toMatchObject({ net: 95_000 });
    const [row] = await m.db
      .select({ total: bookings.totalMinor })
      .from(bookings)
      .where(eq(bookings.idempotencyKey, `octo:${live.reseller.id}:${uuid}`));
    expect(row!.total).toBe(190_000);

    // The seat sold before keeps its price, even when it is changed and confirmed.
    const confirmed = await api.confirm(before, { contact: { fullName: "Early Bird" } });
    expect(confirmed.body.pricing).toMatchObject({ net: 96_000 });

    // In the audit trail: who set which net.
    const [event] = await m.db
      .select({ details: auditEvents.details, label: auditEvents.actorLabel })
      .from(auditEvents)
      .where(eq(auditEvents.action, "reseller.net_price"));
    expect(event).toMatchObject({ details: { tourId: gorilla.id, from: null, to: 95_000 } });
  });

  it("shows on the reseller's screen and the list, and Clear gives the tour back to the commission", async () => {
    m.become("admin");
    const screen = await getResellerForAdmin(live.reseller.id);
    const html = renderToStaticMarkup(TourNetPrices({ screen }));
    expectToSay(html, [
      "Net prices",
      "$1,200.00",
      "$950.00",
      "Net price",
      "20 % commission",
      "$400.00",
    ]);
    const list = renderToStaticMarkup(ResellersTable({ rows: await listResellersForAdmin() }));
    expectToSay(list, ["Kidepo Deals", "1 tour at a net price"]);
    expect(list).toContain(`href="/admin/resellers/${live.reseller.id}"`);

    expect(
      await resellerActions.clearTourNetPriceAction(undefined, {
        resellerId: live.reseller.id,
        tourId: gorilla.id,
      }),
    ).toMatchObject({ status: "success", title: "Net Price Cleared" });
    expect(await unitPricing(live.key, gorilla.id)).toMatchObject({ net: 96_000 });
  });

  it("refuses an amount that is not dollars, a tour resellers do not sell, and an unknown reseller", async () => {
    m.become("admin");
    expect(await setNet(gorilla.id, "nine hundred")).toMatchObject({
      status: "invalid",
      fieldErrors: { net: ["Enter an amount in dollars, e.g. 950 or 950.50"] },
    });
    const requestOnly = await sellingTour(m.db, "sipi-falls", "request");
    expect(await setNet(requestOnly.id, "300")).toMatchObject({
      status: "error",
      title: "Reseller Not Found",
    });
    expect(await setNet(gorilla.id, "300", crypto.randomUUID())).toMatchObject({
      status: "error",
      title: "Reseller Not Found",
    });
    expect(await unitPricing(live.key, gorilla.id)).toMatchObject({ net: 96_000 });
  });
});
