import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

export type GuideFields = {
  fullName?: string;
  email?: string;
  phone?: string;
  specialty?: string;
  languages?: string;
};

/** /admin/guides: the list (table from 768 px, cards below), the Add/Edit dialog, the switch. */
export class AdminGuidesPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly addButton = this.page.getByRole("button", { name: "Add Guide" });
  readonly dialog = this.page.getByRole("dialog");

  async goto() {
    await this.page.goto("/admin/guides");
    await expect(this.page.getByRole("heading", { level: 1, name: "Guides" })).toBeVisible();
  }

  /** The visible row (table) or card (phone) of a guide. */
  entry(name: string): Locator {
    return this.page
      .locator("tr:visible, li:visible")
      .filter({ hasText: name })
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .last();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fill(fields: GuideFields) {
    if (fields.fullName !== undefined) await this.field("Full Name").fill(fields.fullName);
    if (fields.email !== undefined) await this.field("Email").fill(fields.email);
    if (fields.phone !== undefined) await this.field("Phone").fill(fields.phone);
    if (fields.specialty !== undefined) await this.field("Specialty").fill(fields.specialty);
    if (fields.languages !== undefined) await this.field("Languages").fill(fields.languages);
  }

  availability(name: string): Locator {
    return this.page.getByRole("switch", { name: `Available: ${name}` }).locator("visible=true");
  }

  editButton(name: string): Locator {
    return this.page.getByRole("button", { name: `Edit ${name}` }).locator("visible=true");
  }
}
