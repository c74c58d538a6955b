import type { Locator } from "@playwright/test";

import { SiteChrome } from "./site-chrome";
import { PageObject } from "./page-object";

/** /tour/<slug>: breadcrumb, tabs, the 'Book This Tour' card, structured data, not-found state. */
export class TourPage extends PageObject {
  readonly chrome = new SiteChrome(this.page);
  readonly breadcrumb = this.page.getByRole("navigation", { name: /breadcrumb/i });
  readonly bookCard = this.chrome.main
    .locator("section, aside, div")
    .filter({ has: this.page.getByText("Book This Tour", { exact: true }) })
    .filter({ has: this.page.getByRole("link", { name: /Book Now/ }) })
    .filter({ has: this.page.getByRole("link", { name: /Ask Questions/ }) })
    .last();
  readonly notFoundTitle = this.page.getByText("Tour Not Found", { exact: true });
  readonly notFoundText = this.page.getByText("The tour you're looking for doesn't exist.", {
    exact: true,
  });

  async goto(slug: string) {
    return this.page.goto(`/tour/${slug}`);
  }

  tab(name: "Overview" | "Itinerary" | "Inclusions" | "Pricing"): Locator {
    return this.page.getByRole("tab", { name, exact: true });
  }

  /** The visible tab panel. */
  get panel(): Locator {
    return this.page.getByRole("tabpanel").filter({ visible: true });
  }

  bookNow(): Locator {
    return this.bookCard.getByRole("link", { name: /Book Now/ });
  }

  askQuestions(): Locator {
    return this.bookCard.getByRole("link", { name: /Ask Questions/ });
  }

  /** Every JSON-LD block of the page, parsed (a parse error fails the caller). */
  async jsonLd(): Promise<unknown[]> {
    const texts = await this.page.locator('script[type="application/ld+json"]').allTextContents();
    return texts.map((t) => JSON.parse(t) as unknown);
  }
}
