import { expect, type Locator } from "@playwright/test";

import { AdminListPage } from "./admin-list-page";
import { Toasts } from "./toasts";

export type SeriesFields = {
  /** Part of the tour's name in the Tour select. */
  tour: string;
  /** 'yyyy-MM-dd'. */
  firstDate: string;
  /** Weekly on these weekdays ('Mon', 'Thu'), until `until`; absent: one date. */
  weekly?: { days: string[]; until: string };
  capacity: string;
};

/**
 * /admin/departures: the filters (tour, month, status), the rows (a table from 768 px, cards
 * below), and the Add Departures, Edit Departure and Cancel Departure dialogs.
 */
export class AdminDeparturesPage extends AdminListPage {
  protected readonly path = "/admin/departures";
  readonly toasts = new Toasts(this.page);
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Departures" });
  readonly tourFilter = this.page.getByLabel("Tour", { exact: true });
  readonly monthFilter = this.page.getByLabel("Month", { exact: true });
  readonly statusFilter = this.page.getByLabel("Status", { exact: true });
  readonly total = this.page.getByRole("status").filter({ hasText: /departures?$/ });
  readonly pager = this.page.getByRole("navigation", { name: "Departures pages" });
  readonly table = this.page.getByRole("table");
  readonly cards = this.page.getByRole("list", { name: "Departures" });
  readonly addButton = this.page.getByRole("button", { name: "Add Departures" }).first();
  readonly addDialog = this.page.getByRole("dialog", { name: "Add Departures" });
  readonly editDialog = this.page.getByRole("dialog", { name: "Edit Departure" });
  readonly cancelDialog = this.page.getByRole("dialog", { name: "Cancel Departure?" });

  /** A field of an open dialog by its label. */
  field(dialog: Locator, label: string): Locator {
    return dialog.getByLabel(label, { exact: true });
  }

  /** Fills and sends Add Departures (`beforeSubmit`: a check of the filled dialog). */
  async addSeries(fields: SeriesFields, beforeSubmit?: () => Promise<void>) {
    await this.addButton.click();
    await expect(this.addDialog).toBeVisible();
    await this.choose(this.field(this.addDialog, "Tour"), fields.tour, false);
    await this.field(this.addDialog, "First date").fill(fields.firstDate);
    if (fields.weekly) {
      await this.choose(this.field(this.addDialog, "Repeat"), "Weekly on chosen weekdays");
      for (const day of fields.weekly.days) {
        await this.addDialog.getByRole("checkbox", { name: day, exact: true }).check();
      }
      await this.field(this.addDialog, "Until").fill(fields.weekly.until);
    }
    await this.field(this.addDialog, "Capacity").fill(fields.capacity);
    await beforeSubmit?.();
    await this.addDialog.getByRole("button", { name: "Add Departures" }).click();
  }

  /** Picks `option` in a select menu (matched whole, or as part of its name). */
  override async choose(field: Locator, option: string, exact = true) {
    await field.click();
    await this.page.getByRole("option", { name: option, exact }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }

  /** The visible row (table) or card (phone) of the departure whose dates read `range`. */
  entry(range: string): Locator {
    return this.page
      .locator("tr:visible, li:visible")
      .filter({ has: this.page.getByText(range, { exact: true }) })
      .last();
  }

  /** A row's button ('Edit', 'Close', 'Cancel'), named for screen readers with its departure. */
  rowButton(range: string, name: "Edit" | "Close" | "Reopen" | "Cancel"): Locator {
    return this.entry(range).getByRole("button", { name: new RegExp(`^${name} `) });
  }
}
