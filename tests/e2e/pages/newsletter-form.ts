import { type Locator, type Page } from "@playwright/test";

import { Toasts } from "./toasts";

/** The footer newsletter form. */
export class NewsletterForm {
  readonly toasts: Toasts;
  readonly email: Locator;
  readonly subscribe: Locator;

  constructor(readonly page: Page) {
    this.toasts = new Toasts(page);
    const footer = page.getByRole("contentinfo");
    this.email = footer.getByLabel("Email address for our newsletter");
    this.subscribe = footer.getByRole("button", { name: /^(Subscribe|Subscribing\.\.\.)$/ });
  }

  async subscribeWith(email: string) {
    await this.email.fill(email);
    await this.subscribe.click();
  }
}
