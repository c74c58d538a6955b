import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/**
 * The base of the admin screens that list records: a heading, a table from 768 px and cards
 * below, and filters that are select menus. A subclass names its path and its locators; the
 * way to open the screen, read its rows and pick a filter option is the same on each screen,
 * so it lives here once.
 */
export abstract class AdminListPage extends PageObject {
  /** The screen's address without a query ('/admin/bookings'). */
  protected abstract readonly path: string;
  abstract readonly heading: Locator;
  abstract readonly table: Locator;
  abstract readonly cards: Locator;

  /** Opens the screen (with an optional '?…' query) and waits for its heading. */
  async goto(query = "") {
    await this.page.goto(`${this.path}${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The rows (a table from 768 px, cards below). */
  rows(mobile: boolean): Locator {
    return mobile ? this.cards.getByRole("listitem") : this.table.locator("tbody tr");
  }

  /**
   * The table's column headers, written as the header row reads ('Date | Booking | Kind'); a
   * phone shows cards, which have none.
   */
  async expectColumns(mobile: boolean, headerRow: string) {
    if (mobile) return;
    await expect(this.table.getByRole("columnheader")).toHaveText(headerRow.split(" | "));
  }

  /** Picks `option` in a select menu and waits for the menu to close. */
  async choose(field: Locator, option: string) {
    await field.click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
    await expect(this.page.getByRole("listbox")).toBeHidden();
  }
}
