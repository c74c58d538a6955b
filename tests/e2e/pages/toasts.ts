import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";

/** Sonner toasts: a title and, mostly, a description. */
export class Toasts extends PageObject {
  /**
   * The toasts with this title (and this description, when given), found in one step: a toast
   * lives 4 seconds, and looking up the title and then the description could straddle its end on
   * a slow machine.
   */
  toast(title: string, description?: string): Locator {
    let toast = this.page
      .locator("[data-sonner-toast]")
      .filter({ has: this.page.locator("[data-title]").getByText(title, { exact: true }) });
    if (description !== undefined)
      toast = toast.filter({
        has: this.page.locator("[data-description]").getByText(description, { exact: true }),
      });
    return toast;
  }

  async expectToast(title: string, description?: string) {
    await expect(this.toast(title, description).first()).toBeVisible();
  }
}
