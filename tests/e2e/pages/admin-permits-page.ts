import { expect } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/**
 * /admin/permits: what needs acting on ('Needs attention'), the trek days ahead with their lots
 * (held, used, left), and the tours whose trekkers need a permit.
 */
export class AdminPermitsPage extends PageObject {
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Permits" });
  readonly alerts = this.page.getByRole("region", { name: "Needs attention" });
  /** The trek days, soonest first: each a park and day with its lots. */
  readonly trekDays = this.page
    .getByRole("region", { name: "Trek days" })
    .getByRole("listitem")
    .filter({ has: this.page.getByRole("heading", { level: 3 }) });

  readonly toasts = new Toasts(this.page);
  readonly addDialog = this.page.getByRole("dialog", { name: "Add Permit Lot" });

  async goto() {
    await this.page.goto("/admin/permits");
    await expect(this.heading).toBeVisible();
  }

  /** Staff record `quantity` permits paid to UWA for the park's trek day ('yyyy-MM-dd'). */
  async recordPaidLot(lot: { trekDate: string; quantity: number; park?: string }) {
    await this.goto();
    await this.page.getByRole("button", { name: "Add Permit Lot" }).first().click();
    await expect(this.addDialog).toBeVisible();
    await this.addDialog
      .getByLabel("Park", { exact: true })
      .fill(lot.park ?? "Bwindi Impenetrable");
    await this.addDialog.getByLabel("Trek day", { exact: true }).fill(lot.trekDate);
    await this.addDialog.getByLabel("Permits", { exact: true }).fill(String(lot.quantity));
    await this.addDialog.getByLabel("State", { exact: true }).click();
    await this.page.getByRole("option", { name: "Paid", exact: true }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
    await this.addDialog.getByRole("button", { name: "Add Permit Lot" }).click();
    await this.toasts.expectToast("Permit Lot Added");
  }
}

/** The alerts as staff read them, one pattern for each kind. */
export const PERMIT_ALERTS = {
  blockLapsing:
    /\d+ blocked permits for Bwindi Impenetrable, .+ lapse on .+ unless the deposit is paid\./,
  balanceDue: /UWA's balance for \d+ permits for Bwindi Impenetrable, .+ is due (by|since) .+\./,
  unsold: /\d+ permits? for Bwindi Impenetrable, .+ still unsold\./,
} as const;
