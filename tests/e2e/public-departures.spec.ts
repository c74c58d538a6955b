/**
 * Scheduled departures on the public side, at phone and desktop widths (@layout): staff add a
 * two-seat departure to a tour; a visitor finds it on the tour page ('2 seats left', the price),
 * clicks 'Book and pay a deposit', and the wizard opens on that date with the group size limited
 * to its seats; 'Continue to payment' holds the seats, the visitor pays the deposit at the demo
 * checkout and holds a confirmed booking, mailed as such, in one sitting; the next visitor sees
 * the date Full, joins its waitlist (and is mailed), on the tour page and in the wizard.
 *
 * The departure is made through the staff screen (the e2e server's PGlite database is its own),
 * on a tour the demo seed sells on request only ('Uganda Family Adventure'), at a date of this
 * project and attempt alone: the two widths and a retry never share its seats.
 */
import type { Browser, Page } from "@playwright/test";

import { departureRange, tripEndDate } from "@/lib/departures/rules";
import { inDays } from "@/tests/helpers/payloads";

import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./pages/admin-shell";
import { AdminDeparturesPage } from "./pages/admin-departures-page";
import { BookingPage, traveller } from "./pages/booking-page";
import { Mailbox } from "./pages/mailbox";
import { PayPage } from "./pages/pay-page";
import { TourDepartures } from "./pages/tour-departures";
import { ownAddress, uniqueEmail } from "./support/visitor";

const TOUR = { slug: "family-adventure", title: "Uganda Family Adventure", days: 7 };
/** Two travellers at the tour's Budget tier ($980 each), and the 30% deposit of that. */
const TOTAL = "$1,960.00";
const DEPOSIT = "$588.00";

/** Staff add one departure of `capacity` seats on `startDate`, in a browser context of their own. */
async function staffAddDeparture(browser: Browser, startDate: string, capacity: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, undefined, "/admin/departures");
    const departures = new AdminDeparturesPage(page);
    await departures.addSeries({
      tour: TOUR.title,
      firstDate: startDate,
      capacity: String(capacity),
    });
    await departures.toasts.expectToast("Departures Added");
  } finally {
    await context.close();
  }
}

/**
 * The tour page until `check` passes: a cached page, its seats refreshed at once by a booking
 * (and within a minute at worst), so a stale first answer is read again.
 */
async function onTourPage(page: Page, check: (dates: TourDepartures) => Promise<void>) {
  const dates = new TourDepartures(page);
  await expect(async () => {
    await page.goto(`/tour/${TOUR.slug}`);
    await check(dates);
  }).toPass({ timeout: 75_000, intervals: [1_000, 3_000, 5_000] });
  return dates;
}

test.use({ ownAddress: true });

