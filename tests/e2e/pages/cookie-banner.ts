import { expect, type Locator, type Page } from "@playwright/test";

import { COOKIE_CONSENT_KEY } from "@/lib/cookie-consent";

/** The cookie consent banner and its Customize dialog (spec section 4). */
export class CookieBanner {
  readonly banner: Locator;
  readonly acceptAll: Locator;
  readonly rejectAll: Locator;
  readonly customize: Locator;
  readonly close: Locator;
  readonly policyLink: Locator;
  readonly dialog: Locator;
  readonly functional: Locator;
  readonly personalization: Locator;
  readonly save: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole("region", { name: "Cookie consent" });
    this.acceptAll = this.banner.getByRole("button", { name: "Accept All" });
    this.rejectAll = this.banner.getByRole("button", { name: "Reject All" });
    this.customize = this.banner.getByRole("button", { name: "Customize" });
    this.close = this.banner.getByRole("button", { name: "Close" });
    this.policyLink = this.banner.getByRole("link", { name: "Cookie Policy" });
    this.dialog = page.getByRole("dialog", { name: "Cookie Preferences" });
    this.functional = this.dialog.getByRole("switch", { name: "Functional" });
    this.personalization = this.dialog.getByRole("switch", { name: "Personalization" });
    this.save = this.dialog.getByRole("button", { name: "Save Preferences" });
    this.cancel = this.dialog.getByRole("button", { name: "Cancel" });
  }

  /** The stored choice, parsed (null when nothing is stored). */
  async stored(): Promise<unknown> {
    const raw = await this.page.evaluate(
      (key) => window.localStorage.getItem(key),
      COOKIE_CONSENT_KEY,
    );
    return raw === null ? null : JSON.parse(raw);
  }

  /**
   * From the next document on, the page counts its reads of the stored choice: the banner's loader
   * reads it once hydrated, and a stored choice means no banner (no timer is even set).
   */
  async watchChoiceReads() {
    await this.page.addInitScript((key) => {
      const getItem = Storage.prototype.getItem;
      const counter = window as unknown as { cookieChoiceReads: number };
      counter.cookieChoiceReads = 0;
      Storage.prototype.getItem = function (this: Storage, name: string) {
        if (name === key) counter.cookieChoiceReads++;
        return getItem.call(this, name);
      };
    }, COOKIE_CONSENT_KEY);
  }

  /**
   * A visitor who chose before: once the page has read the stored choice (the event that decides),
   * the banner is absent. Needs watchChoiceReads() before the navigation.
   */
  async expectNotShownAfterChoiceRead() {
    await this.page.waitForFunction(
      () => (window as unknown as { cookieChoiceReads?: number }).cookieChoiceReads! > 0,
    );
    await expect(this.banner).toBeHidden();
  }
}
