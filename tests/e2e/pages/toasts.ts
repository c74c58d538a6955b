import { expect, type Locator, type Page } from "@playwright/test";

/** Sonner toasts: a title and a description (spec section 8). */
export class Toasts {
  constructor(readonly page: Page) {}

  toast(title: string): Locator {
    return this.page.locator("[data-sonner-toast]").filter({
      has: this.page.locator("[data-title]").getByText(title, { exact: true }),
    });
  }

  async expectToast(title: string, description: string) {
    const toast = this.toast(title).last();
    await expect(toast).toBeVisible();
    await expect(toast.locator("[data-description]")).toHaveText(description);
  }
}
