import type { Locator } from "@playwright/test";

import { SiteChrome } from "./site-chrome";
import { PageObject } from "./page-object";

/** /legal, /privacy and /terms: one page with five anchored sections. */
export class LegalPage extends PageObject {
  readonly chrome = new SiteChrome(this.page);

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
