import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** /customer/profile, the Password & Security card: Change Password, Sign Out of All Devices. */
export class AccountSecurity extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly card = this.page.getByRole("region", { name: "Password & Security" });
  readonly form = this.card.getByRole("form", { name: "Change Password" });
  readonly signOutAllButton = this.card.getByRole("button", { name: "Sign Out of All Devices" });

  async goto() {
    await this.page.goto("/customer/profile");
    await expect(this.card).toBeVisible();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async changePassword(current: string, next: string, confirm = next) {
    await this.field("Current Password").fill(current);
    await this.field("New Password").fill(next);
    await this.field("Confirm New Password").fill(confirm);
    await this.form.getByRole("button", { name: "Change Password" }).click();
  }
}
