/**
 * The traveller's price before committing and the request's own page, in Chromium: 'Select
 * Package' on the tour page keeps its tier in the wizard, the trip step shows tier x travellers,
 * the deposit and the balance's due day for a date of the traveller's own; the request then has a
 * confirmation page at its own address. Both pass axe.
 */
import { inDays } from "@/tests/helpers/payloads";

import { expect, test } from "./fixtures";
import { BookingPage } from "./pages/booking-page";
import { expectNoAxeViolations } from "./support/axe";
import { uniqueEmail } from "./support/visitor";

test.use({ ownAddress: true });

test("Select Package's tier is priced from the trip step on, and the request keeps its page @layout", async ({
  page,
}, testInfo) => {
  await page.goto("/tour/gorilla-safari");
  await page.getByRole("tab", { name: "Pricing", exact: true }).click();
  await page.getByRole("link", { name: "Select Package: Luxury" }).click();
  await expect(page).toHaveURL(/\/booking\?tour=gorilla-safari&package=luxury$/);

  const booking = new BookingPage(page);
  await booking.expectStep("Personal Info");
  await expect(page.getByText(/^Booking: .+/)).toContainText("Gorilla Trek & Safari Escape");
  await booking.fillPersonal({
    firstName: "Amina",
    lastName: "Nakato",
    email: uniqueEmail(testInfo, "price"),
    phone: "+256 772 000 222",
    country: "Uganda",
  });
  await booking.next.click();
  await booking.expectStep("Trip Details");
  await expect(booking.field("Accommodation Preference")).toContainText("Luxury");

  await booking.privateTrip.check();
  await booking.field("Preferred Start Date").fill(inDays(200));
  await booking.choose("Group Size", "3 people");
  const price = page.getByRole("region", { name: "Your trip and price" });
  await expect(price).toContainText("Luxury: $2,500 x 3 travellers");
  await expect(price).toContainText("$7,500.00");
  // The demo's gorilla safari needs a permit: three foreign non-residents' (US$800 each) until
  // their residency is given.
  await expect(price).toContainText(
    "Gorilla permit, Foreign non-resident: US$800 x 3, at face value",
  );
  await expect(price).toContainText("$9,900.00");
  await expect(price).toContainText("Deposit (30%) once we confirm");
  await expect(price).toContainText("$2,970.00");
  await expect(price).toContainText(/Balance due by \w{3} \d{1,2} \w{3} \d{4}/);
  await expectNoAxeViolations(page, "/booking, the trip step with its price");

  await booking.next.click();
  await booking.expectStep("Confirmation");
  await expect(price).toContainText("$7,500.00");
  const reference = await booking.send();
  await expect(page.getByRole("main")).toContainText("Luxury: $2,500 x 3");
  await expectNoAxeViolations(page, "/booking/requested/<token>");
  expect(reference).toMatch(/^[0-9A-F]{8}$/);
});
