/**
 * Paying a booking online, at phone and desktop widths (@layout): the demo customer opens My
 * Bookings, follows a booking's Pay link to the pay page (no sign-in needed there), pays the
 * deposit at the demo provider's checkout (no money moves) and lands on the result page; My
 * Bookings then shows the deposit made.
 *
 * It needs a booking of the demo customer with a quoted total and nothing paid yet, and the demo
 * checkout served by the production build (ALLOW_DEMO_PAYMENTS): without a Pay link it skips,
 * saying so. Each width pays a booking of its own (the phone the last payable one, the desktop
 * the first), so the two projects running at once do not pay the same deposit.
 */
import { DEMO_ACCOUNTS } from "@/db/seed";

import { expect, test } from "./fixtures";
import { CustomerArea } from "./pages/customer-area";
import { CustomerAuthPage } from "./pages/customer-auth-page";
import { PayPage } from "./pages/pay-page";
import { asFreshVisitor, ownAddress } from "./support/visitor";

test.beforeEach(async ({ page }) => {
  await ownAddress(page);
});

test("the demo customer pays a deposit from My Bookings @layout", async ({
  page,
  toasts,
  mobile,
}) => {
  const { email, password } = DEMO_ACCOUNTS.customer;
  const auth = new CustomerAuthPage(page);
  await auth.goto("?callbackUrl=%2Fcustomer%2Fbookings");
  await auth.signIn(email, password);
  await toasts.expectToast("Welcome Back!", "You have been signed in successfully");
  await expect(page).toHaveURL(/\/customer\/bookings$/);
  const area = new CustomerArea(page, mobile);
  const list = area.main.getByRole("list", { name: "Bookings" });
  await expect(list).toBeVisible();

  // A booking with nothing paid yet and a Pay link.
  const payable = list
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^Pay for booking/ }) })
    .filter({ hasText: "Payment: Pending" });
  const count = await payable.count();
  test.skip(
    count === 0,
    "No booking of the demo customer has a quoted total and nothing paid (the demo data has no payable booking yet).",
  );
  const booking = mobile ? payable.last() : payable.first();
  const title = (await booking.getByRole("heading", { level: 2 }).textContent())!.trim();
  await expect(booking.getByText(/^Paid \$0\.00 of \$[\d,]+\.\d{2}/)).toBeVisible();
  await expect(booking.getByText(/Deposit \$[\d,]+\.\d{2} due now/)).toBeVisible();
  const payHref = await booking
    .getByRole("link", { name: /^Pay for booking/ })
    .getAttribute("href");
  expect(payHref).toMatch(/^\/pay\/[A-Za-z0-9_-]{74}$/);

  // The pay page works without a session: the link is the authority.
  await asFreshVisitor(page);
  await page.goto(payHref!);
  const pay = new PayPage(page);
  await pay.expectPayPage();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(pay.choice(/^Pay the deposit \(30%\): \$[\d,]+\.\d{2}$/)).toBeChecked();
  await expect(pay.choice(/^Pay the rest at once: \$[\d,]+\.\d{2}$/)).toBeVisible();
  // A phone's page is laid out at its width: nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await pay.pay(/^Pay the deposit/);
  await pay.payAtDemoCheckout();
  await expect(pay.heading).toHaveText("Payment received");
  await expect(page.getByText("MTN Mobile Money", { exact: true })).toBeVisible();
  await expect(page.getByText(/^DEMO-[0-9A-F]{8}$/)).toBeVisible();

  // Back in My Bookings: the deposit is made.
  await page.getByRole("link", { name: "Go to My Bookings" }).click();
  await auth.signIn(email, password);
  await expect(page).toHaveURL(/\/customer\/bookings$/);
  const paid = list.getByRole("listitem").filter({ hasText: title }).first();
  await expect(paid.getByText("Payment: Deposit Made")).toBeVisible();
  await expect(paid.getByText(/Balance \$[\d,]+\.\d{2} due/)).toBeVisible();
});

test("an expired or altered pay link shows how to get a new one, and no booking @layout", async ({
  page,
}) => {
  await page.goto(`/pay/${"A".repeat(74)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This payment link has expired");
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Sign in to My Bookings" })).toHaveAttribute(
    "href",
    "/customer/bookings",
  );
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expect(main.getByText("Lead traveller")).toHaveCount(0);
  // Kept out of search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("an unknown payment reference is not found", async ({ page }) => {
  const response = await page.goto("/pay/result?ref=BU-00000000-UNKNOWN");
  expect(response?.status()).toBe(404);
});
