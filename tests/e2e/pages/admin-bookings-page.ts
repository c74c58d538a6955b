import { expect, type Locator } from "@playwright/test";

import { AdminListPage } from "./admin-list-page";
import { Toasts } from "./toasts";

/**
 * /admin/bookings and its Edit dialog. The admin is the demo admin that the embedded database
 * seeds on its first start (docs/decisions/0006; the e2e server runs the embedded mode, like the
 * customer tests' demo customer).
 */
export class AdminBookingsPage extends AdminListPage {
  protected readonly path = "/admin/bookings";
  readonly toasts = new Toasts(this.page);
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Bookings" });
  readonly search = this.page.getByLabel("Search", { exact: true });
  readonly tourFilter = this.page.getByLabel("Tour package", { exact: true });
  readonly rangeFilter = this.page.getByLabel("Booked", { exact: true });
  readonly balanceFilter = this.page.getByLabel("Balance", { exact: true });
  readonly total = this.page.getByRole("status").filter({ hasText: /total booking/ });
  readonly pager = this.page.getByRole("navigation", { name: "Bookings pages" });
  readonly table = this.page.getByRole("table");
  readonly cards = this.page.getByRole("list", { name: "Bookings, newest first" });
  readonly dialog = this.page.getByRole("dialog", { name: "Edit Booking" });
  readonly history = this.dialog.getByRole("list", { name: "Booking history" });
  /** The Price section: the computed total and 'Confirm with this total'. */
  readonly computedTotal = this.dialog.getByTestId("computed-total");
  readonly totalInput = this.dialog.getByLabel("Total (USD)");
  readonly confirmTotal = this.dialog.getByRole("button", { name: "Confirm with this total" });
  /** The payment status derived from the ledger (read-only) and the ledger's rows. */
  readonly paymentStatus = this.dialog.getByTestId("payment-status");
  readonly ledger = this.dialog.getByRole("table", { name: "Payments ledger" });
  readonly bookingStatus = this.dialog.getByLabel("Booking Status");

  /**
   * 'Record payment': cash or a bank transfer of `amount` US dollars (the amount the form
   * suggests when none is given) with a reference.
   */
  async recordPayment(payment: {
    amount?: string;
    reference: string;
    method?: "Cash" | "Bank transfer";
  }) {
    await this.dialog.getByRole("button", { name: "Record payment" }).click();
    if (payment.method)
      await this.choose(this.dialog.getByLabel("Method", { exact: true }), payment.method);
    if (payment.amount) await this.dialog.getByLabel("Amount (USD)").fill(payment.amount);
    await this.dialog.getByLabel("Reference", { exact: true }).fill(payment.reference);
    await this.dialog.getByRole("button", { name: "Save payment" }).click();
  }

  /**
   * Staff confirm the newest booking of `email` at the total the dialog computes ('$2,400.00'),
   * a private gorilla trip once its permits are allocated (`allocatePermits`): the confirmation
   * mail then carries the pay link. Returns the booking's reference as the mails name it
   * ('5DF585EE').
   */
  async confirmAtComputedTotal(
    email: string,
    total: string,
    mobile: boolean,
    options: { allocatePermits?: boolean } = {},
  ): Promise<string> {
    await this.goto(`?q=${encodeURIComponent(email)}`);
    await this.rows(mobile).first().getByRole("link", { name: /^Edit/ }).click();
    await expect(this.dialog).toBeVisible();
    await expect(this.computedTotal).toContainText(total);
    if (options.allocatePermits) await this.allocatePermits();
    await this.confirmTotal.click();
    await this.toasts.expectToast("Booking Confirmed");
    return (await this.detail("Booking ID").textContent())!.toUpperCase();
  }

  /**
   * A permit tour's booking: its trekkers' permits allocated from the lot the dialog offers first
   * (a private gorilla trip is confirmed only once every trekker holds one).
   */
  async allocatePermits() {
    await this.dialog.getByRole("button", { name: "Allocate permits" }).click();
    await this.toasts.expectToast("Permits Allocated");
    await expect(this.dialog.getByText("Every trekker holds a permit.")).toBeVisible();
  }

  /** The dialog's read-only detail by its label. */
  detail(label: string): Locator {
    return this.dialog
      .locator("div")
      .filter({ has: this.page.locator("dt", { hasText: label }) })
      .locator("dd");
  }
}
