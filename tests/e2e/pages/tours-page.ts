import { expect, type Locator } from "@playwright/test";

import { SiteChrome } from "./site-chrome";
import { PageObject } from "./page-object";

/** /tours: search, category chips, count line, cards, empty state. */
export class ToursPage extends PageObject {
  readonly chrome = new SiteChrome(this.page);
  readonly search = this.page.getByLabel("Search tours");
  readonly countLine = this.page.getByText(/^Showing \d+ tours?\b/);
  readonly cards = this.chrome.tourCards;
  readonly emptyTitle = this.page.getByText("No tours found", { exact: true });
  readonly emptyHint = this.page.getByText(
    "Try adjusting your search criteria or browse all tours.",
    {
      exact: true,
    },
  );
  readonly clearFilters = this.page
    .getByRole("button", { name: "Clear Filters" })
    .or(this.page.getByRole("link", { name: "Clear Filters" }));

  async goto(query = "") {
    return this.page.goto(`/tours${query}`);
  }

  /** A category filter chip (All, Wildlife, Adventure, Cultural, Nature). */
  chip(name: string): Locator {
    const main = this.chrome.main;
    return main
      .getByRole("button", { name, exact: true })
      .or(main.getByRole("link", { name, exact: true }))
      .or(main.getByRole("radio", { name, exact: true }))
      .or(main.getByRole("tab", { name, exact: true }))
      .first();
  }

  /** The departure month chips ('Departures in': Any month, March, April ...). */
  readonly months = this.page.getByRole("navigation", { name: "Departures in" });

  /** A month chip by its name ('March', or 'January 2028' in another year). */
  monthChip(name: string): Locator {
    return this.months.getByRole("link", { name, exact: true });
  }

  async searchFor(text: string) {
    await this.search.fill(text);
    await this.search.press("Enter");
  }

  cardHrefs(): Promise<string[]> {
    return this.chrome.tourCardHrefs();
  }

  /** Number of highlights listed on each card. */
  async highlightCounts(): Promise<number[]> {
    const counts: number[] = [];
    for (const card of await this.cards.all()) {
      counts.push(
        await card
          .getByRole("list", { name: /^Highlights/ })
          .getByRole("listitem")
          .count(),
      );
    }
    return counts;
  }

  async expectCount(text: string | RegExp) {
    await expect(this.countLine).toHaveText(text);
  }
}
