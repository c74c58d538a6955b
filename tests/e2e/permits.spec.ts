/**
 * Gorilla permits as visitors and staff meet them, at phone and desktop widths, on the demo's
 * gorilla safari (a Bwindi gorilla permit per trekker on its second day): a trekker under 15 is
 * refused on the wizard with the site's message and the visitor goes no further; a date offers
 * no more seats than the permits held for its trek day (the demo's date short of permits: eight
 * seats, six permits); staff see the permit alerts on the dashboard and on the Permits screen; a
 * departure's manifest and the guide's day sheet give each trekker's UWA permit number.
 */
import type { Browser } from "@playwright/test";

import { SHORT_OF_PERMITS } from "@/db/seed-data/demo-departures";
import { todayInKampala } from "@/lib/dates";

import { expect, test } from "./fixtures";
import { AdminDeparturesPage } from "./pages/admin-departures-page";
import { AdminPermitsPage, PERMIT_ALERTS } from "./pages/admin-permits-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { BookingPage } from "./pages/booking-page";
import { DaySheetPage, DepartureManifestPage } from "./pages/departure-manifest-page";
import { TourDepartures } from "./pages/tour-departures";
import { E2E_STAFF } from "./support/staff";
import { uniqueEmail } from "./support/visitor";

const GORILLA = { slug: "gorilla-safari", title: "Gorilla Trek & Safari Escape" };

/** A date of birth `years` years ago today ('yyyy-MM-dd'). */
function bornYearsAgo(years: number): string {
  const [y, m, d] = todayInKampala().split("-");
  return `${Number(y) - years}-${m}-${d}`;
}

test.use({ ownAddress: true });

test("a trekker under 15 is refused on the wizard with the site's message, and goes no further @layout", async ({
  page,
  toasts,
}, testInfo) => {
  const booking = new BookingPage(page);
  await booking.goto(`?tour=${GORILLA.slug}`);
  await booking.toTripDetails({
    firstName: "Grace",
    lastName: "Atim",
    email: uniqueEmail(testInfo, "too-young"),
    phone: "+256 772 000 444",
    country: "Uganda",
  });
  await page
    .getByRole("group", { name: /Choose a departure/ })
    .getByRole("radio", { name: /^(?!Another date)/, disabled: false })
    .first()
    .check();
  await booking.choose("Group Size", "2 people");
  await booking.next.click();
  await booking.expectStep("Confirmation");

  const child = page.getByRole("group", { name: "Traveller 2" });
  await child.getByLabel("Full name (as on passport)").fill("Brian Atim");
  await child.getByLabel("Date of birth").fill(bornYearsAgo(12));
  await booking.terms.check();
  const pay = page.getByRole("button", { name: "Continue to payment" });
  await pay.click();

  const refusal =
    /Brian Atim must be at least 15 on the trek day \(.+\): the Uganda Wildlife Authority admits no younger trekkers\./;
  await toasts.expectToast("Too Young to Trek");
  await expect(page.getByRole("group", { name: "Travellers", exact: true })).toContainText(refusal);
  // No seats held, no pay page: the visitor stays on the wizard, and trying again is refused again.
  await pay.click();
  await expect(page.getByRole("group", { name: "Travellers", exact: true })).toContainText(refusal);
  await expect(page).toHaveURL(/\/booking\?tour=gorilla-safari/);
  await booking.expectStep("Confirmation");
});

/** What staff see of a date's seats and of its trek day's permits, in a context of their own. */
async function staffView(browser: Browser, range: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, E2E_STAFF.staff, "/admin/departures?month=all");
    const departures = new AdminDeparturesPage(page);
    await departures.choose(departures.tourFilter, GORILLA.title);
    await expect(page).toHaveURL(/[?&]tour=/);
    const seats = (await departures.entry(range).textContent()) ?? "";
    const permits = new AdminPermitsPage(page);
    await permits.goto();
    const day = (await permits.trekDays.nth(SHORT_OF_PERMITS.index).textContent()) ?? "";
    return { seats, day };
  } finally {
    await context.close();
  }
}

