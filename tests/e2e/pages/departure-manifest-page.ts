import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/**
 * A departure's manifest (/admin/departures/<id>): its header, the bookings with their travellers
 * (a table from 768 px, cards below), the CSV download and the link to the guide's day sheet
 * (/admin/departures/<id>/day-sheet).
 */
export class DepartureManifestPage extends PageObject {
  readonly departure = this.page.getByRole("region", { name: "Departure" });
  readonly count = this.page.getByRole("status").filter({ hasText: /booking/ });
  readonly table = this.page.getByRole("table", { name: /Manifest/ });
  readonly cards = this.page.getByRole("list", { name: "Manifest", exact: true });
  readonly downloadCsv = this.page.getByRole("link", { name: "Download CSV" });
  readonly daySheetLink = this.page.getByRole("link", { name: "Print day sheet" });

  /** Opens the manifest of departure `id` and waits for its header. */
  async goto(id: string) {
    await this.page.goto(`/admin/departures/${id}`);
    await expect(this.departure).toBeVisible();
  }

  /** The id in the address of the manifest open now. */
  departureId(): string {
    const match = /\/admin\/departures\/([0-9a-f-]{36})/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`not on a manifest: ${this.page.url()}`);
    return match[1];
  }

  /** The bookings (table rows from 768 px, cards below). */
  bookings(mobile: boolean): Locator {
    return mobile
      ? this.cards.getByRole("listitem").filter({ has: this.page.getByRole("list") })
      : this.table.locator("tbody tr");
  }
}

/** The guide's printable day sheet. */
export class DaySheetPage extends PageObject {
  readonly table = this.page.getByRole("table", { name: "Travellers by booking" });
  readonly print = this.page.getByRole("button", { name: "Print" });
  readonly back = this.page.getByRole("link", { name: "Back to the manifest" });
}
