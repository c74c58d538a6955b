import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/** /admin/activity: the audit trail, its filters and its rows (a table from 768 px, cards below). */
export class AdminActivityPage extends PageObject {
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Activity" });
  readonly actor = this.page.getByLabel("Actor email", { exact: true });
  readonly action = this.page.getByLabel("Action", { exact: true });
  readonly from = this.page.getByLabel("From", { exact: true });
  readonly to = this.page.getByLabel("To", { exact: true });
  readonly count = this.page.getByRole("status").filter({ hasText: /\bevents?\b/ });
  readonly table = this.page.getByRole("table", { name: "Activity, newest first", exact: true });
  readonly cards = this.page.getByRole("list", { name: "Activity", exact: true });

  async goto(query = "") {
    await this.page.goto(`/admin/activity${query}`);
    await expect(this.heading).toBeVisible();
  }

  rows(mobile: boolean): Locator {
    return mobile ? this.cards.getByRole("listitem") : this.table.locator("tbody tr");
  }

  async choose(field: Locator, option: string) {
    await field.click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }
}
