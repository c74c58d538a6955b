import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/**
 * A permit tour's price by residency on its page's booking card: the from-price shown and the
 * radio group of residency categories that switches it.
 */
export class ResidencyPriceSwitch extends PageObject {
  readonly card = this.page.getByRole("region", { name: "Book This Tour" });
  readonly group = this.card.getByRole("group", { name: "Price for a traveller who is" });
  /** The from-prices the card shows now (one: the checked category's). */
  readonly shownPrice = this.card.getByText(/^(From US\$[\d,.]+|Price on request)$/).filter({
    visible: true,
  });

  category(name: string): Locator {
    return this.group.getByRole("radio", { name, exact: true });
  }

  /** Chooses a category by its label (the radio itself is visually hidden), as a visitor taps it. */
  async choose(name: string) {
    await this.group.locator("label").filter({ hasText: name }).click();
    await expect(this.category(name)).toBeChecked();
  }

  /** The card shows this category's from-price, and no other. */
  async expectPrice(price: string) {
    await expect(this.shownPrice).toHaveCount(1);
    await expect(this.shownPrice).toHaveText(`From ${price}`);
  }
}