test("a visitor holds the last seats of a departure from the tour page and pays the deposit in one sitting; the next sees it Full @layout", async ({
  page,
  browser,
  mobile,
}, testInfo) => {
  test.setTimeout(180_000);
  // Far enough ahead that a deposit is asked (the balance falls due 60 days before).
  const startDate = inDays(140 + (mobile ? 3 : 0) + testInfo.retry * 7);
  const range = departureRange(startDate, tripEndDate(startDate, TOUR.days));
  await staffAddDeparture(browser, startDate, 2);

  // The tour page lists the date with its seats and price, and books it in a click.
  const dates = await onTourPage(page, async (d) => {
    await expect(d.row(range)).toContainText("2 seats left", { timeout: 2_000 });
  });
  // The date's own price per person, not 'From' a price.
  await expect(dates.row(range)).toContainText(/\$[\d,]+/);
  await expect(dates.row(range)).not.toContainText("From");
  await expect(dates.row(range)).toContainText("per person");
  await expect(dates.privateNote).toBeVisible();
  const book = dates.book(range);
  await expect(book).toContainText("Book and pay a deposit");
  await expect(book).toHaveAttribute(
    "href",
    new RegExp(`^/booking\\?tour=${TOUR.slug}&departure=[0-9a-f-]{36}$`),
  );
  await book.click();

  const booking = new BookingPage(page);
  await expect(page).toHaveURL(/\/booking\?tour=family-adventure&departure=/);
  await booking.expectStep("Personal Info");
  // Step 1 names the tour and the date being booked.
  await expect(page.getByText(/^Booking: .+/)).toContainText(`${TOUR.title}`);
  await expect(page.getByText(/^Booking: .+/)).toContainText(range);
  const nalule = uniqueEmail(testInfo, "departure");
  await booking.toTripDetails(traveller("Nalule Achieng", nalule, "+256 701 234 567", "Uganda"));

  // The wizard opens on that departure: its tour, its date chosen, the group limited to its seats.
  await expect(booking.field("Preferred Tour Package")).toContainText(TOUR.title);
  await expect(booking.departure(range)).toBeChecked();
  await expect(booking.departureCard(range)).toContainText("2 seats left");
  await expect(booking.privateTrip).not.toBeChecked();
  await expect(booking.field("Preferred Start Date")).toBeHidden();
  await expect(page.getByText("2 seats left on this date", { exact: true })).toBeVisible();
  expect(await booking.groupSizes()).toEqual(["1 person", "2 people"]);
  await booking.choose("Group Size", "2 people");
  // The price before committing: the tier times the travellers, the deposit paid now.
  const price = page.getByRole("region", { name: "Your trip and price" });
  await expect(price).toContainText(/: \$[\d,]+ x 2 travellers/);
  await expect(price).toContainText(/Deposit \(\d+%\) to pay now/);
  await booking.next.click();
  await booking.expectStep("Confirmation");
  await expect(price).toContainText(range);
  await expect(booking.summaryValue("Package")).toContainText(TOUR.title);
  await expect(booking.summaryValue("Group Size")).toHaveText("2 people");
  await booking.continueToPayment();

  // The pay page: the seats held for the checkout, the deposit paid at the demo provider, and
  // the booking confirmed at once, its receipt mailed as the confirmation.
  const pay = new PayPage(page);
  await expect(page.getByText(/^Your seats are held until \d{2}:\d{2}/)).toBeVisible();
  const reference = (await page.getByText(/^Booking [0-9A-F]{8}$/).textContent())!.slice(8);
  await pay.payDeposit({ deposit: DEPOSIT, total: TOTAL });
  const confirmed = await new Mailbox(page.request).latest(
    nalule,
    `Booking confirmed: ${TOUR.title} (${TOUR.days} Days) (ref ${reference})`,
  );
  expect(confirmed.text).toContain("your booking of");
  expect(confirmed.text).toContain(DEPOSIT);

  // The next visitor: the date is Full, with the waitlist instead of Book.
  await page.context().clearCookies();
  await ownAddress(page);
  const after = await onTourPage(page, async (d) => {
    await expect(d.row(range)).toContainText("Full", { timeout: 2_000 });
  });
  await expect(after.book(range)).toHaveCount(0);
  await expect(after.waitlist(range)).toBeVisible();

  // They join its waitlist, and are mailed the link that confirms their email.
  const waiting = uniqueEmail(testInfo, "waitlist");
  await after.waitlist(range).click();
  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Full Name").fill("Okello Peter");
  await dialog.getByLabel("Email Address").fill(waiting);
  await dialog.getByLabel("Group Size").fill("2");
  await dialog.getByRole("button", { name: "Join the waitlist" }).click();
  await booking.toasts.expectToast(
    "Check Your Email",
    "To join the waitlist, confirm your email with the link we just sent you. It works for 24 hours.",
  );
  await expect(dialog).toBeHidden();
  const joined = await new Mailbox(page.request).latest(
    waiting,
    `Confirm your place on the waitlist: ${TOUR.title}, ${range}`,
  );
  expect(joined.text).toContain("2 people");
  // The link confirms it: only now does the request wait its turn.
  const confirmPath = /https?:\/\/\S+?(\/waitlist\/confirm\/[\w-]+)/.exec(joined.text)?.[1];
  expect(confirmPath, "the confirmation link").toBeTruthy();
  await page.goto(confirmPath!);
  await expect(page.getByRole("heading", { name: "You're on the waitlist" })).toBeVisible();

  // And in the wizard, the date is offered disabled.
  await booking.goto(`?tour=${TOUR.slug}`);
  const okello = uniqueEmail(testInfo, "departure-late");
  await booking.toTripDetails(traveller("Okello Peter", okello, "+256 702 345 678", "Uganda"));
  await expect(booking.departure(range)).toBeDisabled();
  await expect(booking.departureCard(range)).toContainText("Full");
  await expect(
    booking
      .departureCard(range)
      .locator("a, button")
      .filter({ hasText: /waitlist/i }),
  ).toBeVisible();
});

test("/tours filters by month of departure, in the URL", async ({ page, toursPage }) => {
  await toursPage.goto();
  await toursPage.expectCount("Showing 12 tours");
  await expect(toursPage.monthChip("Any month")).toHaveAttribute("aria-current", "true");
  // The demo seed sells dates on seven tours for six months: the second month's chip.
  const chip = toursPage.months.getByRole("link").nth(2);
  const month = (await chip.textContent()) ?? "";
  await chip.click();
  await expect(page).toHaveURL(/[?&]month=\d{4}-\d{2}$/);
  await expect(
    page.getByRole("heading", { name: `Departures in ${month}`, level: 2 }),
  ).toBeVisible();
  await toursPage.expectCount(new RegExp(`^Showing \\d+ tours? with departures in ${month}$`));
  const shown = Number(/Showing (\d+)/.exec((await toursPage.countLine.textContent()) ?? "")?.[1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(12);
  await expect(toursPage.cards).toHaveCount(shown);
  expect(await toursPage.cardHrefs()).toContain("/tour/gorilla-safari");
  await expect(toursPage.monthChip(month)).toHaveAttribute("aria-current", "true");

  // The category keeps the month, and the month keeps the category.
  await toursPage.chip("Wildlife").click();
  await expect(page).toHaveURL(/category=Wildlife/);
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await toursPage.expectCount(new RegExp(`in Wildlife with departures in ${month}$`));
  await toursPage.monthChip("Any month").click();
  await expect(page).not.toHaveURL(/month=/);
  await toursPage.expectCount(/^Showing \d+ tours? in Wildlife$/);
});
