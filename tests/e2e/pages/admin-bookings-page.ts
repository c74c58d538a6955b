import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/**
 * /admin/bookings and its Edit dialog. The admin is the demo admin that the embedded database
 * seeds on its first start (docs/decisions/0006; the e2e server runs the embedded mode, like the
 * customer tests' demo customer).
 */
export class AdminBookingsPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Bookings" });
  readonly search = this.page.getByLabel("Search", { exact: true });
  readonly tourFilter = this.page.getByLabel("Tour package", { exact: true });
  readonly rangeFilter = this.page.getByLabel("Booked", { exact: true });
  readonly total = this.page.getByRole("status").filter({ hasText: /total booking/ });
  readonly pager = this.page.getByRole("navigation", { name: "Bookings pages" });
  readonly table = this.page.getByRole("table");
  readonly cards = this.page.getByRole("list", { name: "Bookings, newest first" });
  readonly dialog = this.page.getByRole("dialog", { name: "Edit Booking" });
  readonly history = this.dialog.getByRole("list", { name: "Booking history" });

  async goto(query = "") {
    await this.page.goto(`/admin/bookings${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The rows (a table from 768 px, cards below). */
  rows(mobile: boolean): Locator {
    return mobile ? this.cards.getByRole("listitem") : this.table.locator("tbody tr");
  }

  async choose(field: Locator, option: string) {
    await field.click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }

  /** The dialog's read-only detail by its label. */
  detail(label: string): Locator {
    return this.dialog
      .locator("div")
      .filter({ has: this.page.locator("dt", { hasText: label }) })
      .locator("dd");
  }
}
