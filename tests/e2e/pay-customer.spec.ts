/**
 * A signed-in customer pays a deposit, at phone and desktop widths (@layout): a new customer books
 * a gorilla trek in the account, staff give it its permits and confirm it at its computed total, the customer sees in My Bookings
 * what is due and Pay, pays the deposit at the demo checkout (no money moves), lands on the result
 * page (its own address), and back in My Bookings sees Deposit Made, what is paid, the balance and
 * its due day, and downloads the receipt; the receipt is mailed, and the dashboard's 'Received
 * this month' grows by the deposit. The pay page and the result page pass axe at both widths. The
 * visitor's way (the mailed pay link) is pay.spec.ts.
 */
import { seedTours } from "@/db/seed-data/tours";
import { formatDay } from "@/lib/dates";
import { addDays } from "@/lib/departures/rules";
import { inDays } from "@/tests/helpers/payloads";

import { expect, test } from "./fixtures";
import { AdminBookingsPage } from "./pages/admin-bookings-page";
import { AdminPermitsPage } from "./pages/admin-permits-page";
import { signInAsAdmin } from "./pages/admin-shell";
import { CustomerArea } from "./pages/customer-area";
import { registerAndVerify, signInAsCustomer } from "./pages/customer-auth-page";
import { Mailbox } from "./pages/mailbox";
import { PayPage } from "./pages/pay-page";
import { expectNoAxeViolations } from "./support/axe";
import { asFreshVisitor, uniqueEmail } from "./support/visitor";

const PASSWORD = "queen elizabeth crater drive";
/** The balance of a gorilla trek is due this many days before departure. */
const GORILLA_BALANCE_DAYS = seedTours.find((t) => t.slug === "gorilla-safari")!.balanceDueDays;

test.use({ ownAddress: true });

test("a customer pays the deposit from My Bookings and sees what is left to pay @layout", async ({
  page,
  mobile,
}, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail(testInfo, "pay-customer");
  const account = { fullName: "Sanyu Birungi", email, password: PASSWORD };
  // Days to the departure: each width books its own.
  const days = mobile ? 500 : 520;
  const area = new CustomerArea(page, mobile);

  // A new customer books a gorilla trek for two in the account: no total yet, nothing to pay.
  await registerAndVerify(page, account);
  await area.bookTrip({
    tour: /^Gorilla Trek & Safari Escape/,
    departureDate: inDays(days),
    groupSize: "2 people",
    accommodation: "Budget",
  });
  const card = area.bookingCards().first();
  await expect(card.getByText("Payment: Pending")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Pay for booking/ })).toHaveCount(0);

  // Staff give the trek its permits (a lot for its trek day, the second) and confirm it at its
  // computed total; the dashboard's month is read before the payment.
  await asFreshVisitor(page);
  const shell = await signInAsAdmin(page);
  const receivedBefore = await shell.money("Received this month");
  await new AdminPermitsPage(page).recordPaidLot({
    trekDate: addDays(inDays(days), 1),
    quantity: 2,
  });
  const reference = await new AdminBookingsPage(page).confirmAtComputedTotal(
    email,
    "$4,000.00",
    mobile,
    { allocatePermits: true },
  );

  // My Bookings: the deposit is due now, and Pay opens the booking's pay page.
  await asFreshVisitor(page);
  await signInAsCustomer(page, account, "/customer/bookings");
  await expect(card).toContainText("Paid $0.00 of $4,000.00");
  await expect(card).toContainText("Deposit $1,200.00 due now");
  await card.getByRole("link", { name: /^Pay for booking/ }).click();
  const pay = new PayPage(page);
  await pay.expectPayPage();
  await expectNoAxeViolations(page, "the pay page");
  await pay.payDeposit({ deposit: "$1,200.00", total: "$4,000.00" });
  await expectNoAxeViolations(page, "the result page, paid");

  // Back to My Bookings from the result page: the deposit counts, the balance and its day show.
  await page.getByRole("link", { name: "Go to My Bookings" }).click();
  await expect(page).toHaveURL(/\/customer\/bookings$/);
  await expect(card.getByText("Payment: Deposit Made")).toBeVisible();
  await expect(card).toContainText("Paid $1,200.00 of $4,000.00");
  await expect(card).toContainText(
    `Balance $2,800.00 due by ${formatDay(inDays(days - GORILLA_BALANCE_DAYS))}`,
  );

  // The receipt of the deposit, a PDF, from the booking's details.
  await card.getByRole("button", { name: /View Details/ }).click();
  const details = page.getByRole("dialog");
  const receipt = details.getByRole("link", { name: /^Receipt BU-[0-9A-F-]+ \(\$1,200\.00\)$/ });
  await expect(receipt).toBeVisible();
  const download = await page.request.get((await receipt.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await download.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await page.keyboard.press("Escape");

  // The receipt is mailed to the account's address.
  const mail = await new Mailbox(page.request).latest(
    email,
    `Payment received: $1,200.00 for Gorilla Trek & Safari Escape (5 Days) (ref ${reference})`,
  );
  expect(mail.text).toContain("$1,200.00");

  // Staff: this month's receipts hold the deposit (other tests may pay meanwhile: at least it).
  await asFreshVisitor(page);
  const after = await signInAsAdmin(page);
  expect(await after.money("Received this month")).toBeGreaterThanOrEqual(receivedBefore + 1200);
});
