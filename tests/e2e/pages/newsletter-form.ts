import { expect, type Locator, type Page } from "@playwright/test";

import { Toasts } from "./toasts";

/** The footer newsletter form. */
export class NewsletterForm {
  readonly toasts: Toasts;
  readonly form: Locator;
  readonly email: Locator;
  readonly subscribe: Locator;

  constructor(readonly page: Page) {
    this.toasts = new Toasts(page);
    const footer = page.getByRole("contentinfo");
    const label = "Email address for our newsletter";
    this.email = footer.getByLabel(label);
    this.form = footer.locator("form").filter({ has: page.getByLabel(label) });
    this.subscribe = footer.getByRole("button", { name: /^(Subscribe|Subscribing\.\.\.)$/ });
  }

  async subscribeWith(email: string) {
    await this.email.fill(email);
    await this.subscribe.click();
  }

  /**
   * Records the form's submit events once React has hydrated it (React marks the elements it
   * owns; a click before that is the browser's own submission): `handled` is true when the app's
   * handler took the submission over. Returns a reader of the records, for `expect.poll`.
   */
  async watchSubmits(): Promise<() => Promise<{ handled: boolean }[]>> {
    await expect
      .poll(() =>
        this.form.evaluate((form) => Object.keys(form).some((k) => k.startsWith("__reactProps$"))),
      )
      .toBe(true);
    await this.form.evaluate((form) => {
      const records: { handled: boolean }[] = [];
      (window as unknown as { newsletterSubmits: typeof records }).newsletterSubmits = records;
      // On window, so it runs after React's listener (on the document) has handled the event.
      window.addEventListener("submit", (event) => {
        if (event.target === form) records.push({ handled: event.defaultPrevented });
      });
    });
    return () =>
      this.page.evaluate(
        () =>
          (window as unknown as { newsletterSubmits?: { handled: boolean }[] }).newsletterSubmits ??
          [],
      );
  }
}
