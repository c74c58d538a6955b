/**
 * Prices that add up on a tour that needs a park permit, through the wizards' actions as they
 * post: the land part plus each traveller's fee by residency at the tariff in force on the trek
 * day (a fee in shillings converted at the rate in force when priced), the price the wizard shows
 * being the price stored; the fee lines kept with the booking as sold; the pay page, the invoice,
 * the request's page, My Bookings and the Edit dialog's computed total itemising them; a traveller
 * whose fee cannot be priced refused at the checkout.
 */
import { vi } from "vitest";

vi.mock("@/auth", async () => (await import("@/tests/helpers/customer-world")).authMock);

import { asc, eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import {
  confirmBookingAction,
  createCustomerBookingAction,
  submitBookingAction,
} from "@/actions/bookings";
import PayPage from "@/app/(site)/pay/[token]/page";
import RequestedPage from "@/app/(site)/booking/requested/[token]/page";
import {
  bookingParkFees,
  bookings,
  parkFeeTariffs,
  permitLots,
  tours,
  ugxRates,
} from "@/db/schema";
import { getWizardDateChoices } from "@/lib/bookings/data/dates";
import { getBookingForEdit } from "@/lib/bookings/data/manage";
import { getMyBooking, listMyBookings } from "@/lib/bookings/data/owned";
import { getWizardPricing } from "@/lib/bookings/data/pricing";
import { getRequestedBooking } from "@/lib/bookings/data/requested";
import { wizardPrice, type WizardTraveller } from "@/lib/bookings/price";
import { REQUEST_PAGE_PATH, requestPagePath } from "@/lib/bookings/request-link";
import { todayInKampala } from "@/lib/dates";
import { getDepartureOnSale } from "@/lib/departures/data/seats";
import { invoiceFor } from "@/lib/documents/data";
import { payLinkToken, verifyPayLink } from "@/lib/payments/pay-link";
import { getActiveTourCards } from "@/lib/tours/data/catalogue";
import { createAdminWorld } from "@/tests/helpers/admin-bookings-world";
import { actAs } from "@/tests/helpers/customer-world";
import { makeDeparture, sellingTour } from "@/tests/helpers/departures-world";
import { expectRedirect } from "@/tests/helpers/fake-request";
import { expectToSay, textOf } from "@/tests/helpers/html-text";
import { customerBookingValues, inDays, visitorBookingValues } from "@/tests/helpers/payloads";
import { latestMail } from "@/tests/helpers/outbox";
import { pdfText } from "@/tests/helpers/pdf-text";
import { addDaysTo } from "@/tests/helpers/permit-days";
import { aNewVisitorEachTest } from "@/tests/helpers/visitors";
import { openWorld } from "@/tests/helpers/world";

const BWINDI = "Bwindi Impenetrable";
const KIBALE = "Kibale";

const t = openWorld(async (db) => {
  const world = await createAdminWorld(db);
  const gorilla = await sellingTour(db, "gorilla-safari", "both");
  await db
    .update(tours)
    .set({ permitFee: "gorilla_tracking", permitPark: BWINDI, trekDay: 2 })
    .where(eq(tours.id, gorilla.id));
  // UWA's published chimpanzee tariff prices a foreign non-resident only.
  const chimps = await sellingTour(db, "crater-lakes", "both");
  await db
    .update(tours)
    .set({ permitFee: "chimpanzee_tracking", permitPark: KIBALE, trekDay: 1 })
    .where(eq(tours.id, chimps.id));
  await db.insert(ugxRates).values({
    ugxPerUsd: "3700.00",
    effectiveFrom: new Date(Date.now() - 86_400_000),
    setByName: "Grace Namutebi",
  });
  return { ...world, gorilla, chimps };
});

aNewVisitorEachTest("198.51.104");
beforeEach(() => actAs(null));

/** A departure of `tour` with permits held for its trek day (`trekDay` of the trip). */
async function departureWithPermits(
  tour: { id: string; durationDays: number | null },
  days: number,
  park = BWINDI,
  trekDay = 2,
) {
  const departure = await makeDeparture(t.db, tour, { inDays: days, capacity: 8 });
  await t.db.insert(permitLots).values({
    park,
    trekDate: addDaysTo(departure.startDate, trekDay - 1),
    quantity: 8,
    state: "paid",
  });
  return departure;
}

/** Two foreign non-residents (one whose category is not given) and an East African citizen. */
const MIXED = [
  { fullName: "Jane O'Brien", nationality: "Irish", residency: "foreign_non_resident" as const },
  { fullName: "Tom O'Brien", nationality: "", residency: "" as const },
  { fullName: "Wanjiru Kamau", nationality: "Kenyan", residency: "east_african_citizen" as const },
].map((row) => ({ dietary: "", medical: "", dateOfBirth: "", proof: "", ...row }));

/** The land part of three at Standard ($1,800), two US$800 permits, UGX 300,000 at 3,700. */
const LAND = 3 * 180_000;
const EAC_CENTS = 8_109; // 300,000 / 3,700 = 81.081… US dollars, rounded up to the cent
const TOTAL = LAND + 2 * 80_000 + EAC_CENTS;

async function shownPrice(
  tour: string,
  departureId: string,
  startDate: string,
  groupSize: string,
  travellers: WizardTraveller[],
) {
  const pricing = await getWizardPricing(await getWizardDateChoices(await getActiveTourCards()));
  return wizardPrice(pricing, {
    tour,
    departureId,
    startDate,
    accommodation: "standard",
    groupSize,
    travellers,
    today: todayInKampala(),
  });
}

/** The public wizard's checkout of a departure: the booking the browser is sent to pay. */
async function checkout(
  departure: { id: string; startDate: string; endDate: string },
  fields: Record<string, unknown>,
) {
  const location = await expectRedirect(() =>
    submitBookingAction(undefined, {
      ...visitorBookingValues({
        departure: departure.id,
        startDate: departure.startDate,
        endDate: departure.endDate,
        accommodation: "standard",
      }),
      ...fields,
    }),
  );
  expect(location).toMatch(/^\/pay\//);
  return verifyPayLink(location.split("/").at(-1)!)!.bookingId;
}

const feeLines = (bookingId: string) =>
  t.db
    .select({
      traveller: bookingParkFees.traveller,
      residency: bookingParkFees.residency,
      residencyGiven: bookingParkFees.residencyGiven,
      currency: bookingParkFees.currency,
      amountMinor: bookingParkFees.amountMinor,
      usdMinor: bookingParkFees.usdMinor,
      usdRate: bookingParkFees.usdRate,
    })
    .from(bookingParkFees)
    .where(eq(bookingParkFees.bookingId, bookingId))
    .orderBy(asc(bookingParkFees.traveller));

const totalOf = async (bookingId: string) =>
  (
    await t.db
      .select({ totalMinor: bookings.totalMinor })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
  )[0]!.totalMinor;

const MIXED_LINES = [
  {
    traveller: 1,
    residency: "foreign_non_resident",
    residencyGiven: true,
    currency: "USD",
    amountMinor: 80_000,
    usdMinor: 80_000,
    usdRate: null,
  },
  {
    traveller: 2,
    residency: "foreign_non_resident",
    residencyGiven: false,
    currency: "USD",
    amountMinor: 80_000,
    usdMinor: 80_000,
    usdRate: null,
  },
  {
    traveller: 3,
    residency: "east_african_citizen",
    residencyGiven: true,
    currency: "UGX",
    amountMinor: 300_000,
    usdMinor: EAC_CENTS,
    usdRate: "3700.00",
  },
];

describe("a mixed group on a gorilla departure", () => {
  let bookingId = "";
  let departure: Awaited<ReturnType<typeof departureWithPermits>>;

  beforeAll(async () => {
    departure = await departureWithPermits(t.w.gorilla, 150);
    bookingId = await checkout(departure, { groupSize: "3", travellers: MIXED });
  });

  it("is priced exactly as the wizard showed it, and stores the fee lines and the total", async () => {
    const shown = await shownPrice("gorilla-safari", departure.id, departure.startDate, "3", MIXED);
    expect(shown).toMatchObject({ landMinor: LAND, feesMinor: 168_109, totalMinor: TOTAL });
    expect(shown!.fees.map((f) => [f.text, f.amount])).toEqual([
      ["Gorilla permit, Foreign non-resident: US$800 x 2, at face value", "$1,600.00"],
      ["Gorilla permit, East African citizen: UGX 300,000, at face value", "$81.09"],
    ]);
    expect(await totalOf(bookingId)).toBe(TOTAL);
    expect(await feeLines(bookingId)).toEqual(MIXED_LINES);
  });

  it("the pay page shows the tour, each category's permits with the conversion, and the total", async () => {
    const html = renderToStaticMarkup(
      (await PayPage({
        params: Promise.resolve({ token: payLinkToken(bookingId) }),
        searchParams: Promise.resolve({}),
      })) as ReactElement,
    );
    expectToSay(textOf(html), [
      "Tour $5,400.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value $1,600.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value US$81.09 at 3,700 UGX per USD $81.09",
      "Total $7,081.09",
      "Travellers whose residency is not given are priced as foreign non-residents.",
    ]);
  });

  it("staff's computed total is the one sold, and the invoice itemises it", async () => {
    actAs(t.w.staff);
    const edit = await getBookingForEdit(bookingId);
    expect(edit?.price.quote).toMatchObject({ landMinor: LAND, totalMinor: TOTAL });
    const state = await confirmBookingAction(undefined, {
      bookingId,
      version: edit!.version,
      total: (TOTAL / 100).toFixed(2),
      computedTotal: (TOTAL / 100).toFixed(2),
      totalReason: "",
    });
    expect(state).toMatchObject({ status: "success" });
    // The confirmation mail itemises them as the pay page does.
    const [booked] = await t.db
      .select({ email: bookings.email })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const mail = await latestMail(t.db, booked!.email, "booking-confirmed");
    expectToSay(mail!.textBody.replace(/\s+/g, " "), [
      "Tour: $5,400.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value: $1,600.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value: $81.09",
      "Total: $7,081.09",
    ]);
    const invoice = await invoiceFor(bookingId);
    expectToSay(pdfText(invoice!.pdf), [
      "Tour",
      "$5,400.00",
      "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
      "$1,600.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value",
      "US$81.09 at 3,700 UGX per USD",
      "$7,081.09",
    ]);
  });

  it("keeps its lines and total as sold when the tariff and the rate change later", async () => {
    await t.db
      .update(parkFeeTariffs)
      .set({ amountMinor: 90_000 })
      .where(eq(parkFeeTariffs.residency, "foreign_non_resident"));
    await t.db.insert(ugxRates).values({
      ugxPerUsd: "4000.00",
      effectiveFrom: new Date(),
      setByName: "Grace Namutebi",
    });
    try {
      expect(await feeLines(bookingId)).toEqual(MIXED_LINES);
      expect(await totalOf(bookingId)).toBe(TOTAL);
    } finally {
      await t.db
        .update(parkFeeTariffs)
        .set({ amountMinor: 80_000 })
        .where(eq(parkFeeTariffs.residency, "foreign_non_resident"));
      await t.db.delete(ugxRates).where(eq(ugxRates.ugxPerUsd, "4000.00"));
    }
  });
});

describe("a customer's own booking of a gorilla departure", () => {
  it("shows in My Bookings the tour, each category's permits and the total", async () => {
    const departure = await departureWithPermits(t.w.gorilla, 160);
    actAs(t.w.a);
    const location = await expectRedirect(() =>
      createCustomerBookingAction(
        undefined,
        customerBookingValues({
          departure: departure.id,
          departureDate: departure.startDate,
          groupSize: "3",
          accommodation: "luxury",
          travellers: MIXED,
        }),
      ),
    );
    const bookingId = verifyPayLink(location.split("/").at(-1)!)!.bookingId;
    const mine = await getMyBooking(bookingId);
    // Luxury's land part, $2,500 a traveller, and the same permits.
    expect(mine).toMatchObject({
      totalMinor: 3 * 250_000 + 2 * 80_000 + EAC_CENTS,
      feesMinor: 2 * 80_000 + EAC_CENTS,
    });
    expect(mine!.fees.map((f) => [f.text, f.converted, f.amount])).toEqual([
      ["Gorilla permit, Foreign non-resident: US$800 x 2, at face value", null, "$1,600.00"],
      [
        "Gorilla permit, East African citizen: UGX 300,000, at face value",
        "US$81.09 at 3,700 UGX per USD",
        "$81.09",
      ],
    ]);
    // The list page says the same of it; another customer's list never holds it.
    const page = await listMyBookings({ q: "", filter: "all", page: 1 });
    expect(page.items.find((b) => b.id === bookingId)?.fees).toEqual(mine!.fees);
    actAs(t.w.b);
    expect(await getMyBooking(bookingId)).toBeNull();
  });
});

describe("the tariff of the trek's day", () => {
  it("prices a trek from a new tariff row's first day at the new price, the day before at the old", async () => {
    const before = await departureWithPermits(t.w.gorilla, 300);
    const after = await departureWithPermits(t.w.gorilla, 301);
    // UWA's successor tariff starts on the later departure's trek day.
    await t.db.insert(parkFeeTariffs).values({
      fee: "gorilla_tracking",
      residency: "foreign_non_resident",
      ageBand: "adult",
      currency: "USD",
      amountMinor: 100_000,
      effectiveFrom: addDaysTo(after.startDate, 1),
    });
    const one = [{ ...MIXED[0]! }];
    const old = await checkout(before, { groupSize: "1", travellers: one });
    const fresh = await checkout(after, { groupSize: "1", travellers: one });
    expect((await feeLines(old))[0]?.amountMinor).toBe(80_000);
    expect((await feeLines(fresh))[0]?.amountMinor).toBe(100_000);
    expect(await totalOf(old)).toBe(180_000 + 80_000);
    expect(await totalOf(fresh)).toBe(180_000 + 100_000);
    const shown = await shownPrice("gorilla-safari", after.id, after.startDate, "1", one);
    expect(shown?.totalMinor).toBe(180_000 + 100_000);
  });
});

describe("a private trek's request", () => {
  it("keeps its travellers' fees: its page and the quote staff confirm add them to the land part", async () => {
    actAs(t.w.a);
    const idempotencyKey = crypto.randomUUID();
    const state = await createCustomerBookingAction(
      undefined,
      customerBookingValues({
        departure: "private",
        departureDate: inDays(170),
        groupSize: "2",
        accommodation: "luxury",
        travellers: [MIXED[2], MIXED[0]],
        idempotencyKey,
      }),
    );
    expect(state).toMatchObject({ status: "success" });
    const [row] = await t.db
      .select({ id: bookings.id, totalMinor: bookings.totalMinor })
      .from(bookings)
      .where(eq(bookings.idempotencyKey, idempotencyKey));
    // Not sold yet: staff confirm its total.
    expect(row?.totalMinor).toBeNull();
    const total = 2 * 250_000 + EAC_CENTS + 80_000;
    expect(await getRequestedBooking(row!.id)).toMatchObject({
      estimate: { landMinor: 500_000, totalMinor: total },
      feesToQuote: false,
    });
    const html = renderToStaticMarkup(
      (await RequestedPage({
        params: Promise.resolve({
          token: requestPagePath(row!.id).slice(REQUEST_PAGE_PATH.length + 1),
        }),
      })) as ReactElement,
    );
    expectToSay(textOf(html), [
      "Luxury: $2,500 x 2 $5,000.00",
      "Gorilla permit, East African citizen: UGX 300,000, at face value US$81.09 at 3,700 UGX per USD $81.09",
      "Gorilla permit, Foreign non-resident: US$800, at face value $800.00",
      "Total $5,881.09",
    ]);
    actAs(t.w.staff);
    expect((await getBookingForEdit(row!.id))?.price.quote?.totalMinor).toBe(total);
  });
});

describe("a fee that cannot be priced", () => {
  it("refuses the checkout on the travellers' field, storing nothing and holding no seat", async () => {
    const departure = await departureWithPermits(t.w.chimps, 180, KIBALE, 1);
    const state = await submitBookingAction(undefined, {
      ...visitorBookingValues({
        tour: "crater-lakes",
        departure: departure.id,
        startDate: departure.startDate,
        endDate: departure.endDate,
        groupSize: "1",
      }),
      travellers: [{ ...MIXED[0]!, residency: "foreign_resident" }],
    });
    expect(state).toMatchObject({
      status: "invalid",
      fieldErrors: {
        travellers: [
          "UWA has published no price for the chimpanzee tracking permit of a foreign resident on this date: contact us and we will price it.",
        ],
      },
    });
    expect(
      await t.db.select().from(bookings).where(eq(bookings.departureId, departure.id)),
    ).toHaveLength(0);
    expect((await getDepartureOnSale(departure.id))?.seatsLeft).toBe(8);
  });
});
