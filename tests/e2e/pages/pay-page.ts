import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/**
 * The pay page (/pay/<token>), the demo provider's checkout (/pay/demo/<trackingId>) and the page
 * the payer comes back to (/pay/result?ref=…).
 */
export class PayPage extends PageObject {
  readonly heading = this.page.getByRole("heading", { level: 1 });
  readonly choices = this.page.getByRole("group", { name: "How much would you like to pay?" });
  readonly payButton = this.page.getByRole("button", { name: "Pay", exact: true });
  readonly methods = this.page.getByRole("list", { name: "Accepted methods" });

  /** A choice of the radio group by the start of its label ('Pay the deposit (30%)'). */
  choice(label: string | RegExp): Locator {
    return this.choices.getByRole("radio", { name: label });
  }

  async expectPayPage() {
    await expect(this.page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{74}(\?.*)?$/);
    await expect(this.heading).toHaveText("Pay for your trip");
    await expect(this.page.getByText("Payments are processed securely by Pesapal")).toBeVisible();
    for (const method of ["MTN Mobile Money", "Airtel Money", "Visa", "Mastercard"])
      await expect(this.methods.getByText(method, { exact: true })).toBeVisible();
  }

  /**
   * On the pay page of a booking nothing of which is paid yet: the deposit is the choice made for
   * the payer and paying everything at once the other; the page fits the screen's width. Pays the
   * deposit with MTN Mobile Money at the demo checkout and lands on 'Payment received'.
   */
  async payDeposit({ deposit, total }: { deposit: string; total: string }) {
    await this.expectPayPage();
    await expect(this.choice(`Pay the deposit (30%): ${deposit}`)).toBeChecked();
    await expect(this.choice(`Pay the rest at once: ${total}`)).toBeVisible();
    // A phone's page is laid out at its width: nothing wider than the screen.
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await this.pay(/^Pay the deposit/);
    await this.payAtDemoCheckout();
    await expect(this.heading).toHaveText("Payment received");
  }

  /** Pays the chosen amount: the browser goes to the (demo) provider's checkout. */
  async pay(label: string | RegExp) {
    await this.choice(label).check();
    await this.payButton.click();
    await expect(this.page).toHaveURL(/\/pay\/demo\/[0-9a-f-]{36}$/);
    await expect(this.page.getByText("Demo checkout: no money moves")).toBeVisible();
  }

  /**
   * The demo checkout's button for a way to pay: the browser ends on the result page of the
   * order's merchant reference, its address included, as a payer coming back from Pesapal does.
   */
  async payAtDemoCheckout(button = "Pay with MTN Mobile Money (demo)") {
    await this.page.getByRole("button", { name: button }).click();
    await expect(this.page).toHaveURL(/\/pay\/result\?ref=BU-[0-9A-F]{8}-[0-9A-F]{10}$/);
    await expect(this.page.getByText("Demo checkout: no money moves")).toBeHidden();
  }
}
