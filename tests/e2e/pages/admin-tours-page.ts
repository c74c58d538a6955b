import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** /admin/tours: the list (table from 1024 px, cards below), the Add/Edit dialog, Manage Media. */
export class AdminToursPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly addButton = this.page.getByRole("button", { name: "Add New Tour" });
  readonly dialog = this.page.getByRole("dialog");
  readonly search = this.page.getByRole("searchbox", { name: "Search tours" });

  async goto(q = "") {
    await this.page.goto(q ? `/admin/tours?q=${encodeURIComponent(q)}` : "/admin/tours");
    await expect(
      this.page.getByRole("heading", { level: 1, name: "Tours Management" }),
    ).toBeVisible();
  }

  async searchFor(q: string) {
    await this.search.fill(q);
    await this.search.press("Enter");
    await expect(this.page).toHaveURL(new RegExp(`q=${encodeURIComponent(q)}`));
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** A visible control of a row (the table's or the phone card's). */
  rowControl(role: "button" | "link" | "switch", name: string): Locator {
    return this.page.getByRole(role, { name, exact: true }).locator("visible=true");
  }

  async save(label: "Create Tour" | "Save Changes") {
    await this.dialog.getByRole("button", { name: label }).click();
  }
}
