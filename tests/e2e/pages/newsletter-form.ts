import { expect } from "@playwright/test";

import { Toasts } from "./toasts";
import { PageObject } from "./page-object";

/** The footer newsletter form. */
export class NewsletterForm extends PageObject {
  readonly toasts = new Toasts(this.page);
  private readonly footer = this.page.getByRole("contentinfo");
  private readonly label = "Email address for our newsletter";
  readonly email = this.footer.getByLabel(this.label);
  readonly form = this.footer.locator("form").filter({ has: this.page.getByLabel(this.label) });
  readonly subscribe = this.footer.getByRole("button", { name: /^(Subscribe|Subscribing\.\.\.)$/ });

  async subscribeWith(email: string) {
    await this.email.fill(email);
    await this.subscribe.click();
  }

  /**
   * Records the form's submit events once React renders it (React marks the elements it owns):
   * `handled` is true when the app's handler took the submission over. The form's code loads on
   * first use (components/forms/interaction-island.tsx), so the pointer goes over it first (not
   * into the field: leaving it would validate it), and the records are of the live form. Returns
   * a reader of the records, for `expect.poll`.
   */
  async watchSubmits(): Promise<() => Promise<{ handled: boolean }[]>> {
    await this.subscribe.hover();
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
