import { type Locator, type Page } from "@playwright/test";

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
    const raw = await this.page.evaluate(() => window.localStorage.getItem("cookieConsent"));
    return raw === null ? null : JSON.parse(raw);
  }
}
