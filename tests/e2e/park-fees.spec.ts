/**
 * Prices that add up on the demo's gorilla safari, a tour that needs a Bwindi gorilla permit per
 * trekker (US$800 for a foreign non-resident, UGX 300,000 for an East African citizen at the
 * demo's 3,700 UGX per USD): the tour page quotes a foreign non-resident's from-price and its
 * residency switch shows each category's, with no script needed; a mixed group booking a date sees
 * the tour and each category's permits itemised and the exact total, from the wizard to the pay
 * page. At both widths.
 */
import type { Locator } from "@playwright/test";

import { expect, test } from "./fixtures";
import { BookingPage } from "./pages/booking-page";
import { ResidencyPriceSwitch } from "./pages/residency-price-switch";
import { expectNoAxeViolations } from "./support/axe";
import { uniqueEmail } from "./support/visitor";

test.use({ ownAddress: true });

test("the tour page's price switches with the traveller's residency @layout", async ({
  page,
  tourPage,
}) => {
  await tourPage.goto("gorilla-safari");
  const prices = new ResidencyPriceSwitch(page);
  // The Budget tier's US$1,200 and a foreign non-resident's US$800 permit.
  await expect(prices.category("Foreign non-resident")).toBeChecked();
  await prices.expectPrice("US$2,000");
  await expect(prices.card).toContainText(
    "Foreign non-resident: US$1,200 tour + Gorilla permit, Foreign non-resident: US$800, at face value.",
  );

  await prices.choose("East African citizen");
  await prices.expectPrice("US$1,281.09");
  await expect(prices.card).toContainText(
    "East African citizen: US$1,200 tour + Gorilla permit, East African citizen: UGX 300,000, at face value (US$81.09 at 3,700 UGX per USD",
  );
  await prices.choose("Foreign resident");
  await prices.expectPrice("US$1,900");
  await prices.choose("Rest of Africa");
  await prices.expectPrice("US$1,700");
  await prices.choose("Foreign non-resident");
  await prices.expectPrice("US$2,000");
  await expectNoAxeViolations(page, "/tour/gorilla-safari, the price by residency");

  // Search engines are offered the foreign non-resident's price of each package.
  const trip = (await tourPage.jsonLd()).find(
    (block) => (block as { "@type"?: string })["@type"] === "TouristTrip",
  ) as { offers: { name: string; price: number }[] };
  expect(trip.offers.map((o) => [o.name, o.price])).toEqual([
    ["Budget package", 2000],
    ["Standard package", 2600],
    ["Luxury package", 3300],
  ]);
});

test("a mixed group sees its permits itemised and the exact total, to the pay page @layout", async ({
  page,
  mobile,
}, testInfo) => {
  test.setTimeout(120_000);
  const booking = new BookingPage(page);
  await booking.goto("?tour=gorilla-safari");
  await booking.toTripDetails({
    firstName: "Jane",
    lastName: "O'Brien",
    email: uniqueEmail(testInfo, "park-fees"),
    phone: "+256 772 000 333",
    country: "Ireland",
  });
  // A date with seats, its own at each width.
  const dates = page
    .getByRole("group", { name: /Choose a departure/ })
    .getByRole("radio", { name: /^(?!Another date)/, disabled: false });
  await dates.nth(mobile ? 3 : 4).check();
  await booking.choose("Group Size", "3 people");
  await booking.choose("Accommodation Preference", "Standard");

  // Before anyone's residency is given, each is priced as a foreign non-resident, and told so.
  const price = page.getByRole("region", { name: "Your trip and price" });
  await expect(price).toContainText("Standard: $1,800 x 3 travellers");
  await expect(price).toContainText(
    "Gorilla permit, Foreign non-resident: US$800 x 3, at face value",
  );
  await expect(price).toContainText("$7,800.00");
  await expect(price).toContainText(
    "Travellers whose residency is not given are priced as foreign non-residents.",
  );

  // Two foreign non-residents and an East African citizen.
  await booking.next.click();
  await booking.expectStep("Confirmation");
  const row = (n: number) =>
    page.getByRole("group", { name: n === 1 ? "Traveller 1 (lead)" : `Traveller ${n}` });
  await expect(row(1).getByLabel("Full name (as on passport)")).toHaveValue("Jane O'Brien");
  await chooseIn(row(1), "Residency", "Foreign non-resident");
  await row(2).getByLabel("Full name (as on passport)").fill("Tom O'Brien");
  await chooseIn(row(2), "Residency", "Foreign non-resident");
  await row(3).getByLabel("Full name (as on passport)").fill("Wanjiru Kamau");
  await chooseIn(row(3), "Residency", "East African citizen");

  for (const said of [
    "Standard: $1,800 x 3 travellers",
    "$5,400.00",
    "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
    "$1,600.00",
    "Gorilla permit, East African citizen: UGX 300,000, at face value",
    "US$81.09 at 3,700 UGX per USD",
    "$81.09",
  ])
    await expect(price).toContainText(said);
  await expect(price.getByTestId("price-total")).toHaveText("$7,081.09");
  await expect(price).not.toContainText("priced as foreign non-residents");

  // The checkout holds the seats at that price: the pay page says the same.
  await booking.continueToPayment();
  const summary = page.getByRole("region", { name: "Booking" });
  for (const said of [
    "Tour",
    "$5,400.00",
    "Gorilla permit, Foreign non-resident: US$800 x 2, at face value",
    "Gorilla permit, East African citizen: UGX 300,000, at face value",
    "US$81.09 at 3,700 UGX per USD",
    "$7,081.09",
  ])
    await expect(summary).toContainText(said);
  await expectNoAxeViolations(page, "the pay page of a mixed group");
});

/** A select of one traveller's row, by its label, set to `option`. */
async function chooseIn(scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.page().getByRole("option", { name: option, exact: true }).click();
  await expect(scope.page().getByRole("listbox")).toBeHidden();
}