test("a gorilla date offers no more seats than the permits held for its trek day @layout", async ({
  page,
  browser,
}, testInfo) => {
  // The visitor: the tour page's date short of permits.
  await page.goto(`/tour/${GORILLA.slug}`);
  const dates = new TourDepartures(page);
  const row = dates.rows.nth(SHORT_OF_PERMITS.index);
  await expect(row).toContainText(`${SHORT_OF_PERMITS.permits} seats left`);
  const range = (await row
    .getByText(/\d{4}$/)
    .first()
    .textContent())!;

  // Staff: the date has eight seats, none sold, six of them on sale: its trek day holds six permits.
  const staff = await staffView(browser, range);
  expect(staff.seats).toContain("0 sold · 0 held · 6 free of 8");
  expect(staff.seats).toContain("6 permits left for the trek day");
  expect(staff.day).toContain(
    `${SHORT_OF_PERMITS.permits} held · 0 used · ${SHORT_OF_PERMITS.permits} left`,
  );

  // The wizard offers the date with as many seats. (It is opened on the tour and the date chosen
  // in it: the tour page is a cached page, which a run on a fresh database may first serve as an
  // earlier database had it, its Book links naming dates this one does not have.)
  const booking = new BookingPage(page);
  await booking.goto(`?tour=${GORILLA.slug}`);
  await booking.toTripDetails({
    firstName: "Paul",
    lastName: "Okot",
    email: uniqueEmail(testInfo, "permit-seats"),
    phone: "+256 772 000 555",
    country: "Uganda",
  });
  await booking.departure(range).check();
  await expect(booking.departureCard(range)).toContainText(
    `${SHORT_OF_PERMITS.permits} seats left`,
  );
  await expect(
    page.getByText(`${SHORT_OF_PERMITS.permits} seats left on this date`, { exact: true }),
  ).toBeVisible();
  expect(await booking.groupSizes()).toEqual([
    "1 person",
    ...Array.from({ length: SHORT_OF_PERMITS.permits - 1 }, (_, i) => `${i + 2} people`),
  ]);
});

test("staff see the permit alerts on the dashboard and on the Permits screen @layout", async ({
  page,
}) => {
  const shell = await signInAsAdmin(page, E2E_STAFF.staff);
  // A block lapsing unpaid, UWA's balance due, and permits unsold a month before the trek.
  for (const alert of Object.values(PERMIT_ALERTS))
    await expect(
      shell.permitAlerts.getByRole("listitem").filter({ hasText: alert }),
    ).not.toHaveCount(0);

  await shell.permitAlerts.getByRole("link", { name: "Open Permits" }).click();
  const permits = new AdminPermitsPage(page);
  await expect(permits.heading).toBeVisible();
  for (const alert of Object.values(PERMIT_ALERTS))
    await expect(permits.alerts.getByRole("listitem").filter({ hasText: alert })).not.toHaveCount(
      0,
    );
  // The block's lot shows its deadline.
  await expect(permits.trekDays.filter({ hasText: /Blocked until / })).not.toHaveCount(0);
});

test("staff open a gorilla departure's manifest and day sheet and see each trekker's permit number @layout", async ({
  page,
  mobile,
}) => {
  await signInAsAdmin(page, E2E_STAFF.staff, "/admin/departures?month=all");
  const departures = new AdminDeparturesPage(page);
  await departures.choose(departures.tourFilter, GORILLA.title);
  await expect(page).toHaveURL(/[?&]tour=/);
  // The first date: full, its paid bookings' permits numbered by staff.
  const first = departures.rows(mobile).first();
  await expect(first).toContainText(GORILLA.title);
  await first.getByRole("link", { name: /\d{4}/ }).first().click();

  const manifest = new DepartureManifestPage(page);
  await expect(manifest.departure).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /Gorilla/ })).toBeVisible();
  const sophie = manifest.bookings(mobile).filter({ hasText: "Sophie Laurent" });
  for (const number of ["UG-BW-4101", "UG-BW-4102", "UG-BW-4103"])
    await expect(sophie).toContainText(`UWA permit ${number}`);
  // A party holding its permits whose numbers are not typed yet says so.
  await expect(manifest.bookings(mobile).filter({ hasText: "Daniel Mwangi" })).toContainText(
    "Permit held, number not entered yet",
  );

  await manifest.daySheetLink.click();
  const sheet = new DaySheetPage(page);
  await expect(sheet.table).toContainText("UWA permit UG-BW-4101");
  await expect(sheet.table).toContainText("UWA permit UG-BW-4105");
});
