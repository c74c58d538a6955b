/**
 * Paying a booking online, at phone and desktop widths (@layout): a visitor books a private
 * gorilla trek, staff give it its permits and confirm it at its computed total (the
 * confirmation mail carries the pay link), the payer opens the link
 * without signing in, pays the deposit at the demo provider's checkout (no money moves), lands on
 * the result page, and is mailed the receipt; staff then see Deposit Made and the deposit in the
 * ledger, and the dashboard counts it. The demo checkout is served by the production build
 * because the e2e server allows it (ALLOW_DEMO_PAYMENTS).
 */
import { expect, test } from "./fixtures";
import { addDays } from "@/lib/departures/rules";
import { inDays } from "@/tests/helpers/payloads";

import { signInAsAdmin } from "./pages/admin-shell";
import { AdminBookingsPage } from "./pages/admin-bookings-page";
import { AdminPermitsPage } from "./pages/admin-permits-page";
import { BookingPage, traveller } from "./pages/booking-page";
import { Mailbox } from "./pages/mailbox";
import { PayPage } from "./pages/pay-page";
import { asFreshVisitor, uniqueEmail } from "./support/visitor";

test.use({ ownAddress: true });

test("a confirmed booking's deposit is paid through its mailed pay link @layout", async ({
  page,
  mobile,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail(testInfo, "pay-deposit");
  const start = inDays(mobile ? 430 : 450);
  await new BookingPage(page).request(
    traveller("Nakato Payer", email, "+256 772 123 456", "Uganda"),
    {
      tour: "Gorilla Trek & Safari Escape (5 Days)",
      startDate: start,
      groupSize: "2 people",
    },
  );

  // Staff give the trip its gorilla permits (a lot for its trek day, the second) and confirm it
  // at its computed total: the mail carries the pay link.
  const admin = new AdminBookingsPage(page);
  await signInAsAdmin(page);
  await new AdminPermitsPage(page).recordPaidLot({ trekDate: addDays(start, 1), quantity: 2 });
  const reference = await admin.confirmAtComputedTotal(email, "$4,000.00", mobile, {
    allocatePermits: true,
  });
  const mailbox = new Mailbox(page.request);
  const confirmation = await mailbox.latest(
    email,
    `Booking confirmed: Gorilla Trek & Safari Escape (5 Days) (ref ${reference})`,
  );
  const link = /https?:\/\/[^\s]+(\/pay\/[A-Za-z0-9_-]{74})/.exec(confirmation.text)?.[1];
  expect(link, "the confirmation mail's pay link").toBeTruthy();

  // The pay page works without a session: the link is the authority.
  await asFreshVisitor(page);
  await page.goto(link!);
  const pay = new PayPage(page);
  await pay.payDeposit({ deposit: "$1,200.00", total: "$4,000.00" });
  await expect(page.getByText("MTN Mobile Money", { exact: true })).toBeVisible();
  await expect(page.getByText(/^DEMO-[0-9A-F]{8}$/)).toBeVisible();
  const receipt = await mailbox.latest(
    email,
    `Payment received: $1,200.00 for Gorilla Trek & Safari Escape (5 Days) (ref ${reference})`,
  );
  expect(receipt.text).toContain("$1,200.00");
  // The receipt goes with it as the PDF My Bookings offers, named by its receipt number.
  expect(receipt.attachments.map((a) => a.filename)).toEqual([
    expect.stringMatching(/^breathe-uganda-receipt-[A-Za-z0-9-]+\.pdf$/),
  ]);
  const receiptFile = receipt.attachments[0]!.filename;
  expect(receipt.text).toContain(receiptFile.replace(/^breathe-uganda-receipt-|\.pdf$/g, ""));
  expect(Mailbox.attachment(receipt, receiptFile).subarray(0, 5).toString()).toBe("%PDF-");

  // Staff see the deposit in the ledger and the derived status; the dashboard counts it.
  await signInAsAdmin(page);
  await admin.goto(`?q=${encodeURIComponent(email)}`);
  await expect(admin.rows(mobile).first()).toContainText("Deposit Made");
  await admin.rows(mobile).first().getByRole("link", { name: /^Edit/ }).click();
  await expect(admin.paymentStatus).toHaveText(/Deposit Made$/);
  await expect(admin.ledger).toContainText("$1,200.00");
  await expect(admin.ledger).toContainText("MTN Mobile Money");
  await page.goto("/admin");
  await expect(page.getByText("Received this month")).toBeVisible();
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
