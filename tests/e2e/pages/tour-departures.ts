import type { Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/** The tour page's 'Upcoming departures': one row a date, with its seats, price and Book. */
export class TourDepartures extends PageObject {
  readonly section = this.page.getByRole("region", { name: "Upcoming departures" });
  readonly rows = this.section.getByRole("listitem");
  readonly none = this.section.getByText("No scheduled departures right now.", { exact: true });
  readonly privateNote = this.section.getByText(
    "Choose your own dates: we run this trip privately on request.",
    { exact: true },
  );

  /** The row of the departure whose dates read `range` ('Sat 12 - Fri 18 Jun 2027'). */
  row(range: string): Locator {
    return this.rows.filter({ has: this.page.getByText(range, { exact: true }) });
  }

  /** A row's Book link (named with its dates for screen readers). */
  book(range: string): Locator {
    return this.row(range).getByRole("link", { name: /^Book/ });
  }

  /** A full row's waitlist button (the dialog's trigger, or a link). */
  waitlist(range: string): Locator {
    return this.row(range)
      .locator("a, button")
      .filter({ hasText: /waitlist/i });
  }
}
