import type { Locator, Page } from "@playwright/test";

import { SiteChrome } from "./site-chrome";

/** /legal, /privacy and /terms: one page with five anchored sections. */
export class LegalPage {
  readonly chrome: SiteChrome;

  constructor(readonly page: Page) {
    this.chrome = new SiteChrome(page);
  }

  async goto(path: "/legal" | "/privacy" | "/terms" | `/legal#${string}`) {
    return this.page.goto(path);
  }

  heading(name: string): Locator {
    return this.chrome.main.getByRole("heading", { name, exact: true });
  }

  scrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }
}
