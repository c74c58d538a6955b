import { test as base } from "@playwright/test";

import { LegalPage } from "./pages/legal-page";
import { SiteChrome } from "./pages/site-chrome";
import { Toasts } from "./pages/toasts";
import { TourPage } from "./pages/tour-page";
import { ToursPage } from "./pages/tours-page";
import { ownAddress } from "./support/visitor";

type Pages = {
  chrome: SiteChrome;
  toursPage: ToursPage;
  tourPage: TourPage;
  legalPage: LegalPage;
  toasts: Toasts;
  /** True in the 390 px project. */
  mobile: boolean;
};

type Options = {
  /**
   * Each test's page posts from a client address of its own (support/visitor.ts): the actions
   * rate-limit per address, so tests that post never count against each other.
   */
  ownAddress: boolean;
};

// Fixture callbacks name their second argument `provide` (Playwright calls it `use`): the React
// hooks lint rule would otherwise take it for React's `use`.
export const test = base.extend<Pages & Options>({
  ownAddress: [false, { option: true }],
  page: async ({ page, ownAddress: ownAddressWanted }, provide) => {
    // The cookie banner would show a second after load on every page, possibly over an
    // open listbox (which makes the rest of the page inert): these tests browse as a returning
    // visitor who already chose. The banner itself is tested in public-forms.spec.ts, with
    // Playwright's plain `test` and an empty localStorage.
    await page.addInitScript(() => {
      window.localStorage.setItem(
        "cookieConsent",
        JSON.stringify({ functional: true, personalization: false }),
      );
    });
    if (ownAddressWanted) await ownAddress(page);
    await provide(page);
  },
  chrome: async ({ page }, provide) => provide(new SiteChrome(page)),
  toursPage: async ({ page }, provide) => provide(new ToursPage(page)),
  tourPage: async ({ page }, provide) => provide(new TourPage(page)),
  legalPage: async ({ page }, provide) => provide(new LegalPage(page)),
  toasts: async ({ page }, provide) => provide(new Toasts(page)),
  mobile: async ({ isMobile }, provide) => provide(isMobile),
});

export { expect } from "@playwright/test";
