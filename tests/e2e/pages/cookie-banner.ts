import { expect } from "@playwright/test";

import { COOKIE_CONSENT_KEY } from "@/lib/cookie-consent";
import { PageObject } from "./page-object";

/** The cookie consent banner and its Customize dialog. */
export class CookieBanner extends PageObject {
  readonly banner = this.page.getByRole("region", { name: "Cookie consent" });
  readonly acceptAll = this.banner.getByRole("button", { name: "Accept All" });
  readonly rejectAll = this.banner.getByRole("button", { name: "Reject All" });
  readonly customize = this.banner.getByRole("button", { name: "Customize" });
  readonly close = this.banner.getByRole("button", { name: "Close" });
  readonly policyLink = this.banner.getByRole("link", { name: "Cookie Policy" });
  readonly dialog = this.page.getByRole("dialog", { name: "Cookie Preferences" });
  readonly functional = this.dialog.getByRole("switch", { name: "Functional" });
  readonly personalization = this.dialog.getByRole("switch", { name: "Personalization" });
  readonly save = this.dialog.getByRole("button", { name: "Save Preferences" });
  readonly cancel = this.dialog.getByRole("button", { name: "Cancel" });

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

  /**
   * A choice was just made: the banner is gone, the choice is stored as `choice`, and after a
   * reload the page reads it and shows no banner.
   */
  async expectChoiceKept(choice: { functional: boolean; personalization: boolean }) {
    await expect(this.banner).toBeHidden();
    expect(await this.stored()).toEqual(choice);
    await this.watchChoiceReads();
    await this.page.reload();
    await this.expectNotShownAfterChoiceRead();
  }
}
